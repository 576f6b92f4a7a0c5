/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Finding notes: in every .note* section BFD lists, and in every PT_NOTE
 * segment (what a loader sees, and all there is once section headers are
 * stripped).  A note met both ways is recorded once, by file offset.
 */
#include "scan-internal.h"

#include "diag.h"
#include "fullio.h"
#include "note-read.h"

#include <elf.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A note section larger than this is not a note section we care about. */
#define NOTE_REGION_MAX (16u << 20)

struct region {
	const uint8_t *buf;
	size_t size;
	uint64_t abs;         /* absolute file offset of buf[0] */
	uint64_t align;
	int from_section;
	int have_vaddr;       /* an allocated section or a PT_NOTE segment */
	uint64_t vaddr;       /* link-time address of buf[0] */
};

/* What one region held, for judging a .note.sealing section. */
struct region_result {
	size_t sealing;       /* sealing notes, new or already seen */
	int notes;            /* notes of any kind */
	uint32_t first_namesz, first_type;
	const char *why;      /* it stopped parsing: how */
};

static int all_zero(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return 0;
	return 1;
}

static int have_note_at(const struct sealctl_object *o, uint64_t abs)
{
	for (size_t i = 0; i < o->nnotes; i++)
		if (o->notes[i].offset == abs)
			return 1;
	return 0;
}

static void scan_region(struct sealctl_object *o, const struct region *r,
			struct region_result *res)
{
	struct note_iter it;
	struct note_ref n;
	const char *why = NULL;
	int got;

	memset(res, 0, sizeof(*res));
	note_iter_init(&it, r->buf, r->size, r->align, o->big_endian);
	for (;;) {
		/* Zero fill after the last note is padding, not a note. */
		if (all_zero(r->buf + it.pos, r->size - it.pos)) {
			got = 0;
			break;
		}
		if ((got = note_next(&it, &n, &why)) != 1)
			break;
		uint64_t abs = r->abs + n.offset;
		if (res->notes++ == 0) {
			res->first_namesz = n.namesz;
			res->first_type = n.type;
		}
		if (note_is_sealing(&n)) {
			res->sealing++;
			if (have_note_at(o, abs))
				continue;
			if (o->nnotes == SEALCTL_MAX_NOTES) {
				o->notes_truncated = 1;
				continue;
			}
			struct sealctl_note *sn = &o->notes[o->nnotes++];
			sn->offset = abs;
			sn->desc_offset = r->abs + n.desc_offset;
			sn->have_vaddr = r->have_vaddr;
			sn->vaddr = r->vaddr + n.offset;
			sealing_desc_read(&n, o->big_endian, &sn->v);
		} else if (note_is_sealing_process(&n)) {
			/* Its own section in a relocatable object: not damage. */
			res->sealing++;
			if (!o->process_pass) {
				o->process_pass = 1;
				o->process_offset = abs;
				o->process_flags = n.descsz > offsetof(struct sealing_process_desc, flags) ?
					n.desc[offsetof(struct sealing_process_desc, flags)] : 0;
			}
		} else if (note_is_gnu_property(&n)) {
			size_t at, len;
			int f = gnu_property_find(n.desc, n.descsz, o->big_endian, o->elf64,
						  GNU_PROPERTY_MEMORY_SEAL, &at, &len);
			int seen = 0;
			for (int k = 0; k < o->prop.notes && k < SEALCTL_PROP_SEEN_MAX; k++)
				seen |= o->prop.seen[k] == abs;
			if (seen)
				continue; /* met through its section already */
			if (o->prop.notes < SEALCTL_PROP_SEEN_MAX)
				o->prop.seen[o->prop.notes] = abs;
			/* A linker that does not merge property 3 emits a
			 * second note for it: report any note's. */
			if (o->prop.notes++ > 0 && (o->prop.memory_seal || f <= 0))
				continue;
			o->prop.present = 1;
			o->prop.offset = abs;
			o->prop.descsz = n.descsz;
			o->prop.malformed = f < 0;
			o->prop.memory_seal = f > 0;
			o->prop.section_end = r->abs + r->size;
			if (r->from_section && all_zero(r->buf + n.end, r->size - n.end))
				o->prop.room = r->size - n.end;
		}
	}
	if (got < 0 && !o->note_damage)
		o->note_damage = why;
	res->why = got < 0 ? why : NULL;
}

/*
 * The section every carrier puts the note in, holding no sealing note:
 * the note's header was overwritten (a namesz other than 8 no longer
 * reads as ours, or shifts the descriptor so that the section no longer
 * parses).  Readers that find notes by owner and type, as the runtime of
 * other modules and the loader module do, would not see it.
 */
static void judge_sealing_section(struct sealctl_object *o, const struct region_result *res)
{
	if (res->sealing || o->section_damage[0])
		return;
	if (res->why)
		snprintf(o->section_damage, sizeof(o->section_damage),
			 "section " SEALING_NOTE_SECTION " does not parse (%s)", res->why);
	else if (res->notes)
		snprintf(o->section_damage, sizeof(o->section_damage),
			 "section " SEALING_NOTE_SECTION " holds no SEALING note (namesz %" PRIu32
			 ", type %" PRIu32 ")", res->first_namesz, res->first_type);
	else
		snprintf(o->section_damage, sizeof(o->section_damage),
			 "section " SEALING_NOTE_SECTION " holds no note");
}

int sealctl_scan_note_sections(bfd *abfd, struct sealctl_object *o, char *err)
{
	for (asection *s = abfd->sections; s; s = s->next) {
		const char *name = sc_section_name(abfd, s);
		if (!name || strncmp(name, ".note", 5) ||
		    !(sc_section_flags(abfd, s) & SEC_HAS_CONTENTS))
			continue;
		bfd_size_type size = sc_section_size(abfd, s);
		if (size == 0)
			continue;
		if (size > NOTE_REGION_MAX) {
			sealctl_seterr(err, "corrupted: section %s is %llu bytes", name,
				       (unsigned long long)size);
			return -1;
		}
		uint8_t *buf = malloc(size);
		if (!buf) {
			sealctl_seterr(err, "out of memory");
			return -1;
		}
		if (!bfd_get_section_contents(abfd, s, buf, 0, size)) {
			sealctl_seterr(err, "truncated or corrupted: cannot read section %s: %s",
				       name, bfd_errmsg(bfd_get_error()));
			free(buf);
			return -1;
		}
		if (sc_section_compressed(abfd, s))
			o->patchable = 0;
		struct region r = {
			.buf = buf,
			.size = size,
			.abs = o->base + (uint64_t)s->filepos,
			/* A crafted alignment power can exceed any shift. */
			.align = sc_section_alignment(abfd, s) < 64
					 ? (uint64_t)1 << sc_section_alignment(abfd, s)
					 : 0,
			.from_section = 1,
			.have_vaddr = (sc_section_flags(abfd, s) & SEC_ALLOC) != 0,
			.vaddr = sc_section_vma(abfd, s),
		};
		struct region_result res;
		scan_region(o, &r, &res);
		if (!strcmp(name, SEALING_NOTE_SECTION))
			judge_sealing_section(o, &res);
		free(buf);
	}
	return 0;
}

/* PT_NOTE is what a loader sees; it also finds notes in files whose
 * section headers were stripped.  Notes already seen are skipped. */
int sealctl_scan_note_segments(int fd, uint64_t fsize, struct sealctl_object *o, char *err)
{
	for (size_t i = 0; i < o->phnum; i++) {
		const struct sealctl_segment *p = &o->phdr[i];
		if (p->type != PT_NOTE || p->filesz == 0)
			continue;
		if (p->offset > fsize || p->filesz > fsize - p->offset ||
		    p->filesz > NOTE_REGION_MAX) {
			sealctl_seterr(err, "truncated or corrupted: PT_NOTE segment past the end of the file");
			return -1;
		}
		uint8_t *buf = malloc(p->filesz);
		if (!buf) {
			sealctl_seterr(err, "out of memory");
			return -1;
		}
		if (sealctl_pread_full(fd, o->base + p->offset, p->filesz, buf)) {
			free(buf);
			sealctl_seterr(err, "cannot read PT_NOTE segment: %s", strerror(errno));
			return -1;
		}
		struct region r = { .buf = buf, .size = p->filesz,
				    .abs = o->base + p->offset, .align = p->align,
				    .have_vaddr = 1, .vaddr = p->vaddr };
		struct region_result res;
		scan_region(o, &r, &res);
		free(buf);
	}
	return 0;
}

