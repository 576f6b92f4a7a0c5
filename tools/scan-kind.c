/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What kind of ELF file this is.  ET_DYN covers both shared libraries and
 * PIE executables; PT_INTERP, or DF_1_PIE for static PIE, tells them apart
 * (a dynamic segment that does not parse is not a PIE's).
 */
#include "scan-internal.h"

enum sealctl_kind sealctl_kind_of(const struct sealctl_object *o)
{
	switch (o->e_type) {
	case ET_REL:
		return SEALCTL_KIND_RELOCATABLE;
	case ET_EXEC:
		return SEALCTL_KIND_EXECUTABLE;
	case ET_CORE:
		return SEALCTL_KIND_CORE;
	case ET_DYN:
		if (sealctl_segment(o, PT_INTERP) || (o->dyn.flags_1 & DF_1_PIE))
			return SEALCTL_KIND_PIE;
		return SEALCTL_KIND_SHARED;
	}
	return SEALCTL_KIND_OTHER;
}
