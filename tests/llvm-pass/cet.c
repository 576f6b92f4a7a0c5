// SPDX-License-Identifier: MIT
// Intel CET: a TU built with -fcf-protection keeps its IBT and SHSTK
// properties when the pass adds the runtime, the constructor (reached
// indirectly through .init_array) starts with endbr64, and ld.bfd's CET
// report does not name the instrumented object.  A TU built without
// -fcf-protection does not get the properties from the runtime either:
// the runtime's own module flags are not linked in.
//
// REQUIRES: objdump
// RUN: %clang %seal -O2 -fcf-protection=full -c %s -o %t.cet.o
// RUN: readelf -nW %t.cet.o | FileCheck --check-prefix=PROP %s
// RUN: objdump -d --disassemble=%group.rt_seal_self %t.cet.o | FileCheck --check-prefix=ENDBR %s
// RUN: %clang -fuse-ld=bfd -Wl,-z,cet-report=warning %t.cet.o -o %t.cet 2>&1 | FileCheck --check-prefix=REPORT %s
// RUN: env SEALING_DEBUG=1 %t.cet 2>&1 | FileCheck --check-prefix=SEALED %s
// RUN: %clang %seal -O2 -fcf-protection=none -c %s -o %t.plain.o
// RUN: readelf -nW %t.plain.o | FileCheck --check-prefix=NOPROP %s

int main(void) { return 0; }

// PROP: Properties: x86 feature: IBT, SHSTK
// ENDBR: <__sealing_rt_v{{[0-9]+}}.rt_seal_self>:
// ENDBR-NEXT: endbr64
// REPORT-NOT: cet.c.tmp.cet.o
// SEALED: sealing: {{.*}}: policy 1 ({{[^)]*}}): sealed
// NOPROP-NOT: IBT
