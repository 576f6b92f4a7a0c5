/* SPDX-License-Identifier: MIT */
/*
 * Sealing several objects together, for whoever seals objects other than
 * its own module (rt-sweep.c: the executable's process pass, the loader
 * module).  Their RELRO copies share one sealed memfd (or, where that is
 * refused, one anonymous mapping): rt_relro_batch_swap, rt-relro.c; then
 * each object gets one mseal.
 */
#include "rt-pass.h"

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
		if (!j->r.err)
			rt_seal_image(&j->o, page, j->mut, &j->r);
		calls += j->r.calls;
	}
	return calls;
}
