/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "object.h"

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
