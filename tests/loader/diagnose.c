// SPDX-License-Identifier: MIT
// libsealing-diagnose.so (%diagnose) names the refused call, the sealed
// range, its object and the ways out, once per EPERM that sealing caused:
// a program built with the runtime that changes its own text or RELRO, or
// libc's text, by every call mseal refuses and through syscall(); the
// caller still sees EPERM.  An EPERM sealing did not cause (a memfd's
// F_SEAL_WRITE) gets no line, nor does anything without SEALING_DIAGNOSE=1.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O2 %s %rt -o %t/prog
// RUN: env SEALING_DIAGNOSE=1 LD_PRELOAD=%diagnose %t/prog text > %t/out 2> %t/err
// RUN: FileCheck --check-prefix=OUT %s < %t/out
// RUN: FileCheck --check-prefix=TEXT %s < %t/err
// OUT: mprotect: EPERM
// OUT-NEXT: pkey_mprotect: EPERM
// OUT-NEXT: munmap: EPERM
// OUT-NEXT: mremap: EPERM
// OUT-NEXT: mmap(MAP_FIXED): EPERM
// OUT-NEXT: syscall(SYS_mprotect): EPERM
// OUT-NEXT: syscall(SYS_munmap): EPERM
// TEXT: sealing: mprotect(0x[[PAGE:[0-9a-f]+]], 4096) failed with EPERM: 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} is sealed (mseal), part of [[PROG:.*/prog]]; to leave it open: if it has no sealing note, SEALING_EXEMPT=prog (under the loader module also the line "PROGRAM prog" in /etc/sealing/exempt); if it has one, sealctl set-policy 0 [[PROG]] (sealctl status tells which; see docs/troubleshooting.md)
// TEXT-NEXT: sealing: pkey_mprotect(0x[[PAGE]], 4096) failed with EPERM: {{.*}} part of [[PROG]];
// TEXT-NEXT: sealing: munmap(0x[[PAGE]], 4096) failed with EPERM: {{.*}} part of [[PROG]];
// TEXT-NEXT: sealing: mremap(0x[[PAGE]], 4096) failed with EPERM: {{.*}} part of [[PROG]];
// TEXT-NEXT: sealing: mmap(MAP_FIXED)(0x[[PAGE]], 4096) failed with EPERM: {{.*}} part of [[PROG]];
// TEXT-NEXT: sealing: syscall(SYS_mprotect)(0x[[PAGE]], 4096) failed with EPERM: {{.*}} part of [[PROG]];
// TEXT-NEXT: sealing: syscall(SYS_munmap)(0x[[PAGE]], 4096) failed with EPERM: {{.*}} part of [[PROG]];
// TEXT-NOT: sealing:
//
// RELRO, which the process pass replaced by a view of its sealed memfd:
// the object is found by its headers, not by the mapping's name, and the
// kernel answers mprotect with EACCES (the view can never be writable)
// before it looks at the seal; that gets its line too.  (A discard of
// the shared view is no failure: it refaults the same sealed bytes.)
// RUN: env SEALING_DIAGNOSE=1 LD_PRELOAD=%diagnose %t/prog relro > %t/out 2> %t/err
// RUN: FileCheck --check-prefix=RELRO-OUT %s < %t/out
// RUN: FileCheck --check-prefix=RELRO %s < %t/err
// RELRO-OUT: mprotect(PROT_READ|PROT_WRITE): EACCES
// RELRO: sealing: mprotect(0x{{[0-9a-f]+}}, 4096) failed with EACCES: 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} is sealed (mseal), part of {{.*}}/prog; to leave it open: if it has no sealing note, SEALING_EXEMPT=prog 
// RELRO-NOT: sealing:
//
// libc's text, which the executable's process pass sealed.
// RUN: env SEALING_DIAGNOSE=1 LD_PRELOAD=%diagnose %t/prog libc > %t/out 2> %t/err
// RUN: FileCheck --check-prefix=LIBC-OUT %s < %t/out
// RUN: FileCheck --check-prefix=LIBC %s < %t/err
// LIBC-OUT: mprotect: EPERM
// LIBC: sealing: mprotect(0x{{[0-9a-f]+}}, 4096) failed with EPERM: {{.*}} part of {{.*}}/libc.so.6; to leave it open: if it has no sealing note, SEALING_EXEMPT=libc.so.6 (under the loader module also the line "PROGRAM libc.so.6" in /etc/sealing/exempt); if it has one,
//
// A program nobody rebuilt, sealed by the loader module: the same lines.
// RUN: %cc -O2 %s -o %t/plain
// RUN: env SEALING_DIAGNOSE=1 LD_PRELOAD="%loader %diagnose" %t/plain text 2>&1 >/dev/null | FileCheck --check-prefix=PLAIN %s
// RUN: env SEALING_DIAGNOSE=1 LD_PRELOAD="%loader %diagnose" %t/plain libc 2>&1 >/dev/null | FileCheck --check-prefix=LIBC %s
// PLAIN: sealing: mprotect(0x{{[0-9a-f]+}}, 4096) failed with EPERM: {{.*}} part of {{.*}}/plain; to leave it open:
//
// A program that ignores the refused mprotect and writes anyway: the
// SIGSEGV gets its line too, and still ends the process as before.  A
// fault elsewhere (read-only but unsealed, or unmapped) gets none.  (The
// status is checked apart from the lines: the shell and not --crash each
// add their own line about the signal.)
// RUN: %not --crash env SEALING_DIAGNOSE=1 LD_PRELOAD=%diagnose %t/prog segv-text 2> %t/err
// RUN: sh -c 'SEALING_DIAGNOSE=1 LD_PRELOAD=%diagnose %t/prog segv-text 2> /dev/null; echo status=$?' 2> /dev/null | FileCheck --check-prefix=SEGV-STATUS %s
// RUN: FileCheck --check-prefix=SEGV %s < %t/err
// SEGV-STATUS: status=139
// NOLINE: Segmentation fault
// SEGV: sealing: mprotect(0x[[PAGE:[0-9a-f]+]], 4096) failed with EPERM:
// SEGV-NEXT: sealing: SIGSEGV at 0x[[PAGE]], an access its protection forbids, which sealing keeps from changing (was an mprotect of it refused?): 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} is sealed (mseal), part of {{.*}}/prog; to leave it open:
// RUN: %not --crash env SEALING_DIAGNOSE=1 LD_PRELOAD=%diagnose %t/prog segv-readonly 2> %t/err
// RUN: sh -c 'SEALING_DIAGNOSE=1 LD_PRELOAD=%diagnose %t/prog segv-readonly 2> /dev/null; echo status=$?' 2> /dev/null | FileCheck --check-prefix=SEGV-STATUS %s
// RUN: FileCheck --check-prefix=NOLINE --implicit-check-not=sealing: %s < %t/err
// RUN: %not --crash env SEALING_DIAGNOSE=1 LD_PRELOAD=%diagnose %t/prog segv-unmapped 2> %t/err
// RUN: sh -c 'SEALING_DIAGNOSE=1 LD_PRELOAD=%diagnose %t/prog segv-unmapped 2> /dev/null; echo status=$?' 2> /dev/null | FileCheck --check-prefix=SEGV-STATUS %s
// RUN: FileCheck --check-prefix=NOLINE --implicit-check-not=sealing: %s < %t/err
//
// EPERM from a memfd's own seal, on an unsealed range: no line.
// RUN: env SEALING_DIAGNOSE=1 LD_PRELOAD=%diagnose %t/prog memfd > %t/out 2> %t/err
// RUN: FileCheck --check-prefix=MEMFD %s < %t/out
// RUN: wc -c < %t/err | FileCheck --check-prefix=EMPTY %s
// MEMFD: mmap(MAP_FIXED): EPERM
//
// Preloaded without SEALING_DIAGNOSE=1 (or with 0): the same errors, no line.
// RUN: env LD_PRELOAD=%diagnose %t/prog text > %t/out 2> %t/err
// RUN: FileCheck --check-prefix=OUT %s < %t/out
// RUN: wc -c < %t/err | FileCheck --check-prefix=EMPTY %s
// RUN: env SEALING_DIAGNOSE=0 LD_PRELOAD=%diagnose %t/prog text 2>&1 >/dev/null | wc -c | FileCheck --check-prefix=EMPTY %s
// EMPTY: {{^}}0{{$}}
//
// An unsealed range changes as before under it (the wrappers pass through).
// RUN: env SEALING_DIAGNOSE=1 LD_PRELOAD=%diagnose %t/prog anon 2>&1 | FileCheck --check-prefix=ANON %s
// ANON: anon: mprotect=0 mremap=ok munmap=0 syscall=0 errno=kept
// ANON-NOT: sealing:
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

static void *page_of(const void *p)
{
	return (void *)((uintptr_t)p & ~(uintptr_t)4095);
}

static void said(const char *call, long ret)
{
	printf("%s: %s\n", call,
	       ret != -1 ? "ok" : errno == EPERM ? "EPERM" : errno == EACCES ? "EACCES" : strerror(errno));
}

// Lands in .data.rel.ro (RELRO) in a PIE.
static const char *const relro_table[] = { "relro" };

static void text(void)
{
	void *p = page_of((const void *)text);
	int rw = PROT_READ | PROT_WRITE;

	said("mprotect", mprotect(p, 4096, rw));
	said("pkey_mprotect", pkey_mprotect(p, 4096, rw, -1));
	said("munmap", munmap(p, 4096));
	said("mremap", mremap(p, 4096, 8192, MREMAP_MAYMOVE) == MAP_FAILED ? -1 : 0);
	said("mmap(MAP_FIXED)",
	     mmap(p, 4096, rw, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED ? -1 : 0);
	said("syscall(SYS_mprotect)", syscall(SYS_mprotect, p, 4096, rw));
	said("syscall(SYS_munmap)", syscall(SYS_munmap, p, 4096));
}

static void memfd(void)
{
	int fd = memfd_create("sealed-write", MFD_ALLOW_SEALING);
	void *p = mmap(0, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (fd < 0 || ftruncate(fd, 4096) || fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE) || p == MAP_FAILED) {
		perror("memfd set-up");
		return;
	}
	said("mmap(MAP_FIXED)", mmap(p, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0) ==
						MAP_FAILED ? -1 : 0);
}

static void anon(void)
{
	char *p = mmap(0, 8192, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int a, b, c;
	void *q;

	errno = 1234;
	a = mprotect(p, 4096, PROT_READ | PROT_WRITE);
	q = mremap(p, 8192, 4096, 0);
	b = syscall(SYS_mprotect, p, 4096, PROT_READ);
	c = munmap(p, 4096);
	printf("anon: mprotect=%d mremap=%s munmap=%d syscall=%d errno=%s\n", a,
	       q == p ? "ok" : "moved", c, b, errno == 1234 ? "kept" : "changed");
}

// Writes to P after asking for write access and ignoring the answer.
static void write_anyway(void *p)
{
	mprotect(p, 4096, PROT_READ | PROT_WRITE | PROT_EXEC);
	*(volatile char *)p = 0;
}

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "";

	if (!strcmp(what, "text"))
		text();
	else if (!strcmp(what, "relro"))
		said("mprotect(PROT_READ|PROT_WRITE)",
		     mprotect(page_of(relro_table), 4096, PROT_READ | PROT_WRITE));
	else if (!strcmp(what, "libc"))
		said("mprotect", mprotect(page_of((const void *)getpid), 4096, PROT_READ | PROT_WRITE));
	else if (!strcmp(what, "memfd"))
		memfd();
	else if (!strcmp(what, "anon"))
		anon();
	else if (!strcmp(what, "segv-text"))
		write_anyway(page_of((const void *)text));
	else if (!strcmp(what, "segv-readonly"))
		*(volatile char *)mmap(0, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) = 0;
	else if (!strcmp(what, "segv-unmapped"))
		*(volatile char *)(uintptr_t)16 = 0;
	return 0;
}
