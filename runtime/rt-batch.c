/* SPDX-License-Identifier: MIT */
/*
 * Sealing several objects together, for whoever seals objects other than
 * its own module (rt-sweep.c: the executable's process pass, the loader
 * module).  Their RELRO copies share one sealed memfd (or, where that is
 * refused, one anonymous mapping): rt_relro_batch_swap, rt-relro.c; then
 * each object gets one mseal.
 */
#include "rt-batch.h"

/*
 * Without mseal (Linux 6.3 to 6.9 have the memfd way but no mseal) nothing
 * gets sealed, and a view of the write-sealed memfd would be RELRO that
 * mprotect can never make writable again (EACCES), where the program's
 * own pages could be: a change of behaviour for no protection.  There,
 * and only there, a view becomes an anonymous copy, as a module's own
 * core makes it; where mseal exists this costs nothing.
 */
static void rt_unview_if_unsealable(struct rt_job *j)
{
	struct rt_result *r = &j->r;
	if (r->err != ENOSYS || !r->relro_how || !r->relro.hi)
		return;
	struct rt_result swap;
	RT_ZERO(swap);
	rt_relro_swap(r->relro, &swap);
	r->calls += swap.calls;
	if (!swap.err)
		r->relro_how = 0; /* "made anonymous" */
}

RT_FN unsigned rt_seal_jobs(struct rt_job *const *jobs, unsigned n, uintptr_t page)
{
	struct rt_relro_batch b = { 0 };
	struct rt_range relro;
	unsigned calls = 0;

	for (unsigned i = 0; i < n; i++) {
		struct rt_job *j = jobs[i];
		if (!(j->c.flags & SEALING_FLAG_RELRO_KEEP) &&
		    rt_relro_range(&j->o, page, &relro)) {
			b.relro[b.n] = relro;
			b.result[b.n++] = &j->r;
			b.bytes += relro.hi - relro.lo;
		}
	}
	rt_relro_batch_swap(&b);
	calls += b.calls;
	for (unsigned i = 0; i < n; i++) {
		struct rt_job *j = jobs[i];
		if (!j->r.err) {
			rt_seal_image(&j->o, page, j->mut, &j->r);
			rt_unview_if_unsealable(j);
		}
		calls += j->r.calls;
	}
	return calls;
}

/* One module on its own: its RELRO the mremap way (rt-relro.c), since a
 * batch of one would pay the memfd's extra calls for nothing. */
RT_FN void rt_seal_alone(const struct rt_object *o, uint32_t flags, struct rt_range mut,
			 uintptr_t page, struct rt_result *r)
{
	struct rt_range relro;

	if (!(flags & SEALING_FLAG_RELRO_KEEP) && rt_relro_range(o, page, &relro))
		rt_relro_swap(relro, r);
	rt_seal_image(o, page, mut, r);
}
