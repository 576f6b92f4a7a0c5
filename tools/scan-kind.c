/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What kind of ELF file this is.  ET_DYN covers both shared libraries and
 * PIE executables; PT_INTERP, or DF_1_PIE for static PIE, tells them apart.
 */
#include "scan-internal.h"

#include "diag.h"
#include "elfdyn.h"

static int is_static_pie(int fd, uint64_t base, uint64_t fsize, const struct elf_info *info)
{
	struct elf_dyn d;
	char err[SEALCTL_ERRLEN];

	/* A dynamic segment that does not parse is not a PIE's. */
	if (elf_dyn_read(fd, base, fsize, info, 0, &d, err))
		return 0;
	int pie = (d.flags_1 & DF_1_PIE) != 0;
	elf_dyn_free(&d);
	return pie;
}

enum sealctl_kind sealctl_kind_of(int fd, uint64_t base, uint64_t fsize,
				  const struct elf_info *info)
{
	switch (info->type) {
	case ET_REL:
		return SEALCTL_KIND_RELOCATABLE;
	case ET_EXEC:
		return SEALCTL_KIND_EXECUTABLE;
	case ET_CORE:
		return SEALCTL_KIND_CORE;
	case ET_DYN:
		for (size_t i = 0; i < info->phnum; i++)
			if (info->phdr[i].type == PT_INTERP)
				return SEALCTL_KIND_PIE;
		return is_static_pie(fd, base, fsize, info) ? SEALCTL_KIND_PIE
							    : SEALCTL_KIND_SHARED;
	}
	return SEALCTL_KIND_OTHER;
}
