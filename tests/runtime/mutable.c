// SPDX-License-Identifier: MIT
// SEALING_MUTABLE data is kept out of the seal: the program can still
// mprotect it, while the rest of the image, writable data included, is
// sealed.  The debug line names the range left open.
//
// RUN: %cc -O2 -I%include %s %probe %rt -o %t && %t | FileCheck %s
// RUN: %cc -O2 -static -I%include %s %probe %rt -o %t.static && %t.static | FileCheck %s
// RUN: %cc -O2 -shared -fPIC -I%include -DLIBRARY %s %rt -o %t.so
// RUN: %cc -O2 -I%include -DUSE_LIBRARY %s %probe %rt %t.so -o %t.uselib && %t.uselib | FileCheck --check-prefix=LIB %s
// A library and a program with no runtime of their own, which
// <sealing.h>'s note alone describes (type 3): the executable's process
// pass seals the library around its mutable data, and so does the loader
// module, the program too.
// RUN: %cc -O2 -shared -fPIC -I%include -DLIBRARY %s -o %t.bare.so
// RUN: %cc -O2 -I%include -DUSE_LIBRARY %s %probe %rt %t.bare.so -o %t.usebare && %t.usebare | FileCheck --check-prefixes=CHECK,LIB %s
// RUN: %cc -O2 -I%include -DUSE_LIBRARY %s %probe %t.bare.so -o %t.bare
// RUN: env LD_PRELOAD=%loader %t.bare | FileCheck --check-prefixes=CHECK,LIB %s
// RUN: env SEALING_DEBUG=1 %t 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %s
// DEBUG: sealing: {{.*}}: policy 1 ({{[^)]*}}): sealed 0x{{[0-9a-f]+}}-0x[[LO:[0-9a-f]+]] 0x[[HI:[0-9a-f]+]]-0x{{[0-9a-f]+}}, relro {{.*}} mapped from /memfd:sealing-relro, mutable 0x[[LO]]-0x[[HI]] left open; 3 syscalls; ok
#include <sealing.h>

#include <stdio.h>
#include <sys/mman.h>

#ifdef LIBRARY
char lib_table[4096] SEALING_MUTABLE __attribute__((aligned(4096))) = { 1 };
char *lib_table_addr(void) { return lib_table; }
#else
#include "sealprobe.h"

static char jit[2][4096] SEALING_MUTABLE __attribute__((aligned(4096))) = { { 1 } };
static int ordinary = 1;
#ifdef USE_LIBRARY
char *lib_table_addr(void);
#endif

int main(void)
{
	probe_mapping("mutable", jit);
	printf("mprotect mutable: %d\n", mprotect(jit, sizeof(jit), PROT_READ));
	printf("mprotect back: %d\n", mprotect(jit, sizeof(jit), PROT_READ | PROT_WRITE));
	jit[1][0] = 2;
	probe_mapping("ordinary", &ordinary);
	probe_ops("text", (const void *)main);
#ifdef USE_LIBRARY
	probe_mapping("lib mutable", lib_table_addr());
	printf("mprotect lib mutable: %d\n", mprotect(lib_table_addr(), 4096, PROT_READ));
	probe_ops("lib text", (const void *)lib_table_addr);
#endif
	return 0;
}
#endif
// CHECK: mutable: unsealed
// CHECK-NEXT: mprotect mutable: 0
// CHECK-NEXT: mprotect back: 0
// CHECK-NEXT: ordinary: sealed
// CHECK-NEXT: text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// LIB: lib mutable: unsealed
// LIB-NEXT: mprotect lib mutable: 0
// LIB-NEXT: lib text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
