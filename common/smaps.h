/* SPDX-License-Identifier: MIT */
/*
 * /proc/PID/smaps as a list of mappings, each with the one fact sealing
 * cares about: whether the kernel shows it sealed ("sl" in VmFlags,
 * Linux 6.10).  The one smaps reader of the tree: sealctl ps, the test
 * helpers and the programs tests build read the kernel's view through it.
 * Plain libc; never linked into the runtime, which has none.
 */
#ifndef SEALING_SMAPS_H
#define SEALING_SMAPS_H

#include <stddef.h>
#include <stdint.h>

struct smaps_vma {
	uint64_t lo, hi, offset;
	unsigned major, minor;
	uint64_t inode;
	char perms[5];    /* "r-xp" */
	int sealed;
	const char *path; /* as the kernel names it: a path, "[vdso]", or "" */
};

struct smaps {
	struct smaps_vma *vma; /* in address order */
	size_t n;
	char *text; /* the file as read; the paths point into it */
};

/*
 * Reads fd to its end (from where it stands; the caller closes it) and
 * parses it.  0, or -1 with errno: the read failed, the file is larger
 * than any process's smaps (EFBIG), or memory ran out.  A file with no
 * mapping in it (the process exited meanwhile) reads as n == 0.
 */
int smaps_read(int fd, struct smaps *s);
/* The same for a path: "/proc/self/smaps", "/proc/1234/smaps". */
int smaps_open(const char *path, struct smaps *s);
void smaps_free(struct smaps *s);

/* The mapping that holds addr, or NULL. */
const struct smaps_vma *smaps_find(const struct smaps *s, uint64_t addr);

#endif
