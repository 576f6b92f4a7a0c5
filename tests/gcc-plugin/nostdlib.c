// SPDX-License-Identifier: MIT
// Modules linked with -nostdlib still link: every libc function the
// runtime may call is a weak reference, resolved when libc is there and
// null (and not called) when it is not.  Whether the runtime runs depends
// on whether anything runs .init_array: ld.so does for every dynamic
// module, so a -nostdlib shared library seals itself when loaded; a static
// -nostdlib executable with its own _start runs no constructors, so it
// links and stays unsealed (docs/distro.md says how to handle those).
//
// RUN: rm -rf %t && mkdir -p %t
// A shared library with no libc, no crt files, no DT_NEEDED at all.
// RUN: %gcc -O2 -fPIC -shared -nostdlib %fplugin %inputs/lib.c -DFN=lib_fn -o %t/libbare.so
// RUN: readelf -dW %t/libbare.so | FileCheck --check-prefix=BARE %s
// BARE-NOT: NEEDED
// BARE: INIT_ARRAY
// BARE-NOT: NEEDED
// RUN: %gcc -O2 -DUSE_LIB %s %probe -L%t -lbare -Wl,-rpath,%t -o %t/uses-bare
// RUN: %t/uses-bare | FileCheck --check-prefix=LIB %s
// LIB: bare: [[N:[0-9]+]]/[[N]] mappings sealed
// LIB-NEXT: exe: 0/{{[1-9][0-9]*}} mappings sealed
// LIB-NEXT: lib_fn=1
//
// A static executable with its own _start links.
// RUN: %gcc -O2 -static -nostdlib -fno-pie -no-pie -fno-stack-protector %fplugin %s -o %t/bare-exe
// RUN: %t/bare-exe
// RUN: readelf -nW %t/bare-exe | FileCheck --check-prefix=NOTE %s
// NOTE: SEALING 0x00000010 NT_VERSION (version) description data: 03 01 02 00 04 00 00 00 {{[0-9a-f ]+}}
#ifdef USE_LIB
#include "sealprobe.h"

#include <stdio.h>

int lib_fn(void);

int main(void)
{
	probe_module_named("bare", "libbare.so");
	probe_module("exe", (const void *)main);
	printf("lib_fn=%d\n", lib_fn());
	return 0;
}
#else
void _start(void)
{
	__asm__ volatile("mov $60, %%eax\n\txor %%edi, %%edi\n\tsyscall" ::: "memory");
	__builtin_unreachable();
}
#endif
