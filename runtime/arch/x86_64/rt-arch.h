/* SPDX-License-Identifier: MIT */
/*
 * x86_64: everything the runtime needs that is written per architecture.
 * Raw syscalls (so the runtime never touches errno, works in -nostdlib
 * modules and never calls through the GOT it is rearranging; results are
 * the kernel's, -errno on error), a word copy the compiler cannot turn
 * into a memcpy call, and valgrind's client request.
 */
#ifndef SEALING_RT_ARCH_H
#define SEALING_RT_ARCH_H

#include <stddef.h>
#include <stdint.h>

#define RT_ARCH_SYS_MSEAL 462
/* The one page size x86_64 Linux has: no auxiliary vector needed. */
#define RT_ARCH_PAGE_SIZE 4096

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

/* Three arguments or fewer: the others' registers are left alone, which
 * saves zeroing them at each of the runtime's many small calls. */
static inline long rt_syscall3(long n, long a, long b, long c)
{
	long ret;
	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "a"(n), "D"(a), "S"(b), "d"(c)
			 : "rcx", "r11", "memory");
	return ret;
}

static inline void rt_copy_words(uintptr_t *dst, const uintptr_t *src, size_t n)
{
	__asm__ volatile("rep movsq" : "+D"(dst), "+S"(src), "+c"(n) : : "memory");
}

static inline void rt_zero_words(uintptr_t *dst, size_t n)
{
	__asm__ volatile("rep stosq" : "+D"(dst), "+c"(n) : "a"(0UL) : "memory");
}

/*
 * RUNNING_ON_VALGRIND (request 0x1001): a sequence of rotates that leaves
 * the register unchanged on a CPU and that valgrind's JIT recognises,
 * answering non-zero there.
 */
static inline unsigned long rt_running_on_valgrind(void)
{
	volatile unsigned long args[6] = { 0x1001, 0, 0, 0, 0, 0 };
	unsigned long result = 0;
	__asm__ volatile("rolq $3, %%rdi; rolq $13, %%rdi\n\t"
			 "rolq $61, %%rdi; rolq $51, %%rdi\n\t"
			 "xchgq %%rbx, %%rbx"
			 : "=d"(result)
			 : "a"(&args[0]), "0"(result)
			 : "cc", "memory");
	return result;
}

#endif
