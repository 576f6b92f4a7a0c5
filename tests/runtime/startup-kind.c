// SPDX-License-Identifier: MIT
// A library that seals itself tells start-up from dlopen in O(1), with no
// walk of the loaded objects: ld.so runs start-up constructors at the top
// of the initial stack, within RT_STARTUP_DEPTH bytes below argv, and
// dlopen runs them deeper or on another thread's stack (rt-startup.c).
//
// 1. The margins on this C library and architecture: where a constructor
//    finds itself at start-up, preloaded, dlopen'd from main, from a
//    start-up constructor and from a thread.  Start-up must sit well
//    within the depth (half of it), every dlopen well outside (twice).
// RUN: rm -rf %t && mkdir -p %t
// RUN: grep -o 'define RT_STARTUP_DEPTH [0-9]*' %S/../../runtime/rt.h | cut -d' ' -f3 > %t/depth
// RUN: sh -c 'for i in 1 2 3 4 5; do %cc -O2 -shared -fPIC -DPROBE=$i %s -o %t/libprobe$i.so || exit 1; done'
// RUN: %cc -O2 -shared -fPIC -DCTOR_DLOPENS %s -ldl -o %t/libopener.so
// RUN: %cc -O2 -DMARGINS %s -L%t -Wl,--no-as-needed -lprobe1 -lopener -Wl,-rpath,%t -ldl -pthread -o %t/margins
// RUN: sh -c 'env PROBE3="$0/libprobe3.so" LD_PRELOAD="$0/libprobe2.so" "$0/margins" "$0" "$(cat "$0/depth")"' %t | FileCheck --check-prefix=MARGINS %s
// MARGINS: start-up: within
// MARGINS: preloaded: within
// MARGINS: from a start-up constructor: outside
// MARGINS: from main: outside
// MARGINS: from a thread: outside
// MARGINS: margins ok
//
// 2. Libraries with only the core (as the plugins give them), under an
//    executable without any runtime, then under one with only the core:
//    the first start-up library to run knows it without a walk, then
//    walks the map once to seal the other seven with it in one batch
//    (rt-startup-batch.c); the dlopen'd one pins itself.  dl_iterate_phdr
//    is counted by interposing it (the runtime finds it through the
//    global scope, where a preloaded library comes first).  Their lines
//    leave the addresses out: sealctl ps shows them.
// RUN: sh -c 'for i in 1 2 3 4 5 6 7 8; do %cc -O2 -shared -fPIC -DLIB=$i %s %rtdir/sealing-rt-core.o -o %t/libwalk$i.so || exit 1; done'
// RUN: %cc -O2 -shared -fPIC -DLIB=9 %s %rtdir/sealing-rt-core.o -o %t/liblate.so
// RUN: %cc -O2 -shared -fPIC -DCOUNTER %s -ldl -o %t/libcount.so
// RUN: %cc -O2 -DMAIN %s %probe -L%t -Wl,--no-as-needed -lwalk1 -lwalk2 -lwalk3 -lwalk4 -lwalk5 -lwalk6 -lwalk7 -lwalk8 -Wl,-rpath,%t -ldl -o %t/plain
// RUN: %cc -O2 -DMAIN %s %probe %rtdir/sealing-rt-core.o -L%t -Wl,--no-as-needed -lwalk1 -lwalk2 -lwalk3 -lwalk4 -lwalk5 -lwalk6 -lwalk7 -lwalk8 -Wl,-rpath,%t -ldl -o %t/core
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/libcount.so %t/plain %t/liblate.so > %t/plain.out 2>&1
// RUN: FileCheck --check-prefixes=LIBS,PLAIN %s < %t/plain.out
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/libcount.so %t/core %t/liblate.so > %t/core.out 2>&1
// RUN: FileCheck --check-prefixes=LIBS,CORE %s < %t/core.out
// LIBS-COUNT-7: sealing: {{.*}}/libwalk{{[1-8]}}.so: policy 1 (loaded at start-up, sealed in the first library's batch): sealed, relro mapped from /memfd:sealing-relro; 2 syscalls; ok
// LIBS: sealing: {{.*}}/libwalk{{[1-8]}}.so: policy 1 (loaded at start-up): sealed, relro mapped from /memfd:sealing-relro; 2 syscalls; ok
// CORE: sealing: {{.*}}/core: policy 1 (executable, without the process pass: module scope): sealed, relro made anonymous; 4 syscalls; ok
// LIBS: sealing: {{.*}}/liblate.so: policy 1 (dlopen'd, pinned): sealed, relro made anonymous; 4 syscalls; ok
// LIBS: late: 9
// LIBS-NEXT: liblate: sealed
// LIBS-NEXT: liblate: still loaded after dlclose
// Besides the batch's walk, the late library, deep in the stack with no
// executable's constructor to say start-up is over, places itself by one
// walk of the map; under the executable with the core its state byte
// says so first.
// PLAIN: dl_iterate_phdr calls: 2
// CORE: dl_iterate_phdr calls: 1
// Without SEALING_DEBUG the late library does not walk: deep in the stack
// it takes itself for dlopen'd, as it is, without asking the map.  A
// start-up library taken so would only be pinned for nothing (part 3
// shows one).  Pinned it is: still loaded after dlclose.
// RUN: env LD_PRELOAD=%t/libcount.so %t/plain %t/liblate.so > %t/plain-quiet.out 2>&1
// RUN: FileCheck --check-prefix=QUIET %s < %t/plain-quiet.out
// QUIET-NOT: sealing:
// QUIET: late: 9
// QUIET-NEXT: liblate: sealed
// QUIET-NEXT: liblate: still loaded after dlclose
// QUIET-NEXT: dl_iterate_phdr calls: 1
// Under policy 2 it walks again: a pin that failed would end the process.
// RUN: env SEALING_POLICY=2 LD_PRELOAD=%t/libcount.so %t/plain %t/liblate.so > %t/plain-enforce.out 2>&1
// RUN: FileCheck --check-prefix=ENFORCE %s < %t/plain-enforce.out
// ENFORCE: late: 9
// ENFORCE-NEXT: liblate: sealed
// ENFORCE-NEXT: liblate: still loaded after dlclose
// ENFORCE-NEXT: dl_iterate_phdr calls: 2
//
// 3. Deep in the stack, yet loaded at start-up: libopener's constructor
//    dlopens libtarget, which needs libnested; ld.so, initialising
//    libopener first (it comes later in DT_NEEDED), runs libnested's
//    constructor inside that dlopen.  libnested says dlopen=skip, so taken
//    for dlopen'd it would stay open; it is a start-up library (its place
//    in the link map says so) and seals itself.  With LD_DEBUG's order.
// RUN: %cc -O2 -shared -fPIC -DNESTED %s %rtdir/sealing-rt-dlopen-skip.o -o %t/libnested.so
// RUN: %cc -O2 -shared -fPIC -DTARGET %s -L%t -lnested -o %t/libtarget.so
// RUN: %cc -O2 -DNESTED_MAIN %s %probe -L%t -Wl,--no-as-needed -lnested -lopener -Wl,-rpath,%t -ldl -o %t/nested
// RUN: env SEALING_DEBUG=1 LD_DEBUG=files PROBE3=%t/libtarget.so %t/nested > %t/nested.out 2>&1
// RUN: FileCheck --check-prefix=NESTED %s < %t/nested.out
// NESTED: calling init: {{.*}}/libopener.so
// NESTED: libtarget.so [0];  dynamically loaded by {{.*}}/libopener.so
// NESTED: calling init: {{.*}}/libnested.so
// NESTED: sealing: {{.*}}/libnested.so: policy 1 (loaded at start-up): sealed, relro made anonymous; 4 syscalls; ok
// NESTED: calling init: {{.*}}/libtarget.so
// NESTED: libnested: sealed
// NESTED: libnested: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// Quiet, libnested still walks: under dlopen=skip the answer decides.
// RUN: env PROBE3=%t/libtarget.so %t/nested | FileCheck --check-prefix=NESTED-QUIET %s
// NESTED-QUIET: libnested: sealed
// NESTED-QUIET: libnested: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// The same with the core alone (no dlopen=skip), quiet: taken for
// dlopen'd without a walk, it is pinned for nothing and sealed all the
// same.
// RUN: mkdir -p %t/core-nested
// RUN: %cc -O2 -shared -fPIC -DNESTED %s %rtdir/sealing-rt-core.o -o %t/core-nested/libnested.so
// RUN: %cc -O2 -shared -fPIC -DTARGET %s -L%t/core-nested -lnested -o %t/core-nested/libtarget.so
// RUN: %cc -O2 -DNESTED_MAIN %s %probe -L%t/core-nested -L%t -Wl,--no-as-needed -lnested -lopener -Wl,-rpath,%t/core-nested -Wl,-rpath,%t -ldl -o %t/core-nested/nested
// RUN: env PROBE3=%t/core-nested/libtarget.so %t/core-nested/nested | FileCheck --check-prefix=NESTED-QUIET %s
#if defined(COUNTER)
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>

static int calls;

int dl_iterate_phdr(int (*cb)(struct dl_phdr_info *, size_t, void *), void *arg)
{
	int (*real)(int (*)(struct dl_phdr_info *, size_t, void *), void *) =
		(int (*)(int (*)(struct dl_phdr_info *, size_t, void *), void *))dlsym(RTLD_NEXT, "dl_iterate_phdr");
	calls++;
	return real ? real(cb, arg) : -1;
}

__attribute__((destructor)) static void report(void)
{
	fprintf(stderr, "dl_iterate_phdr calls: %d\n", calls);
}
#elif defined(PROBE)
/* Where its constructor runs, as the runtime's own constructor measures
 * it: its frame's distance below the argv it is given. */
#include <stdint.h>
#define NAME2(a, b) a##b
#define NAME(a, b) NAME2(a, b)
static long distance;
__attribute__((constructor)) static void probe(int argc, char **argv, char **envp)
{
	(void)argc, (void)envp;
	distance = (long)((uintptr_t)argv - (uintptr_t)__builtin_frame_address(0));
}
long NAME(probe_distance, PROBE)(void)
{
	return distance;
}
#elif defined(CTOR_DLOPENS)
/* A start-up constructor that dlopens: the library it loads starts deeper. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
__attribute__((constructor)) static void opener(void)
{
	const char *lib = getenv("PROBE3");
	if (lib && !dlopen(lib, RTLD_NOW))
		fprintf(stderr, "opener: %s\n", dlerror());
}
#elif defined(MARGINS)
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long depth;
static int bad;

/* A probe library's distance, loading it first if asked. */
static long distance_of(const char *dir, int n, int load)
{
	char path[4096], fn[32];
	snprintf(path, sizeof(path), "%s/libprobe%d.so", dir, n);
	snprintf(fn, sizeof(fn), "probe_distance%d", n);
	void *h = dlopen(path, RTLD_NOW | (load ? 0 : RTLD_NOLOAD));
	long (*get)(void) = h ? (long (*)(void))dlsym(h, fn) : 0;
	if (!get) {
		printf("probe %d: %s\n", n, dlerror());
		exit(1);
	}
	return get();
}

static void judge(const char *what, long d, int startup)
{
	int within = d >= 0 && d < depth;
	printf("%s: %s\n", what, within ? "within" : "outside");
	/* The margins: half the depth at start-up, twice it for a dlopen. */
	if (startup ? !(d >= 0 && d < depth / 2) : (d >= 0 && d < 2 * depth)) {
		printf("margin too small: %s at %ld bytes below argv, depth %ld\n", what, d, depth);
		bad = 1;
	}
}

static const char *dir;

static void *from_thread(void *arg)
{
	(void)arg;
	return (void *)distance_of(dir, 5, 1);
}

int main(int argc, char **argv)
{
	pthread_t t;
	void *ret;

	if (argc < 3)
		return 2;
	dir = argv[1];
	depth = atol(argv[2]);
	/* libprobe1: DT_NEEDED; 2: LD_PRELOAD; 3: dlopen'd by libopener's
	 * constructor at start-up; 4: by main; 5: by a thread. */
	judge("start-up", distance_of(dir, 1, 0), 1);
	judge("preloaded", distance_of(dir, 2, 0), 1);
	judge("from a start-up constructor", distance_of(dir, 3, 0), 0);
	judge("from main", distance_of(dir, 4, 1), 0);
	pthread_create(&t, 0, from_thread, 0);
	pthread_join(t, &ret);
	judge("from a thread", (long)ret, 0);
	printf(bad ? "margins too small\n" : "margins ok\n");
	return bad;
}
#elif defined(NESTED)
int nested_fn(void)
{
	return 10;
}
#elif defined(TARGET)
int nested_fn(void);
int target_fn(void)
{
	return nested_fn() + 1;
}
#elif defined(NESTED_MAIN)
#include "sealprobe.h"
int nested_fn(void);
int main(void)
{
	probe_mapping("libnested", (const void *)nested_fn);
	probe_ops("libnested", (const void *)nested_fn);
	return nested_fn() == 10 ? 0 : 1;
}
#elif defined(LIB)
#define NAME2(a, b) a##b
#define NAME(a, b) NAME2(a, b)
int NAME(walk_fn, LIB)(void)
{
	return LIB;
}
#else
#include <dlfcn.h>
#include <stdio.h>

#include "sealprobe.h"

int walk_fn1(void), walk_fn2(void), walk_fn3(void), walk_fn4(void);
int walk_fn5(void), walk_fn6(void), walk_fn7(void), walk_fn8(void);

int main(int argc, char **argv)
{
	int s = walk_fn1() + walk_fn2() + walk_fn3() + walk_fn4() + walk_fn5() +
		walk_fn6() + walk_fn7() + walk_fn8();
	void *h = argc > 1 ? dlopen(argv[1], RTLD_NOW) : 0;
	int (*late)(void) = h ? (int (*)(void))dlsym(h, "walk_fn9") : 0;
	if (!late) {
		fprintf(stderr, "cannot load the late library: %s\n", dlerror());
		return 1;
	}
	fprintf(stderr, "late: %d\n", late());
	/* Unbuffered: in line with the runtime's lines on stderr. */
	setvbuf(stdout, 0, _IONBF, 0);
	probe_mapping("liblate", (const void *)late);
	dlclose(h);
	/* Pinned (RTLD_NODELETE), it stays loaded; unpinned, dlclose would
	 * unload it (its sealed pages would stay, unmapped by nobody). */
	printf("liblate: %s after dlclose\n",
	       dlopen(argv[1], RTLD_NOW | RTLD_NOLOAD) ? "still loaded" : "unloaded");
	return s == 36 ? 0 : 1;
}
#endif
