/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "elfdyn.h"

#include "diag.h"
#include "fullio.h"

#include <stdlib.h>
#include <string.h>

/* Bounds no real file comes near; past them the file is corrupted. */
#define DYN_ENTRIES_MAX 65536
#define DYN_STRTAB_MAX (16u << 20)

/* The file offset of vaddr..vaddr+len, through the PT_LOAD holding it. */
static int vaddr_to_offset(const struct elf_info *info, uint64_t vaddr, uint64_t len,
			   uint64_t *off)
{
	for (size_t i = 0; i < info->phnum; i++) {
		const struct elf_phdr_lite *p = &info->phdr[i];
		if (p->type != PT_LOAD || vaddr < p->vaddr || vaddr - p->vaddr > p->filesz ||
		    len > p->filesz - (vaddr - p->vaddr))
			continue;
		*off = p->offset + (vaddr - p->vaddr);
		return 0;
	}
	return -1;
}

static char *string_at(const char *tab, uint64_t size, uint64_t at)
{
	if (at >= size)
		return strdup("");
	return strndup(tab + at, (size_t)(size - at));
}

static int read_strings(int fd, uint64_t base, uint64_t fsize, const struct elf_info *info,
			uint64_t strtab, uint64_t strsz, const uint64_t *names, size_t nnames,
			int has_soname, struct elf_dyn *d, char *err)
{
	uint64_t off;
	if (strsz > DYN_STRTAB_MAX || vaddr_to_offset(info, strtab, strsz, &off) ||
	    off > fsize || strsz > fsize - off) {
		sealctl_seterr(err, "corrupted: DT_STRTAB lies outside the file");
		return -1;
	}
	char *tab = malloc(strsz + 1);
	if (!tab || sealctl_pread_full(fd, base + off, strsz, tab)) {
		free(tab);
		sealctl_seterr(err, "cannot read the dynamic string table");
		return -1;
	}
	tab[strsz] = 0;
	/* names[0] is DT_SONAME when has_soname; the rest are DT_NEEDED. */
	size_t first = has_soname ? 1 : 0;
	d->needed = calloc(nnames - first + 1, sizeof(*d->needed));
	int bad = !d->needed;
	if (!bad && has_soname)
		bad = !(d->soname = string_at(tab, strsz, names[0]));
	for (size_t i = first; !bad && i < nnames; i++)
		bad = !(d->needed[d->nneeded++] = string_at(tab, strsz, names[i]));
	free(tab);
	if (bad) {
		sealctl_seterr(err, "out of memory");
		return -1;
	}
	return 0;
}

int elf_dyn_read(int fd, uint64_t base, uint64_t fsize, const struct elf_info *info,
		 int with_strings, struct elf_dyn *d, char *err)
{
	const struct elf_phdr_lite *dyn = NULL;
	size_t ent = ELF_SIZEOF(info->elf64, Dyn);
	uint64_t strtab = 0, strsz = 0;
	uint64_t *names = NULL;
	size_t nnames = 0;
	int has_soname = 0, has_strtab = 0, rc = -1;

	memset(d, 0, sizeof(*d));
	for (size_t i = 0; i < info->phnum; i++)
		if (info->phdr[i].type == PT_DYNAMIC)
			dyn = &info->phdr[i];
	if (!dyn)
		return 0;
	d->present = 1;
	uint64_t n = dyn->filesz / ent;
	if (dyn->offset > fsize || dyn->filesz > fsize - dyn->offset || n > DYN_ENTRIES_MAX) {
		sealctl_seterr(err, "corrupted: PT_DYNAMIC lies outside the file");
		return -1;
	}
	unsigned char *raw = malloc(n * ent + 1);
	/* DT_SONAME first, then every DT_NEEDED: at most one name per entry. */
	names = malloc((n + 1) * sizeof(*names));
	if (!raw || !names || sealctl_pread_full(fd, base + dyn->offset, n * ent, raw)) {
		sealctl_seterr(err, raw && names ? "cannot read PT_DYNAMIC" : "out of memory");
		goto out;
	}
	names[nnames++] = 0;
	for (uint64_t k = 0; k < n; k++) {
		const unsigned char *e = raw + k * ent;
		uint64_t tag = ELF_FIELD(e, info->elf64, info->big_endian, Dyn, d_tag);
		uint64_t val = ELF_FIELD(e, info->elf64, info->big_endian, Dyn, d_un.d_val);
		if (tag == DT_NULL)
			break;
		if (tag == DT_FLAGS_1)
			d->flags_1 = val;
		else if (tag == DT_STRTAB)
			has_strtab = 1, strtab = val;
		else if (tag == DT_STRSZ)
			strsz = val;
		else if (tag == DT_SONAME)
			has_soname = 1, names[0] = val;
		else if (tag == DT_NEEDED)
			names[nnames++] = val;
	}
	rc = 0;
	if (with_strings && has_strtab && (has_soname || nnames > 1))
		rc = read_strings(fd, base, fsize, info, strtab, strsz,
				  has_soname ? names : names + 1, has_soname ? nnames : nnames - 1,
				  has_soname, d, err);
out:
	free(raw);
	free(names);
	if (rc)
		elf_dyn_free(d);
	return rc;
}

void elf_dyn_free(struct elf_dyn *d)
{
	free(d->soname);
	for (size_t i = 0; i < d->nneeded; i++)
		free(d->needed[i]);
	free(d->needed);
	memset(d, 0, sizeof(*d));
}
