// SPDX-License-Identifier: MIT
// A compiler whose LLVM has no build here gets one line that names its
// LLVM, the builds there are and what to install, and a clean non-zero
// exit: no symbol-lookup error, no crash banner (%not fails on a crash).
//
// REQUIRES: clang-13
// RUN: %not clang-13 -fpass-plugin=%dispatcher -O2 -c %s -o %t.o 2> %t.err
// RUN: FileCheck --input-file %t.err %s
// RUN: %not clang-13 -fplugin=%dispatcher -fpass-plugin=%dispatcher -c %s -o %t.o 2> %t.both.err
// RUN: FileCheck --input-file %t.both.err %s
// RUN: wc -l < %t.both.err | FileCheck --check-prefix=ONELINE %s
int main(void) { return 0; }
// CHECK: sealing: no pass plugin for LLVM 13 here (built for {{[0-9]+(, [0-9]+)*}}): install sealing-llvm-13, or rebuild with -DLLVM_DIR=/usr/lib/llvm-13/lib/cmake/llvm
// CHECK-NOT: {{[Ss]}}tack dump
// CHECK-NOT: symbol lookup error
// ONELINE: {{^}}1{{$}}
