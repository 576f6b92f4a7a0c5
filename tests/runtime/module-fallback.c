// SPDX-License-Identifier: MIT
// Without __ehdr_start (here forced to 0, as a linker script that leaves
// the ELF header unmapped would leave it), the runtime finds its own
// program headers through dl_iterate_phdr and seals just the same.
//
// RUN: %cc -O2 -fno-PIE -no-pie %s %probe %rt -Wl,--defsym,__ehdr_start=0 -o %t
// RUN: %t | FileCheck %s
// RUN: env SEALING_DEBUG=1 %t 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %s
// RUN: %cc -O2 -fno-PIE -no-pie %s %probe %rt -o %t.direct
// RUN: env SEALING_DEBUG=1 %t.direct 2>&1 >/dev/null | FileCheck --check-prefix=DIRECT %s
// CHECK: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// DEBUG: policy 1 ({{[^)]*}}): sealed 0x{{.*}}; 2 syscalls; ok
// DIRECT-NOT: dl_iterate_phdr
#include "sealprobe.h"

int main(void)
{
	probe_module("exe", (const void *)main);
	probe_ops("text", (const void *)main);
	return 0;
}
