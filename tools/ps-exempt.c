/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The admin's exempt file as the loader module in the process read it
 * (loader/exempt-rules.c parses it for both): the file its environment
 * names (SEALING_EXEMPT_FILE, not in a secure-execution process) or
 * /etc/sealing/exempt, inside the process's root, and the rules for the
 * program /proc/PID/exe names.  The file may have changed since the
 * process started; ps reads it as it is now.
 */
#define _GNU_SOURCE 1
#include "ps.h"

#include "exempt-rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void keep(void *ctx, const char *glob)
{
	struct ps_process *ps = ctx;
	char **grown = realloc(ps->exempt_globs, (ps->nexempt_globs + 1) * sizeof(*grown));
	char *copy = strdup(glob);

	if (grown)
		ps->exempt_globs = grown;
	if (grown && copy)
		ps->exempt_globs[ps->nexempt_globs++] = copy;
	else
		free(copy);
}

void ps_read_exempt_file(struct ps_process *ps)
{
	const char *path = ps->secure ? NULL : proc_getenv(&ps->proc, "SEALING_EXEMPT_FILE");
	char rel[4096], exe[4096];
	ssize_t len;
	FILE *f;
	int fd;

	if (!ps->loader)
		return;
	if (!path || !*path)
		path = SEALING_EXEMPT_FILE_DEFAULT;
	snprintf(rel, sizeof(rel), "%s/%s", path[0] == '/' ? "root" : "cwd", path);
	if ((fd = proc_openat(&ps->proc, rel)) < 0)
		return;
	if (!(f = fdopen(fd, "r"))) {
		close(fd);
		return;
	}
	len = readlinkat(ps->proc.dir, "exe", exe, sizeof(exe) - 1);
	exe[len > 0 ? len : 0] = 0;
	exempt_rules_read(f, path, exe, keep, ps, -1);
	fclose(f);
}

int ps_admin_exempt(const struct ps_process *ps, const struct ps_object *o)
{
	const char *name = o->link_name ? o->link_name : o->path;
	for (size_t i = 0; i < ps->nexempt_globs && name && *name; i++)
		if (exempt_glob_names(ps->exempt_globs[i], name))
			return 1;
	return 0;
}

void ps_free_exempt(struct ps_process *ps)
{
	for (size_t i = 0; i < ps->nexempt_globs; i++)
		free(ps->exempt_globs[i]);
	free(ps->exempt_globs);
	ps->exempt_globs = NULL;
	ps->nexempt_globs = 0;
}
