// SPDX-License-Identifier: MIT
// SEALING_MUTABLE with the GCC plugin: the program and checks of
// runtime/mutable.c, built with -fplugin=sealing instead of sealing-rt.o,
// without and with LTO, and in a library.  The runtime finds the mutable
// data through the linker's __start_/__stop_sealing_mutable, which the
// plugin's carried runtime must reference as the link object's does, and
// LTO must keep the section.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -O2 %fplugin -I%include %S/../runtime/mutable.c %probe -o %t/prog
// RUN: %t/prog | FileCheck %S/../runtime/mutable.c
// RUN: %gcc -O2 -flto %fplugin -I%include %S/../runtime/mutable.c %probe -o %t/prog-lto
// RUN: %t/prog-lto | FileCheck %S/../runtime/mutable.c
// RUN: %gcc -O2 -shared -fPIC %fplugin -I%include -DLIBRARY %S/../runtime/mutable.c -o %t/libm.so
// RUN: %gcc -O2 %fplugin -I%include -DUSE_LIBRARY %S/../runtime/mutable.c %probe %t/libm.so -Wl,-rpath,%t -o %t/uselib
// RUN: %t/uselib | FileCheck --check-prefix=LIB %S/../runtime/mutable.c
// RUN: env SEALING_DEBUG=1 %t/prog-lto 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %S/../runtime/mutable.c
