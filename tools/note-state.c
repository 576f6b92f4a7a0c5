/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "note-state.h"

#include <elf.h>
#include <stdio.h>

static int inside(const struct sealctl_segment *p, uint64_t a)
{
	return a >= p->vaddr && a - p->vaddr < p->memsz;
}

/* 1 writable, 0 outside any writable segment, -1 in RELRO. */
static int writable_at(const struct sealctl_object *o, uint64_t a)
{
	int w = 0;
	for (size_t i = 0; i < o->phnum; i++) {
		const struct sealctl_segment *p = &o->phdr[i];
		if (p->type == PT_LOAD && (p->flags & PF_W) && inside(p, a))
			w = 1;
	}
	for (size_t i = 0; w && i < o->phnum; i++)
		if (o->phdr[i].type == PT_GNU_RELRO && inside(&o->phdr[i], a))
			return -1;
	return w;
}

uint64_t note_state_target(const struct sealctl_object *o, const struct sealctl_note *n)
{
	/* The field's own address: the note's, plus where its descriptor
	 * starts (the note's alignment decides), plus the field's place in
	 * the descriptor.  Addresses wrap as the target's do. */
	uint64_t field = n->vaddr + (n->desc_offset - n->offset) + SEALING_DESC_STATE_OFFSET;
	return (field + (uint64_t)(int64_t)n->v.d.state) & (o->elf64 ? UINT64_MAX : UINT32_MAX);
}

void note_check_states(struct sealctl_object *o)
{
	if (o->e_type != ET_EXEC && o->e_type != ET_DYN)
		return;
	for (size_t i = 0; i < o->nnotes; i++) {
		struct sealctl_note *n = &o->notes[i];
		struct sealing_desc_view *v = &n->v;
		if (!v->decoded || note_desc_damage(v) || !n->have_vaddr)
			continue;
		int32_t state = v->d.state;
		if (state == 0) {
			snprintf(v->damage, sizeof(v->damage),
				 "its state offset is 0, which only a relocatable object may have");
			continue;
		}
		int w = writable_at(o, note_state_target(o, n));
		if (w <= 0)
			snprintf(v->damage, sizeof(v->damage), "its state offset (%s0x%x) points %s",
				 state < 0 ? "-" : "",
				 state < 0 ? 0u - (uint32_t)state : (uint32_t)state,
				 w < 0 ? "into RELRO, read-only once relocated"
				       : "outside any writable segment");
	}
}
