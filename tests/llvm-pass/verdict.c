// SPDX-License-Identifier: MIT
// The start-up/dlopen verdict (see runtime/verdict.c) with every module
// built by clang with the pass: -O0 and -O2, LD_PRELOAD, a dlopen from a
// start-up constructor and from a thread, dlopen=skip, "ld.so ./prog",
// ASan, and executables of both scopes or none.
//
// RUN: rm -rf %t && %inputs/verdict.sh %t/p %clang "%seal" "%seal -mllvm -sealing-dlopen=skip" "%seal -mllvm -sealing-scope=module" "%probe"
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/p/libpre.so %t/p/prog-O0 %t/p 2>&1 | FileCheck --check-prefixes=ALL,PROCESS %inputs/verdict.check
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/p/libpre.so %t/p/prog-O2 %t/p 2>&1 | FileCheck --check-prefixes=ALL,PROCESS %inputs/verdict.check
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/p/libpre.so %t/p/prog-module %t/p 2>&1 | FileCheck --check-prefixes=ALL,PROCESS %inputs/verdict.check
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/p/libpre.so %t/p/prog-plain %t/p 2>&1 | FileCheck --check-prefixes=ALL,SELF %inputs/verdict.check
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/p/libpre.so %ldso %t/p/prog-O2 %t/p 2>&1 | FileCheck --check-prefixes=ALL,PROCESS %inputs/verdict.check
// RUN: %inputs/verdict.sh %t/asan %clang "%seal" "%seal -mllvm -sealing-dlopen=skip" "%seal -mllvm -sealing-scope=module" "%probe" -fsanitize=address
// RUN: env ASAN_OPTIONS=verify_asan_link_order=0 SEALING_DEBUG=1 LD_PRELOAD=%t/asan/libpre.so %t/asan/prog-O2 %t/asan 2>&1 | FileCheck --check-prefixes=ALL,PROCESS %inputs/verdict.check
// REQUIRES: compiler-rt
