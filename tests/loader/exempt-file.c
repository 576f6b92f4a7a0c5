// SPDX-License-Identifier: MIT
// The admin's exempt file (SEALING_EXEMPT_FILE stands in for
// /etc/sealing/exempt): a rule "PROGRAM-GLOB OBJECT-GLOB" whose program
// glob names this program leaves the object open (no "sl", mprotect
// works), a rule for another program changes nothing, everything else is
// sealed.  A noted library its own runtime sealed stays sealed: the file
// only stops the loader module's own sealing.  Malformed lines give one
// line each and are ignored; an absent file changes nothing, silently.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -shared -fPIC -DFN=target_fn %inputs/lib.c -o %t/libtarget.so
// RUN: %cc -shared -fPIC -DFN=other_fn %inputs/lib.c -o %t/libother.so
// RUN: %cc -shared -fPIC -DFN=noted_fn %inputs/lib.c %rt -o %t/libnoted.so
// RUN: %cc -O2 %s %probe -L%t -ltarget -lother -lnoted -Wl,-rpath,%t -o %t/prog
//
// RUN: printf '# leave libtarget open everywhere\n\n*   libtarget.so  # any program\n/no/such/program libother.so\njust-one-field\na b c\n*/prog libnoted.so\n' > %t/exempt
// RUN: env SEALING_EXEMPT_FILE=%t/exempt LD_PRELOAD=%loader %t/prog > %t/out 2> %t/err
// RUN: FileCheck --check-prefix=TARGET %s < %t/out
// RUN: FileCheck --check-prefix=BAD -DFILE=%t/exempt %s < %t/err
// TARGET: target: 0/{{[1-9][0-9]*}} mappings sealed
// TARGET-NEXT: other: [[N:[0-9]+]]/[[N]] mappings sealed
// TARGET-NEXT: noted: [[M:[0-9]+]]/[[M]] mappings sealed
// TARGET-NEXT: libc: [[L:[0-9]+]]/[[L]] mappings sealed
// TARGET-NEXT: exe: [[E:[0-9]+]]/[[E]] mappings sealed
// TARGET-NEXT: target text rwx: ok
// TARGET-NEXT: other text rwx: EPERM
// BAD: sealing: [[FILE]]:5: expected "PROGRAM-GLOB OBJECT-GLOB", found one field; line ignored
// BAD-NEXT: sealing: [[FILE]]:6: expected "PROGRAM-GLOB OBJECT-GLOB", found more than two fields; line ignored
// BAD-NOT: sealing:
//
// The debug line says why the object stayed open.
// RUN: env SEALING_DEBUG=1 SEALING_EXEMPT_FILE=%t/exempt LD_PRELOAD=%loader %t/prog 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %s
// DEBUG: sealing: {{.*}}/libtarget.so: {{.*}}not sealed (/etc/sealing/exempt names it)
//
// The program by file name, the object by a path glob: only libother open.
// RUN: echo 'prog */libother.so' > %t/exempt-other
// RUN: env SEALING_EXEMPT_FILE=%t/exempt-other LD_PRELOAD=%loader %t/prog 2> %t/err | FileCheck --check-prefix=OTHER %s
// RUN: wc -c < %t/err | FileCheck --check-prefix=EMPTY %s
// OTHER: target: [[N:[0-9]+]]/[[N]] mappings sealed
// OTHER-NEXT: other: 0/{{[1-9][0-9]*}} mappings sealed
// OTHER: target text rwx: EPERM
// OTHER-NEXT: other text rwx: ok
//
// No file: everything sealed, nothing said.
// RUN: env SEALING_EXEMPT_FILE=%t/absent LD_PRELOAD=%loader %t/prog 2> %t/err | FileCheck --check-prefix=NONE %s
// RUN: wc -c < %t/err | FileCheck --check-prefix=EMPTY %s
// NONE: target: [[N:[0-9]+]]/[[N]] mappings sealed
// NONE-NEXT: other: [[O:[0-9]+]]/[[O]] mappings sealed
// NONE: target text rwx: EPERM
// EMPTY: {{^}}0{{$}}
//
// Junk (a NUL byte, an unclosed bracket, a 10000-byte field, no final
// newline) never crashes and never exempts more: one line for the
// three-field line, the rest match nothing.
// RUN: printf '* [libtarget.so\n\000 x\n' > %t/junk
// RUN: head -c 10000 /dev/zero | tr '\0' x >> %t/junk
// RUN: printf ' libother.so\n* a b\n*/prog' >> %t/junk
// RUN: env SEALING_EXEMPT_FILE=%t/junk LD_PRELOAD=%loader %t/prog 2> %t/err | FileCheck --check-prefix=NONE %s
// RUN: FileCheck --check-prefix=JUNK -DFILE=%t/junk %s < %t/err
// JUNK: sealing: [[FILE]]:4: expected "PROGRAM-GLOB OBJECT-GLOB", found more than two fields; line ignored
// JUNK-NEXT: sealing: [[FILE]]:5: expected "PROGRAM-GLOB OBJECT-GLOB", found one field; line ignored
// JUNK-NOT: sealing:
//
// A file that cannot be read (a directory): one line, the program runs.
// RUN: env SEALING_EXEMPT_FILE=%t LD_PRELOAD=%loader %t/prog 2> %t/err | FileCheck --check-prefix=NONE %s
// RUN: FileCheck --check-prefix=UNREADABLE -DFILE=%t %s < %t/err
// UNREADABLE: sealing: [[FILE]]: Is a directory; the rest of the file ignored
#define _GNU_SOURCE 1
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sealprobe.h"

int target_fn(void);
int other_fn(void);
int noted_fn(void);

static void rwx(const char *label, int (*fn)(void))
{
	void *p = (void *)((uintptr_t)fn & ~(uintptr_t)(sysconf(_SC_PAGESIZE) - 1));
	int rx = PROT_READ | PROT_EXEC;

	if (mprotect(p, 4096, rx | PROT_WRITE) == 0 && mprotect(p, 4096, rx) == 0)
		printf("%s text rwx: ok\n", label);
	else
		printf("%s text rwx: %s\n", label, errno == EPERM ? "EPERM" : strerror(errno));
}

int main(void)
{
	probe_module_named("target", "libtarget.so");
	probe_module_named("other", "libother.so");
	probe_module_named("noted", "libnoted.so");
	probe_module_named("libc", "libc.so.6");
	probe_module("exe", (const void *)main);
	rwx("target", target_fn);
	rwx("other", other_fn);
	return target_fn() + other_fn() + noted_fn() == 3 ? 0 : 1;
}
