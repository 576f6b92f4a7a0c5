// SPDX-License-Identifier: MIT
// qemu-user answers ENOSYS to mseal, like gVisor or a kernel before 6.10.
// Policy 1 runs silently; policy 2 stops with its one documented line,
// which names the cause and the override (docs/compatibility.md).
//
// REQUIRES: qemu-x86_64
// RUN: %cc -O2 %s %rt -o %t
// RUN: qemu-x86_64 %t 2> %t.err | FileCheck %s
// RUN: wc -c < %t.err | FileCheck --check-prefix=EMPTY %s
// RUN: sh -c 'SEALING_POLICY=2 qemu-x86_64 %t; echo status=$?' 2>&1 | FileCheck --check-prefix=P2 %s
// CHECK: main ran
// EMPTY: {{^}}0{{$}}
// P2: sealing: {{.*}}: cannot seal 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}: ENOSYS (errno 38), mseal unavailable (Linux < 6.10, an emulator or a sandbox); policy 2 terminates (override: SEALING_POLICY=1, or sealctl set-policy 1)
// P2-NOT: main ran
// P2: status=127
#include <stdio.h>

int main(void)
{
	puts("main ran");
	return 0;
}
