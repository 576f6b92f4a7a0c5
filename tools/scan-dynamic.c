/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The dynamic segment (PT_DYNAMIC) of a linked object, as the loader
 * reads it: DT_FLAGS_1 for the kind of object, DT_SONAME and DT_NEEDED
 * for the start-up closure `sealctl ps` rebuilds.  Strings come from
 * DT_STRTAB, found through the PT_LOAD segment that holds it; only the
 * names are read, not the whole table (a large library's is megabytes).
 */
#include "scan-internal.h"

#include "fullio.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Bounds no real file comes near; past them the file is corrupted. */
#define DYN_ENTRIES_MAX 65536
#define DYN_STRTAB_MAX (16u << 20)

/* What the entries name; the strings are read once all are known. */
struct dyn_entries {
	uint64_t strtab, strsz, soname;
	int has_strtab, has_soname;
	uint64_t *needed; /* string table offsets */
	size_t nneeded;
};

/* The file offset of vaddr..vaddr+len, through the PT_LOAD holding it. */
static int vaddr_to_offset(const struct sealctl_object *o, uint64_t vaddr, uint64_t len,
			   uint64_t *off)
{
	for (size_t i = 0; i < o->phnum; i++) {
		const struct sealctl_segment *p = &o->phdr[i];
		if (p->type != PT_LOAD || vaddr < p->vaddr || vaddr - p->vaddr > p->filesz ||
		    len > p->filesz - (vaddr - p->vaddr))
			continue;
		*off = p->offset + (vaddr - p->vaddr);
		return 0;
	}
	return -1;
}

/* The string at `at` in the table at file offset tab, size bytes long:
 * up to its NUL or the table's end.  NULL with errno on failure. */
static char *string_at(int fd, uint64_t tab, uint64_t size, uint64_t at)
{
	char chunk[256], *s = NULL;
	size_t len = 0;

	for (; at < size; at += sizeof(chunk)) {
		size_t want = size - at < sizeof(chunk) ? (size_t)(size - at) : sizeof(chunk);
		if (sealctl_pread_full(fd, tab + at, want, chunk)) {
			free(s);
			return NULL;
		}
		size_t n = strnlen(chunk, want);
		char *more = realloc(s, len + n + 1);
		if (!more) {
			free(s);
			return NULL;
		}
		s = more;
		memcpy(s + len, chunk, n);
		s[len += n] = 0;
		if (n < want)
			return s;
	}
	return s ? s : strdup("");
}

/* Reads PT_DYNAMIC's entries up to DT_NULL; the reason, or NULL. */
static const char *read_entries(int fd, uint64_t base, uint64_t fsize,
				const struct sealctl_segment *dyn, struct sealctl_object *o,
				struct dyn_entries *e)
{
	size_t ent = ELF_SIZEOF(o->elf64, Dyn);
	uint64_t n = dyn->filesz / ent;

	if (dyn->offset > fsize || dyn->filesz > fsize - dyn->offset || n > DYN_ENTRIES_MAX)
		return "corrupted: PT_DYNAMIC lies outside the file";
	uint8_t *raw = malloc(n * ent + 1);
	e->needed = malloc((n + 1) * sizeof(*e->needed));
	if (!raw || !e->needed) {
		free(raw);
		return "out of memory";
	}
	if (sealctl_pread_full(fd, base + dyn->offset, n * ent, raw)) {
		free(raw);
		return "cannot read PT_DYNAMIC";
	}
	for (uint64_t k = 0; k < n; k++) {
		const uint8_t *p = raw + k * ent;
		uint64_t tag = ELF_FIELD(p, o->elf64, o->big_endian, Dyn, d_tag);
		uint64_t val = ELF_FIELD(p, o->elf64, o->big_endian, Dyn, d_un.d_val);
		if (tag == DT_NULL)
			break;
		if (tag == DT_FLAGS_1)
			o->dyn.flags_1 = val;
		else if (tag == DT_STRTAB)
			e->has_strtab = 1, e->strtab = val;
		else if (tag == DT_STRSZ)
			e->strsz = val;
		else if (tag == DT_SONAME)
			e->has_soname = 1, e->soname = val;
		else if (tag == DT_NEEDED)
			e->needed[e->nneeded++] = val;
	}
	free(raw);
	return NULL;
}

/* DT_SONAME and DT_NEEDED's strings; the reason, or NULL. */
static const char *read_names(int fd, uint64_t base, uint64_t fsize,
			      const struct dyn_entries *e, struct sealctl_dynamic *d,
			      const struct sealctl_object *o)
{
	uint64_t off;

	if (!e->has_strtab || (!e->has_soname && !e->nneeded))
		return NULL;
	if (e->strsz > DYN_STRTAB_MAX || vaddr_to_offset(o, e->strtab, e->strsz, &off) ||
	    off > fsize || e->strsz > fsize - off)
		return "corrupted: DT_STRTAB lies outside the file";
	d->needed = calloc(e->nneeded + 1, sizeof(*d->needed));
	if (!d->needed)
		return "out of memory";
	errno = 0;
	int bad = e->has_soname && !(d->soname = string_at(fd, base + off, e->strsz, e->soname));
	for (size_t i = 0; !bad && i < e->nneeded; i++)
		bad = !(d->needed[d->nneeded++] = string_at(fd, base + off, e->strsz, e->needed[i]));
	if (bad)
		return errno == ENOMEM ? "out of memory" : "cannot read the dynamic string table";
	return NULL;
}

void sealctl_scan_dynamic(int fd, uint64_t base, uint64_t size, struct sealctl_object *o)
{
	struct dyn_entries e = { 0 };
	const struct sealctl_segment *dyn = NULL;

	/* The last PT_DYNAMIC, should a file have several. */
	for (size_t i = 0; i < o->phnum; i++)
		if (o->phdr[i].type == PT_DYNAMIC)
			dyn = &o->phdr[i];
	if (!dyn)
		return;
	o->dyn.present = 1;
	const char *why = read_entries(fd, base, size, dyn, o, &e);
	if (why)
		o->dyn.flags_1 = 0;
	else
		why = read_names(fd, base, size, &e, &o->dyn, o);
	free(e.needed);
	if (why) {
		/* Half a list of needs would mislead ps: none, and why. */
		uint64_t flags_1 = o->dyn.flags_1;
		sealctl_dynamic_free(&o->dyn);
		o->dyn.present = 1;
		o->dyn.flags_1 = flags_1;
		o->dyn.error = why;
	}
}
