// SPDX-License-Identifier: MIT
// One rule for code the runtime cannot serve, the same as the LLVM pass's
// (include/sealing/note.h): 32-bit units (-m32, -mx32) are hosted Linux
// code, but mseal serves 64-bit processes only.  Under policies 0 and 1
// they are left alone (verbose says why); policy 2 promises a sealed
// module or a failure, so the compile fails.  Code that is not ours
// (freestanding) is left alone under every policy.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -O2 -m32 %fplugin -fplugin-arg-sealing-verbose -c %s -o %t/m32.o 2>&1 | FileCheck --check-prefix=SKIP %s
// RUN: %gcc -O2 -mx32 %fplugin -fplugin-arg-sealing-verbose -fplugin-arg-sealing-policy=0 -c %s -o %t/mx32.o 2>&1 | FileCheck --check-prefix=SKIP %s
// SKIP: note: sealing: {{.*}}uninstrumentable.c: not instrumented: not LP64 (-m32 or -mx32): mseal(2) serves 64-bit processes only
// (One readelf per file: with several it prints their paths.)
// RUN: readelf -SW %t/m32.o | %not grep -e sealing
// RUN: readelf -SW %t/mx32.o | %not grep -e sealing
//
// RUN: %not %gcc -O2 -m32 %fplugin -fplugin-arg-sealing-policy=2 -c %s -o %t/m32-p2.o 2>&1 | FileCheck --check-prefix=ERROR %s
// RUN: %not %gcc -O2 -mx32 %fplugin -fplugin-arg-sealing-policy=2 -c %s -o %t/mx32-p2.o 2>&1 | FileCheck --check-prefix=ERROR %s
// ERROR: error: sealing: cannot instrument {{.*}}uninstrumentable.c under policy 2: not LP64 (-m32 or -mx32)
// RUN: %not ls %t/m32-p2.o %t/mx32-p2.o
//
// RUN: %gcc -O2 -ffreestanding %fplugin -fplugin-arg-sealing-policy=2 -c %s -o %t/free-p2.o
// RUN: readelf -SW %t/free-p2.o | %not grep -e sealing
int unit_fn(int x)
{
	return x + 1;
}
