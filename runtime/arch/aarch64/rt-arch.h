/* SPDX-License-Identifier: MIT */
/*
 * aarch64: everything the runtime needs that is written per architecture
 * (see arch/x86_64/rt-arch.h for what each piece is for).
 */
#ifndef SEALING_RT_ARCH_H
#define SEALING_RT_ARCH_H

#include <stddef.h>
#include <stdint.h>

#define RT_ARCH_SYS_MSEAL 462 /* asm-generic numbering */

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

/* Three arguments or fewer: the others' registers are left alone, which
 * saves zeroing them at each of the runtime's many small calls. */
static inline long rt_syscall3(long n, long a, long b, long c)
{
	register long x8 __asm__("x8") = n;
	register long x0 __asm__("x0") = a;
	register long x1 __asm__("x1") = b;
	register long x2 __asm__("x2") = c;
	__asm__ volatile("svc 0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2) : "memory");
	return x0;
}

static inline void rt_copy_words(uintptr_t *dst, const uintptr_t *src, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		dst[i] = src[i];
		/* Keeps the compiler from turning the loop into a memcpy call. */
		__asm__ volatile("" ::: "memory");
	}
}

static inline void rt_zero_words(uintptr_t *dst, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		dst[i] = 0;
		/* Keeps the compiler from turning the loop into a memset call. */
		__asm__ volatile("" ::: "memory");
	}
}

#ifndef SEALING_RT_SEPARATE
/*
 * GCC for aarch64 clears a large struct (rt-scope.c's, `= { 0 }`) with a
 * call to memset, whatever -fno-builtin says; x86_64 uses rep stos.  The
 * runtime may call nothing outside itself (link-object/check-symbols.cmake), so the
 * one-unit build defines a file-local memset that the call binds to in
 * the assembler, and carrier-glue/group-asm.awk renames with the rest.  It must be
 * "used": the call appears only during expansion, after unreferenced
 * functions are dropped.  (The loader, built from separate parts, links
 * libc's.)
 */
__attribute__((used, noinline)) static void *memset(void *d, int c, size_t n)
{
	unsigned char *p = d;
	while (n--) {
		*p++ = (unsigned char)c;
		/* Keeps the loop from being recognised as a memset again. */
		__asm__ volatile("" ::: "memory");
	}
	return d;
}
#endif

static inline unsigned long rt_running_on_valgrind(void)
{
	volatile unsigned long args[6] = { 0x1001, 0, 0, 0, 0, 0 };
	unsigned long result = 0;
	__asm__ volatile("mov x3, %1\n\t"
			 "mov x4, %2\n\t"
			 "ror x12, x12, #3; ror x12, x12, #13\n\t"
			 "ror x12, x12, #51; ror x12, x12, #61\n\t"
			 "orr x10, x10, x10\n\t"
			 "mov %0, x3"
			 : "=r"(result)
			 : "r"(result), "r"(&args[0])
			 : "cc", "memory", "x3", "x4");
	return result;
}

#endif
