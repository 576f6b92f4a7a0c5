/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "elfhdr.h"
#include "fullio.h"

#include "diag.h"

#include <elf.h>
#include <stdlib.h>
#include <string.h>

uint64_t elf_get(const unsigned char *p, int n, int be)
{
	uint64_t v = 0;
	for (int i = 0; i < n; i++)
		v |= (uint64_t)p[be ? n - 1 - i : i] << (8 * i);
	return v;
}

int elf_info_read(int fd, uint64_t base, uint64_t size, struct elf_info *info,
		  char *err)
{
	unsigned char eh[64];

	memset(info, 0, sizeof(*info));
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
	info->elf64 = eh[EI_CLASS] == ELFCLASS64;
	info->big_endian = eh[EI_DATA] == ELFDATA2MSB;
	size_t ehsize = info->elf64 ? 64 : 52;
	if (size < ehsize || sealctl_pread_full(fd, base, ehsize, eh)) {
		sealctl_seterr(err, "truncated ELF header");
		return -1;
	}
	int be = info->big_endian;
	info->type = (unsigned)elf_get(eh + 16, 2, be);
	info->machine = (unsigned)elf_get(eh + 18, 2, be);
	uint64_t phoff = info->elf64 ? elf_get(eh + 32, 8, be) : elf_get(eh + 28, 4, be);
	unsigned phentsize = (unsigned)elf_get(eh + (info->elf64 ? 54 : 42), 2, be);
	size_t phnum = (size_t)elf_get(eh + (info->elf64 ? 56 : 44), 2, be);
	size_t want = info->elf64 ? 56 : 32;
	uint64_t shoff = info->elf64 ? elf_get(eh + 40, 8, be) : elf_get(eh + 32, 4, be);
	unsigned shentsize = (unsigned)elf_get(eh + (info->elf64 ? 58 : 46), 2, be);
	uint64_t shnum = elf_get(eh + (info->elf64 ? 60 : 48), 2, be);

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
		sealctl_seterr(err, "corrupted ELF header: program header size %u", phentsize);
		return -1;
	}
	if (phoff > size || phnum * want > size - phoff) {
		sealctl_seterr(err, "truncated or corrupted: the program header table lies past the end of the file");
		return -1;
	}
	unsigned char *raw = malloc(phnum * want);
	info->phdr = calloc(phnum, sizeof(*info->phdr));
	if (!raw || !info->phdr) {
		free(raw);
		elf_info_free(info);
		sealctl_seterr(err, "out of memory");
		return -1;
	}
	if (sealctl_pread_full(fd, base + phoff, phnum * want, raw)) {
		free(raw);
		elf_info_free(info);
		sealctl_seterr(err, "truncated: cannot read program headers");
		return -1;
	}
	for (size_t i = 0; i < phnum; i++) {
		const unsigned char *p = raw + i * want;
		struct elf_phdr_lite *ph = &info->phdr[i];
		ph->type = (uint32_t)elf_get(p, 4, be);
		if (info->elf64) {
			ph->offset = elf_get(p + 8, 8, be);
			ph->vaddr = elf_get(p + 16, 8, be);
			ph->filesz = elf_get(p + 32, 8, be);
			ph->memsz = elf_get(p + 40, 8, be);
			ph->align = elf_get(p + 48, 8, be);
		} else {
			ph->offset = elf_get(p + 4, 4, be);
			ph->vaddr = elf_get(p + 8, 4, be);
			ph->filesz = elf_get(p + 16, 4, be);
			ph->memsz = elf_get(p + 20, 4, be);
			ph->align = elf_get(p + 28, 4, be);
		}
	}
	free(raw);
	info->phnum = phnum;
	return 0;
}

void elf_info_free(struct elf_info *info)
{
	free(info->phdr);
	info->phdr = NULL;
	info->phnum = 0;
}
