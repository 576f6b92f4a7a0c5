// SPDX-License-Identifier: MIT
// SEALING_MUTABLE with the LLVM pass: the program and checks of
// runtime/mutable.c, built by clang with the pass instead of sealing-rt.o,
// in the assembly form, in the bitcode form (-flto=thin and -flto), and
// in a library.  The runtime finds the mutable data through the linker's
// __start_/__stop_sealing_mutable, which both forms must reference as the
// link object does, and LTO must keep the section.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang %seal -O2 -I%include %S/../runtime/mutable.c %probe -o %t/prog
// RUN: %t/prog | FileCheck %S/../runtime/mutable.c
// RUN: %clang %seal -O2 -flto=thin -fuse-ld=bfd -I%include %S/../runtime/mutable.c %probe -o %t/prog-thin
// RUN: %t/prog-thin | FileCheck %S/../runtime/mutable.c
// RUN: %clang %seal -O2 -flto -fuse-ld=bfd -I%include %S/../runtime/mutable.c %probe -o %t/prog-lto
// RUN: %t/prog-lto | FileCheck %S/../runtime/mutable.c
// RUN: %clang %seal -O2 -shared -fPIC -I%include -DLIBRARY %S/../runtime/mutable.c -o %t/libm.so
// RUN: %clang %seal -O2 -I%include -DUSE_LIBRARY %S/../runtime/mutable.c %probe %t/libm.so -Wl,-rpath,%t -o %t/uselib
// RUN: %t/uselib | FileCheck --check-prefix=LIB %S/../runtime/mutable.c
// RUN: env SEALING_DEBUG=1 %t/prog-thin 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %S/../runtime/mutable.c
