/* SPDX-License-Identifier: MIT */
/*
 * Raw system calls.  The runtime issues its own syscalls instead of going
 * through libc so that it never touches errno, works in -nostdlib modules,
 * and makes no call through its module's PLT/GOT while that module's
 * memory is being rearranged.  Results are the kernel's: -errno on error.
 */
#ifndef SEALING_RT_SYSCALL_H
#define SEALING_RT_SYSCALL_H

#include <sys/syscall.h>

#ifndef SYS_mseal
#define SYS_mseal 462 /* x86_64 and asm-generic (arm64, riscv) alike */
#endif

#if defined(__x86_64__)

static inline long rt_syscall6(long n, long a, long b, long c, long d, long e,
			       long f)
{
	register long r10 __asm__("r10") = d;
	register long r8 __asm__("r8") = e;
	register long r9 __asm__("r9") = f;
	long ret;
	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8),
			   "r"(r9)
			 : "rcx", "r11", "memory");
	return ret;
}

#elif defined(__aarch64__)

static inline long rt_syscall6(long n, long a, long b, long c, long d, long e,
			       long f)
{
	register long x8 __asm__("x8") = n;
	register long x0 __asm__("x0") = a;
	register long x1 __asm__("x1") = b;
	register long x2 __asm__("x2") = c;
	register long x3 __asm__("x3") = d;
	register long x4 __asm__("x4") = e;
	register long x5 __asm__("x5") = f;
	__asm__ volatile("svc 0"
			 : "+r"(x0)
			 : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x5)
			 : "memory");
	return x0;
}

#else
#error "sealing runtime: add the raw syscall sequence for this architecture"
#endif

#define rt_syscall3(n, a, b, c) rt_syscall6((n), (long)(a), (long)(b), (long)(c), 0, 0, 0)

#endif
