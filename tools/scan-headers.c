/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The ELF header and the program headers, read straight from the file:
 * BFD identifies the object, but its public API does not expose program
 * headers, which is where the runtime's view of a linked module comes
 * from.
 */
#include "scan-internal.h"

#include "diag.h"
#include "fullio.h"

#include <stdlib.h>
#include <string.h>

static void phdr_decode(const uint8_t *p, int elf64, int be, struct sealctl_segment *ph)
{
	ph->type = (uint32_t)ELF_FIELD(p, elf64, be, Phdr, p_type);
	ph->flags = (uint32_t)ELF_FIELD(p, elf64, be, Phdr, p_flags);
	ph->offset = ELF_FIELD(p, elf64, be, Phdr, p_offset);
	ph->vaddr = ELF_FIELD(p, elf64, be, Phdr, p_vaddr);
	ph->filesz = ELF_FIELD(p, elf64, be, Phdr, p_filesz);
	ph->memsz = ELF_FIELD(p, elf64, be, Phdr, p_memsz);
	ph->align = ELF_FIELD(p, elf64, be, Phdr, p_align);
}

static int read_phdrs(int fd, uint64_t at, size_t phnum, struct sealctl_object *o, char *err)
{
	size_t want = ELF_SIZEOF(o->elf64, Phdr);
	uint8_t *raw = malloc(phnum * want);

	o->phdr = calloc(phnum, sizeof(*o->phdr));
	if (!raw || !o->phdr) {
		free(raw);
		sealctl_object_free(o);
		sealctl_seterr(err, "out of memory");
		return -1;
	}
	if (sealctl_pread_full(fd, at, phnum * want, raw)) {
		free(raw);
		sealctl_object_free(o);
		sealctl_seterr(err, "truncated: cannot read program headers");
		return -1;
	}
	for (size_t i = 0; i < phnum; i++)
		phdr_decode(raw + i * want, o->elf64, o->big_endian, &o->phdr[i]);
	free(raw);
	o->phnum = phnum;
	return 0;
}

int sealctl_scan_headers(int fd, uint64_t base, uint64_t size, struct sealctl_object *o,
			 char *err)
{
	uint8_t eh[sizeof(Elf64_Ehdr)];

	if (size < EI_NIDENT || sealctl_pread_full(fd, base, EI_NIDENT, eh)) {
		sealctl_seterr(err, "truncated ELF header");
		return -1;
	}
	if (eh[EI_CLASS] != ELFCLASS32 && eh[EI_CLASS] != ELFCLASS64) {
		sealctl_seterr(err, "corrupted ELF header: bad class %u", eh[EI_CLASS]);
		return -1;
	}
	if (eh[EI_DATA] != ELFDATA2LSB && eh[EI_DATA] != ELFDATA2MSB) {
		sealctl_seterr(err, "corrupted ELF header: bad byte order %u", eh[EI_DATA]);
		return -1;
	}
	int elf64 = o->elf64 = eh[EI_CLASS] == ELFCLASS64;
	int be = o->big_endian = eh[EI_DATA] == ELFDATA2MSB;
	size_t ehsize = ELF_SIZEOF(elf64, Ehdr);
	if (size < ehsize || sealctl_pread_full(fd, base, ehsize, eh)) {
		sealctl_seterr(err, "truncated ELF header");
		return -1;
	}
	o->e_type = (unsigned)ELF_FIELD(eh, elf64, be, Ehdr, e_type);
	o->e_machine = (unsigned)ELF_FIELD(eh, elf64, be, Ehdr, e_machine);
	uint64_t phoff = ELF_FIELD(eh, elf64, be, Ehdr, e_phoff);
	uint64_t phentsize = ELF_FIELD(eh, elf64, be, Ehdr, e_phentsize);
	size_t phnum = (size_t)ELF_FIELD(eh, elf64, be, Ehdr, e_phnum);
	uint64_t shoff = ELF_FIELD(eh, elf64, be, Ehdr, e_shoff);
	uint64_t shentsize = ELF_FIELD(eh, elf64, be, Ehdr, e_shentsize);
	uint64_t shnum = ELF_FIELD(eh, elf64, be, Ehdr, e_shnum);
	size_t want = ELF_SIZEOF(elf64, Phdr);

	/* BFD would only say "file format not recognized"; a cut-off copy
	 * deserves a plainer word. */
	if (shoff && (shoff > size || shnum * shentsize > size - shoff)) {
		sealctl_seterr(err, "truncated or corrupted: the section header table lies past the end of the file (%llu bytes)",
			       (unsigned long long)size);
		return -1;
	}
	if (phnum == 0 || phoff == 0)
		return 0;
	if (phnum == PN_XNUM) {
		sealctl_seterr(err, "unsupported: more than 65534 program headers");
		return -1;
	}
	if (phentsize != want) {
		sealctl_seterr(err, "corrupted ELF header: program header size %llu",
			       (unsigned long long)phentsize);
		return -1;
	}
	if (phoff > size || phnum * want > size - phoff) {
		sealctl_seterr(err, "truncated or corrupted: the program header table lies past the end of the file");
		return -1;
	}
	return read_phdrs(fd, base + phoff, phnum, o, err);
}
