// SPDX-License-Identifier: MIT
// The vdso under the loader module: left as the kernel made it (a kernel
// with CONFIG_MSEAL_SYSTEM_MAPPINGS seals it itself, and CRIU needs it
// movable), unless SEALING_VDSO=seal asks for it too; any other value
// leaves it open.  The program has no note, so the module seals it and
// libc either way.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O2 %s %probe -o %t/prog
// The vdso as the program sees it without the module: the baseline.
// RUN: %t/prog | grep '^vdso:' > %t/vdso.base
// RUN: env LD_PRELOAD=%loader %t/prog | FileCheck --check-prefixes=SEALED,OPEN %s
// RUN: env LD_PRELOAD=%loader %t/prog | grep '^vdso:' | diff - %t/vdso.base
// RUN: env LD_PRELOAD=%loader SEALING_VDSO=yes %t/prog | grep '^vdso:' | diff - %t/vdso.base
// RUN: env LD_PRELOAD=%loader SEALING_VDSO=seal %t/prog | FileCheck --check-prefixes=SEALED,VDSO %s
// RUN: env LD_PRELOAD=%loader SEALING_VDSO=seal SEALING_DEBUG=1 %t/prog 2>&1 >/dev/null | FileCheck --check-prefix=LINE %s
// RUN: env LD_PRELOAD=%loader SEALING_DEBUG=1 %t/prog 2>&1 >/dev/null | FileCheck --check-prefix=OPEN-LINE %s
// SEALED: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// SEALED-NEXT: libc: [[N:[0-9]+]]/[[N]] mappings sealed
// OPEN-NEXT: vdso: unsealed
// VDSO-NEXT: vdso: sealed
// LINE: sealing: linux-vdso.so.1: policy 1 ({{[^)]*}}): sealed
// OPEN-LINE: sealing: linux-vdso.so.1: policy 1: not sealed (the vdso, left to the kernel)
#include "sealprobe.h"

int main(void)
{
	probe_module("exe", (const void *)main);
	probe_module_named("libc", "libc.so");
	probe_named("vdso", "[vdso]");
	return 0;
}
