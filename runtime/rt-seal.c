/* SPDX-License-Identifier: MIT */
/*
 * Sealing one object's image.  The loader maps an object as one contiguous
 * reservation, so the whole span of its PT_LOAD segments normally goes in
 * one mseal call.  If that span has a hole the kernel answers ENOMEM and we
 * retry segment by segment.  A mutable range (SEALING_MUTABLE pages) is cut
 * out, which costs at most one extra call.
 *
 * A span is tried only where the segments' pages leave no gap.  ld.so's
 * reservation keeps a library's gaps its own, but the kernel maps the
 * executable and the interpreter segment by segment and leaves their gaps
 * free, and then puts other mappings there: on Debian 13's arm64 kernels,
 * where GNU ld's 64K segment alignment leaves gaps, the vdso, vvar and
 * ld.so's first allocations sat in ld.so's gap, and a span that got no
 * ENOMEM sealed them too (scripts/check-arm64-kernel.sh).  x86_64's
 * default layouts have no gaps, so this costs them nothing.
 */
#include "rt.h"

RT_FN long rt_mseal(uintptr_t lo, uintptr_t hi)
{
	return rt_syscall3(RT_ARCH_SYS_MSEAL, lo, hi - lo, 0);
}

/* mprotect fails on a sealed page even when asked for the same
 * protection; PROT_READ is what every page we probe already has. */
RT_FN int rt_is_sealed(uintptr_t page)
{
	return rt_syscall3(SYS_mprotect, page, 1, PROT_READ) == -EPERM;
}

static void rt_note_result(struct rt_result *r, uintptr_t lo, uintptr_t hi,
			   long ret)
{
	r->calls++;
	if (ret == 0) {
		if (r->nsealed < sizeof(r->sealed) / sizeof(r->sealed[0]))
			r->sealed[r->nsealed] = (struct rt_range){ lo, hi };
		r->nsealed++;
	} else if (!r->err) {
		r->err = -ret;
		r->err_range = (struct rt_range){ lo, hi };
	}
}

static void rt_seal_by_segment(const struct rt_object *o, uintptr_t lo,
			       uintptr_t hi, uintptr_t page, struct rt_result *r)
{
	for (size_t i = 0; i < o->phnum; i++) {
		const ElfW(Phdr) *ph = &o->phdr[i];
		if (ph->p_type != PT_LOAD || ph->p_memsz == 0)
			continue;
		uintptr_t s = (o->bias + ph->p_vaddr) & ~(page - 1);
		uintptr_t e = (o->bias + ph->p_vaddr + ph->p_memsz + page - 1) & ~(page - 1);
		if (s < lo)
			s = lo;
		if (e > hi)
			e = hi;
		if (s < e)
			rt_note_result(r, s, e, rt_mseal(s, e));
	}
}

/* Whether the object's own pages cover [lo, hi) (PT_LOADs ascend). */
static int rt_span_is_own(const struct rt_object *o, uintptr_t lo, uintptr_t hi,
			  uintptr_t page)
{
	uintptr_t covered = lo;
	for (size_t i = 0; i < o->phnum && covered < hi; i++) {
		const ElfW(Phdr) *ph = &o->phdr[i];
		if (ph->p_type != PT_LOAD || ph->p_memsz == 0)
			continue;
		uintptr_t s = (o->bias + ph->p_vaddr) & ~(page - 1);
		uintptr_t e = (o->bias + ph->p_vaddr + ph->p_memsz + page - 1) & ~(page - 1);
		if (e <= covered)
			continue;
		if (s > covered)
			return 0;
		covered = e;
	}
	return covered >= hi;
}

static void rt_seal_span(const struct rt_object *o, uintptr_t lo, uintptr_t hi,
			 uintptr_t page, struct rt_result *r)
{
	if (lo >= hi)
		return;
	if (!rt_span_is_own(o, lo, hi, page)) {
		rt_seal_by_segment(o, lo, hi, page, r);
		return;
	}
	long ret = rt_mseal(lo, hi);
	if (ret == -ENOMEM) {
		/* A hole in the span: the kernel sealed nothing, go per segment. */
		r->calls++;
		rt_seal_by_segment(o, lo, hi, page, r);
		return;
	}
	rt_note_result(r, lo, hi, ret);
}

/* Does the mutable range cut the image [lo, hi)?  (Outside it, ignored.) */
static int rt_mutable_cuts(struct rt_range mut, uintptr_t lo, uintptr_t hi)
{
	return mut.hi > mut.lo && mut.lo >= lo && mut.hi <= hi;
}

RT_FN int rt_image_one_span(const struct rt_object *o, uintptr_t page, struct rt_range mut,
			   struct rt_range *span)
{
	uintptr_t lo = o->lo & ~(page - 1), hi = (o->hi + page - 1) & ~(page - 1);

	if (o->lo >= o->hi || rt_mutable_cuts(mut, lo, hi) || !rt_span_is_own(o, lo, hi, page))
		return 0;
	*span = (struct rt_range){ lo, hi };
	return 1;
}

RT_FN void rt_seal_shared(struct rt_result *r, struct rt_range span, long ret)
{
	rt_note_result(r, span.lo, span.hi, ret);
}

RT_FN void rt_seal_image(const struct rt_object *o, uintptr_t page,
			 struct rt_range mut, struct rt_result *r)
{
	uintptr_t lo = o->lo & ~(page - 1), hi = (o->hi + page - 1) & ~(page - 1);

	if (o->lo >= o->hi) {
		r->err = ENOEXEC;
		return;
	}
	if (rt_mutable_cuts(mut, lo, hi)) {
		mut.lo &= ~(page - 1);
		mut.hi = (mut.hi + page - 1) & ~(page - 1);
		r->mutable_range = mut;
		rt_seal_span(o, lo, mut.lo, page, r);
		rt_seal_span(o, mut.hi, hi, page, r);
		return;
	}
	rt_seal_span(o, lo, hi, page, r);
}
