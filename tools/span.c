/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "span.h"

#include <elf.h>

static uint64_t page_size_for(unsigned machine)
{
	/* The runtime asks the kernel (AT_PAGESZ); x86 has only 4 KiB pages.
	 * Elsewhere 4 KiB is the common kernel configuration, and status
	 * prints the value it assumed. */
	(void)machine;
	return 4096;
}

static int add_overflows(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b;
}

void sealctl_compute_seal(struct sealctl_object *o, const struct elf_info *info,
			  uint64_t mut_lo, uint64_t mut_hi)
{
	uint64_t lo = UINT64_MAX, hi = 0, page = page_size_for(info->machine);

	o->linked = 0;
	o->nseal = 0;
	o->has_mutable = 0;
	o->page_size = page;
	for (size_t i = 0; i < info->phnum; i++) {
		const struct elf_phdr_lite *p = &info->phdr[i];
		if (p->type != PT_LOAD || p->memsz == 0)
			continue;
		if (add_overflows(p->vaddr, p->memsz))
			continue; /* nonsense segment: the loader refuses it */
		if (p->vaddr < lo)
			lo = p->vaddr;
		if (p->vaddr + p->memsz > hi)
			hi = p->vaddr + p->memsz;
	}
	if (lo >= hi)
		return;
	o->linked = 1;
	lo &= ~(page - 1);
	hi = add_overflows(hi, page - 1) ? UINT64_MAX & ~(page - 1)
					  : (hi + page - 1) & ~(page - 1);

	/* Same test as rt_seal_module: only a mutable range inside the span
	 * is cut out. */
	if (mut_hi > mut_lo && mut_lo >= lo && mut_hi <= hi) {
		uint64_t mlo = mut_lo & ~(page - 1);
		uint64_t mhi = (mut_hi + page - 1) & ~(page - 1);
		o->has_mutable = 1;
		o->mutable_pages = (struct sealctl_range){ mlo, mhi };
		if (lo < mlo)
			o->seal[o->nseal++] = (struct sealctl_range){ lo, mlo };
		if (mhi < hi)
			o->seal[o->nseal++] = (struct sealctl_range){ mhi, hi };
		return;
	}
	o->seal[o->nseal++] = (struct sealctl_range){ lo, hi };
}
