/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Crash-safe in-place patching: the patched bytes are written to a copy
 * in the same directory, which is synced and renamed over the original.
 * At every instant the path names either the old file or the complete
 * new one.  A crash leaves no temporary, except one between naming the
 * copy and the rename (or anywhere on a filesystem without O_TMPFILE),
 * which the next rewrite of the same file removes: see rewrite-tmp.h.
 * tests/sealctl/rewrite-kill.test kills it at every step to show this.
 */
#ifndef SEALCTL_REWRITE_H
#define SEALCTL_REWRITE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#define SEALCTL_PATCH_MAX 32

struct sealctl_patch {
	uint64_t offset;
	size_t len; /* at most sizeof(old) */
	uint8_t old[256], new[256];
};

/*
 * Applies the patches to `path` (a symlink is followed: its target is
 * rewritten).  Each patch's `old` bytes must still be in the file, or
 * nothing is changed.  Mode, owner, group, extended attributes (file
 * capabilities, ACLs) and access/modification times are carried over;
 * if any of them cannot be, the original is left untouched.
 * `before` (may be NULL) is stat(path) taken before the caller first read
 * the file: reading it may have moved its access time, which is restored
 * from there.  Returns 0, or -1 with a one-line reason in err.
 */
int sealctl_rewrite(const char *path, const struct sealctl_patch *p, size_t n,
		    const struct stat *before, char *err);

#endif
