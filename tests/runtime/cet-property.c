// SPDX-License-Identifier: MIT
// The link object keeps Intel CET: it is built with -fcf-protection=full
// (endbr64 at the constructor, the indirect-call target) and says so in
// its own .note.gnu.property, so linking it into a program whose every
// object is CET-enabled keeps the output's IBT and SHSTK bits, while a
// non-CET program is not made to claim CET.  Debian's own crt files are
// not CET-enabled, so the CET program here is a -nostdlib one, which also
// shows that the runtime needs nothing from libc.
//
// REQUIRES: readelf
// RUN: readelf -n %rt | FileCheck --check-prefix=HASCET %s
// RUN: objdump -d %rt | FileCheck --check-prefix=ENDBR %s
// RUN: %cc -O2 -fcf-protection=full -nostdlib -static -fno-stack-protector %s -o %t.base
// RUN: readelf -n %t.base | FileCheck --check-prefix=HASCET %s
// RUN: %cc -O2 -fcf-protection=full -nostdlib -static -fno-stack-protector %s %rt -o %t.cet
// RUN: readelf -n %t.cet | FileCheck --check-prefix=HASCET %s
// RUN: sh -c '%t.cet; echo status=$?' | FileCheck --check-prefix=SEALED %s
// RUN: sh -c '%t.base; echo status=$?' | FileCheck --check-prefix=UNSEALED %s
// RUN: %cc -O2 -fcf-protection=none -nostdlib -static -fno-stack-protector %s %rt -o %t.plain
// RUN: readelf -n %t.plain | FileCheck --check-prefix=PLAIN %s
// HASCET: x86 feature: IBT, SHSTK
// PLAIN-NOT: x86 feature: IBT
// ENDBR: <__sealing_rt_v{{[0-9]+}}.rt_seal_self>:
// ENDBR-NEXT: endbr64
// SEALED: status=0
// UNSEALED: status=1
#include <sys/mman.h>
#include <sys/syscall.h>

static long sys3(long n, long a, long b, long c)
{
	long ret;
	__asm__ volatile("syscall" : "=a"(ret) : "a"(n), "D"(a), "S"(b), "d"(c)
			 : "rcx", "r11", "memory");
	return ret;
}

/* The linker brackets .init_array in a static link; libc would run it. */
extern void (*const __init_array_start[])(void) __attribute__((weak));
extern void (*const __init_array_end[])(void) __attribute__((weak));

/* Exit 0 when our own text refuses mprotect with EPERM: sealed. */
void _start(void)
{
	for (void (*const *f)(void) = __init_array_start; f < __init_array_end; f++)
		(*f)();
	long page = (long)_start & ~4095L;
	long ret = sys3(SYS_mprotect, page, 4096, PROT_READ | PROT_EXEC);
	sys3(SYS_exit_group, ret == -1 /* -EPERM */ ? 0 : 1, 0, 0);
	for (;;)
		;
}
