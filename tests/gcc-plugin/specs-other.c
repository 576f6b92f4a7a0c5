// SPDX-License-Identifier: MIT
// sealing.specs (twice) together with another specs file that renames and
// wraps cc1_options, in either order: both take effect, and the plugin
// comes once.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -O2 -specs=%gccplugin_specs -specs=%S/Inputs/rename-cc1-options.specs -specs=%gccplugin_specs -### -c %s 2>&1 \
// RUN:   | FileCheck --check-prefix=BOTH %s
// RUN: %gcc -O2 -specs=%S/Inputs/rename-cc1-options.specs -specs=%gccplugin_specs -specs=%gccplugin_specs -### -c %s 2>&1 \
// RUN:   | FileCheck --check-prefix=BOTH %s
// BOTH: {{/cc1 .*-fplugin=.*-DOTHER_SPECS}}
// RUN: %gcc -O2 -specs=%gccplugin_specs -specs=%S/Inputs/rename-cc1-options.specs -specs=%gccplugin_specs -### -c %s 2>&1 \
// RUN:   | awk -f %S/Inputs/compilers.awk | FileCheck --check-prefix=CC1 --implicit-check-not=cc1 %s
// RUN: %gcc -O2 -specs=%S/Inputs/rename-cc1-options.specs -specs=%gccplugin_specs -specs=%gccplugin_specs -### -c %s 2>&1 \
// RUN:   | awk -f %S/Inputs/compilers.awk | FileCheck --check-prefix=CC1 --implicit-check-not=cc1 %s
// CC1: cc1 1
//
// Built and run, each order; the program fails to compile without the
// other file's -DOTHER_SPECS.
// RUN: %gcc -O2 -specs=%gccplugin_specs -specs=%S/Inputs/rename-cc1-options.specs -specs=%gccplugin_specs %s %probe -o %t/ours-first
// RUN: %t/ours-first | FileCheck %s
// RUN: %gcc -O2 -specs=%S/Inputs/rename-cc1-options.specs -specs=%gccplugin_specs -specs=%gccplugin_specs %s %probe -o %t/other-first
// RUN: %t/other-first | FileCheck %s
//
// -fno-sealing still works with the other file in between.
// RUN: %gcc -O2 -specs=%gccplugin_specs -specs=%S/Inputs/rename-cc1-options.specs -fno-sealing -specs=%gccplugin_specs %s %probe -o %t/off
// RUN: %t/off | FileCheck --check-prefix=OFF %s
// OFF: exe: 0/{{[1-9][0-9]*}} mappings sealed
#include "sealprobe.h"

#ifndef OTHER_SPECS
#error the other specs file was not applied
#endif

int main(void)
{
	probe_module("exe", (const void *)main);
	return 0;
}
// CHECK: exe: [[N:[0-9]+]]/[[N]] mappings sealed
