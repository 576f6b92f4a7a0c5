! SPDX-License-Identifier: MIT
! Fortran through flang-new -fpass-plugin: the program seals itself like a
! C one.  flang-new does not register the target's asm parser, which the
! runtime's inline-asm syscalls need; the plugin registers it.  flang has
! no -fplugin, so -mllvm options need -Xflang -load -Xflang <plugin>.
!
! REQUIRES: flang
! RUN: %flang -fpass-plugin=%plugin -O2 %s %probe -o %t
! RUN: %t | FileCheck %s
! RUN: env SEALING_DEBUG=1 %t 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %s
! RUN: %flang -fpass-plugin=%plugin -O0 %s %probe -o %t.O0
! RUN: %t.O0 | FileCheck %s
! RUN: %flang -fpass-plugin=%plugin -Xflang -load -Xflang %plugin -mllvm -sealing-policy=2 -c %s -o %t.o
! RUN: readelf -x .note.sealing %t.o | FileCheck --check-prefix=P2 %s
program sealed
  use iso_c_binding
  implicit none
  interface
    subroutine probe_module(label, addr) bind(C, name="probe_module")
      import :: c_char, c_ptr
      character(kind=c_char), dimension(*), intent(in) :: label
      type(c_ptr), value :: addr
    end subroutine
    subroutine probe_ops(label, addr) bind(C, name="probe_ops")
      import :: c_char, c_ptr
      character(kind=c_char), dimension(*), intent(in) :: label
      type(c_ptr), value :: addr
    end subroutine
  end interface
  integer, target, save :: counter = 41

  call probe_module("fortran" // c_null_char, c_loc(counter))
  call probe_ops("data" // c_null_char, c_loc(counter))
  counter = counter + 1
  print '(a,i0)', 'counter=', counter
end program sealed
! Fortran's and C's output are buffered apart: their order is not fixed.
! CHECK-DAG: fortran: [[N:[0-9]+]]/[[N]] mappings sealed
! CHECK-DAG: data: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
! CHECK-DAG: counter=42
! ONCE: sealing: {{.*}}: policy 1 (executable): sealed {{.*}}; ok
! ONCE-NOT: (executable)
! P2: 0x00000010 494e4700 03020300 04000000
