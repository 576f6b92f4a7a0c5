// SPDX-License-Identifier: MIT
// Threads keep calling through GOTs while the main thread dlopens
// libraries whose RELRO gets swapped for an anonymous copy: nobody sees a
// missing or partial RELRO, and every library ends up with RELRO that
// refuses to be discarded.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O2 -shared -fPIC -DFN=busy_fn %inputs/got-lib.c %rt -Wl,-z,now -o %t/libbusy.so
// RUN: sh -c 'for i in 0 1 2 3 4 5 6 7; do %cc -O2 -shared -fPIC -DFN=dl_fn %inputs/got-lib.c %rt -Wl,-z,now -o %t/libdl$i.so || exit 1; done'
// RUN: %cc -O2 -pthread %s %probe %rt -L%t -lbusy -Wl,-rpath,%t -o %t/prog
// RUN: %t/prog %t | FileCheck %s
// CHECK-COUNT-8: dl{{[0-7]}}: relro {{[1-9][0-9]*}} pages: DONTNEED=EPERM FREE=EPERM REMOVE=EPERM DONTNEED_LOCKED=EPERM
// CHECK: busy: relro {{[1-9][0-9]*}} pages: DONTNEED=EPERM FREE=EPERM REMOVE=EPERM DONTNEED_LOCKED=EPERM
// CHECK-NEXT: threads ok
#include "sealprobe.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

int busy_fn(int);

static atomic_int stop, running;

static void *spin(void *arg)
{
	long sum = 0;
	(void)arg;
	sum += busy_fn(1);
	atomic_fetch_add(&running, 1);
	while (!atomic_load(&stop))
		sum += busy_fn(1); /* through libbusy's GOT, and ours */
	return (void *)(sum > 0 ? 0 : 1);
}

int main(int argc, char **argv)
{
	pthread_t t[4];
	char path[4096], label[16], name[16];
	if (argc != 2)
		return 2;
	for (int i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, spin, NULL);
	while (atomic_load(&running) < 4)
		; /* every thread is inside the GOT before the first dlopen */
	for (int i = 0; i < 8; i++) {
		snprintf(path, sizeof(path), "%s/libdl%d.so", argv[1], i);
		void *h = dlopen(path, RTLD_NOW);
		if (!h)
			return 3;
		int (*fn)(int) = (int (*)(int))dlsym(h, "dl_fn");
		if (fn(2) != 2)
			return 4;
		snprintf(label, sizeof(label), "dl%d", i);
		snprintf(name, sizeof(name), "libdl%d.so", i);
		probe_relro_attack(label, name);
		if (fn(2) != 2)
			return 5;
	}
	atomic_store(&stop, 1);
	int bad = 0;
	for (int i = 0; i < 4; i++) {
		void *ret;
		pthread_join(t[i], &ret);
		bad |= ret != NULL;
	}
	probe_relro_attack("busy", "libbusy.so");
	printf("threads %s\n", bad ? "failed" : "ok");
	return bad;
}
