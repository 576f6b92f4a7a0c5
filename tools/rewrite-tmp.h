/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The temporary copy a rewrite builds next to its target, and the one
 * step that puts it in the target's place.
 *
 * The copy is an unnamed O_TMPFILE inode, so a run killed while building
 * it leaves nothing behind: the kernel frees the inode.  It gets a name,
 * ".NAME.sealctl-XXXXXX", only once it is complete and synced, one call
 * before the rename over the target; a kill between those two calls is
 * the only one that leaves a named temporary.  Where the filesystem has
 * no O_TMPFILE (or /proc is not mounted, which naming the inode needs),
 * the copy is named from the start, and a kill anywhere before the rename
 * leaves it.
 *
 * Every rewrite holds an exclusive flock(2) on the target's directory
 * while it works there.  Holding it, a run knows that no other sealctl is
 * half-way through a rewrite in that directory, so any
 * ".NAME.sealctl-XXXXXX" of its target was left by a killed run: it
 * removes those first, saying so on stderr.  Only regular files owned by
 * whoever runs sealctl or by the target's owner (a killed run's copy is
 * one or the other) are removed: in a shared directory such as /tmp, a
 * file another user named so is not ours to delete.  A stale temporary therefore
 * lasts only until the next rewrite of the same file.
 */
#ifndef SEALCTL_REWRITE_TMP_H
#define SEALCTL_REWRITE_TMP_H

#include <limits.h>
#include <sys/types.h>

struct rewrite_tmp {
	int dfd;   /* the target's directory, locked when the filesystem allows */
	int fd;    /* the copy, open for reading and writing */
	int named; /* the copy has a name in dfd that must go if we fail */
	char name[NAME_MAX + 1];
	char dir[PATH_MAX];
	const char *base; /* the target's name in dir */
	uid_t owner;      /* the target's */
};

/* Opens and locks dir, removes the stale temporaries of base (a file
 * owned by owner), creates the copy.  0, or -1 with a one-line reason in
 * err (nothing left behind). */
int rewrite_tmp_create(struct rewrite_tmp *t, const char *dir, const char *base, uid_t owner,
		       char *err);

/* Names the synced copy if it has no name yet, renames it over base and
 * syncs the directory.  0, or -1 with a reason (the target untouched). */
int rewrite_tmp_replace(struct rewrite_tmp *t, char *err);

/* Removes the copy unless it replaced the target, closes, unlocks. */
void rewrite_tmp_close(struct rewrite_tmp *t);

#endif
