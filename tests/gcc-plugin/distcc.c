// SPDX-License-Identifier: MIT
// distcc (docs/distro.md, "distcc").  distccd 3.4 refuses -fplugin= and
// -specs= on a job's command line, and the client does not even send
// such a job: with DISTCC_FALLBACK=0 it still compiles locally.  What
// distributes: a wrapper compiler on every node that adds the specs
// itself (Inputs/distcc-run.sh), so nothing about the plugin travels;
// the server's log shows the job and the object carries the note.
//
// REQUIRES: distcc, distccd, root
// RUN: rm -rf %t && mkdir -p %t
// RUN: sh %S/Inputs/distcc-run.sh %t %gcc %gccplugin_specs %s %S/../helpers | FileCheck %s
// CHECK: wrapper: exit 0
// CHECK-NEXT: COMPILE_OK exit:0 sig:0 core:0 ret:0 sealing-gcc {{.*}}distcc.c
// CHECK-NEXT: wrapper.o note: SEALING
// CHECK-NEXT: flag: exit 0
// CHECK-NEXT: server jobs after the flag: 1 (before: 1)
// CHECK-NEXT: flag.o note: SEALING
// RUN: %gcc %t/wrapper.o %probe -o %t/prog && %t/prog | FileCheck --check-prefix=SEALED %s
// SEALED: exe: [[N:[1-9][0-9]*]]/[[N]] mappings sealed
#include "sealprobe.h"

int main(void)
{
	probe_module("exe", (const void *)main);
	return 0;
}
