// SPDX-License-Identifier: MIT
// Policies through the loader module, with mseal failing (a seccomp filter
// makes it return ENOSYS) or forbidden (the filter kills at the first):
// policy 1 ignores the failure silently, SEALING_POLICY=2 stops before
// main with the runtime's one line and status 127, SEALING_POLICY=0 makes
// no call at all.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O2 %s %probe -o %t/prog
// RUN: env LD_PRELOAD=%loader %inject ENOSYS -- %t/prog 2> %t/err | FileCheck --check-prefix=RUNS %s
// RUN: wc -c < %t/err | FileCheck --check-prefix=EMPTY %s
// RUN: sh -c 'LD_PRELOAD=%loader SEALING_POLICY=2 %inject ENOSYS -- %t/prog; echo status=$?' 2>&1 | FileCheck --check-prefix=STOPS %s
// RUN: env LD_PRELOAD=%loader SEALING_POLICY=0 %inject kill -- %t/prog | FileCheck --check-prefix=RUNS %s
// And the filter works: policy 1 does call mseal.
// RUN: env LD_PRELOAD=%loader %not --crash %inject kill -- %t/prog
// RUNS: main ran
// EMPTY: {{^}}0{{$}}
// STOPS: sealing: {{.*}}/prog: cannot seal 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}: ENOSYS (errno 38), mseal unavailable (Linux < 6.10, an emulator or a sandbox); policy 2 terminates (override: SEALING_POLICY=1, or sealctl set-policy 1)
// STOPS-NOT: main ran
// STOPS: status=127
#include <stdio.h>

int main(void)
{
	printf("main ran\n");
	return 0;
}
