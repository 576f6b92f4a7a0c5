// SPDX-License-Identifier: MIT
// The module part with the plugin (runtime/rt-fetch.c): a library built
// with -fplugin carries .sealing.module outside its segments, keeps it
// through LTO, --gc-sections and strip, and seals itself from it under an
// uninstrumented program; without it, it says why under SEALING_DEBUG.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc %fplugin -O2 -fPIC -shared -DLIB %s -o %t/libmp.so
// RUN: %gcc %fplugin -O2 -flto -fPIC -shared -Wl,--gc-sections -DLIB %s -o %t/libmp-lto.so
// RUN: %gcc -O2 %s %probe -L%t -lmp -Wl,-rpath,%t -o %t/plain
// RUN: readelf -SW %t/libmp.so | FileCheck --check-prefix=SECTION %s
// RUN: readelf -SW %t/libmp-lto.so | FileCheck --check-prefix=SECTION %s
// SECTION: .sealing.module PROGBITS 0000000000000000 {{[0-9a-f]+}} {{[0-9a-f]+}} 00 0 0 64
// RUN: %t/plain | FileCheck %s
// RUN: cp %t/libmp-lto.so %t/libmp.so && strip --strip-all %t/libmp.so
// RUN: %t/plain | FileCheck %s
// CHECK: lib: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// RUN: objcopy -R .sealing.module %t/libmp-lto.so %t/libmp.so
// RUN: env SEALING_DEBUG=1 %t/plain 2>&1 | FileCheck --check-prefix=MISSING %s
// MISSING: sealing: {{.*}}libmp.so: cannot run its sealing code from its file (errno 2)
// MISSING: lib: 0/{{[1-9]}} mappings sealed
#ifdef LIB
int mp_fn(void) { return 1; }
#else
#include "sealprobe.h"

int mp_fn(void);

int main(void)
{
	probe_module_named("lib", "libmp.so");
	probe_ops("text", (const void *)mp_fn);
	return mp_fn() - 1;
}
#endif
