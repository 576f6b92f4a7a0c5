/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "note-edit.h"

#include "byteorder.h"
#include "diag.h"
#include "object.h"
#include "patch-in-place.h"
#include "report.h"
#include "scan.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

struct note_edit note_edit_policy(unsigned policy)
{
	return (struct note_edit){ "set-policy", SEALING_DESC_POLICY_OFFSET, 1, 0xffu, policy };
}

struct note_edit note_edit_scope(uint32_t scope)
{
	return (struct note_edit){ "set-scope", SEALING_DESC_FLAGS_OFFSET, sizeof(uint32_t),
				   SEALING_FLAG_SCOPE_PROCESS, scope };
}

/* The field, from the decoded descriptor: its offsets are the file's. */
static uint32_t field_get(const struct sealing_note_desc *d, const struct note_edit *e)
{
	const unsigned char *p = (const unsigned char *)d + e->offset;
	if (e->width == 1)
		return *p;
	uint32_t v;
	memcpy(&v, p, sizeof(v));
	return v;
}

static void field_put(uint8_t *out, uint32_t v, const struct note_edit *e, int big_endian)
{
	if (e->width == 1)
		out[0] = (uint8_t)v;
	else
		put_u32(out, v, big_endian);
}

static void refuse(struct note_edit_plan *p, const struct sealctl_object *o, const char *fmt,
		   const char *detail)
{
	char name[SEALCTL_ERRLEN / 2];
	if (p->refused)
		return;
	p->refused = 1;
	report_name(name, sizeof(name), o);
	snprintf(p->why, sizeof(p->why), fmt, name, detail);
}

void note_edit_file_begin(void *plan, const char *path)
{
	struct note_edit_plan *p = plan;
	struct note_edit e = p->edit;
	int in_place = p->in_place;

	memset(p, 0, sizeof(*p));
	p->edit = e;
	p->in_place = in_place;
	p->have_before = !stat(path, &p->before);
}

int note_edit_object(void *plan, struct sealctl_object *o)
{
	struct note_edit_plan *p = plan;
	const struct note_edit *e = &p->edit;
	struct note_edit_result *r = &p->r;

	if (o->nnotes)
		r->kinds |= 1u << o->kind;
	if (o->nnotes && !o->patchable)
		refuse(p, o, "%s: note is in a compressed section%s", "");
	if (o->notes_truncated)
		p->too_many = 1;
	/* No note to patch, but a damaged one may be what is left of it. */
	if (!o->nnotes && o->section_damage[0])
		refuse(p, o, "%s: note damaged (%s); refusing to guess its layout",
		       o->section_damage);
	for (size_t i = 0; i < o->nnotes; i++) {
		const struct sealctl_note *n = &o->notes[i];
		if (!n->v.decoded || note_desc_damage(&n->v)) {
			char detail[SEALCTL_ERRLEN / 4];
			snprintf(detail, sizeof(detail), "note at offset %llu is damaged (%s)",
				 (unsigned long long)n->offset, n->v.damage);
			refuse(p, o, "%s: %s; refusing to guess its layout", detail);
			continue;
		}
		uint32_t old = field_get(&n->v.d, e);
		uint32_t new = (old & ~e->mask) | (e->value & e->mask);
		if (r->notes++ == 0)
			r->old = old;
		else if (old != r->old)
			r->mixed = 1;
		if (new == old)
			continue;
		if (p->npatch == SEALCTL_PATCH_MAX) {
			p->too_many = 1;
			continue;
		}
		struct sealctl_patch *pt = &p->patch[p->npatch++];
		pt->offset = n->desc_offset + e->offset;
		pt->len = e->width;
		field_put(pt->old, old, e, o->big_endian);
		field_put(pt->new, new, e, o->big_endian);
	}
	return 0;
}

const struct option note_edit_longopts[] = {
	{ "in-place", no_argument, NULL, 'i' },
	{ 0 },
};

int note_edit_option(int key, const char *arg, void *plan)
{
	(void)key; /* --in-place is the only one */
	(void)arg;
	((struct note_edit_plan *)plan)->in_place = 1;
	return 0;
}

int note_edit_check(struct note_edit_plan *p, const struct sealctl_file *f, char *err)
{
	if (f->result != SEALCTL_FILE_READ) {
		sealctl_seterr(err, "%s; file left unchanged", f->why);
		return -1;
	}
	if (f->info.is_thin) {
		sealctl_seterr(err, "thin archive: run %s on its member files; file left unchanged",
			       p->edit.command);
		return -1;
	}
	if (p->refused) {
		sealctl_seterr(err, "%s; file left unchanged", p->why);
		return -1;
	}
	if (p->r.notes == 0) {
		sealctl_seterr(err, "not instrumented (no sealing note); file left unchanged");
		return -1;
	}
	if (p->too_many) {
		sealctl_seterr(err, "more than %d sealing notes; file left unchanged", SEALCTL_PATCH_MAX);
		return -1;
	}
	return 0;
}

static int collect(struct sealctl_object *o, void *plan)
{
	return note_edit_object(plan, o);
}

int note_edit_plan(const char *path, const struct note_edit *e, struct note_edit_plan *p,
		   char *err)
{
	char why[SEALCTL_ERRLEN];
	struct sealctl_file f = { .path = path, .why = why };

	p->edit = *e;
	note_edit_file_begin(p, path);
	enum sealctl_scan_result r = sealctl_scan(path, collect, p, &f.info, why);
	f.result = r == SEALCTL_SCAN_OK ? SEALCTL_FILE_READ : SEALCTL_FILE_ERROR;
	return note_edit_check(p, &f, err);
}

int note_edit_apply(const char *path, struct note_edit_plan *p, char *err)
{
	const struct stat *before = p->have_before ? &p->before : NULL;

	if (p->npatch && (p->in_place ? sealctl_patch_in_place(path, p->patch, p->npatch, before, err)
				      : sealctl_rewrite(path, p->patch, p->npatch, before, err)))
		return -1;
	p->r.changed = p->npatch;
	return 0;
}

int note_edit_file_end(struct note_edit_plan *p, const struct sealctl_file *f,
		       struct note_edit_result *r)
{
	char err[SEALCTL_ERRLEN];

	memset(r, 0, sizeof(*r));
	if (note_edit_check(p, f, err) || note_edit_apply(f->path, p, err)) {
		sealctl_error(f->path, "%s", err);
		return -1;
	}
	*r = p->r;
	return 0;
}
