/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "object.h"

#include "note.h"

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

int sealctl_effective_policy(const struct sealctl_object *o)
{
	int best = -1;
	for (size_t i = 0; i < o->nnotes; i++) {
		int p = (int)sealing_effective_policy(&o->notes[i].desc,
						      o->notes[i].damage);
		if (p > best)
			best = p;
	}
	return best;
}
