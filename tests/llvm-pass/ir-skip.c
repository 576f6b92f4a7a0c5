// SPDX-License-Identifier: MIT
// Code that is not a hosted Linux module is left exactly as it was:
// freestanding code (kernels, firmware, libc itself), the kernel code
// model, other object formats, and other architectures or ABIs than the
// embedded runtime's.  Policy 2 turns the last case into an error, since
// it promises a sealed module or a failure.
//
// RUN: %clang -S -emit-llvm -O1 -ffreestanding %s -o %t.free.ll
// RUN: %opt %loadseal -passes=sealing -sealing-verbose -S %t.free.ll -o %t.free.out.ll 2>&1 | FileCheck --check-prefix=FREE %s
// RUN: FileCheck --check-prefix=UNTOUCHED %s < %t.free.out.ll
// RUN: %opt %loadseal -passes=sealing -sealing-freestanding=instrument -sealing-form=bitcode -S %t.free.ll | FileCheck --check-prefix=FORCED %s
//
// RUN: %clang -S -emit-llvm -O1 -mcmodel=kernel %s -o %t.kernel.ll
// RUN: %opt %loadseal -passes=sealing -sealing-verbose -S %t.kernel.ll -o %t.kernel.out.ll 2>&1 | FileCheck --check-prefix=KERNEL %s
// RUN: FileCheck --check-prefix=UNTOUCHED %s < %t.kernel.out.ll
//
// RUN: %clang --target=x86_64-pc-windows-msvc -S -emit-llvm -O1 %s -o %t.win.ll
// RUN: %opt %loadseal -passes=sealing -sealing-verbose -S %t.win.ll -o %t.win.out.ll 2>&1 | FileCheck --check-prefix=WIN %s
// RUN: FileCheck --check-prefix=UNTOUCHED %s < %t.win.out.ll
//
// RUN: %clang --target=i686-linux-gnu -S -emit-llvm -O1 %s -o %t.i686.ll
// RUN: %opt %loadseal -passes=sealing -sealing-verbose -S %t.i686.ll -o %t.i686.out.ll 2>&1 | FileCheck --check-prefix=ARCH %s
// RUN: FileCheck --check-prefix=UNTOUCHED %s < %t.i686.out.ll
// RUN: %not %opt %loadseal -passes=sealing -sealing-policy=2 -S %t.i686.ll -o /dev/null 2>&1 | FileCheck --check-prefix=ARCH2 %s
//
// The object clang writes for freestanding code carries nothing of ours.
// RUN: %clang %seal -O2 -ffreestanding -c %s -o %t.free.o
// RUN: readelf -SgsW %t.free.o | FileCheck --check-prefix=OBJ %s

int add(int a, int b) { return a + b; }

// FREE: sealing: {{.*}}: left alone: freestanding
// FORCED: @__sealing_rt_v{{[0-9]+}} = linkonce_odr hidden constant
// RUN: %opt %loadseal -passes=sealing -sealing-freestanding=instrument -S %t.free.ll | FileCheck --check-prefix=FORCEDASM %s
// FORCEDASM: module asm "\09.set .L__sealing_rt_v{{[0-9]+}}.carried, 1"
// KERNEL: sealing: {{.*}}: left alone: kernel code model
// WIN: sealing: {{.*}}: left alone: not a Linux ELF target (x86_64-pc-windows-msvc
// ARCH: sealing: {{.*}}: left alone: the embedded runtime was compiled for x86_64{{.*}} and this module targets i686
// ARCH2: error: sealing: cannot instrument {{.*}}targets i686
// UNTOUCHED-NOT: __sealing_rt_v{{[0-9]+}}
// OBJ-NOT: {{__sealing_rt_v{{[0-9]+}}|\.note\.sealing}}
