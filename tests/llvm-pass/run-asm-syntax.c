// SPDX-License-Identifier: MIT
// The carried text is AT&T assembly.  A unit compiled with -masm=intel,
// whose module asm LLVM parses as Intel, gets it wrapped in .att_syntax and
// .intel_syntax; with -fno-integrated-as the text goes verbatim into the
// .s file that GNU as reads, in either syntax.  Each program seals itself.
//
// RUN: %clang %seal -O2 -masm=intel %s %probe -o %t.intel
// RUN: %t.intel | FileCheck %s
// RUN: %clang %seal -O2 -fno-integrated-as %s %probe -o %t.gas
// RUN: %t.gas | FileCheck %s
// RUN: %clang %seal -O2 -masm=intel -fno-integrated-as %s %probe -o %t.gas-intel
// RUN: %t.gas-intel | FileCheck %s
// RUN: %clang %seal -O2 -masm=intel -I%S/../helpers -S %s -o %t.s
// RUN: FileCheck --check-prefix=TEXT %s < %t.s
// What GNU as reads: the text switched to AT&T and back only for Intel.
// RUN: %clang %seal -O2 -masm=intel -fno-integrated-as -I%S/../helpers -S %s -o %t.gas-intel.s
// RUN: FileCheck --check-prefix=RAW %s < %t.gas-intel.s
// RUN: %clang %seal -O2 -fno-integrated-as -I%S/../helpers -S %s -o %t.gas.s
// RUN: FileCheck --check-prefix=RAWATT %s < %t.gas.s
#include "sealprobe.h"

int main(void)
{
	probe_module("exe", (const void *)main);
	return 0;
}
// CHECK: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// TEXT: .intel_syntax noprefix
// TEXT: __sealing_rt_v{{[0-9]+}}.rt_seal_self:
// RAW: .intel_syntax noprefix
// RAW: .att_syntax prefix
// RAW: __sealing_rt_v{{[0-9]+}}.rt_seal_self:
// RAW: .intel_syntax noprefix
// RAW: main:
// RAWATT-NOT: _syntax
