/* SPDX-License-Identifier: MIT */
/*
 * Closing the MADV_DONTNEED hole (docs/security.md).  After relocation the
 * RELRO pages (GOT, vtables, const pointers) are file-backed private
 * memory, and the kernel lets madvise(MADV_DONTNEED) discard such pages
 * even when sealed: they fall back to the unrelocated bytes on disk.  It
 * refuses discarding only read-only *anonymous* sealed memory.  So before
 * sealing we replace the RELRO pages by an anonymous read-only copy.
 *
 * The copy is built aside and moved over the original with one
 * mremap(MREMAP_FIXED), which the kernel does atomically under the mmap
 * lock: any thread reading the GOT meanwhile sees the old pages or the new
 * ones, identical, never a hole.  Raw syscalls and a plain copy loop keep
 * this code from calling through the very GOT it is moving.
 */

#ifndef MREMAP_MAYMOVE
#define MREMAP_MAYMOVE 1
#define MREMAP_FIXED 2
#endif

/* The read-only part of PT_GNU_RELRO, as the loader protected it. */
static int rt_relro_range(const struct rt_module *m, uintptr_t page,
			  struct rt_range *r)
{
	/* Like glibc's _dl_protect_relro: whole pages only. */
	r->lo = m->relro_lo & ~(page - 1);
	r->hi = m->relro_hi & ~(page - 1);
	return r->lo < r->hi;
}

static void rt_copy_words(uintptr_t *dst, const uintptr_t *src, size_t n)
{
#if defined(__x86_64__)
	__asm__ volatile("rep movsq" : "+D"(dst), "+S"(src), "+c"(n) : : "memory");
#else
	for (size_t i = 0; i < n; i++) {
		dst[i] = src[i];
		/* Keeps compilers from turning the loop into a memcpy call. */
		__asm__ volatile("" ::: "memory");
	}
#endif
}

/* Returns 0, or the positive errno of the step that failed. */
static long rt_anonymize(struct rt_range r, struct rt_seal_result *res)
{
	size_t len = r.hi - r.lo;
	long copy = rt_syscall6(SYS_mmap, 0, (long)len, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	res->calls++;
	if (copy < 0 && copy > -4096)
		return -copy;

	rt_copy_words((uintptr_t *)copy, (const uintptr_t *)r.lo,
		      len / sizeof(uintptr_t));

	long ret = rt_syscall3(SYS_mprotect, copy, len, PROT_READ);
	res->calls++;
	if (ret == 0) {
		ret = rt_syscall6(SYS_mremap, copy, (long)len, (long)len,
				  MREMAP_MAYMOVE | MREMAP_FIXED, (long)r.lo, 0);
		res->calls++;
		if (ret == (long)r.lo)
			return 0;
	}
	rt_syscall3(SYS_munmap, copy, len, 0);
	res->calls++;
	return ret < 0 ? -ret : EFAULT;
}

static void rt_anonymize_relro(const struct rt_module *m, uintptr_t page,
			       struct rt_seal_result *res)
{
	struct rt_range r;
	if (!rt_relro_range(m, page, &r))
		return;
	long err = rt_anonymize(r, res);
	if (err) {
		res->err = err;
		res->err_range = r;
		res->relro_failed = 1;
		return;
	}
	res->relro = r;
}
