// SPDX-License-Identifier: MIT
// The constructor's code does not depend on the -O level of the unit that
// carries it.  In the assembly form it is the precompiled text: the group's
// code is the same bytes at -O2 and -Oz, and the same instructions at -O0
// (clang 18 and older assemble -O0 units with -mrelax-all, which writes
// every branch in its long form; clang 19 no longer does).  In the
// bitcode form (LTO)
// the runtime is not optnone, so the LTO link's code generator compiles
// it at the link's level: every runtime function has the same size in
// links of units compiled at -O0, -O2 and -Oz.
//
// REQUIRES: objdump, lld
// RUN: %clang %seal -O0 -c %s -o %t.O0.o
// RUN: %clang %seal -O2 -c %s -o %t.O2.o
// RUN: %clang %seal -Oz -c %s -o %t.Oz.o
// RUN: objdump -d -r -j .text.hot.%group -j .text.%group %t.O0.o | grep -v 'file format' > %t.O0.dis
// RUN: objdump -d -r -j .text.hot.%group -j .text.%group %t.O2.o | grep -v 'file format' > %t.O2.dis
// RUN: objdump -d -r -j .text.hot.%group -j .text.%group %t.Oz.o | grep -v 'file format' > %t.Oz.dis
// RUN: FileCheck --check-prefix=DIS %s < %t.O2.dis
// RUN: diff %t.O2.dis %t.Oz.dis
// Instructions without addresses, encodings and the offsets of branch
// targets and rip-relative operands:
// RUN: objdump -d --no-show-raw-insn -j .text.hot.%group -j .text.%group %t.O0.o | sed -E -n 's/^ *[0-9a-f]+:[[:space:]]*//; s/[0-9a-f]+ <([^+>]*)(\+0x[0-9a-f]+)?>/<\1>/; s/-?0x[0-9a-f]+\(%%rip\)/(%%rip)/; /^[a-z]/p' > %t.O0.insns
// RUN: objdump -d --no-show-raw-insn -j .text.hot.%group -j .text.%group %t.O2.o | sed -E -n 's/^ *[0-9a-f]+:[[:space:]]*//; s/[0-9a-f]+ <([^+>]*)(\+0x[0-9a-f]+)?>/<\1>/; s/-?0x[0-9a-f]+\(%%rip\)/(%%rip)/; /^[a-z]/p' > %t.O2.insns
// RUN: FileCheck --check-prefix=INSNS %s < %t.O0.insns
// RUN: diff %t.O0.insns %t.O2.insns
//
// RUN: %clang %seal -O0 -flto -c %s -o %t.lto.O0.o
// RUN: %clang %seal -O2 -flto -c %s -o %t.lto.O2.o
// RUN: %clang %seal -Oz -flto -c %s -o %t.lto.Oz.o
// RUN: %clang -flto -fuse-ld=lld %t.lto.O0.o -o %t.lto.O0
// RUN: %clang -flto -fuse-ld=lld %t.lto.O2.o -o %t.lto.O2
// RUN: %clang -flto -fuse-ld=lld %t.lto.Oz.o -o %t.lto.Oz
// RUN: readelf -sW %t.lto.O0 | awk '/ %group\./ { print $3, $8 }' | sort -k2 > %t.lto.O0.sizes
// RUN: readelf -sW %t.lto.O2 | awk '/ %group\./ { print $3, $8 }' | sort -k2 > %t.lto.O2.sizes
// RUN: readelf -sW %t.lto.Oz | awk '/ %group\./ { print $3, $8 }' | sort -k2 > %t.lto.Oz.sizes
// RUN: FileCheck --check-prefix=SIZES %s < %t.lto.O0.sizes
// RUN: diff %t.lto.O0.sizes %t.lto.O2.sizes
// RUN: diff %t.lto.O0.sizes %t.lto.Oz.sizes
// RUN: env SEALING_DEBUG=1 %t.lto.O0 2>&1 | FileCheck --check-prefix=SEALED %s

int main(void) { return 0; }

// DIS: <__sealing_rt_v{{[0-9]+}}.rt_seal_self>:
// INSNS: {{^}}ret
// SIZES: {{[1-9][0-9]*}} __sealing_rt_v{{[0-9]+}}.rt_seal_self
// SEALED: sealing: {{.*}}: policy 1 (executable): sealed {{.*}}; ok
