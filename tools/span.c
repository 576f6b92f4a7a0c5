/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "span.h"

#include <elf.h>

uint64_t sealctl_page_size_for(unsigned machine)
{
	switch (machine) {
	case EM_386:
	case EM_X86_64: /* x86 has 4 KiB base pages only */
	case EM_ARM:    /* 32-bit Arm Linux: 4 KiB only */
	case EM_S390:   /* 4 KiB only */
	case EM_RISCV:  /* Linux on RISC-V: 4 KiB only */
		return 4096;
	case EM_SPARCV9: /* sparc64 Linux: 8 KiB */
		return 8192;
	}
	return 0;
}

static int add_overflows(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b;
}

static uint64_t round_up(uint64_t v, uint64_t page)
{
	return add_overflows(v, page - 1) ? UINT64_MAX & ~(page - 1)
					   : (v + page - 1) & ~(page - 1);
}

void sealctl_seal_ranges(struct sealctl_object *o, uint64_t page)
{
	uint64_t p = page ? page : 1; /* unknown: leave the addresses as they are */
	uint64_t lo = o->load.lo & ~(p - 1), hi = round_up(o->load.hi, p);
	uint64_t mut_lo = o->mutable_sec.lo, mut_hi = o->mutable_sec.hi;

	o->page_size = page;
	o->nseal = 0;
	o->has_mutable = 0;
	if (!o->linked)
		return;
	/* Same test as rt_seal_module: only a mutable range inside the span
	 * is cut out. */
	if (mut_hi > mut_lo && mut_lo >= lo && mut_hi <= hi) {
		uint64_t mlo = mut_lo & ~(p - 1), mhi = round_up(mut_hi, p);
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

void sealctl_compute_seal(struct sealctl_object *o, uint64_t mut_lo, uint64_t mut_hi)
{
	uint64_t lo = UINT64_MAX, hi = 0;

	for (size_t i = 0; i < o->phnum; i++) {
		const struct sealctl_segment *p = &o->phdr[i];
		if (p->type != PT_LOAD || p->memsz == 0)
			continue;
		if (add_overflows(p->vaddr, p->memsz))
			continue; /* nonsense segment: the loader refuses it */
		if (p->vaddr < lo)
			lo = p->vaddr;
		if (p->vaddr + p->memsz > hi)
			hi = p->vaddr + p->memsz;
	}
	o->linked = lo < hi;
	o->load = (struct sealctl_range){ lo, hi };
	o->mutable_sec = (struct sealctl_range){ mut_lo, mut_hi };
	sealctl_seal_ranges(o, sealctl_page_size_for(o->e_machine));
}
