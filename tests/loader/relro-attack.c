// SPDX-License-Identifier: MIT
// The MADV_DONTNEED hole (runtime/relro-attack.c) in a program nobody
// rebuilt: the loader module makes the RELRO of every object it seals
// anonymous and read-only first, so every discarding madvise on every
// RELRO page of the executable, a library it needs, libc and a library
// it dlopens fails with EPERM, and calls through their GOTs keep working.
// The program and its checks are runtime/relro-attack.c's, built without
// the runtime.  Without the module the same discards succeed, and the
// program dies calling through its GOT.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O2 -shared -fPIC -DLIBRARY %S/../runtime/relro-attack.c %probe -Wl,-z,now -o %t/libneeded.so
// RUN: %cc -O2 -shared -fPIC -DLIBRARY -DFN=dl_fn %S/../runtime/relro-attack.c %probe -Wl,-z,now -o %t/libdl.so
// RUN: %cc -O2 %S/../runtime/relro-attack.c %probe -Wl,-z,now -L%t -lneeded -Wl,-rpath,%t -ldl -o %t/prog
// RUN: env LD_PRELOAD=%loader %t/prog %t/libdl.so | FileCheck --check-prefixes=EXE,NEEDED,LIBC,DL %S/../runtime/relro-attack.c
// RUN: %not --crash %t/prog %t/libdl.so > %t/plain.out
// RUN: FileCheck --check-prefix=KEEP %S/../runtime/relro-attack.c < %t/plain.out
