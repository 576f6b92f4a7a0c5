// SPDX-License-Identifier: MIT
// dlopen/dlclose from many threads at once, while others allocate: the
// workload under which a loader that calls into ld.so from inside a
// dl_iterate_phdr callback deadlocks (it takes glibc's dl_load_write_lock
// and dl_load_lock in the opposite order to dlopen).
//
//   dlopen-storm THREADS ROUNDS LIB...
//
// Each of THREADS threads dlopens and dlcloses every LIB, ROUNDS times,
// calling a function in each; two more threads malloc and free until the
// others are done.  Then, for each LIB, what the kernel says of it (built
// with sealprobe.c): how many copies are mapped, and how many of its
// mappings are sealed.  Exits 1 on any failure.  A hang is the failure
// this is for: run it under timeout(1).
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sealprobe.h"

static int nlibs, rounds;
static char **libs;
static volatile int stop;
static volatile int failed;

static void *churn(void *arg)
{
	unsigned seed = (unsigned)(size_t)arg;
	for (int r = 0; r < rounds && !failed; r++) {
		for (int i = 0; i < nlibs; i++) {
			/* Each thread its own order, so they meet at different points. */
			const char *path = libs[(i + seed) % nlibs];
			void *h = dlopen(path, RTLD_NOW | (r & 1 ? RTLD_GLOBAL : RTLD_LOCAL));
			int (*fn)(void) = h ? (int (*)(void))dlsym(h, "lib_fn") : 0;
			if (!fn || fn() < 1) {
				fprintf(stderr, "storm: %s: %s\n", path, h ? "no lib_fn" : dlerror());
				failed = 1;
				return 0;
			}
			dlclose(h);
		}
	}
	return 0;
}

static void *allocate(void *arg)
{
	(void)arg;
	while (!stop) {
		void *p[64];
		for (int i = 0; i < 64; i++)
			p[i] = malloc(16 + (size_t)i * 97);
		for (int i = 0; i < 64; i++)
			free(p[i]);
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: dlopen-storm THREADS ROUNDS LIB...\n");
		return 2;
	}
	int nthreads = atoi(argv[1]);
	rounds = atoi(argv[2]);
	libs = argv + 3;
	nlibs = argc - 3;
	pthread_t t[64], a[2];
	if (nthreads < 1 || nthreads > 64)
		return 2;
	for (int i = 0; i < 2; i++)
		pthread_create(&a[i], 0, allocate, 0);
	for (int i = 0; i < nthreads; i++)
		pthread_create(&t[i], 0, churn, (void *)(size_t)i);
	for (int i = 0; i < nthreads; i++)
		pthread_join(t[i], 0);
	stop = 1;
	for (int i = 0; i < 2; i++)
		pthread_join(a[i], 0);
	if (failed)
		return 1;
	for (int i = 0; i < nlibs; i++) {
		const char *base = strrchr(libs[i], '/') ? strrchr(libs[i], '/') + 1 : libs[i];
		probe_copies(base, base);
		probe_module_named(base, base);
	}
	puts("storm: done");
	return 0;
}
