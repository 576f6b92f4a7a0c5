/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The other way to apply a plan (rewrite.h): the patched bytes go into
 * the file itself, one pwrite per patch, then one fsync.  It exists for
 * files with several hard links (common in /usr/bin), which a copy and a
 * rename would split: here every name keeps the one inode and sees the
 * change.  What it gives up, in exchange, is written in tools/README.md
 * ("set-policy --in-place"): it is not atomic against readers of the
 * inode, there is no old copy to fall back to, and a crash before the
 * fsync returns may leave some notes patched and others not.
 */
#ifndef SEALCTL_PATCH_IN_PLACE_H
#define SEALCTL_PATCH_IN_PLACE_H

#include "rewrite.h"

/*
 * Same contract as sealctl_rewrite: every patch's old bytes must still be
 * in the file or nothing is written; a symlink is followed.  The kernel
 * drops file capabilities (and, without CAP_FSETID, set-user-ID and
 * set-group-ID) from a file that is written to: they are put back, and a
 * file whose capabilities could not be put back is refused before
 * anything is written.  Access and modification times are restored.
 * Returns 0, or -1 with a one-line reason in err.
 */
int sealctl_patch_in_place(const char *path, const struct sealctl_patch *p, size_t n,
			   const struct stat *before, char *err);

#endif
