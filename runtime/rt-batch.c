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

/*
 * One mseal per run of images that lie side by side.  ld.so maps a
 * start-up's libraries next to each other, so a run holds most of a
 * batch: each call has its own entry and walk, which a shared call saves
 * (about half of mseal's cost per object, issue 25).  Only an image that
 * is one span of its own pages joins a run (rt_image_one_span), and only
 * where it starts at the last one's end: a run holds nobody's pages but
 * its objects', and never a hole.  If the run's call fails, the kernel
 * sealed none of it (mseal checks the whole range before it seals) and
 * each object is sealed alone, as it would have been.
 */
struct rt_run_item {
	struct rt_range span;
	struct rt_job *j;
};

/* Seals the items' images; the calls that more than one result counts
 * (each object's line counts the call that sealed it, the batch once). */
static unsigned rt_seal_runs(struct rt_run_item *it, unsigned n, uintptr_t page)
{
	unsigned shared = 0;

	for (unsigned i = 1; i < n; i++) { /* by address; n <= RT_BATCH */
		struct rt_run_item t = it[i];
		unsigned k = i;
		for (; k && it[k - 1].span.lo > t.span.lo; k--)
			it[k] = it[k - 1];
		it[k] = t;
	}
	for (unsigned i = 0, end; i < n; i = end) {
		struct rt_range run = it[i].span;
		for (end = i + 1; end < n && it[end].span.lo == run.hi; end++)
			run.hi = it[end].span.hi;
		if (end - i == 1) {
			rt_seal_image(&it[i].j->o, page, it[i].j->mut, &it[i].j->r);
			continue;
		}
		long ret = rt_mseal(run.lo, run.hi);
		/* Sealed, or no mseal at all (before Linux 6.10): the one
		 * answer holds for every object of the run. */
		if (ret == 0 || ret == -ENOSYS) {
			for (unsigned k = i; k < end; k++)
				rt_seal_shared(&it[k].j->r, it[k].span, ret);
			shared += end - i - 1;
			continue;
		}
		it[i].j->r.calls++; /* the run's call, refused */
		for (unsigned k = i; k < end; k++)
			rt_seal_image(&it[k].j->o, page, it[k].j->mut, &it[k].j->r);
	}
	return shared;
}

RT_FN unsigned rt_seal_jobs(struct rt_job *const *jobs, unsigned n, uintptr_t page)
{
	struct rt_relro_batch b = { 0 };
	struct rt_run_item items[RT_BATCH];
	unsigned char tried[RT_BATCH]; /* n <= RT_BATCH, as b's arrays assume */
	struct rt_range relro;
	unsigned calls = 0, nitems = 0;

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
		struct rt_range span;
		if ((tried[i] = !j->r.err) == 0)
			continue;
		if (nitems < RT_BATCH && rt_image_one_span(&j->o, page, j->mut, &span))
			items[nitems++] = (struct rt_run_item){ span, j };
		else
			rt_seal_image(&j->o, page, j->mut, &j->r);
	}
	unsigned shared = rt_seal_runs(items, nitems, page);
	for (unsigned i = 0; i < n; i++) {
		if (tried[i])
			rt_unview_if_unsealable(jobs[i]);
		calls += jobs[i]->r.calls;
	}
	return calls - shared;
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
