! SPDX-License-Identifier: MIT
! Fortran: gfortran with the plugin seals the program.  The probe is C,
! called through bind(C) from an uninstrumented helper object.
!
! REQUIRES: gcc-plugin-fortran
! RUN: rm -rf %t && mkdir -p %t
! RUN: %gcc -O2 -I%S/../helpers -c %S/Inputs/probe-exe.c -o %t/probe-exe.o
! RUN: %gfortran -O2 %fplugin %s %t/probe-exe.o %probe -o %t/prog
! RUN: %t/prog | FileCheck %s
! RUN: %gfortran -O2 -flto %fplugin %s %t/probe-exe.o %probe -o %t/prog-lto
! RUN: %t/prog-lto | FileCheck %s
! RUN: readelf -nW %t/prog | FileCheck --check-prefix=NOTE %s
! NOTE: SEALING 0x00000010 NT_VERSION (version) description data: 03 01 02 00 04 00 00 00 {{[0-9a-f ]+}}
! NOTE: SEALING 0x0000000c {{.*}} description data: 03 01 00 00 {{[0-9a-f ]+}}
! NOTE-NOT: SEALING
program sealed
  implicit none
  interface
    subroutine sealing_probe_exe() bind(C, name='sealing_probe_exe')
    end subroutine
  end interface
  print '(a)', 'fortran ran'
  flush(6)
  call sealing_probe_exe()
end program sealed
! CHECK: fortran ran
! CHECK-NEXT: exe: [[N:[0-9]+]]/[[N]] mappings sealed
! CHECK-NEXT: text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
