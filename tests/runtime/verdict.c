// SPDX-License-Identifier: MIT
// Loaded at start-up or by dlopen?  The verdict decides whether a library
// is pinned before it is sealed, and whether dlopen=skip leaves it open.
// An executable with the process pass places every start-up library by a
// walk of the link map; a library that seals itself asks the executable's
// state byte, then its own stack depth (rt-startup.c).  It holds for: -O0 and -O2
// programs built by GCC and clang, an ASan program, a program started as
// "ld.so ./prog", an LD_PRELOAD library, a dlopen from a start-up
// library's constructor, a dlopen from a thread, dlopen=skip, and an
// executable that seals the process, only itself, or has no runtime.
// Expected output: Inputs/verdict.check; SEALING_DEBUG states the verdict.
//
// RUN: rm -rf %t && %inputs/verdict.sh %t/gcc %cc "%rt" "%rtdir/sealing-rt-dlopen-skip.o" "%rtdir/sealing-rt-module-scope.o" "%probe"
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/gcc/libpre.so %t/gcc/prog-O0 %t/gcc 2>&1 | FileCheck --check-prefixes=ALL,PROCESS %inputs/verdict.check
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/gcc/libpre.so %t/gcc/prog-O2 %t/gcc 2>&1 | FileCheck --check-prefixes=ALL,PROCESS %inputs/verdict.check
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/gcc/libpre.so %t/gcc/prog-module %t/gcc 2>&1 | FileCheck --check-prefixes=ALL,PROCESS %inputs/verdict.check
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/gcc/libpre.so %t/gcc/prog-plain %t/gcc 2>&1 | FileCheck --check-prefixes=ALL,SELF %inputs/verdict.check
// The same programs started by the loader itself.
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/gcc/libpre.so %ldso %t/gcc/prog-O2 %t/gcc 2>&1 | FileCheck --check-prefixes=ALL,PROCESS %inputs/verdict.check
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/gcc/libpre.so %ldso %t/gcc/prog-module %t/gcc 2>&1 | FileCheck --check-prefixes=ALL,PROCESS %inputs/verdict.check
//
// An ASan program (its runtime intercepts dlopen; the preloaded library
// comes before it in the link map, which ASan accepts when told so).
// RUN: %inputs/verdict.sh %t/asan %cc "%rt" "%rtdir/sealing-rt-dlopen-skip.o" "%rtdir/sealing-rt-module-scope.o" "%probe" -fsanitize=address
// RUN: env ASAN_OPTIONS=verify_asan_link_order=0 SEALING_DEBUG=1 LD_PRELOAD=%t/asan/libpre.so %t/asan/prog-O2 %t/asan 2>&1 | FileCheck --check-prefixes=ALL,PROCESS %inputs/verdict.check
// RUN: env ASAN_OPTIONS=verify_asan_link_order=0 SEALING_DEBUG=1 LD_PRELOAD=%t/asan/libpre.so %t/asan/prog-module %t/asan 2>&1 | FileCheck --check-prefixes=ALL,PROCESS %inputs/verdict.check
//
// clang-built programs and libraries, with the same link object.
// RUN: %inputs/verdict.sh %t/clang %anyclang "%rt" "%rtdir/sealing-rt-dlopen-skip.o" "%rtdir/sealing-rt-module-scope.o" "%probe"
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/clang/libpre.so %t/clang/prog-O0 %t/clang 2>&1 | FileCheck --check-prefixes=ALL,PROCESS %inputs/verdict.check
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/clang/libpre.so %t/clang/prog-module %t/clang 2>&1 | FileCheck --check-prefixes=ALL,PROCESS %inputs/verdict.check
// REQUIRES: any-clang
