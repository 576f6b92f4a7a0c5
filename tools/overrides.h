/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check's overrides file, lintian's idea: each line names files (a
 * glob) and the tag of a failure to waive for them, so that a
 * distribution records its known exceptions next to the gate instead of
 * loosening the gate.  A line that waives nothing is reported, so stale
 * exceptions do not pile up.
 *
 *     # comment
 *     GLOB TAG
 *
 * GLOB is matched with fnmatch(3) against the name check prints (its
 * '*' matches '/' too); TAG is one of check's failure tags.
 */
#ifndef SEALCTL_OVERRIDES_H
#define SEALCTL_OVERRIDES_H

#include <stddef.h>

struct override {
	char *glob, *tag;
	unsigned line;
	unsigned long used;
};

struct overrides {
	const char *path;
	struct override *v;
	size_t n;
};

/* Reads path; every tag must be in tags (NULL-terminated).  0, or -1
 * after a one-line usage error naming the file and line. */
int overrides_load(struct overrides *o, const char *path, const char *const *tags);

/* The first line waiving tag for name (and counts it used), or NULL. */
const struct override *overrides_match(struct overrides *o, const char *name, const char *tag);

void overrides_free(struct overrides *o);

#endif
