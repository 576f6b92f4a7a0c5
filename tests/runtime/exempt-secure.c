// SPDX-License-Identifier: MIT
// SEALING_EXEMPT in a secure-execution process: ignored, since it only
// lowers protection (exempt.c has the rest).  The program is exempt.c's,
// made set-user-ID root and run by nobody, so AT_SECURE is set; it lives
// in a fresh directory under /tmp that the user nobody can reach, with its
// libraries found through an absolute rpath, which ld.so still honours
// in secure execution ($ORIGIN it would not).  SEALING_DEBUG is ignored
// there too, so stderr stays empty.
//
// REQUIRES: root, setpriv
// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'd=$(mktemp -d /tmp/sealing-exempt.XXXXXX) && chmod 755 "$d" && echo "$d" > %t/dir'
// RUN: sh -c 'd=$(cat %t/dir) && %cc -O2 -shared -fPIC -DFN=alpha_fn %inputs/lib.c -o "$d"/libalpha.so && %cc -O2 -shared -fPIC -DFN=beta_fn %inputs/lib.c -o "$d"/libbeta.so && %cc -O2 -shared -fPIC -DFN=gamma_fn %inputs/lib.c %rtdir/sealing-rt-core.o -o "$d"/libgamma.so'
// RUN: sh -c 'd=$(cat %t/dir) && %cc -O2 %S/exempt.c %probe %rt -L"$d" -Wl,--no-as-needed -lalpha -lbeta -lgamma -Wl,-rpath,"$d" -o "$d"/prog && chmod 4755 "$d"/prog'
//
// RUN: sh -c 'd=$(cat %t/dir) && env SEALING_EXEMPT=libalpha.so:"$d"/libbeta.so:libc.so.6 SEALING_DEBUG=1 setpriv --reuid=65534 --regid=65534 --clear-groups "$d"/prog' > %t/secure.out 2> %t/secure.err
// RUN: FileCheck --check-prefixes=SECURE,SEALED %s < %t/secure.out
// RUN: wc -c < %t/secure.err | FileCheck --check-prefix=EMPTY %s
// The same file run by root (no AT_SECURE) honours it: the control.
// RUN: sh -c 'd=$(cat %t/dir) && env SEALING_EXEMPT=libalpha.so:"$d"/libbeta.so:libc.so.6 "$d"/prog' | FileCheck --check-prefixes=NOT-SECURE,OPEN %s
// RUN: sh -c 'rm -rf "$(cat %t/dir)"'
//
// SECURE: secure=1 calls=3
// NOT-SECURE: secure=0 calls=3
// SEALED-NEXT: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// SEALED-NEXT: alpha: [[N:[0-9]+]]/[[N]] mappings sealed
// SEALED-NEXT: beta: [[N:[0-9]+]]/[[N]] mappings sealed
// SEALED-NEXT: gamma: [[N:[0-9]+]]/[[N]] mappings sealed
// SEALED-NEXT: libc: [[N:[0-9]+]]/[[N]] mappings sealed
// SEALED-NEXT: alpha text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// OPEN-NEXT: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// OPEN-NEXT: alpha: 0/{{[1-9][0-9]*}} mappings sealed
// OPEN-NEXT: beta: 0/{{[1-9][0-9]*}} mappings sealed
// OPEN-NEXT: gamma: [[N:[0-9]+]]/[[N]] mappings sealed
// OPEN-NEXT: libc: 0/{{[1-9][0-9]*}} mappings sealed
// OPEN-NEXT: alpha text: mprotect=ok munmap=skipped
// EMPTY: {{^}}0{{$}}
