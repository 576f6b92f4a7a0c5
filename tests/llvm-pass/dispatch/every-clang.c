// SPDX-License-Identifier: MIT
// One plugin path for every clang: for each LLVM this tree built the pass
// for (%builtllvms), clang-N compiles, links and runs a sealed program
// through the dispatcher with -fpass-plugin= and -fplugin= together (the
// build for N is loaded once, and -mllvm -sealing-policy=2 reaches the
// note), and opt-N runs the pass through it (dispatch/every-clang.sh says
// what is checked).  The dispatcher's clang configuration file works with
// each of them too.
//
// RUN: sh %S/every-clang.sh %dispatcher %t "%builtllvms" %s %probe | FileCheck %s
// RUN: sh -c 'for n in %builtllvms; do /usr/lib/llvm-$n/bin/clang --config %dispatchcfg -O2 %s %probe -o %t.cfg-$n && %t.cfg-$n || exit 1; done' | FileCheck --check-prefix=CFG %s
// RUN: nm -D --undefined-only %dispatcher | FileCheck --check-prefix=NOLLVM %s
#include "sealprobe.h"

int main(void)
{
	probe_module("exe", (const void *)main);
	return 0;
}
// CHECK: llvm-{{[0-9]+}}: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// CFG: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// The dispatcher refers to no LLVM symbol, so any LLVM can load it.
// NOLLVM-NOT: llvm
// NOLLVM-NOT: LLVM
