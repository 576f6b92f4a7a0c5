// SPDX-License-Identifier: MIT
// The MADV_DONTNEED hole (runtime/relro-attack.c) in a program nobody
// rebuilt: the loader module replaces the RELRO of every object it seals
// with a read-only view of its sealed memfd first (the process pass's
// batch, docs/security.md), so every discarding madvise on every RELRO
// page of the executable, a library it needs, libc and a library it
// dlopens leaves the relocated bytes in place, and calls through their
// GOTs keep working.  The program and its checks are
// runtime/relro-attack.c's, built without the runtime; there the
// dlopen'd library seals itself the mremap way, here the module seals it
// like the rest (DLMEMFD below).  Without the module the same discards
// succeed, and the program dies calling through its GOT.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O2 -shared -fPIC -DLIBRARY %S/../runtime/relro-attack.c %probe -Wl,-z,now -o %t/libneeded.so
// RUN: %cc -O2 -shared -fPIC -DLIBRARY -DFN=dl_fn %S/../runtime/relro-attack.c %probe -Wl,-z,now -o %t/libdl.so
// RUN: %cc -O2 %S/../runtime/relro-attack.c %probe -Wl,-z,now -L%t -lneeded -Wl,-rpath,%t -ldl -o %t/prog
// RUN: env LD_PRELOAD=%loader %t/prog %t/libdl.so > %t/out
// RUN: FileCheck --check-prefixes=EXE,NEEDED,LIBC %S/../runtime/relro-attack.c < %t/out
// RUN: FileCheck --check-prefix=DLMEMFD %s < %t/out
// DLMEMFD: dlopened: relro {{[1-9][0-9]*}} pages: DONTNEED=ok FREE=EINVAL REMOVE=EACCES DONTNEED_LOCKED=ok
// DLMEMFD: dl alive: 42
// RUN: %not --crash %t/prog %t/libdl.so > %t/plain.out
// RUN: FileCheck --check-prefix=KEEP %S/../runtime/relro-attack.c < %t/plain.out
