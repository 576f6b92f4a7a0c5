/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Open a path and build the model (object.h) of every ELF object in it:
 * the file itself, or each ELF member of a static archive.  This is the
 * only place BFD is driven and the only place files are parsed;
 * everything downstream works on struct sealctl_object.
 */
#ifndef SEALCTL_SCAN_H
#define SEALCTL_SCAN_H

#include "object.h"

enum sealctl_scan_result {
	SEALCTL_SCAN_OK,
	SEALCTL_SCAN_NOT_ELF, /* readable, but neither ELF nor an archive */
	SEALCTL_SCAN_ERROR,   /* missing, unreadable, truncated, corrupted */
};

struct sealctl_file_info {
	int is_archive, is_thin;
	size_t members;        /* archive members seen */
	size_t other_members;  /* of which not ELF (e.g. LTO bitcode) */
};

/* Called once per ELF object; a nonzero return stops the scan.  The
 * object is freed when the call returns, unless the visitor moved it
 * (sealctl_object_move). */
typedef int (*sealctl_visit_fn)(struct sealctl_object *o, void *arg);

void sealctl_scan_init(void);
enum sealctl_scan_result sealctl_scan(const char *path, sealctl_visit_fn fn,
				      void *arg, struct sealctl_file_info *fi,
				      char *err);

#endif
