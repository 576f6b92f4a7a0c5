// SPDX-License-Identifier: MIT
// However many units are instrumented, and whichever carriers they came
// from, a module keeps exactly one note, one constructor and one
// .init_array slot: every carrier emits the same COMDAT group and the
// linker keeps the first.  The first object on the link line decides the
// note (carrier byte: 1 = sealing-rt.o, 2 = GCC plugin).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'for i in $(seq 1 40); do %gcc -O2 %fplugin -c %inputs/unit.c -DFN=unit$i -o %t/u$i.o || exit 1; done'
// RUN: %gcc -O2 -c %s -I%S/../helpers -o %t/main-plain.o
// RUN: %gcc -O2 %fplugin -c %s -I%S/../helpers -o %t/main.o
// RUN: %gcc %t/main-plain.o %probe -o %t/base
// RUN: %gcc %t/main.o %t/u*.o %probe -o %t/many
// RUN: %gcc %rt %t/main.o %t/u*.o %probe -o %t/rt-first
// RUN: %gcc %t/main.o %t/u*.o %rt %probe -o %t/plugin-first
//
// One note each, from the first instrumented object.
// RUN: readelf -nW %t/many | FileCheck --check-prefix=PLUGIN %s
// RUN: readelf -nW %t/plugin-first | FileCheck --check-prefix=PLUGIN %s
// RUN: readelf -nW %t/rt-first | FileCheck --check-prefix=RT %s
// PLUGIN: SEALING 0x00000010 NT_VERSION (version) description data: 03 01 02 00 04 00 00 00 {{[0-9a-f ]+}}
// PLUGIN: SEALING 0x0000000c {{.*}} description data: 03 01 00 00 {{[0-9a-f ]+}}
// PLUGIN-NOT: SEALING
// RT: SEALING 0x00000010 NT_VERSION (version) description data: 03 01 01 00 04 00 00 00 {{[0-9a-f ]+}}
// RT: SEALING 0x0000000c {{.*}} description data: 03 01 00 00 {{[0-9a-f ]+}}
// RT-NOT: SEALING
//
// One constructor symbol, and .init_array one slot (8 bytes) larger than
// the uninstrumented build's.
// RUN: nm %t/many | grep -c 'rt_seal_self$' | FileCheck --check-prefix=ONE %s
// RUN: nm %t/rt-first | grep -c 'rt_seal_self$' | FileCheck --check-prefix=ONE %s
// ONE: {{^}}1{{$}}
// RUN: readelf -SW %t/base %t/many %t/rt-first %t/plugin-first | grep ' \.init_array' | FileCheck --check-prefix=SLOTS %s
// SLOTS: .init_array INIT_ARRAY {{[0-9a-f]+}} {{[0-9a-f]+}} [[#%.6x,BASE:]] 08
// SLOTS-NEXT: .init_array INIT_ARRAY {{[0-9a-f]+}} {{[0-9a-f]+}} [[#%.6x,BASE+8]] 08
// SLOTS-NEXT: .init_array INIT_ARRAY {{[0-9a-f]+}} {{[0-9a-f]+}} [[#%.6x,BASE+8]] 08
// SLOTS-NEXT: .init_array INIT_ARRAY {{[0-9a-f]+}} {{[0-9a-f]+}} [[#%.6x,BASE+8]] 08
//
// And it runs once: one debug line, one seal, whole image sealed.
// RUN: env SEALING_DEBUG=1 %t/many 2>&1 | FileCheck --check-prefix=LOAD %s
// RUN: env SEALING_DEBUG=1 %t/rt-first 2>&1 | FileCheck --check-prefix=LOAD %s
// LOAD-COUNT-1: sealing: {{.*}}: policy 1 (executable): sealed
// LOAD-NOT: (executable)
// LOAD: exe: [[N:[0-9]+]]/[[N]] mappings sealed
#include "sealprobe.h"

int main(void)
{
	probe_module("exe", (const void *)main);
	return 0;
}
