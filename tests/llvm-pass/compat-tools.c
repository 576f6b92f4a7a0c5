// SPDX-License-Identifier: MIT
// A program and a library built with -fpass-plugin=sealing-llvm.so behave under the
// tools of docs/compatibility.md as the unsealed ones do: valgrind (clean
// stderr, no mseal), gdb (breakpoints in sealed text), strace, fakeroot,
// the sanitizers, and qemu-user (policy 1 runs, policy 2 stops with its
// documented line).
//
// (-gdwarf-4: valgrind 3.19 cannot read all of clang 19's DWARF 5.)
//
// REQUIRES: valgrind, gdb, strace, fakeroot, qemu-x86_64, compiler-rt
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -gdwarf-4 -O1 -shared -fPIC %seal -DFN=lib_fn %inputs/got-lib.c -o %t/libgot.so
// RUN: mkdir -p %t/plain && %clang -gdwarf-4 -O1 -shared -fPIC -DFN=lib_fn %inputs/got-lib.c -o %t/plain/libgot.so
// RUN: %clang -gdwarf-4 -O1 -pthread %seal %inputs/compat-main.c %probe -L%t -lgot -Wl,-rpath,%t -o %t/prog
// RUN: %clang -gdwarf-4 -O1 -pthread %inputs/compat-main.c %probe -L%t/plain -lgot -Wl,-rpath,%t/plain -o %t/plain/prog
// RUN: %t/prog probe | FileCheck --check-prefix=SEALED %s
//
// valgrind: same stdout and stderr as the unsealed build, under policy 2 too.
// RUN: valgrind -q --error-exitcode=9 %t/plain/prog > %t/plain.out 2> %t/plain.err
// RUN: env SEALING_POLICY=2 valgrind -q --error-exitcode=9 %t/prog > %t/vg.out 2> %t/vg.err
// RUN: diff %t/plain.out %t/vg.out && diff %t/plain.err %t/vg.err
//
// gdb: breakpoints in the sealed executable and library are hit.
// RUN: gdb -nx -batch -ex 'break main' -ex 'break lib_fn' -ex run -ex continue -ex continue -ex continue --args %t/prog 2>&1 | FileCheck --check-prefix=GDB %s
// GDB: Breakpoint 1, main
// GDB: Breakpoint 2, {{.*}}lib_fn
// GDB: result 1 2
// GDB: exited normally
//
// strace and fakeroot.
// RUN: strace -f -qq -o %t/trace %t/prog probe | FileCheck --check-prefix=SEALED %s
// One mseal per object: the executable, the library (which leaves its
// sealing to the executable), libc and ld.so.  strace before 6.10 has no
// name for it.
// RUN: grep -cE '^[0-9 ]*(mseal|syscall_0x1ce)\(' %t/trace | FileCheck --check-prefix=FOUR %s
// RUN: fakeroot %t/prog probe | FileCheck --check-prefix=SEALED %s
//
// The sanitizers.
// RUN: %clang -gdwarf-4 -O1 -pthread -fsanitize=address %seal %inputs/compat-main.c %probe -L%t -lgot -Wl,-rpath,%t -o %t/asan
// RUN: %t/asan probe 2> %t/asan.err | FileCheck --check-prefix=SEALED %s
// RUN: %clang -gdwarf-4 -O1 -pthread -fsanitize=undefined -fno-sanitize-recover=all %seal %inputs/compat-main.c %probe -L%t -lgot -Wl,-rpath,%t -o %t/ubsan
// RUN: %t/ubsan probe 2> %t/ubsan.err | FileCheck --check-prefix=SEALED %s
// RUN: %clang -gdwarf-4 -O1 -pthread -fsanitize=thread %seal %inputs/compat-main.c %probe -L%t -lgot -Wl,-rpath,%t -o %t/tsan
// RUN: %t/tsan probe 2> %t/tsan.err | FileCheck --check-prefix=SEALED %s
// RUN: cat %t/asan.err %t/ubsan.err %t/tsan.err | wc -c | FileCheck --check-prefix=EMPTY %s
//
// qemu-user answers ENOSYS to mseal.
// RUN: qemu-x86_64 %t/prog 2> %t/qemu.err | FileCheck --check-prefix=RUNS %s
// RUN: wc -c < %t/qemu.err | FileCheck --check-prefix=EMPTY %s
// RUN: sh -c 'SEALING_POLICY=2 qemu-x86_64 %t/prog; echo status=$?' 2>&1 | FileCheck --check-prefix=STOPS %s
//
// SEALED: result 1 2
// SEALED-NEXT: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// SEALED-NEXT: lib: [[M:[0-9]+]]/[[M]] mappings sealed
// FOUR: {{^}}4{{$}}
// RUNS: result 1 2
// EMPTY: {{^}}0{{$}}
// STOPS: sealing: {{.*}}: cannot seal 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}: ENOSYS (errno 38), mseal unavailable (Linux < 6.10, an emulator or a sandbox); policy 2 terminates (override: SEALING_POLICY=1, or sealctl set-policy 1)
// STOPS-NOT: result
// STOPS: status=127
