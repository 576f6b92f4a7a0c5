// SPDX-License-Identifier: MIT
// Threads dlopen and dlclose instrumented libraries concurrently while
// others call into already sealed code: every library ends up sealed,
// pinned once, and nothing crashes.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -shared -fPIC -DFN=lib_fn %inputs/lib.c %rt -o %t/liba.so
// RUN: %cc -shared -fPIC -DFN=lib_fn %inputs/lib.c %rt -o %t/libb.so
// RUN: %cc -shared -fPIC -DFN=lib_fn %inputs/lib.c %rt -o %t/libc2.so
// RUN: %cc -shared -fPIC -DFN=lib_fn %inputs/lib.c %rt -o %t/libd.so
// RUN: %cc -O2 -pthread %s %probe %rt -o %t/threads
// RUN: %t/threads %t/liba.so %t/libb.so %t/libc2.so %t/libd.so | FileCheck %s
// CHECK: calls 400
// CHECK-NEXT: liba.so: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: libb.so: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: libc2.so: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: libd.so: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: liba.so: 1 copies
// CHECK-NEXT: libb.so: 1 copies
// CHECK-NEXT: libc2.so: 1 copies
// CHECK-NEXT: libd.so: 1 copies
#include "sealprobe.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

static atomic_int calls;

static void *worker(void *path)
{
	for (int i = 0; i < 50; i++) {
		void *h = dlopen(path, RTLD_NOW);
		if (!h) {
			fprintf(stderr, "dlopen: %s\n", dlerror());
			return path;
		}
		int (*fn)(void) = (int (*)(void))dlsym(h, "lib_fn");
		atomic_fetch_add(&calls, fn());
		dlclose(h);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t[8];
	if (argc != 5)
		return 2;
	for (int i = 0; i < 8; i++)
		pthread_create(&t[i], NULL, worker, argv[1 + i % 4]);
	for (int i = 0; i < 8; i++) {
		void *ret;
		pthread_join(t[i], &ret);
		if (ret)
			return 1;
	}
	printf("calls %d\n", atomic_load(&calls));
	static const char *names[] = { "liba.so", "libb.so", "libc2.so", "libd.so" };
	for (int i = 0; i < 4; i++)
		probe_module_named(names[i], names[i]);
	for (int i = 0; i < 4; i++)
		probe_copies(names[i], names[i]);
	return 0;
}
