// SPDX-License-Identifier: MIT
// Policies 0, 1 and 2 when mseal fails (a seccomp filter makes it return
// ENOSYS or EPERM) or must not be called at all (the filter kills the
// process at the first mseal).
//
// RUN: %cc -O2 %s %probe %rt -o %t
// RUN: %cc -O2 %s %probe %rtdir/sealing-rt-policy0.o -o %t.p0
// RUN: %cc -O2 %s %probe %rtdir/sealing-rt-policy2.o -o %t.p2
//
// Policy 1 ignores the failure, silently.
// RUN: %inject ENOSYS -- %t 2> %t.err | FileCheck --check-prefix=UNSEALED %s
// RUN: wc -c < %t.err | FileCheck --check-prefix=EMPTY %s
// RUN: %inject EPERM -- %t 2> %t.err | FileCheck --check-prefix=UNSEALED %s
// RUN: wc -c < %t.err | FileCheck --check-prefix=EMPTY %s
// ... and says so under SEALING_DEBUG.  Without mseal the view of the
// memfd went back to an anonymous copy (mmap, mprotect, mremap: 3 of the
// 5 calls), so RELRO can be made writable as before (relro-no-mseal.c).
// RUN: env SEALING_DEBUG=1 %inject ENOSYS -- %t 2>&1 >/dev/null | FileCheck --check-prefix=P1DEBUG %s
// P1DEBUG: sealing: {{.*}}: policy 1 ({{[^)]*}}): not sealed, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} made anonymous; 5 syscalls; failed: ENOSYS (errno 38) on 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} (ignored under policy 1)
//
// Policy 2 terminates before main with one line: module, range, error,
// cause and override.  From the note, or raised from the environment.
// RUN: sh -c '%inject ENOSYS -- %t.p2; echo status=$?' 2>&1 | FileCheck --check-prefix=P2 %s
// RUN: sh -c 'SEALING_POLICY=2 %inject ENOSYS -- %t; echo status=$?' 2>&1 | FileCheck --check-prefix=P2 %s
// P2: sealing: {{.*}}.tmp{{(.p2)?}}: cannot seal 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}: ENOSYS (errno 38), mseal unavailable (Linux < 6.10, an emulator or a sandbox); policy 2 terminates (override: SEALING_POLICY=1, or sealctl set-policy 1)
// P2-NOT: main ran
// P2: status=127
// RUN: sh -c '%inject EPERM -- %t.p2; echo status=$?' 2>&1 | FileCheck --check-prefix=P2EPERM %s
// P2EPERM: sealing: {{.*}}: cannot seal 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}: EPERM (errno 1); policy 2 terminates
// P2EPERM-NOT: main ran
// P2EPERM: status=127
// SEALING_POLICY=1 overrides a policy-2 note.
// RUN: env SEALING_POLICY=1 %inject ENOSYS -- %t.p2 | FileCheck --check-prefix=UNSEALED %s
//
// Policy 0 makes no mseal call at all: the filter would kill the process.
// RUN: %inject kill -- %t.p0 | FileCheck --check-prefix=UNSEALED %s
// RUN: env SEALING_POLICY=0 %inject kill -- %t | FileCheck --check-prefix=UNSEALED %s
// RUN: env SEALING_POLICY=0 %inject kill -- %t.p2 | FileCheck --check-prefix=UNSEALED %s
// ... whereas policy 1 does make one (the kill is the filter working).
// RUN: %not --crash %inject kill -- %t
//
// A malformed override is ignored, with a warning under SEALING_DEBUG.
// RUN: env SEALING_POLICY=0x %t | FileCheck --check-prefix=SEALED %s
// RUN: env SEALING_POLICY=3 SEALING_DEBUG=1 %t 2>&1 >/dev/null | FileCheck --check-prefix=MALFORMED %s
// MALFORMED: sealing: {{.*}}: malformed SEALING_POLICY ignored
// MALFORMED-NEXT: sealing: {{.*}}: policy 1 ({{[^)]*}}): sealed 0x{{.*}}; 2 syscalls; ok
//
// UNSEALED: main ran
// UNSEALED-NEXT: exe: 0/{{[1-9][0-9]*}} mappings sealed
// UNSEALED-NEXT: text: mprotect=ok
// SEALED: main ran
// SEALED-NEXT: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// SEALED-NEXT: text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// EMPTY: {{^}}0{{$}}
#include "sealprobe.h"

#include <stdio.h>

int main(void)
{
	puts("main ran");
	probe_module("exe", (const void *)main);
	probe_ops("text", (const void *)main);
	return 0;
}
