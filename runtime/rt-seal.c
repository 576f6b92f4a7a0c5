/* SPDX-License-Identifier: MIT */
/*
 * Sealing the module's image.  The loader maps a module as one contiguous
 * reservation, so the whole span of its PT_LOAD segments normally goes in
 * one mseal call.  If that span has a hole the kernel answers ENOMEM and we
 * retry segment by segment.  The pages holding SEALING_MUTABLE data are cut
 * out, which costs at most one extra call.
 */

extern char __start_sealing_mutable[] __attribute__((weak, visibility("hidden")));
extern char __stop_sealing_mutable[] __attribute__((weak, visibility("hidden")));

struct rt_range {
	uintptr_t lo, hi;
};

struct rt_seal_result {
	unsigned calls;
	unsigned nsealed;
	struct rt_range sealed[4]; /* first few ranges, for the debug line */
	long err;                  /* first failure, positive errno */
	struct rt_range err_range;
	struct rt_range mutable_range;
	struct rt_range relro; /* made anonymous before sealing */
	int relro_failed;
};

static uintptr_t rt_page_size(struct rt_process *p)
{
#if defined(__x86_64__)
	(void)p;
	return 4096; /* the only page size x86_64 Linux has */
#else
	unsigned long ps = rt_auxval(p, AT_PAGESZ);
	/* Too big is safe (the mutable hole only grows), too small is not. */
	return ps ? ps : 65536;
#endif
}

static void rt_note_result(struct rt_seal_result *r, uintptr_t lo, uintptr_t hi,
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

static long rt_mseal(uintptr_t lo, uintptr_t hi)
{
	return rt_syscall3(SYS_mseal, lo, hi - lo, 0);
}

static void rt_seal_by_segment(const struct rt_module *m, uintptr_t lo,
			       uintptr_t hi, uintptr_t page,
			       struct rt_seal_result *r)
{
	for (size_t i = 0; i < m->phnum; i++) {
		const ElfW(Phdr) *p = &m->phdr[i];
		if (p->p_type != PT_LOAD || p->p_memsz == 0)
			continue;
		uintptr_t s = (m->bias + p->p_vaddr) & ~(page - 1);
		uintptr_t e = (m->bias + p->p_vaddr + p->p_memsz + page - 1) & ~(page - 1);
		if (s < lo)
			s = lo;
		if (e > hi)
			e = hi;
		if (s < e)
			rt_note_result(r, s, e, rt_mseal(s, e));
	}
}

static void rt_seal_span(const struct rt_module *m, uintptr_t lo, uintptr_t hi,
			 uintptr_t page, struct rt_seal_result *r)
{
	if (lo >= hi)
		return;
	long ret = rt_mseal(lo, hi);
	if (ret == -ENOMEM) {
		/* A hole in the span: the kernel sealed nothing, go per segment. */
		r->calls++;
		rt_seal_by_segment(m, lo, hi, page, r);
		return;
	}
	rt_note_result(r, lo, hi, ret);
}

#include "rt-relro.c"

static void rt_seal_module(struct rt_process *p,
			   const struct rt_module *m, uint32_t flags,
			   struct rt_seal_result *r)
{
	uintptr_t mlo = (uintptr_t)__start_sealing_mutable;
	uintptr_t mhi = (uintptr_t)__stop_sealing_mutable;
	uintptr_t page = rt_page_size(p);
	struct rt_range span;

	if (m->lo >= m->hi) {
		r->err = ENOEXEC;
		return;
	}
	span.lo = m->lo & ~(page - 1);
	span.hi = (m->hi + page - 1) & ~(page - 1);
	if (!(flags & SEALING_FLAG_RELRO_KEEP))
		rt_anonymize_relro(m, page, r);

	if (mlo && mhi > mlo && mlo >= span.lo && mhi <= span.hi) {
		mlo &= ~(page - 1);
		mhi = (mhi + page - 1) & ~(page - 1);
		r->mutable_range = (struct rt_range){ mlo, mhi };
		rt_seal_span(m, span.lo, mlo, page, r);
		rt_seal_span(m, mhi, span.hi, page, r);
		return;
	}
	rt_seal_span(m, span.lo, span.hi, page, r);
}
