// SPDX-License-Identifier: MIT
// Coexistence with a loader that seals first (glibc's loader series if it
// lands, libsealing-loader.so, a kernel sealing system mappings): a range
// somebody else sealed is success, not failure.  Here a preloaded library
// seals the executable's image (PRESEAL=exe) or every loaded object
// (PRESEAL=all) from its constructor, before the runtime runs; even under
// SEALING_POLICY=2 the program runs to completion and the debug lines say
// "already sealed".
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O2 -shared -fPIC -DPRESEALER %s -o %t/libpreseal.so
// RUN: %cc -O2 %s %probe %rt -o %t/prog
// RUN: %cc -O2 -shared -fPIC -DFN=lib_fn %inputs/lib.c %rt -o %t/libself.so
// RUN: %cc -O2 %s %probe %rtdir/sealing-rt-policy2.o -L%t -Wl,--no-as-needed -lself -Wl,-rpath,%t -o %t/prog-lib
// RUN: env PRESEAL=exe SEALING_POLICY=2 LD_PRELOAD=%t/libpreseal.so %t/prog | FileCheck %s
// RUN: env PRESEAL=exe SEALING_POLICY=2 SEALING_DEBUG=1 LD_PRELOAD=%t/libpreseal.so %t/prog 2>&1 >/dev/null | FileCheck --check-prefix=EXE %s
// EXE: sealing: {{.*}}/prog: policy 2 (executable): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, already sealed; 3 syscalls; ok
// EXE: sealing: {{.*}}/libc.so.6: policy 2 (no note, loaded at start-up, sealed by the executable): sealed {{.*}} mapped from /memfd:sealing-relro; 2 syscalls; ok
// RUN: env PRESEAL=all SEALING_DEBUG=1 LD_PRELOAD=%t/libpreseal.so %t/prog-lib 2>&1 | FileCheck --check-prefix=ALL %s
// ALL-DAG: sealing: {{.*}}/prog-lib: policy 2 (executable): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, already sealed; 3 syscalls; ok
// ALL-DAG: sealing: {{.*}}/libself.so: policy 1 (loaded at start-up, sealed by the executable): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, already sealed; 3 syscalls; ok
// ALL-DAG: sealing: {{.*}}/libc.so.6: policy 2 (no note, loaded at start-up, sealed by the executable): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, already sealed; 3 syscalls; ok
// ALL: main ran
// ALL-NEXT: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK: main ran
// CHECK-NEXT: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
#define _GNU_SOURCE 1
#ifdef PRESEALER
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Seals what a loader that seals before constructors would. */
static int seal_one(struct dl_phdr_info *info, size_t size, void *data)
{
	uintptr_t lo = UINTPTR_MAX, hi = 0;
	int all = *(int *)data;
	(void)size;
	if (!all && (uintptr_t)info->dlpi_phdr != getauxval(AT_PHDR))
		return 0;
	if ((uintptr_t)info->dlpi_phdr - getauxval(AT_SYSINFO_EHDR) < 4096)
		return 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];
		if (p->p_type != PT_LOAD)
			continue;
		uintptr_t s = info->dlpi_addr + p->p_vaddr, e = s + p->p_memsz;
		lo = s < lo ? s : lo;
		hi = e > hi ? e : hi;
	}
	lo &= ~4095UL;
	hi = (hi + 4095) & ~4095UL;
	if (lo < hi && syscall(462, lo, hi - lo, 0))
		abort();
	return 0;
}

__attribute__((constructor)) static void preseal(void)
{
	const char *mode = getenv("PRESEAL");
	int all = mode && !strcmp(mode, "all");
	dl_iterate_phdr(seal_one, &all);
}
#else
#include "sealprobe.h"

#include <stdio.h>

int main(void)
{
	printf("main ran\n");
	fflush(stdout);
	probe_module("exe", (const void *)main);
	probe_ops("text", (const void *)main);
	return 0;
}
#endif
