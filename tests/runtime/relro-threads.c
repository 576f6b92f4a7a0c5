// SPDX-License-Identifier: MIT
// Threads keep calling through GOTs while RELRO is swapped under them:
// nobody sees a missing or partial RELRO, and every object ends up with
// RELRO that keeps its bytes.  Two swaps are under fire:
//  - the executable's process pass, at start-up: a start-up library's
//    constructor (libspin) starts threads that call through its GOT and
//    libc's until main stops them, so they run while the batch maps every
//    start-up object's RELRO from the sealed memfd (rt-relro.c says why
//    mmap(MAP_FIXED) is atomic for them);
//  - dlopen: the main thread dlopens libraries whose own core swaps their
//    RELRO for an anonymous copy with mremap, while other threads call
//    through libbusy's GOT and the executable's.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O2 -shared -fPIC -DFN=busy_fn %inputs/got-lib.c %rt -Wl,-z,now -o %t/libbusy.so
// RUN: %cc -O2 -shared -fPIC -pthread -DSPIN_LIBRARY %s %rt -Wl,-z,now -o %t/libspin.so
// RUN: sh -c 'for i in 0 1 2 3 4 5 6 7; do %cc -O2 -shared -fPIC -DFN=dl_fn %inputs/got-lib.c %rt -Wl,-z,now -o %t/libdl$i.so || exit 1; done'
// RUN: %cc -O2 -pthread %s %probe %rt -L%t -lbusy -lspin -Wl,-rpath,%t -o %t/prog
// RUN: %t/prog %t | FileCheck %s
// RUN: env SEALING_DEBUG=1 %t/prog %t 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %s
// DEBUG-DAG: sealing: {{.*}}/libspin.so: policy 1 (loaded at start-up, sealed by the executable): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} mapped from /memfd:sealing-relro; 2 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/libbusy.so: policy 1 (loaded at start-up, sealed by the executable): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} mapped from /memfd:sealing-relro; 2 syscalls; ok
// A hole would show only if a thread read the GOT at that very moment:
// start many times over, doing nothing else.
// RUN: sh -c 'i=0; while [ $i -lt 50 ]; do %t/prog --start-up-only || exit 1; i=$((i + 1)); done'
// Again, the batch falling back to the mremap way.
// RUN: %inject memfd_create:EPERM -- %t/prog %t | FileCheck --check-prefix=FALLBACK %s
// CHECK: start-up threads: {{[1-9][0-9]*}} calls through the GOTs, ok
// CHECK-COUNT-8: dl{{[0-7]}}: relro {{[1-9][0-9]*}} pages: DONTNEED=EPERM FREE=EPERM REMOVE=EPERM DONTNEED_LOCKED=EPERM
// CHECK: busy: relro {{[1-9][0-9]*}} pages: DONTNEED=ok FREE=EINVAL REMOVE=EACCES DONTNEED_LOCKED=ok
// CHECK-NEXT: spin: relro {{[1-9][0-9]*}} pages: DONTNEED=ok FREE=EINVAL REMOVE=EACCES DONTNEED_LOCKED=ok
// CHECK-NEXT: threads ok
// FALLBACK: start-up threads: {{[1-9][0-9]*}} calls through the GOTs, ok
// FALLBACK: busy: relro {{[1-9][0-9]*}} pages: DONTNEED=EPERM FREE=EPERM REMOVE=EPERM DONTNEED_LOCKED=EPERM
// FALLBACK-NEXT: spin: relro {{[1-9][0-9]*}} pages: DONTNEED=EPERM FREE=EPERM REMOVE=EPERM DONTNEED_LOCKED=EPERM
// FALLBACK-NEXT: threads ok
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SPIN_LIBRARY
/* Relocated pointers in this library's RELRO, called through. */
static int one(void) { return 1; }
static int two(void) { return 2; }
int (*const spin_table[])(void) = { one, two };

static atomic_int spin_stop, spin_running;
static atomic_long spin_calls;
static pthread_t spin_t[2];

static void *spin_loop(void *arg)
{
	long sum = 0, n = 0;
	(void)arg;
	atomic_fetch_add(&spin_running, 1);
	while (!atomic_load(&spin_stop)) {
		/* abs through this library's GOT into libc; the table from RELRO. */
		sum += abs(-spin_table[n & 1]());
		n++;
	}
	atomic_fetch_add(&spin_calls, n);
	return (void *)(sum == n + n / 2 ? 0 : 1);
}

/* Runs before the executable's constructor, which seals the process. */
__attribute__((constructor)) static void spin_start(void)
{
	for (int i = 0; i < 2; i++)
		if (pthread_create(&spin_t[i], NULL, spin_loop, NULL))
			abort();
	while (atomic_load(&spin_running) < 2)
		; /* both are calling through the GOTs before the batch begins */
}

/* Stops the threads: the calls they made, or -1 if one went wrong. */
long spin_join(void)
{
	int bad = 0;
	atomic_store(&spin_stop, 1);
	for (int i = 0; i < 2; i++) {
		void *ret;
		pthread_join(spin_t[i], &ret);
		bad |= ret != NULL;
	}
	return bad ? -1 : atomic_load(&spin_calls);
}
#else
#include "sealprobe.h"

int busy_fn(int);
long spin_join(void);

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
	long calls = spin_join();
	if (!strcmp(argv[1], "--start-up-only"))
		return calls > 0 ? 0 : 1;
	printf("start-up threads: %ld calls through the GOTs, %s\n", calls, calls > 0 ? "ok" : "FAILED");
	fflush(stdout);
	if (calls <= 0)
		return 6;
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
	probe_relro_attack("spin", "libspin.so");
	printf("threads %s\n", bad ? "failed" : "ok");
	return bad;
}
#endif
