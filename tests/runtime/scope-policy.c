// SPDX-License-Identifier: MIT
// Policies through process scope.  The executable's pass applies each
// deferred library's own note, so a policy-2 library under a policy-1
// executable still ends the process when its sealing fails, naming the
// library; objects without a note take the executable's policy, so a
// policy-0 executable makes no mseal call for them at all.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O2 -shared -fPIC -DFN=lib_fn %inputs/lib.c %rtdir/sealing-rt-policy2.o -o %t/libp2.so
// RUN: %cc -O2 -shared -fPIC -DFN=lib_fn %inputs/lib.c -o %t/libnone.so
// RUN: %cc -O2 %s %probe %rt -L%t -Wl,--no-as-needed -lp2 -Wl,-rpath,%t -o %t/p1-with-p2
// RUN: %cc -O2 %s %probe %rtdir/sealing-rt-policy0.o -L%t -Wl,--no-as-needed -lnone -Wl,-rpath,%t -o %t/p0
//
// RUN: sh -c '%inject ENOSYS -- %t/p1-with-p2; echo status=$?' 2>&1 | FileCheck --check-prefix=LIB2 %s
// LIB2: sealing: {{.*}}/libp2.so: cannot seal 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}: ENOSYS (errno 38), mseal unavailable (Linux < 6.10, an emulator or a sandbox); policy 2 terminates (override: SEALING_POLICY=1, or sealctl set-policy 1)
// LIB2-NOT: main ran
// LIB2: status=127
// Without the fault, the same program runs sealed.
// RUN: %t/p1-with-p2 | FileCheck --check-prefix=SEALED %s
// SEALED: main ran
// SEALED-NEXT: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// SEALED-NEXT: libc: [[N:[0-9]+]]/[[N]] mappings sealed
//
// A policy-0 executable: no pass, no mseal (the filter kills at the first).
// RUN: %inject kill -- %t/p0 | FileCheck --check-prefix=OPEN %s
// OPEN: main ran
// OPEN-NEXT: exe: 0/{{[1-9][0-9]*}} mappings sealed
// OPEN-NEXT: libc: 0/{{[1-9][0-9]*}} mappings sealed
#include "sealprobe.h"

#include <stdio.h>

int main(void)
{
	printf("main ran\n");
	fflush(stdout);
	probe_module("exe", (const void *)main);
	probe_module_named("libc", "libc.so");
	return 0;
}
