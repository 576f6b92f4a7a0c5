/* SPDX-License-Identifier: MIT */
/*
 * Unit test of the runtime's page arithmetic, on 4K, 16K and 64K pages:
 * the span sealed for an object, segment by segment when its headers
 * leave a gap, the fallback per segment when the span has a hole, the
 * SEALING_MUTABLE hole, and the RELRO range made anonymous.  Linked with
 * the runtime's parts compiled on their own (-DSEALING_RT_SEPARATE)
 * against the recording rt-arch.h beside it; prints one line per syscall,
 * for FileCheck (unit-pages.test).
 */
#include "rt.h"

#include <stdio.h>
#include <string.h>

static int hole_fails; /* answer ENOMEM to a span that covers the hole */
static uintptr_t hole_lo, hole_hi;

long rt_syscall6(long n, long a, long b, long c, long d, long e, long f)
{
	(void)d, (void)e, (void)f;
	if (n == RT_ARCH_SYS_MSEAL) {
		uintptr_t lo = (uintptr_t)a, hi = lo + (uintptr_t)b;
		int hole = hole_fails && lo < hole_hi && hi > hole_lo;
		printf("  mseal %#lx-%#lx%s\n", (unsigned long)lo, (unsigned long)hi,
		       hole ? " -> ENOMEM" : "");
		return hole ? -ENOMEM : 0;
	}
	printf("  syscall %ld(%#lx, %#lx, %#lx)\n", n, (unsigned long)a,
	       (unsigned long)b, (unsigned long)c);
	return 0;
}

/* A process whose auxiliary vector has only AT_PAGESZ. */
static void process(struct rt_process *p, unsigned long page, char **argv)
{
	static ElfW(auxv_t) auxv[2];
	auxv[0].a_type = AT_PAGESZ;
	auxv[0].a_un.a_val = page;
	auxv[1].a_type = AT_NULL;
	/* argv[0], NULL, (no environment) NULL, then the vector. */
	memcpy(&argv[3], auxv, sizeof(auxv));
	rt_process_init(p, 1, argv, argv + 2);
}

/* An object at bias 0x7f0000000000 with text, RELRO+data, and a gap. */
static const ElfW(Phdr) phdrs[] = {
	{ .p_type = PT_LOAD, .p_vaddr = 0x0, .p_memsz = 0x1234 },
	{ .p_type = PT_LOAD, .p_vaddr = 0x21000, .p_memsz = 0x3456 },
	{ .p_type = PT_GNU_RELRO, .p_vaddr = 0x21000, .p_memsz = 0x2a10 },
};
/* One without a gap at any page size, as x86_64's GNU ld lays them out. */
static const ElfW(Phdr) dense[] = {
	{ .p_type = PT_LOAD, .p_vaddr = 0x0, .p_memsz = 0x1234 },
	{ .p_type = PT_LOAD, .p_vaddr = 0x1e10, .p_memsz = 0x3456 },
};
#define BIAS 0x7f0000000000UL

static void run(unsigned long page)
{
	char *argv[3 + 2 * sizeof(ElfW(auxv_t)) / sizeof(char *) + 1] = { "prog", 0, 0 };
	struct rt_process p;
	struct rt_object o;
	struct rt_range relro, none = { 0, 0 };
	struct rt_result r;

	process(&p, page, argv);
	printf("page %#lx: rt_page_size %#lx\n", page, (unsigned long)rt_page_size(&p));
	page = rt_page_size(&p);
	rt_object_scan(&o, phdrs, 3, BIAS, 0);

	/* The gap may hold other mappings: never in a call (rt-seal.c). */
	printf(" span with a gap\n");
	memset(&r, 0, sizeof(r));
	rt_seal_image(&o, page, none, &r);

	/* No gap in the headers: one call, unless a page of it is unmapped. */
	struct rt_object d;
	rt_object_scan(&d, dense, 2, BIAS, 0);
	printf(" span\n");
	memset(&r, 0, sizeof(r));
	rt_seal_image(&d, page, none, &r);
	printf(" span with a hole\n");
	hole_fails = 1;
	hole_lo = BIAS + ((0x1e10 + 0x3456 - 1) & ~(page - 1));
	hole_hi = hole_lo + page;
	memset(&r, 0, sizeof(r));
	rt_seal_image(&d, page, none, &r);
	hole_fails = 0;

	printf(" mutable %#lx-%#lx\n", BIAS + 0x22100, BIAS + 0x22200);
	memset(&r, 0, sizeof(r));
	rt_seal_image(&o, page, (struct rt_range){ BIAS + 0x22100, BIAS + 0x22200 }, &r);
	printf("  mutable range %#lx-%#lx\n", (unsigned long)r.mutable_range.lo,
	       (unsigned long)r.mutable_range.hi);

	if (rt_relro_range(&o, page, &relro))
		printf(" relro %#lx-%#lx\n", (unsigned long)relro.lo, (unsigned long)relro.hi);
	else
		printf(" relro: less than a page, left alone\n");
}

int main(void)
{
	run(4096);
	run(16384);
	run(65536);
	run(3000); /* not a power of two: the safe default */
	return 0;
}
