/* SPDX-License-Identifier: MIT */
/*
 * loader-bound: the least a loader-side implementation (glibc's series)
 * must spend per object: one mseal over the object's whole map, whose
 * bounds the loader already holds in its link_map.  We load N
 * uninstrumented libraries (NODELETE, as a sealing loader would), take
 * their spans, then time exactly one bare mseal per object.
 *
 *   usage: loader-bound LIBRARY...
 *   prints: objects ns_per_mseal failures   (TAB-separated)
 */
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef SYS_mseal
#define SYS_mseal 462
#endif
#define MAX_OBJ 4096

struct span {
	uintptr_t lo, hi;
};

static struct span spans[MAX_OBJ];
static int nspans;
static char **wanted;
static int nwanted;

static int collect(struct dl_phdr_info *info, size_t size, void *data)
{
	uintptr_t lo = UINTPTR_MAX, hi = 0;
	(void)size;
	(void)data;
	int ours = 0;
	for (int k = 0; k < nwanted; k++)
		if (info->dlpi_name && !strcmp(info->dlpi_name, wanted[k]))
			ours = 1;
	if (!ours || nspans == MAX_OBJ)
		return 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];
		if (p->p_type != PT_LOAD)
			continue;
		uintptr_t a = info->dlpi_addr + p->p_vaddr;
		lo = a < lo ? a : lo;
		hi = a + p->p_memsz > hi ? a + p->p_memsz : hi;
	}
	spans[nspans].lo = lo & ~(uintptr_t)4095;
	spans[nspans].hi = (hi + 4095) & ~(uintptr_t)4095;
	nspans++;
	return 0;
}

/* Kept out of line so callgrind can count it on its own. */
__attribute__((noinline)) long bench_loader_seal_one(const struct span *s)
{
	return syscall(SYS_mseal, s->lo, s->hi - s->lo, 0);
}

int main(int argc, char **argv)
{
	wanted = argv + 1;
	nwanted = argc - 1;
	for (int i = 1; i < argc; i++)
		if (!dlopen(argv[i], RTLD_NOW | RTLD_NODELETE)) {
			fprintf(stderr, "loader-bound: %s\n", dlerror());
			return 1;
		}
	dl_iterate_phdr(collect, 0);
	int failures = 0;
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int i = 0; i < nspans; i++)
		failures += bench_loader_seal_one(&spans[i]) != 0;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double ns = (double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec);
	printf("%d\t%.0f\t%d\n", nspans, nspans ? ns / nspans : 0.0, failures);
	return 0;
}
