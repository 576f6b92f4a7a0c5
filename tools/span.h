/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The ranges the runtime seals, computed from the file exactly as
 * runtime/rt-seal.c computes them from memory: the page-rounded span of
 * all PT_LOAD segments, minus the pages holding the sealing_mutable
 * section.  Kept pure so it is tested through `status` and fuzzed.
 */
#ifndef SEALCTL_SPAN_H
#define SEALCTL_SPAN_H

#include "object.h"

/*
 * The page size every Linux kernel for this machine uses, or 0 where the
 * kernel's configuration decides (arm64: 4, 16 or 64 KiB; ppc64: 4 or
 * 64 KiB; ...).  The runtime rounds to AT_PAGESZ; a file cannot say more.
 */
uint64_t sealctl_page_size_for(unsigned machine);

/* Fills o->linked, o->load and o->mutable_sec from o's program headers,
 * then the ranges below with the machine's page size.  mut_lo/hi is the
 * sealing_mutable section's address range (hi == lo when absent). */
void sealctl_compute_seal(struct sealctl_object *o, uint64_t mut_lo, uint64_t mut_hi);

/* o->seal, o->nseal, o->has_mutable and o->mutable_pages for this page
 * size (0: unknown; the ranges are then left unrounded). */
void sealctl_seal_ranges(struct sealctl_object *o, uint64_t page);

#endif
