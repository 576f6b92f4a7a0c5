/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The dynamic segment (PT_DYNAMIC) of a linked file, as the loader reads
 * it: DT_FLAGS_1 for the kind of file, DT_SONAME and DT_NEEDED for the
 * start-up closure `sealctl ps` rebuilds.  Strings come from DT_STRTAB,
 * found through the PT_LOAD segment that holds it.
 */
#ifndef SEALCTL_ELFDYN_H
#define SEALCTL_ELFDYN_H

#include "elfhdr.h"

#include <stddef.h>
#include <stdint.h>

struct elf_dyn {
	int present;      /* the file has a PT_DYNAMIC segment */
	uint64_t flags_1; /* DT_FLAGS_1, 0 if absent */
	char *soname;     /* DT_SONAME, or NULL */
	char **needed;    /* DT_NEEDED, in order */
	size_t nneeded;
};

/* Reads fd's dynamic segment (the object starts at `base`, size bytes).
 * with_strings: also DT_SONAME and DT_NEEDED.  0, or -1 with err. */
int elf_dyn_read(int fd, uint64_t base, uint64_t size, const struct elf_info *info,
		 int with_strings, struct elf_dyn *d, char *err);
void elf_dyn_free(struct elf_dyn *d);

#endif
