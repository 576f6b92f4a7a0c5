/* SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE
#include "walk.h"

#include "inoset.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Deeper than any real tree; beyond it something is wrong. */
#define WALK_DEPTH_MAX 256

int walk_init(struct walk *w, walk_fn fn, void *arg)
{
	w->fn = fn;
	w->arg = arg;
	w->seen = inoset_new();
	return w->seen ? 0 : -1;
}

void walk_fini(struct walk *w)
{
	inoset_free(w->seen);
	w->seen = NULL;
}

static void visit(struct walk *w, const char *path, int depth);

static void walk_dir(struct walk *w, const char *path, int depth)
{
	struct dirent **ents;
	int n = scandir(path, &ents, NULL, alphasort);

	if (n < 0) {
		w->fn(WALK_ERROR, path, strerror(errno), w->arg);
		return;
	}
	for (int i = 0; i < n; i++) {
		const char *name = ents[i]->d_name;
		char child[PATH_MAX];
		if (strcmp(name, ".") && strcmp(name, "..")) {
			size_t len = strlen(path);
			int slash = len && path[len - 1] == '/';
			if ((size_t)snprintf(child, sizeof(child), "%s%s%s", path,
					     slash ? "" : "/", name) >= sizeof(child))
				w->fn(WALK_ERROR, path, "path too long", w->arg);
			else
				visit(w, child, depth + 1);
		}
		free(ents[i]);
	}
	free(ents);
}

static void visit(struct walk *w, const char *path, int depth)
{
	struct stat st;

	if (stat(path, &st)) {
		struct stat lst;
		/* A dangling symlink is not an error in a tree being audited. */
		if (errno == ENOENT && !lstat(path, &lst) && S_ISLNK(lst.st_mode))
			w->fn(WALK_SPECIAL, path, "dangling symlink", w->arg);
		else if (errno == ELOOP)
			w->fn(WALK_DUPLICATE, path, "symlink loop", w->arg);
		else
			w->fn(WALK_ERROR, path, strerror(errno), w->arg);
		return;
	}
	if (!S_ISDIR(st.st_mode) && !S_ISREG(st.st_mode)) {
		w->fn(WALK_SPECIAL, path, "not a regular file", w->arg);
		return;
	}
	int fresh = inoset_add(w->seen, st.st_dev, st.st_ino);
	if (fresh < 0) {
		w->fn(WALK_ERROR, path, "out of memory", w->arg);
		return;
	}
	if (!fresh) {
		w->fn(WALK_DUPLICATE, path, S_ISDIR(st.st_mode) ? "directory already visited"
							       : "file already visited",
		      w->arg);
		return;
	}
	if (S_ISREG(st.st_mode)) {
		w->fn(WALK_FILE, path, NULL, w->arg);
		return;
	}
	if (depth >= WALK_DEPTH_MAX) {
		w->fn(WALK_ERROR, path, "directory tree too deep", w->arg);
		return;
	}
	walk_dir(w, path, depth);
}

void walk_path(struct walk *w, const char *path)
{
	visit(w, path, 0);
}
