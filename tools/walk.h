/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Walking files and directories for `check`.  Symlinks are followed, but
 * every directory and every file is visited once per walk, identified by
 * device and inode: a symlink loop (or a second path to the same place)
 * ends the descent instead of repeating it.  Entries are visited in name
 * order so output is reproducible.
 */
#ifndef SEALCTL_WALK_H
#define SEALCTL_WALK_H

enum walk_event {
	WALK_FILE,      /* a regular file, first visit */
	WALK_DUPLICATE, /* a file or directory already visited (loop, link) */
	WALK_SPECIAL,   /* device, FIFO, socket, dangling symlink */
	WALK_ERROR,     /* cannot stat or read; msg says why */
};

typedef void (*walk_fn)(enum walk_event ev, const char *path, const char *msg,
			void *arg);

struct walk {
	walk_fn fn;
	void *arg;
	struct inoset *seen;
};

int walk_init(struct walk *w, walk_fn fn, void *arg);
void walk_path(struct walk *w, const char *path);
void walk_fini(struct walk *w);

#endif
