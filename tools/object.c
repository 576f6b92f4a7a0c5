/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "object.h"

#include <stdlib.h>
#include <string.h>

void sealctl_dynamic_free(struct sealctl_dynamic *d)
{
	free(d->soname);
	for (size_t i = 0; i < d->nneeded; i++)
		free(d->needed[i]);
	free(d->needed);
	memset(d, 0, sizeof(*d));
}

void sealctl_object_free(struct sealctl_object *o)
{
	free(o->phdr);
	o->phdr = NULL;
	o->phnum = 0;
	sealctl_dynamic_free(&o->dyn);
}

void sealctl_object_move(struct sealctl_object *to, struct sealctl_object *from)
{
	*to = *from;
	from->phdr = NULL;
	from->phnum = 0;
	memset(&from->dyn, 0, sizeof(from->dyn));
}

const struct sealctl_segment *sealctl_segment(const struct sealctl_object *o, uint32_t type)
{
	for (size_t i = 0; i < o->phnum; i++)
		if (o->phdr[i].type == type)
			return &o->phdr[i];
	return NULL;
}

const char *sealctl_kind_name(enum sealctl_kind kind)
{
	switch (kind) {
	case SEALCTL_KIND_RELOCATABLE:
		return "relocatable";
	case SEALCTL_KIND_EXECUTABLE:
		return "executable";
	case SEALCTL_KIND_PIE:
		return "pie-executable";
	case SEALCTL_KIND_SHARED:
		return "shared-object";
	case SEALCTL_KIND_CORE:
		return "core";
	case SEALCTL_KIND_OTHER:
		break;
	}
	return "other";
}

const struct sealctl_note *sealctl_deciding_note(const struct sealctl_object *o)
{
	const struct sealctl_note *best = NULL;
	for (size_t i = 0; i < o->nnotes; i++)
		if (!best || o->notes[i].v.applied > best->v.applied)
			best = &o->notes[i];
	return best;
}

int sealctl_module_part(const struct sealctl_object *o)
{
	for (size_t i = 0; i < o->nnotes; i++) {
		const struct sealing_desc_view *v = &o->notes[i].v;
		if (v->decoded && v->d.policy != SEALING_POLICY_OFF &&
		    v->d.runtime >= SEALING_RUNTIME_PACK(0, 3, 0))
			return o->module_part;
	}
	return SEALCTL_MODULE_PART_NA;
}

int sealctl_exe_part(const struct sealctl_object *o)
{
	if (!o->process_pass)
		return SEALCTL_EXE_PART_NA;
	if (!(o->process_flags & SEALING_PROCESS_FLAG_CODE_IN_FILE))
		return SEALCTL_EXE_PART_IMAGE;
	return o->exe_part == 1 ? SEALCTL_EXE_PART_FILE :
	       o->exe_part == 0 ? SEALCTL_EXE_PART_MISSING : SEALCTL_EXE_PART_DAMAGED;
}

int sealctl_exe_part_lost(const struct sealctl_object *o)
{
	int e = sealctl_exe_part(o);
	return e == SEALCTL_EXE_PART_MISSING || e == SEALCTL_EXE_PART_DAMAGED;
}

int sealctl_process_pass(const struct sealctl_object *o)
{
	if (o->process_pass)
		return SEALCTL_PASS_NOTE;
	/* Before 0.2 the runtime was whole in every unit, the process pass
	 * included, and had no note of its own to say so. */
	for (size_t i = 0; i < o->nnotes; i++)
		if (o->notes[i].v.d.version == 2)
			return SEALCTL_PASS_V2;
	return SEALCTL_PASS_NONE;
}

int sealctl_effective_policy(const struct sealctl_object *o)
{
	const struct sealctl_note *n = sealctl_deciding_note(o);
	return n ? (int)n->v.applied : -1;
}

const char *sealctl_object_damage(const struct sealctl_object *o)
{
	for (size_t i = 0; i < o->nnotes; i++)
		if (note_desc_damage(&o->notes[i].v))
			return o->notes[i].v.damage;
	return o->section_damage[0] ? o->section_damage : NULL;
}
