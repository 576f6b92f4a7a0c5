// SPDX-License-Identifier: MIT
// The MADV_DONTNEED hole.  Sealed file-backed RELRO can still be discarded
// and then reverts to its unrelocated bytes: the next call through the GOT
// crashes.  The runtime replaces RELRO before sealing, so calls through
// the GOT keep working after every discarding madvise on every RELRO page:
//  - the process pass (the executable, a library it needs, and libc,
//    which has no note, in one batch) maps it from a sealed memfd: a
//    discard succeeds but drops nothing the memfd does not give back,
//    FREE needs private anonymous memory, REMOVE a writable shared
//    mapping;
//  - a module's own core (the dlopen'd library) makes it anonymous and
//    read-only: every discard fails with EPERM.
// relro-attack-memfd.c has the rest of the attack, and the fallback.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O2 -shared -fPIC -DLIBRARY %s %probe %rt -Wl,-z,now -o %t/libneeded.so
// RUN: %cc -O2 -shared -fPIC -DLIBRARY -DFN=dl_fn %s %probe %rt -Wl,-z,now -o %t/libdl.so
// RUN: %cc -O2 %s %probe %rt -Wl,-z,now -L%t -lneeded -Wl,-rpath,%t -o %t/pie-now
// RUN: %t/pie-now %t/libdl.so | FileCheck --check-prefixes=EXE,NEEDED,LIBC,DL %s
// RUN: %cc -O2 %s %probe %rt -Wl,-z,lazy -L%t -lneeded -Wl,-rpath,%t -o %t/pie-lazy
// RUN: %t/pie-lazy %t/libdl.so | FileCheck --check-prefixes=EXE,NEEDED,LIBC,DL %s
// RUN: %cc -O2 -fno-PIE -no-pie %s %probe %rt -Wl,-z,now -L%t -lneeded -Wl,-rpath,%t -o %t/nopie
// RUN: %t/nopie %t/libdl.so | FileCheck --check-prefixes=EXE,NEEDED,LIBC,DL %s
// RUN: %cc -O2 -static -DSTATIC %s %probe %rt -o %t/static
// RUN: %t/static | FileCheck --check-prefix=EXE %s
// RUN: %cc -O2 -static-pie -DSTATIC %s %probe %rt -o %t/static-pie
// RUN: %t/static-pie | FileCheck --check-prefix=EXE %s
//
// No RELRO, nothing to do: still one syscall.
// RUN: %cc -O2 -DSTATIC %s %probe %rt -Wl,-z,norelro -o %t/norelro
// RUN: %t/norelro | FileCheck --check-prefix=NORELRO %s
// RUN: env SEALING_DEBUG=1 %t/norelro 2>&1 >/dev/null | FileCheck --check-prefix=NORELRODEBUG %s
// NORELRODEBUG: policy 1 ({{[^)]*}}): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}; 1 syscall; ok
// RUN: env SEALING_DEBUG=1 %t/pie-now %t/libdl.so 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %s
// DEBUG: sealing: {{.*}}/pie-now: policy 1 ({{[^)]*}}): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} mapped from /memfd:sealing-relro; 2 syscalls; ok
//
// Before: the same program with the swap turned off (the link object's
// relro=keep variant) accepts the discard and then dies calling through
// its GOT.
// RUN: %cc -O2 -DSTATIC %s %probe %rtdir/sealing-rt-relro-keep.o -Wl,-z,now -o %t/keep
// RUN: %not --crash %t/keep > %t/keep.out
// RUN: FileCheck --check-prefix=KEEP %s < %t/keep.out
// KEEP: exe: relro {{[1-9][0-9]*}} pages: DONTNEED=ok
// KEEP-NOT: alive
//
// EXE: exe: relro {{[1-9][0-9]*}} pages: DONTNEED=ok FREE=EINVAL REMOVE=EACCES DONTNEED_LOCKED=ok
// NEEDED: needed: relro {{[1-9][0-9]*}} pages: DONTNEED=ok FREE=EINVAL REMOVE=EACCES DONTNEED_LOCKED=ok
// LIBC: libc: relro {{[1-9][0-9]*}} pages: DONTNEED=ok FREE=EINVAL REMOVE=EACCES DONTNEED_LOCKED=ok
// DL: dlopened: relro {{[1-9][0-9]*}} pages: DONTNEED=EPERM FREE=EPERM REMOVE=EPERM DONTNEED_LOCKED=EPERM
// EXE: alive: 42
// NEEDED: lib alive: 42
// DL: dl alive: 42
// NORELRO: exe: no relro
// NORELRO: alive: 42
#include "sealprobe.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef FN
#define FN lib_fn
#endif

#ifdef LIBRARY
/* Calls through this library's own GOT. */
int FN(int x)
{
	printf("%s alive: %d\n", x == 1 ? "lib" : "dl", abs(-42));
	return fflush(stdout);
}
#else
#ifndef STATIC
int lib_fn(int);
#endif

int main(int argc, char **argv)
{
	probe_relro_attack("exe", NULL);
#ifndef STATIC
	probe_relro_attack("needed", "libneeded.so");
	/* libc has no note: the executable's process pass swapped its RELRO
	 * in its batch, or the loader module did (loader/relro-attack.c). */
	probe_relro_attack("libc", "libc.so.6");
	void *h = dlopen(argv[1], RTLD_NOW);
	if (!h || argc != 2)
		return 2;
	int (*dl_fn)(int) = (int (*)(int))dlsym(h, "dl_fn");
	probe_relro_attack("dlopened", "libdl.so");
#endif
	/* Calls through the executable's GOT (and PLT), after the attack. */
	printf("alive: %d\n", abs(-42));
	fflush(stdout);
#ifndef STATIC
	lib_fn(1);
	dl_fn(2);
#endif
	return 0;
}
#endif
