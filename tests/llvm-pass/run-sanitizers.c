// SPDX-License-Identifier: MIT
// The runtime the pass adds is invisible to sanitizers and profilers
// (disable_sanitizer_instrumentation, noprofile, nosanitize_coverage):
// instrumented programs still seal themselves once, with an intact note,
// and the sanitizer's own checks keep working.
//
// REQUIRES: compiler-rt
// RUN: %clang %seal -O1 -fsanitize=address,undefined %s %probe -o %t.asan
// RUN: %t.asan | FileCheck %s
// RUN: env SEALING_DEBUG=1 %t.asan 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %s
// RUN: readelf -x .note.sealing %t.asan | FileCheck --check-prefix=NOTE %s
// RUN: %not %t.asan overflow 2>&1 | FileCheck --check-prefix=CAUGHT %s
// RUN: %clang %seal -O2 -fprofile-instr-generate -fcoverage-mapping %s %probe -o %t.prof
// RUN: env LLVM_PROFILE_FILE=%t.profraw %t.prof | FileCheck %s
// RUN: env SEALING_DEBUG=1 LLVM_PROFILE_FILE=%t.profraw %t.prof 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %s
#include "sealprobe.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	char buf[8];
	probe_module("exe", (const void *)main);
	if (argc > 1 && strcmp(argv[1], "overflow") == 0) {
		volatile int i = 8;
		buf[i] = 1;
	}
	printf("done\n");
	return 0;
}
// CHECK: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: done
// ONCE: sealing: {{.*}}: policy 1 (executable): sealed {{.*}}; ok
// ONCE-NOT: (executable)
// NOTE: 0x{{[0-9a-f]+}} 08000000 10000000 01000000 5345414c
// NOTE-NEXT: 0x{{[0-9a-f]+}} 494e4700 03010300 04000000
// CAUGHT: AddressSanitizer: stack-buffer-overflow
