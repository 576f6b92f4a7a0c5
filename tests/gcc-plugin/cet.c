// SPDX-License-Identifier: MIT
// Intel CET: an object built with -fcf-protection=full declares IBT and
// SHSTK for everything in it, the runtime included, so the runtime must
// have endbr64 where it is entered indirectly (its constructor, called
// through .init_array) and must not make the link drop the property.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -O2 -fPIC -fcf-protection=full %fplugin -c %s -o %t/cet.o
// RUN: readelf -nW %t/cet.o | FileCheck --check-prefix=PROP %s
// PROP: x86 feature: IBT, SHSTK
//
// ld reports any input without IBT/SHSTK as an error under
// -z cet-report=error; the crt files of this distribution may lack them,
// so link without them, as a shared library.
// RUN: %gcc -shared -nostartfiles -Wl,-z,cet-report=error %t/cet.o -o %t/libcet.so
// RUN: readelf -nW %t/libcet.so | FileCheck --check-prefix=PROP %s
// RUN: readelf -nW %t/libcet.so | FileCheck --check-prefix=NOTE %s
// NOTE: SEALING 0x00000010 NT_VERSION (version) description data: 03 01 02 00 04 00 00 00 {{[0-9a-f ]+}}
//
// The constructor the .init_array slot points to starts with endbr64.
// RUN: objdump -d --no-show-raw-insn %t/libcet.so | FileCheck --check-prefix=ENDBR %s
// ENDBR: <__sealing_rt_v{{[0-9]+}}.rt_seal_self>:
// ENDBR-NEXT: endbr64
//
// And it runs: loaded, the library is sealed.
// RUN: %gcc -O2 -fcf-protection=full -DMAIN %s %probe -L%t -lcet -Wl,-rpath,%t -o %t/prog
// RUN: %t/prog | FileCheck %s
// CHECK: lib: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: cet_fn=7
#ifdef MAIN
#include "sealprobe.h"

#include <stdio.h>

int cet_fn(void);

int main(void)
{
	probe_module_named("lib", "libcet.so");
	printf("cet_fn=%d\n", cet_fn());
	return 0;
}
#else
int cet_fn(void)
{
	return 7;
}
#endif
