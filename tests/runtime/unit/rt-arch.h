/* SPDX-License-Identifier: MIT */
/*
 * A stand-in for runtime/arch/<arch>/rt-arch.h for the unit tests: no
 * syscall is made, each is recorded and answered by the test driver, and
 * the page size comes from the auxiliary vector as on arm64 (4K, 16K or
 * 64K pages), whatever machine runs the tests.
 */
#ifndef SEALING_RT_ARCH_H
#define SEALING_RT_ARCH_H

#include <stddef.h>
#include <stdint.h>

#define RT_ARCH_SYS_MSEAL 462

long rt_syscall6(long n, long a, long b, long c, long d, long e, long f);
static inline long rt_syscall3(long n, long a, long b, long c)
{
	return rt_syscall6(n, a, b, c, 0, 0, 0);
}

static inline void rt_copy_words(uintptr_t *dst, const uintptr_t *src, size_t n)
{
	for (size_t i = 0; i < n; i++)
		dst[i] = src[i];
}

static inline void rt_zero_words(uintptr_t *dst, size_t n)
{
	for (size_t i = 0; i < n; i++)
		dst[i] = 0;
}

static inline unsigned long rt_running_on_valgrind(void)
{
	return 0;
}

#endif
