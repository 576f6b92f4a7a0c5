/* SPDX-License-Identifier: MIT */
/*
 * Unit test of one mseal per run of images that lie side by side
 * (rt_seal_jobs, runtime/rt-batch.c): which objects share a call, which
 * never do (a gap between them, a hole or a SEALING_MUTABLE range inside
 * one), what each object's result says, what the batch counts, and what
 * happens when the kernel refuses the run's call or has no mseal at all.
 * Linked with the runtime's parts compiled on their own against the
 * recording rt-arch.h beside it; prints one line per mseal and one per
 * object, for FileCheck (unit-runs.test).
 */
#include "rt-batch.h"

#include <stdio.h>
#include <string.h>

#define PG 0x1000UL
#define BIAS 0x7f0000000000UL

static enum { KERNEL_SEALS, KERNEL_REFUSES_LONG, KERNEL_HAS_NO_MSEAL } kernel;

long rt_syscall6(long n, long a, long b, long c, long d, long e, long f)
{
	(void)c, (void)d, (void)e, (void)f;
	if (n != RT_ARCH_SYS_MSEAL) {
		printf("  FAIL: unexpected syscall %ld\n", n);
		return -ENOSYS;
	}
	long ret = kernel == KERNEL_HAS_NO_MSEAL ? -ENOSYS :
		   kernel == KERNEL_REFUSES_LONG && (unsigned long)b > 3 * PG ? -ENOMEM : 0;
	printf("  mseal %#lx-%#lx%s\n", (unsigned long)(a - BIAS), (unsigned long)(a + b - BIAS),
	       ret == -ENOSYS ? " -> ENOSYS" : ret ? " -> ENOMEM" : "");
	return ret;
}

/*
 * The objects, in pages from BIAS, listed as a link map lists them
 * (highest first, as ld.so maps them top-down):
 *   A [0,2) B [2,5) (two segments) C [5,6): side by side, one run;
 *   D [7,9): a page apart from C, alone;
 *   F [10,13) with segments [10,11) and [12,13): a hole, per segment,
 *     and never in a run, though G starts at its end;
 *   G [13,15): alone;
 *   H [15,18) with a SEALING_MUTABLE page at 16: the cut, never in a run.
 */
struct layout {
	const char *name;
	ElfW(Phdr) ph[2];
	size_t phnum;
	unsigned long mut_lo, mut_hi; /* pages */
};
static const struct layout objects[] = {
	{ "H", { { .p_type = PT_LOAD, .p_vaddr = 15 * PG, .p_memsz = 3 * PG } }, 1, 16, 17 },
	{ "G", { { .p_type = PT_LOAD, .p_vaddr = 13 * PG, .p_memsz = 2 * PG } }, 1, 0, 0 },
	{ "F", { { .p_type = PT_LOAD, .p_vaddr = 10 * PG, .p_memsz = PG },
		 { .p_type = PT_LOAD, .p_vaddr = 12 * PG, .p_memsz = PG } }, 2, 0, 0 },
	{ "D", { { .p_type = PT_LOAD, .p_vaddr = 7 * PG, .p_memsz = 2 * PG } }, 1, 0, 0 },
	{ "C", { { .p_type = PT_LOAD, .p_vaddr = 5 * PG, .p_memsz = PG - 0x10 } }, 1, 0, 0 },
	{ "B", { { .p_type = PT_LOAD, .p_vaddr = 2 * PG, .p_memsz = 0x800 },
		 { .p_type = PT_LOAD, .p_vaddr = 3 * PG - 0x100, .p_memsz = 2 * PG + 0x100 } }, 2, 0, 0 },
	{ "A", { { .p_type = PT_LOAD, .p_vaddr = 0, .p_memsz = 2 * PG } }, 1, 0, 0 },
};
#define N (sizeof(objects) / sizeof(objects[0]))

static void run(const char *what)
{
	struct rt_job jobs[N], *seal[N];

	printf("%s:\n", what);
	memset(jobs, 0, sizeof(jobs));
	for (unsigned i = 0; i < N; i++) {
		const struct layout *l = &objects[i];
		rt_object_scan(&jobs[i].o, l->ph, l->phnum, BIAS, 0);
		jobs[i].o.name = l->name;
		if (l->mut_hi)
			jobs[i].mut = (struct rt_range){ BIAS + l->mut_lo * PG, BIAS + l->mut_hi * PG };
		seal[i] = &jobs[i];
	}
	unsigned calls = rt_seal_jobs(seal, N, PG);
	unsigned sum = 0;
	for (unsigned i = 0; i < N; i++) {
		const struct rt_result *r = &jobs[i].r;
		printf("  %s: calls %u, ranges %u, err %ld", objects[i].name, r->calls, r->nsealed,
		       r->err);
		for (unsigned k = 0; k < r->nsealed && k < 4; k++)
			printf(", %#lx-%#lx", (unsigned long)(r->sealed[k].lo - BIAS),
			       (unsigned long)(r->sealed[k].hi - BIAS));
		printf("\n");
		sum += r->calls;
	}
	printf("  batch: %u calls (the objects' lines: %u)\n", calls, sum);
}

int main(void)
{
	kernel = KERNEL_SEALS;
	run("the kernel seals");
	kernel = KERNEL_REFUSES_LONG;
	run("the kernel refuses calls longer than 3 pages");
	kernel = KERNEL_HAS_NO_MSEAL;
	run("no mseal");
	return 0;
}
