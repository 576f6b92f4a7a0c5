// SPDX-License-Identifier: MIT
// The options that reach past the module's own image, at run time, as
// gcc-plugin/options.c checks them for the GCC plugin: -sealing-scope
// (process: the executable seals libc too; module: only itself),
// -sealing-vdso=seal (the vdso too, which is left to the kernel by
// default) and -sealing-relro=keep (sealed with RELRO left file-backed:
// one mseal, no swap).  Each lands in the note's flags word (0x2
// relro=keep, 0x4 scope=process, 0x8 vdso=seal), which readelf shows.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang %seal -O2 %s %probe -o %t/process
// RUN: %clang %seal -mllvm -sealing-scope=module -O2 %s %probe -o %t/module
// RUN: %clang %seal -mllvm -sealing-vdso=seal -O2 %s %probe -o %t/vdso
// RUN: %clang %seal -mllvm -sealing-relro=keep -O2 %s %probe -o %t/keep
// RUN: %clang -O2 %s %probe -o %t/plain
//
// RUN: readelf -nW %t/process | FileCheck --check-prefix=NOTE-PROCESS %s
// RUN: readelf -nW %t/module | FileCheck --check-prefix=NOTE-MODULE %s
// RUN: readelf -nW %t/vdso | FileCheck --check-prefix=NOTE-VDSO %s
// RUN: readelf -nW %t/keep | FileCheck --check-prefix=NOTE-KEEP %s
// NOTE-PROCESS: SEALING {{.*}}description data: 03 01 03 00 04 00 00 00
// NOTE-MODULE: SEALING {{.*}}description data: 03 01 03 00 00 00 00 00
// NOTE-VDSO: SEALING {{.*}}description data: 03 01 03 00 0c 00 00 00
// NOTE-KEEP: SEALING {{.*}}description data: 03 01 03 00 06 00 00 00
//
// RUN: %t/process | FileCheck --check-prefixes=EXE,LIBC,VDSO-OPEN %s
// RUN: %t/module | FileCheck --check-prefixes=EXE,LIBC-OPEN,VDSO-OPEN %s
// RUN: %t/vdso | FileCheck --check-prefixes=EXE,LIBC,VDSO %s
// RUN: %t/keep | FileCheck --check-prefixes=EXE,LIBC,VDSO-OPEN %s
// The vdso as a program without the runtime sees it: untouched.
// RUN: %t/plain | grep '^vdso:' > %t/vdso.base
// RUN: %t/process | grep '^vdso:' | diff - %t/vdso.base
// RUN: %t/module | grep '^vdso:' | diff - %t/vdso.base
//
// RUN: env SEALING_DEBUG=1 %t/keep 2>&1 >/dev/null | FileCheck --check-prefix=KEEP %s
// RUN: env SEALING_DEBUG=1 %t/process 2>&1 >/dev/null | FileCheck --check-prefix=MEMFD %s
// RUN: env SEALING_DEBUG=1 %t/vdso 2>&1 >/dev/null | FileCheck --check-prefix=VDSO-LINE %s
// KEEP: sealing: {{.*}}/keep: policy 1 (executable): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}; 1 syscall; ok
// MEMFD: sealing: {{.*}}/process: policy 1 (executable): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} mapped from /memfd:sealing-relro; 2 syscalls; ok
// VDSO-LINE: sealing: linux-vdso.so.1: policy 1 ({{[^)]*}}): sealed
//
// EXE: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// LIBC: libc: [[N:[0-9]+]]/[[N]] mappings sealed
// LIBC-OPEN: libc: 0/{{[1-9][0-9]*}} mappings sealed
// VDSO: vdso: sealed
// VDSO-OPEN: vdso: unsealed
#include "sealprobe.h"

int main(void)
{
	probe_module("exe", (const void *)main);
	probe_module_named("libc", "libc.so");
	probe_named("vdso", "[vdso]");
	return 0;
}
