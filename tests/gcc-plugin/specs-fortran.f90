! SPDX-License-Identifier: MIT
! sealing.specs twice with gfortran: one plugin in f951, the program sealed.
!
! REQUIRES: gcc-plugin-fortran
! RUN: rm -rf %t && mkdir -p %t
! RUN: %gfortran -O2 -specs=%gccplugin_specs -specs=%gccplugin_specs -### -c %s 2>&1 \
! RUN:   | awk -f %S/Inputs/compilers.awk | FileCheck --check-prefix=F951 --implicit-check-not=f951 %s
! F951: f951 1
! RUN: %gcc -O2 -I%S/../helpers -c %S/Inputs/probe-exe.c -o %t/probe-exe.o
! RUN: %gfortran -O2 -specs=%gccplugin_specs -specs=%gccplugin_specs -fplugin-arg-sealing-verbose %s %t/probe-exe.o %probe -o %t/prog 2>&1 \
! RUN:   | FileCheck --check-prefix=VERBOSE --implicit-check-not=sealing: %s
! VERBOSE: note: sealing: {{.*}}specs-fortran.f90: runtime added
! VERBOSE: note: sealing: {{.*}}specs-fortran.f90: defines main: the process pass added
! RUN: %t/prog | FileCheck %s
program sealed
  implicit none
  interface
    subroutine sealing_probe_exe() bind(C, name='sealing_probe_exe')
    end subroutine
  end interface
  call sealing_probe_exe()
end program sealed
! CHECK: exe: [[N:[0-9]+]]/[[N]] mappings sealed
