/* SPDX-License-Identifier: MIT */
/*
 * The naive alternative the runtime is compared with: a constructor that
 * finds its own module by walking every loaded object with
 * dl_iterate_phdr, then seals its span with one mseal.  Each load walks
 * all modules loaded before it, so n modules cost O(n^2) in total; the
 * real runtime finds itself through __ehdr_start in O(1).
 *
 * Linked into each module of the "naive" start-up variant.  Every name is
 * static, so each module gets its own copy, as with the real runtime.
 */
#define _GNU_SOURCE 1
#include <link.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_mseal
#define SYS_mseal 462
#endif

struct span {
	uintptr_t self, lo, hi;
};

static int bench_naive_find(struct dl_phdr_info *info, size_t size, void *data)
{
	struct span *s = data;
	uintptr_t lo = UINTPTR_MAX, hi = 0;
	int mine = 0;
	(void)size;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];
		if (p->p_type != PT_LOAD)
			continue;
		uintptr_t a = info->dlpi_addr + p->p_vaddr;
		if (a < lo)
			lo = a;
		if (a + p->p_memsz > hi)
			hi = a + p->p_memsz;
		if (s->self - a < p->p_memsz)
			mine = 1;
	}
	if (!mine)
		return 0;
	s->lo = lo & ~(uintptr_t)4095;
	s->hi = (hi + 4095) & ~(uintptr_t)4095;
	return 1;
}

__attribute__((constructor)) static void bench_naive_seal_self(void)
{
	struct span s = { (uintptr_t)&bench_naive_find, 0, 0 };
	if (dl_iterate_phdr(bench_naive_find, &s))
		syscall(SYS_mseal, s.lo, s.hi - s.lo, 0);
}
