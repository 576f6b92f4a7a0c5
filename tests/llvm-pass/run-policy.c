// SPDX-License-Identifier: MIT
// The per-compile policy reaches the runtime: under injected mseal faults
// (seccomp), policy 2 terminates before main with one line, policy 1
// carries on unsealed, and policy 0 makes no mseal call at all (the
// filter's kill mode would end the process).
//
// RUN: %clang %seal -O2 %s %probe -o %t.p1
// RUN: %clang %seal -mllvm -sealing-policy=2 -O2 %s %probe -o %t.p2
// RUN: %clang %seal -mllvm -sealing-policy=0 -O2 %s %probe -o %t.p0
//
// RUN: sh -c '%inject ENOSYS -- %t.p2; echo status=$?' 2>&1 | FileCheck --check-prefix=P2 %s
// RUN: %inject ENOSYS -- %t.p1 | FileCheck --check-prefix=UNSEALED %s
// RUN: %inject kill -- %t.p0 | FileCheck --check-prefix=UNSEALED %s
// RUN: %not --crash %inject kill -- %t.p1
// Without faults, policy 2 seals like policy 1.
// RUN: %t.p2 | FileCheck --check-prefix=SEALED %s
#include "sealprobe.h"

#include <stdio.h>

int main(void)
{
	probe_module("exe", (const void *)main);
	printf("main ran\n");
	return 0;
}
// P2: sealing: {{.*}}.tmp.p2: cannot seal 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}: ENOSYS (errno 38)
// P2-NOT: main ran
// P2: status=127
// UNSEALED: exe: 0/{{[0-9]+}} mappings sealed
// UNSEALED-NEXT: main ran
// SEALED: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// SEALED-NEXT: main ran
