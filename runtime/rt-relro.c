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
 * ones, identical, never a hole.  (Copying through the stack and mapping
 * over RELRO in place would save a call but leave the GOT empty for a
 * moment, which a thread running during dlopen could see.)  Raw syscalls
 * and a plain copy loop keep this code from calling through the very GOT
 * it is moving.
 */
#include "rt.h"

#ifndef MREMAP_MAYMOVE
#define MREMAP_MAYMOVE 1
#define MREMAP_FIXED 2
#endif

RT_FN int rt_relro_range(const struct rt_object *o, uintptr_t page,
			 struct rt_range *out)
{
	/* Like glibc's _dl_protect_relro: whole pages only. */
	out->lo = o->relro_lo & ~(page - 1);
	out->hi = o->relro_hi & ~(page - 1);
	return out->lo < out->hi;
}

#ifndef MAP_POPULATE
#define MAP_POPULATE 0x8000
#endif

/* MAP_POPULATE: the pages are about to be written in full, and one
 * populating call is cheaper than a fault per page (bench/src/relro-swap.c
 * measures each way of swapping). */
static long rt_map_copies(size_t len)
{
	return rt_syscall6(SYS_mmap, 0, (long)len, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
}

/* Moves one finished copy into place; a target somebody sealed before us
 * (a loader that seals first) is success, not failure. */
static void rt_move_copy(uintptr_t copy, struct rt_range relro,
			 struct rt_result *r)
{
	long ret = rt_syscall6(SYS_mremap, (long)copy, (long)(relro.hi - relro.lo),
			       (long)(relro.hi - relro.lo),
			       MREMAP_MAYMOVE | MREMAP_FIXED, (long)relro.lo, 0);
	r->calls++;
	if (ret == (long)relro.lo) {
		r->relro = relro;
		return;
	}
	if (ret == -EPERM && rt_is_sealed(relro.lo)) {
		r->calls++;
		r->already_sealed = 1;
		return;
	}
	r->err = rt_syscall_failed(ret) ? -ret : EFAULT;
	r->err_range = relro;
	r->relro_failed = 1;
}

static void rt_fail_all(struct rt_relro_batch *b, long ret)
{
	for (unsigned i = 0; i < b->n; i++) {
		b->result[i]->err = -ret;
		b->result[i]->err_range = b->relro[i];
		b->result[i]->relro_failed = 1;
	}
}

RT_FN void rt_relro_batch_swap(struct rt_relro_batch *b)
{
	uintptr_t at;
	long copy, ret;

	if (!b->n)
		return;
	copy = rt_map_copies(b->bytes);
	b->calls++;
	if (rt_syscall_failed(copy)) {
		rt_fail_all(b, copy);
		return;
	}
	at = (uintptr_t)copy;
	for (unsigned i = 0; i < b->n; i++) {
		size_t len = b->relro[i].hi - b->relro[i].lo;
		rt_copy_words((uintptr_t *)at, (const uintptr_t *)b->relro[i].lo,
			      len / sizeof(uintptr_t));
		at += len;
	}
	ret = rt_syscall3(SYS_mprotect, copy, b->bytes, PROT_READ);
	b->calls++;
	if (ret) {
		rt_fail_all(b, ret);
		rt_syscall3(SYS_munmap, copy, b->bytes, 0);
		b->calls++;
		return;
	}
	at = (uintptr_t)copy;
	for (unsigned i = 0; i < b->n; i++) {
		rt_move_copy(at, b->relro[i], b->result[i]);
		at += b->relro[i].hi - b->relro[i].lo;
	}
	/*
	 * Whatever was not moved out is still mapped there, and only that may
	 * be unmapped: each copy moved out left a hole, and another thread's
	 * mmap (ld.so loading a library) may have been given it meanwhile.
	 * Runs of copies left in place go in one call each.
	 */
	at = (uintptr_t)copy;
	for (unsigned i = 0; i < b->n;) {
		uintptr_t start = at;
		while (i < b->n && !b->result[i]->relro.hi)
			at += b->relro[i].hi - b->relro[i].lo, i++;
		if (at > start) {
			rt_syscall3(SYS_munmap, start, at - start, 0);
			b->calls++;
		}
		while (i < b->n && b->result[i]->relro.hi)
			at += b->relro[i].hi - b->relro[i].lo, i++;
	}
}

/* One object (a module sealing itself): the batch's steps, for one copy. */
RT_FN void rt_relro_swap(struct rt_range relro, struct rt_result *r)
{
	size_t len = relro.hi - relro.lo;
	long copy = rt_map_copies(len), ret;

	r->calls++;
	if (rt_syscall_failed(copy))
		goto fail;
	rt_copy_words((uintptr_t *)copy, (const uintptr_t *)relro.lo, len / sizeof(uintptr_t));
	ret = rt_syscall3(SYS_mprotect, copy, len, PROT_READ);
	r->calls++;
	if (!ret) {
		rt_move_copy((uintptr_t)copy, relro, r);
		if (r->relro.hi)
			return;
	}
	rt_syscall3(SYS_munmap, copy, len, 0);
	r->calls++;
	if (ret)
		copy = ret;
	else
		return; /* rt_move_copy said why */
fail:
	r->err = -copy;
	r->err_range = relro;
	r->relro_failed = 1;
}
