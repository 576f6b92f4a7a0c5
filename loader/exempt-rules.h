/* SPDX-License-Identifier: MIT */
/*
 * The exempt file's format, for the loader module (exempt-file.c) and for
 * sealctl ps, which predicts what the module did: one rule a line,
 * "PROGRAM-GLOB OBJECT-GLOB", '#' starts a comment.
 */
#ifndef SEALING_EXEMPT_RULES_H
#define SEALING_EXEMPT_RULES_H

#include <stdio.h>

#ifndef SEALING_EXEMPT_FILE_DEFAULT
#define SEALING_EXEMPT_FILE_DEFAULT "/etc/sealing/exempt"
#endif

/* Does GLOB name PATH?  With a '/' the whole path, without its file name. */
int exempt_glob_names(const char *glob, const char *path);

/*
 * Reads F, opened from NAME, and calls on_rule(ctx, OBJECT-GLOB) for every
 * rule whose program glob names EXE.  A malformed line is skipped, with
 * one line on complain_fd unless it is negative; so is the rest of a
 * file that cannot be read.
 */
void exempt_rules_read(FILE *f, const char *name, const char *exe,
		       void (*on_rule)(void *ctx, const char *glob), void *ctx, int complain_fd);

#endif
