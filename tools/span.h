/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The ranges the runtime seals, computed from the file exactly as
 * runtime/rt-seal.c computes them from memory: the page-rounded span of
 * all PT_LOAD segments, minus the pages holding the sealing_mutable
 * section.  Kept pure so it is tested through `status` and fuzzed.
 */
#ifndef SEALCTL_SPAN_H
#define SEALCTL_SPAN_H

#include "elfhdr.h"
#include "object.h"

/* Fills o->linked, o->seal, o->nseal and o->mutable_pages.  mut_lo/hi is
 * the sealing_mutable section's address range (hi == lo when absent). */
void sealctl_compute_seal(struct sealctl_object *o, const struct elf_info *info,
			  uint64_t mut_lo, uint64_t mut_hi);

#endif
