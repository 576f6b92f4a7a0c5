/* SPDX-License-Identifier: MIT */
/*
 * The calls mseal makes fail with EPERM, interposed: mprotect,
 * pkey_mprotect, munmap, mremap, madvise, mmap with MAP_FIXED, and the
 * same through syscall().  Each makes the system call itself (rt-arch.h),
 * never through libc, so nothing here can call back into a wrapper, and
 * a failure is explained before errno is set: the caller sees the
 * kernel's errno whatever the explanation did.
 *
 * What it cannot see: calls that never go through the dynamic symbol
 * (glibc's own, such as malloc's or ld.so's mprotect; a system call
 * instruction inlined by the program, its JIT, the Go runtime or a
 * static executable, which ignores LD_PRELOAD anyway), and calls made
 * before this library's constructor ran.
 */
#define _GNU_SOURCE 1
#include "diagnose.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/syscall.h>

#include "rt-arch.h"

#define EXPORT __attribute__((visibility("default")))

int diag_enabled;

__attribute__((constructor)) static void diag_init(void)
{
	const char *v = secure_getenv("SEALING_DIAGNOSE");
	/* Addresses on stderr would help whoever started a secure program
	 * defeat its ASLR, as for SEALING_DEBUG. */
	diag_enabled = v && !strcmp(v, "1") && !getauxval(AT_SECURE);
	if (diag_enabled)
		diag_segv_init();
}

/* The kernel's answer as libc gives it: -1 and errno, explained first. */
static long diag_result(long ret, const char *call, uintptr_t lo, uintptr_t len)
{
	if (ret < 0 && ret > -4096) {
		if ((ret == -EPERM || ret == -EACCES) && diag_enabled && call)
			diag_explain(call, lo, len, (int)-ret);
		errno = (int)-ret;
		return -1;
	}
	return ret;
}

static long sys(long n, long a, long b, long c, long d, long e, long f)
{
	return rt_syscall6(n, a, b, c, d, e, f);
}

EXPORT int mprotect(void *addr, size_t len, int prot)
{
	return (int)diag_result(sys(SYS_mprotect, (long)addr, (long)len, prot, 0, 0, 0),
				"mprotect", (uintptr_t)addr, len);
}

EXPORT int pkey_mprotect(void *addr, size_t len, int prot, int pkey)
{
	return (int)diag_result(sys(SYS_pkey_mprotect, (long)addr, (long)len, prot, pkey, 0, 0),
				"pkey_mprotect", (uintptr_t)addr, len);
}

EXPORT int munmap(void *addr, size_t len)
{
	return (int)diag_result(sys(SYS_munmap, (long)addr, (long)len, 0, 0, 0, 0), "munmap",
				(uintptr_t)addr, len);
}

EXPORT int madvise(void *addr, size_t len, int advice)
{
	return (int)diag_result(sys(SYS_madvise, (long)addr, (long)len, advice, 0, 0, 0),
				"madvise", (uintptr_t)addr, len);
}

static void *diag_mmap(const char *call, void *addr, size_t len, int prot, int flags, int fd,
		       off_t off)
{
	long ret = sys(SYS_mmap, (long)addr, (long)len, prot, flags, fd, (long)off);
	/* Without MAP_FIXED the kernel picks a free range: never a sealed one. */
	long r = diag_result(ret, flags & MAP_FIXED ? call : 0, (uintptr_t)addr, len);
	return r == -1 ? MAP_FAILED : (void *)r;
}

EXPORT void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	return diag_mmap("mmap(MAP_FIXED)", addr, len, prot, flags, fd, off);
}

EXPORT void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	return diag_mmap("mmap64(MAP_FIXED)", addr, len, prot, flags, fd, off);
}

EXPORT void *mremap(void *old, size_t old_len, size_t new_len, int flags, ...)
{
	void *to = 0;
	long ret;

	if (flags & MREMAP_FIXED) {
		va_list ap;
		va_start(ap, flags);
		to = va_arg(ap, void *);
		va_end(ap);
	}
	ret = sys(SYS_mremap, (long)old, (long)old_len, (long)new_len, flags, (long)to, 0);
	/* Sealing refuses on either end: the source, or a sealed target. */
	if (ret == -EPERM && diag_enabled && to)
		diag_explain("mremap(MREMAP_FIXED), target", (uintptr_t)to, new_len, EPERM);
	return (void *)diag_result(ret, "mremap", (uintptr_t)old, old_len);
}

/* Programs that call the kernel through syscall(): the same checks. */
EXPORT long syscall(long n, ...)
{
	long a[6];
	va_list ap;
	const char *call = 0;

	va_start(ap, n);
	for (int i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	switch (n) {
	case SYS_mprotect:
		call = "syscall(SYS_mprotect)";
		break;
	case SYS_pkey_mprotect:
		call = "syscall(SYS_pkey_mprotect)";
		break;
	case SYS_munmap:
		call = "syscall(SYS_munmap)";
		break;
	case SYS_madvise:
		call = "syscall(SYS_madvise)";
		break;
	case SYS_mremap:
		call = "syscall(SYS_mremap)";
		break;
	case SYS_mmap:
		call = a[3] & MAP_FIXED ? "syscall(SYS_mmap, MAP_FIXED)" : 0;
		break;
	}
	return diag_result(sys(n, a[0], a[1], a[2], a[3], a[4], a[5]), call, (uintptr_t)a[0],
			   (uintptr_t)a[1]);
}
