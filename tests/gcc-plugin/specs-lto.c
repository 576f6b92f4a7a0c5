// SPDX-License-Identifier: MIT
// sealing.specs twice with -flto=auto, on the compile and the link lines,
// as a distribution's CFLAGS and LDFLAGS give it: one plugin in each cc1
// and in each lto1 that lto-wrapper starts (WPA and every LTRANS
// partition), and the program sealed.  -fno-sealing on either line only.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -O2 -flto=auto -specs=%gccplugin_specs -specs=%gccplugin_specs -### -c %s 2>&1 \
// RUN:   | awk -f %S/Inputs/compilers.awk | FileCheck --check-prefix=CC1 --implicit-check-not=cc1 %s
// CC1: cc1 1
// RUN: %gcc -O2 -flto=auto -specs=%gccplugin_specs -specs=%gccplugin_specs -I%S/../helpers -c %s -o %t/main.o
// RUN: sh -c 'for i in 1 2 3; do %gcc -O2 -flto=auto -specs=%gccplugin_specs -specs=%gccplugin_specs -c %inputs/unit.c -DFN=unit$i -o %t/u$i.o || exit 1; done'
//
// The link, with several partitions: gcc -v shows each lto1 command.
// Counted on a serial link (-flto=1): partitions that -flto=auto runs in
// parallel write their -v lines into one another, which once cut an lto1
// command before its -fplugin.  The parallel link is run below.
// RUN: cd %t && %gcc -v -O2 -flto=1 -flto-partition=max -specs=%gccplugin_specs -specs=%gccplugin_specs \
// RUN:   -fplugin-arg-sealing-verbose main.o u1.o u2.o u3.o %probe -o lto-serial > link.log 2>&1
// RUN: awk -f %S/Inputs/compilers.awk %t/link.log | sort | uniq -c | FileCheck --check-prefix=LTO1 --implicit-check-not=lto1 %s
// LTO1: {{^ *[3-9] lto1 1$}}
// RUN: grep -q 'lto1: note: sealing: .*link-time compilation' %t/link.log
// RUN: %t/lto-serial | FileCheck %s
// RUN: cd %t && %gcc -O2 -flto=auto -flto-partition=max -specs=%gccplugin_specs -specs=%gccplugin_specs \
// RUN:   -fplugin-arg-sealing-verbose main.o u1.o u2.o u3.o %probe -o lto 2> link-auto.log
// RUN: grep -q 'lto1: note: sealing: .*link-time compilation' %t/link-auto.log
// RUN: %t/lto | FileCheck %s
//
// -fno-sealing on the link line only: lto-wrapper drops options it does
// not know, yet no lto1 gets the plugin.  The program is still sealed:
// its runtime came with the IR, from the compile.
// RUN: cd %t && %gcc -v -O2 -flto=auto -specs=%gccplugin_specs -fno-sealing -specs=%gccplugin_specs \
// RUN:   -fplugin-arg-sealing-verbose main.o u1.o %probe -o link-off > link-off.log 2>&1
// RUN: awk -f %S/Inputs/compilers.awk %t/link-off.log | sort | uniq -c | FileCheck --check-prefix=LTO1-OFF --implicit-check-not=lto1 %s
// LTO1-OFF: {{^ *[1-9] lto1 0$}}
// RUN: %not grep -e 'sealing:' -e 'unrecognized' %t/link-off.log
// RUN: %t/link-off | FileCheck %s
//
// -fno-sealing on the compile line only: a policy-0 note in the IR,
// nothing sealed, no complaint.
// RUN: %gcc -O2 -flto=auto -specs=%gccplugin_specs -specs=%gccplugin_specs -fno-sealing -I%S/../helpers -c %s -o %t/off.o
// RUN: %gcc -O2 -flto=auto -specs=%gccplugin_specs -specs=%gccplugin_specs %t/off.o %probe -o %t/compile-off
// RUN: %t/compile-off | FileCheck --check-prefix=OFF %s
// OFF: exe: 0/{{[1-9][0-9]*}} mappings sealed
//
// Both in one command (compile and link): the plugin at policy 0 in cc1,
// none in lto1.
// RUN: cd %t && %gcc -v -O2 -flto=auto -specs=%gccplugin_specs -specs=%gccplugin_specs -fno-sealing \
// RUN:   -fplugin-arg-sealing-policy=2 %s %probe -o one-off > one-off.log 2>&1
// RUN: awk -f %S/Inputs/compilers.awk %t/one-off.log | sort | uniq -c | FileCheck --check-prefix=ONE-OFF %s
// ONE-OFF: {{^ *1 cc1 1$}}
// ONE-OFF-NEXT: {{^ *[1-9] lto1 0$}}
// ONE-OFF-NOT: {{.}}
// RUN: %t/one-off | FileCheck --check-prefix=OFF %s
// RUN: readelf -nW %t/one-off | FileCheck --check-prefix=NOTE0 %s
// NOTE0: SEALING
// NOTE0-SAME: description data: 03 00 02 00
#include "sealprobe.h"

int main(void)
{
	probe_module("exe", (const void *)main);
	return 0;
}
// CHECK: exe: [[N:[0-9]+]]/[[N]] mappings sealed
