/* SPDX-License-Identifier: MIT */
/*
 * Closing the MADV_DONTNEED hole (docs/security.md).  After relocation the
 * RELRO pages (GOT, vtables, const pointers) are file-backed private
 * memory, and the kernel lets madvise(MADV_DONTNEED) discard such pages
 * even when sealed: they fall back to the unrelocated bytes on disk.  It
 * refuses discarding only read-only *anonymous* sealed memory.  So before
 * sealing we replace the RELRO pages by a copy whose discard loses
 * nothing, in one of two ways.
 *
 * The mremap way (a module's own core, and the batch's fallback): an
 * anonymous read-only copy, built aside and moved over the original with
 * one mremap(MREMAP_FIXED), which the kernel does atomically under the
 * mmap lock: any thread reading the GOT meanwhile sees the old pages or
 * the new ones, identical, never a hole.  (Copying through the stack and
 * mapping over RELRO in place would save a call but leave the GOT empty
 * for a moment, which a thread running during dlopen could see.)  Sealed,
 * the copy refuses every discarding madvise.
 *
 * The memfd way (a batch of objects: the process pass, the loader
 * module): every copy written into one memfd, which is then sealed
 * against writing, shrinking and growing, and mapped read-only,
 * MAP_SHARED|MAP_FIXED, over each RELRO.  A discard of a shared mapping
 * only drops page table entries: the next read faults the same sealed
 * bytes back in from the memfd; MADV_REMOVE and hole punching are refused
 * by F_SEAL_WRITE, and so are writes through /proc/PID/mem, which may
 * copy-on-write a private page but never a shared one.  It costs fewer
 * calls per object than the mremap way (bench/src/relro-swap.c).  Any
 * step refused (memfd_create under seccomp, or not sealable on an old
 * kernel or an emulator) leaves the objects not yet mapped to the mremap
 * way.
 *
 * Raw syscalls and a plain copy loop keep this code from calling through
 * the very GOT it is moving.
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

/* The mremap way for a batch: one mapping for every copy. */
static void rt_relro_batch_move(struct rt_relro_batch *b)
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

/* ---- the memfd way ---------------------------------------------------
 * The ABI's values, the same on every architecture (linux/memfd.h,
 * linux/fcntl.h), spelled here so that no header has to provide them. */
#define RT_MFD_CLOEXEC 0x1
#define RT_MFD_ALLOW_SEALING 0x2
/* Linux 6.3: refuses to make the memfd executable, ever; without it a
 * vm.memfd_noexec=2 system refuses memfd_create.  An older kernel refuses
 * the flag with EINVAL, and the mremap way does the job: it has no mseal
 * either. */
#define RT_MFD_NOEXEC_SEAL 0x8
#define RT_F_ADD_SEALS 1033
#define RT_F_SEAL_SEAL 0x1
#define RT_F_SEAL_SHRINK 0x2
#define RT_F_SEAL_GROW 0x4
#define RT_F_SEAL_WRITE 0x8
/*
 * No MAP_POPULATE: a view takes one read fault on its first use instead,
 * which maps all of it when it is no larger than the kernel's fault-around
 * window (64 KiB), and an object whose RELRO is never read never pays it.
 * Measured (bench/src/relro-swap.c), populating costs more than that
 * fault: 1.6 to 2.0 us against 0.9 to 1.1 us for a one-page RELRO, 8.5
 * against 5 us for sixteen pages (docs/security.md, "The memfd way").
 */
#define RT_MEMFD_MAP_FLAGS (MAP_SHARED | MAP_FIXED)

struct rt_iovec {
	const void *base;
	size_t len;
};

/*
 * Maps each object's view of the sealed memfd over its RELRO, in order,
 * until one is refused; how many were dealt with (mapped, or found sealed
 * by somebody else).
 *
 * Why a reader of the GOT never sees a hole: mmap(MAP_FIXED) over a
 * mapped range runs entirely under the mmap lock taken for writing.  It
 * clears the old range's page table entries and puts the new mapping in
 * its place before it lets go of the lock; a thread whose TLB still holds
 * an old entry reads the old page (freed only after the TLB is flushed),
 * and a thread that faults meanwhile waits for the lock (a per-VMA lock
 * fails on the old, detached VMA and falls back to it), then finds the
 * new mapping, whose bytes are already in the memfd.  Old pages or new,
 * with the same bytes; the same reasoning as for mremap.
 *
 * A refusal before the kernel touches the range (seccomp, an LSM, the
 * target sealed, too many mappings) leaves the old pages in place.  Only
 * a failure after the old range was cleared (memory exhausted while
 * setting up the new mapping) would leave a hole there, as it would for
 * mremap: the kernel has no way back from it (vms_abort_munmap_vmas in
 * Linux's mm/vma.c: "leaving a gap where the MAP_FIXED mapping failed").
 */
static unsigned rt_memfd_map(struct rt_relro_batch *b, long fd)
{
	size_t off = 0;
	unsigned i;

	for (i = 0; i < b->n; i++) {
		struct rt_range relro = b->relro[i];
		struct rt_result *r = b->result[i];
		size_t len = relro.hi - relro.lo;
		long ret = rt_syscall6(SYS_mmap, (long)relro.lo, (long)len, PROT_READ,
				       RT_MEMFD_MAP_FLAGS, fd, (long)off);
		r->calls++;
		off += len;
		if (ret == (long)relro.lo) {
			r->relro = relro;
			/* As /proc/PID/maps names it, less " (deleted)". */
			r->relro_how = "mapped from /memfd:" SEALING_RELRO_MEMFD_NAME;
			continue;
		}
		if (ret == -EPERM) {
			r->calls++;
			if (rt_is_sealed(relro.lo)) {
				/* Its copy stays in the memfd, unused. */
				r->already_sealed = 1;
				continue;
			}
		}
		break; /* this one and the rest: the mremap way */
	}
	return i;
}

/*
 * The memfd way: one memfd holding every copy (one writev), sealed, then
 * one mmap per object.  How many objects, from the first, it dealt with;
 * the rest are left as they were.  The descriptor is closed whatever
 * happens: the mappings keep the memfd alive.
 */
static unsigned rt_relro_memfd(struct rt_relro_batch *b)
{
	struct rt_iovec iov[RT_BATCH];
	unsigned done = 0;
	long fd, ret;

	fd = rt_syscall3(SYS_memfd_create, "" SEALING_RELRO_MEMFD_NAME,
			 RT_MFD_CLOEXEC | RT_MFD_ALLOW_SEALING | RT_MFD_NOEXEC_SEAL, 0);
	b->calls++;
	if (rt_syscall_failed(fd))
		return 0;
	for (unsigned i = 0; i < b->n; i++)
		iov[i] = (struct rt_iovec){ (const void *)b->relro[i].lo,
					    b->relro[i].hi - b->relro[i].lo };
	/* A short write (memory exhausted) leaves the memfd useless too. */
	ret = rt_syscall3(SYS_writev, fd, iov, b->n);
	b->calls++;
	if (ret == (long)b->bytes) {
		ret = rt_syscall3(SYS_fcntl, fd, RT_F_ADD_SEALS,
				  RT_F_SEAL_WRITE | RT_F_SEAL_SHRINK | RT_F_SEAL_GROW |
					  RT_F_SEAL_SEAL);
		b->calls++;
		if (!ret)
			done = rt_memfd_map(b, fd);
	}
	rt_syscall3(SYS_close, fd, 0, 0);
	b->calls++;
	return done;
}

RT_FN void rt_relro_batch_swap(struct rt_relro_batch *b)
{
	unsigned done, k = 0;

	if (!b->n)
		return;
	done = rt_relro_memfd(b);
	if (done == b->n)
		return;
	/* The objects the memfd way did not reach go the mremap way. */
	b->bytes = 0;
	for (unsigned i = done; i < b->n; i++) {
		b->relro[k] = b->relro[i];
		b->result[k++] = b->result[i];
		b->bytes += b->relro[i].hi - b->relro[i].lo;
	}
	b->n = k;
	rt_relro_batch_move(b);
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
