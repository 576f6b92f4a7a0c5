/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What kind of ELF file this is.  ET_DYN covers both shared libraries and
 * PIE executables; PT_INTERP, or DF_1_PIE for static PIE, tells them apart.
 */
#include "scan-internal.h"

#include <elf.h>

static int is_static_pie(int fd, uint64_t fsize, const struct elf_info *info)
{
	for (size_t i = 0; i < info->phnum; i++) {
		const struct elf_phdr_lite *p = &info->phdr[i];
		if (p->type != PT_DYNAMIC)
			continue;
		size_t ent = info->elf64 ? 16 : 8;
		uint64_t n = p->filesz / ent;
		if (p->offset > fsize || p->filesz > fsize - p->offset || n > 65536)
			return 0;
		for (uint64_t k = 0; k < n; k++) {
			uint8_t e[16];
			if (sealctl_pread_full(fd, p->offset + k * ent, ent, e))
				return 0;
			uint64_t tag = elf_get(e, (int)(ent / 2), info->big_endian);
			uint64_t val = elf_get(e + ent / 2, (int)(ent / 2), info->big_endian);
			if (tag == DT_NULL)
				return 0;
			if (tag == DT_FLAGS_1)
				return (val & DF_1_PIE) != 0;
		}
	}
	return 0;
}

enum sealctl_kind sealctl_kind_of(int fd, uint64_t fsize, const struct elf_info *info)
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
		return is_static_pie(fd, fsize, info) ? SEALCTL_KIND_PIE
						      : SEALCTL_KIND_SHARED;
	}
	return SEALCTL_KIND_OTHER;
}

/* Describes one ELF bfd (a file or an archive member at `base`). */
