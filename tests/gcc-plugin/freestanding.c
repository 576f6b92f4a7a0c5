// SPDX-License-Identifier: MIT
// Freestanding code (kernels, firmware, boot loaders) is left alone: no
// runtime, no note, no .init_array slot, and not even a weak reference to
// libc.  -fplugin-arg-sealing-verbose says why.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -O2 %fplugin -fplugin-arg-sealing-verbose -ffreestanding -c %s -o %t/ffree.o 2>&1 | FileCheck --check-prefix=FREE %s
// RUN: %gcc -O2 %fplugin -fplugin-arg-sealing-verbose -fno-hosted -c %s -o %t/nohosted.o 2>&1 | FileCheck --check-prefix=FREE %s
// FREE: note: sealing: {{.*}}freestanding.c: not instrumented: freestanding (-ffreestanding or -fno-hosted)
// RUN: %gcc -O2 %fplugin -fplugin-arg-sealing-verbose -mcmodel=kernel -fno-pie -mno-red-zone -c %s -o %t/kernel.o 2>&1 | FileCheck --check-prefix=KERNEL %s
// KERNEL: note: sealing: {{.*}}freestanding.c: not instrumented: -mcmodel=kernel
//
// Nothing at all was added: the same sections and symbols as without the
// plugin, and no undefined symbol.
// RUN: %gcc -O2 -ffreestanding -c %s -o %t/plain.o
// RUN: %gcc -O2 -mcmodel=kernel -fno-pie -mno-red-zone -c %s -o %t/kernel-plain.o
// RUN: readelf -SW %t/ffree.o | sed 's/^ *\[ *[0-9]*\]//' > %t/ffree.sections
// RUN: readelf -SW %t/plain.o | sed 's/^ *\[ *[0-9]*\]//' > %t/plain.sections
// RUN: diff %t/plain.sections %t/ffree.sections
// RUN: readelf -SW %t/nohosted.o | sed 's/^ *\[ *[0-9]*\]//' | diff %t/plain.sections -
// RUN: readelf -SW %t/kernel.o | sed 's/^ *\[ *[0-9]*\]//' > %t/kernel.sections
// RUN: readelf -SW %t/kernel-plain.o | sed 's/^ *\[ *[0-9]*\]//' | diff - %t/kernel.sections
// One nm per file: with several, nm prints their paths, which may well
// contain "sealing".
// RUN: nm %t/ffree.o > %t/syms && nm %t/nohosted.o >> %t/syms && nm %t/kernel.o >> %t/syms
// RUN: FileCheck --check-prefix=SYMS --input-file=%t/syms %s
// SYMS-NOT: sealing
// SYMS-NOT: {{ [Uw] }}
// SYMS: T kernel_entry
// SYMS-NOT: sealing
// SYMS-NOT: {{ [Uw] }}
//
// A hosted unit beside it is instrumented as usual.
// RUN: %gcc -O2 %fplugin -fplugin-arg-sealing-verbose -c %s -o %t/hosted.o 2>&1 | FileCheck --check-prefix=HOSTED %s
// HOSTED: note: sealing: {{.*}}freestanding.c: runtime added (policy 1, dlopen=pin, relro=anon, scope=process, vdso=open)
unsigned long kernel_entry(unsigned long x)
{
	return x * 2 + 1;
}
