// SPDX-License-Identifier: MIT
// In a secure-execution process (here a setuid-root copy run by an
// unprivileged user, so AT_SECURE is set) the environment may only raise
// the policy, and SEALING_DEBUG, whose addresses would defeat ASLR, is
// ignored.
//
// REQUIRES: root, setpriv
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O2 %s %probe %rt -o %t/p1
// RUN: %cc -O2 %s %probe %rtdir/sealing-rt-policy0.o -o %t/p0
// The binaries go where an unprivileged user can run them and setuid works.
// RUN: rm -rf /tmp/sealing-secure-exec && mkdir -p /tmp/sealing-secure-exec && chmod 755 /tmp/sealing-secure-exec
// RUN: cp %t/p1 %t/p0 /tmp/sealing-secure-exec/ && chmod 4755 /tmp/sealing-secure-exec/p1 /tmp/sealing-secure-exec/p0
//
// Baseline, not secure: lowering works and debug prints.
// RUN: env SEALING_POLICY=0 %t/p1 | FileCheck --check-prefix=UNSEALED %s
// RUN: env SEALING_DEBUG=1 %t/p1 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %s
// DEBUG: sealing: {{.*}}: policy 1 ({{[^)]*}}): sealed
//
// Secure: lowering is refused, debug stays silent...  (The unsafe
// variables make ld.so compact the initial environment, which the runtime
// must see through to find the auxiliary vector.)
// RUN: env SEALING_POLICY=0 SEALING_DEBUG=1 LD_LIBRARY_PATH=/nonexistent TMPDIR=/tmp MALLOC_ARENA_MAX=2 setpriv --reuid=65534 --regid=65534 --clear-groups /tmp/sealing-secure-exec/p1 > %t/out 2> %t/err
// RUN: FileCheck --check-prefix=SECURE --check-prefix=SEALED %s < %t/out
// RUN: wc -c < %t/err | FileCheck --check-prefix=EMPTY %s
// ... and so does SEALING_DEBUG_OUTPUT, even into a directory the user
// may write to.
// RUN: sh -c "mkdir /tmp/sealing-secure-exec/out && chmod 1777 /tmp/sealing-secure-exec/out"
// RUN: env SEALING_DEBUG=1 SEALING_DEBUG_OUTPUT=/tmp/sealing-secure-exec/out/log setpriv --reuid=65534 --regid=65534 --clear-groups /tmp/sealing-secure-exec/p1 > %t/out 2> %t/err
// RUN: wc -c < %t/err | FileCheck --check-prefix=EMPTY %s
// RUN: ls /tmp/sealing-secure-exec/out | wc -l | FileCheck --check-prefix=EMPTY %s
// ... but raising is honoured.
// RUN: env SEALING_POLICY=1 LD_LIBRARY_PATH=/nonexistent setpriv --reuid=65534 --regid=65534 --clear-groups /tmp/sealing-secure-exec/p0 | FileCheck --check-prefix=SECURE --check-prefix=SEALED %s
// RUN: setpriv --reuid=65534 --regid=65534 --clear-groups /tmp/sealing-secure-exec/p0 | FileCheck --check-prefix=SECURE --check-prefix=UNSEALED %s
//
// A library's core reads SEALING_POLICY itself when its executable has no
// process pass (runtime/rt-ctor.c): there too it may not lower.
// RUN: sh -c 'for n in one two three; do %cc -O2 -shared -fPIC -DFN=${n}_fn %inputs/lib.c %rtdir/sealing-rt-core.o -o /tmp/sealing-secure-exec/lib$n.so || exit 1; done'
// RUN: %cc -O2 -shared -fPIC -DFN=plain_fn %inputs/lib.c -o /tmp/sealing-secure-exec/libplain.so
// RUN: %cc -O2 %inputs/batch-main.c %probe -L/tmp/sealing-secure-exec -Wl,--no-as-needed -lone -ltwo -lthree -lplain -Wl,-rpath,/tmp/sealing-secure-exec -ldl -o /tmp/sealing-secure-exec/libs
// RUN: chmod 755 /tmp/sealing-secure-exec/lib*.so && chmod 4755 /tmp/sealing-secure-exec/libs
// RUN: env SEALING_POLICY=0 /tmp/sealing-secure-exec/libs | FileCheck --check-prefix=LIBS-OPEN %s
// RUN: env SEALING_POLICY=0 setpriv --reuid=65534 --regid=65534 --clear-groups /tmp/sealing-secure-exec/libs | FileCheck --check-prefix=LIBS-SEALED %s
// RUN: env SEALING_POLICY=0 SEALING_DEBUG=1 setpriv --reuid=65534 --regid=65534 --clear-groups /tmp/sealing-secure-exec/libs > %t/out 2> %t/err
// RUN: FileCheck --check-prefix=LIBS-SEALED %s < %t/out
// RUN: wc -c < %t/err | FileCheck --check-prefix=EMPTY %s
// RUN: rm -rf /tmp/sealing-secure-exec
//
// LIBS-OPEN: one: 0/{{[1-9][0-9]*}} mappings sealed
// LIBS-OPEN-NEXT: two: 0/{{[1-9][0-9]*}} mappings sealed
// LIBS-OPEN-NEXT: three: 0/{{[1-9][0-9]*}} mappings sealed
// LIBS-SEALED: one: [[N:[0-9]+]]/[[N]] mappings sealed
// LIBS-SEALED-NEXT: two: [[N:[0-9]+]]/[[N]] mappings sealed
// LIBS-SEALED-NEXT: three: [[N:[0-9]+]]/[[N]] mappings sealed
// LIBS-SEALED-NEXT: plain: 0/{{[1-9][0-9]*}} mappings sealed
//
// SECURE: secure=1
// SEALED: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// UNSEALED: exe: 0/{{[1-9][0-9]*}} mappings sealed
// EMPTY: {{^}}0{{$}}
#include "sealprobe.h"

#include <stdio.h>
#include <sys/auxv.h>

int main(void)
{
	printf("secure=%lu\n", getauxval(AT_SECURE));
	probe_module("exe", (const void *)main);
	return 0;
}
