/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The ELF header and program headers, read straight from the file.  BFD
 * identifies the file and walks sections and archives, but its public
 * API does not expose program headers, which is where the runtime's view
 * of a linked module comes from.  Fields are located with <elf.h>'s
 * structures, in the file's class and byte order.
 */
#ifndef SEALCTL_ELFHDR_H
#define SEALCTL_ELFHDR_H

#include "byteorder.h"

#include <elf.h>
#include <stddef.h>
#include <stdint.h>

struct elf_phdr_lite {
	uint32_t type, flags;
	uint64_t offset, vaddr, filesz, memsz, align;
};

struct elf_info {
	int elf64, big_endian;
	unsigned type, machine;
	size_t phnum;
	struct elf_phdr_lite *phdr; /* malloc'd, phnum entries */
};

/* Reads the header at `base` of fd (size: bytes available from base).
 * Returns 0, or -1 with a reason in err. */
int elf_info_read(int fd, uint64_t base, uint64_t size, struct elf_info *info,
		  char *err);
void elf_info_free(struct elf_info *info);

/* Field F of <elf.h>'s Elf32_T / Elf64_T, read from raw bytes at p in the
 * file's byte order. */
#define ELF_FIELD(p, elf64, be, T, F)                                              \
	get_uint((p) + ((elf64) ? offsetof(Elf64_##T, F) : offsetof(Elf32_##T, F)), \
		(elf64) ? sizeof(((Elf64_##T *)0)->F) : sizeof(((Elf32_##T *)0)->F), (be))
#define ELF_SIZEOF(elf64, T) ((elf64) ? sizeof(Elf64_##T) : sizeof(Elf32_##T))

#endif
