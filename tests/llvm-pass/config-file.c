// SPDX-License-Identifier: MIT
// The clang configuration file (llvm-pass/sealing.cfg.in) is all a build
// needs: compiles get the pass, links need nothing, preprocessing and
// assembling stay quiet even under -Werror, and -mllvm options work
// because the file loads the plugin as a clang plugin too.
//
// RUN: %clang --config %sealcfg -Werror -O2 %s %probe -o %t
// RUN: %t | FileCheck %s
// RUN: %clang --config %sealcfg -Werror -E -I%S/../helpers %s -o /dev/null
// RUN: %clang --config %sealcfg -Werror -mllvm -sealing-policy=2 -c %s -I%S/../helpers -o %t.o
// RUN: readelf -x .note.sealing %t.o | FileCheck --check-prefix=P2 %s
// RUN: %clang --config %sealcfg -Werror %t.o %probe -o %t.linked
// RUN: %t.linked | FileCheck %s
#include "sealprobe.h"

int main(void)
{
	probe_module("exe", (const void *)main);
	return 0;
}
// CHECK: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// P2: 0x00000010 494e4700 03020300 04000000
