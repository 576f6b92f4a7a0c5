// SPDX-License-Identifier: MIT
// clang and GCC objects, and the link object, carry byte-identical
// runtimes: the pass appends the same carried text as the GCC plugin, and
// sealing-rt.o is assembled from it, so the COMDAT groups' code (the
// core's and the executable's part's; the hot run, which holds the
// constructor's entry, and the rest), read-only data and note (same
// policy and flags; only the carrier byte differs) are the same bytes.  Only the relocations are spelt
// differently, as each assembler writes them (LLVM's refers to a local
// symbol's section, GNU as to the symbol; LLVM's calls are PLT32): they
// resolve to the same addresses.
//
// REQUIRES: gcc-plugin, objdump
// RUN: %clang %seal -O2 -c %s -o %t.clang.o
// RUN: %gccseal -O2 -c %s -o %t.gcc.o
// RUN: objdump -d -j .text.hot.%group -j .text.%group -j .text.unlikely.%group %t.clang.o | grep -v 'file format' > %t.clang.text
// RUN: objdump -d -j .text.hot.%group -j .text.%group -j .text.unlikely.%group %t.gcc.o | grep -v 'file format' > %t.gcc.text
// RUN: FileCheck --check-prefix=TEXT %s < %t.clang.text
// RUN: diff %t.clang.text %t.gcc.text
// RUN: objdump -s -j .rodata.%group %t.clang.o | grep -v 'file format' > %t.clang.rodata
// RUN: objdump -s -j .rodata.%group %t.gcc.o | grep -v 'file format' > %t.gcc.rodata
// RUN: diff %t.clang.rodata %t.gcc.rodata
// The executable's part (the process pass), which the unit defining main
// carries in a group of its own: the same bytes too.
// RUN: objdump -d -j .text.hot.%group_exe -j .text.%group_exe -j .text.unlikely.%group_exe %t.clang.o | grep -v 'file format' > %t.clang.exe.text
// RUN: objdump -d -j .text.hot.%group_exe -j .text.%group_exe -j .text.unlikely.%group_exe %t.gcc.o | grep -v 'file format' > %t.gcc.exe.text
// RUN: FileCheck --check-prefix=EXE-TEXT %s < %t.clang.exe.text
// RUN: diff %t.clang.exe.text %t.gcc.exe.text
// RUN: objdump -s -j .rodata.%group_exe %t.clang.o | grep -v 'file format' > %t.clang.exe.rodata
// RUN: objdump -s -j .rodata.%group_exe %t.gcc.o | grep -v 'file format' > %t.gcc.exe.rodata
// RUN: diff %t.clang.exe.rodata %t.gcc.exe.rodata
// The link object sealing-rt.o is assembled from the same text: both
// groups are the same bytes there too.
// RUN: objdump -d -j .text.hot.%group -j .text.%group -j .text.unlikely.%group %rt | grep -v 'file format' > %t.rt.text
// RUN: diff %t.rt.text %t.gcc.text
// RUN: objdump -s -j .rodata.%group %rt | grep -v 'file format' > %t.rt.rodata
// RUN: diff %t.rt.rodata %t.gcc.rodata
// RUN: objdump -d -j .text.hot.%group_exe -j .text.%group_exe -j .text.unlikely.%group_exe %rt | grep -v 'file format' > %t.rt.exe.text
// RUN: diff %t.rt.exe.text %t.gcc.exe.text
// RUN: objdump -s -j .rodata.%group_exe %rt | grep -v 'file format' > %t.rt.exe.rodata
// RUN: diff %t.rt.exe.rodata %t.gcc.exe.rodata
// The executable's part's code, outside the image: the same bytes.
// RUN: objdump -s -j .sealing.exe %t.clang.o | grep -v 'file format' > %t.clang.exe.part
// RUN: objdump -s -j .sealing.exe %t.gcc.o | grep -v 'file format' > %t.gcc.exe.part
// RUN: objdump -s -j .sealing.exe %rt | grep -v 'file format' > %t.rt.exe.part
// RUN: grep -q 'SEALEXE' %t.gcc.exe.part
// RUN: diff %t.clang.exe.part %t.gcc.exe.part
// RUN: diff %t.rt.exe.part %t.gcc.exe.part
// RUN: readelf -x .note.sealing %t.clang.o | FileCheck --check-prefix=LLVM %s
// RUN: readelf -x .note.sealing %t.gcc.o | FileCheck --check-prefix=GCC %s

int main(void) { return 0; }

// TEXT: <__sealing_rt_v{{[0-9]+}}.rt_seal_self>:
// EXE-TEXT: <__sealing_rt_v{{[0-9]+}}_exe.rt_exe_entry>:
// LLVM: 0x00000010 494e4700 03010300 04000000
// GCC: 0x00000010 494e4700 03010200 04000000
