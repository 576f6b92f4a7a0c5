/* SPDX-License-Identifier: MIT */
/*
 * Sealing several objects together, for whoever seals objects other than
 * its own module (the executable's process pass, the loader module).
 * Their RELRO copies share one mapping, one copy pass and one mprotect;
 * then each gets one mremap and one mseal.  Each object keeps its own
 * policy: its debug line, and under policy 2 the end of the process.
 */
#include "rt.h"

RT_FN struct rt_job *rt_batch_job(struct rt_batch *b)
{
	struct rt_job *j = &b->jobs[b->njobs];
	j->r = (struct rt_result){ 0 };
	return j;
}

RT_FN void rt_batch_flush(struct rt_batch *b)
{
	struct rt_range none = { 0, 0 };

	rt_relro_batch_swap(&b->relro);
	b->calls += b->relro.calls;
	for (unsigned i = 0; i < b->njobs; i++) {
		struct rt_job *j = &b->jobs[i];
		if (!j->r.err)
			rt_seal_image(&j->o, b->page, none, &j->r);
		b->calls += j->r.calls;
		b->nsealed += j->r.nsealed != 0;
		if (b->sealed && j->r.nsealed && !j->r.err)
			b->sealed(b, j);
		if (j->c.debug)
			rt_report(j->o.name, &j->c, j->how, &j->r, 0);
		if (j->r.err && j->c.policy == SEALING_POLICY_ENFORCE)
			rt_fatal(j->o.name, &j->r, "cannot seal");
	}
	b->njobs = 0;
	b->relro = (struct rt_relro_batch){ 0 };
}

RT_FN void rt_batch_add(struct rt_batch *b)
{
	struct rt_job *j = &b->jobs[b->njobs];
	struct rt_range relro;

	if (!(j->c.flags & SEALING_FLAG_RELRO_KEEP) && rt_relro_range(&j->o, b->page, &relro)) {
		b->relro.relro[b->relro.n] = relro;
		b->relro.result[b->relro.n++] = &j->r;
		b->relro.bytes += relro.hi - relro.lo;
	}
	if (++b->njobs == RT_BATCH)
		rt_batch_flush(b);
}

RT_FN void rt_batch_skip(struct rt_batch *b, const char *why)
{
	struct rt_job *j = &b->jobs[b->njobs];
	b->nopen++;
	if (j->c.debug)
		rt_report(j->o.name, &j->c, j->how, &j->r, why);
}

static int rt_entry_is(const char *e, const char *s)
{
	while (*e && *e != ':' && *e == *s)
		e++, s++;
	return (*e == ':' || !*e) && !*s;
}

/*
 * SEALING_EXEMPT=name[:name...]: paths or file names left open.  It
 * lowers protection, so a secure-execution process ignores it.
 */
RT_COLD RT_FN int rt_exempt(struct rt_process *p, const char *path)
{
	if (!p->env_exempt || rt_secure(p))
		return 0;
	for (const char *e = p->env_exempt; *e;) {
		if (rt_entry_is(e, path) || rt_entry_is(e, rt_basename(path)))
			return 1;
		while (*e && *e++ != ':')
			;
	}
	return 0;
}

RT_FN int rt_is_vdso(struct rt_process *p, const struct dl_phdr_info *info)
{
	uintptr_t vdso = rt_auxval(p, AT_SYSINFO_EHDR);
	return vdso && (uintptr_t)info->dlpi_phdr - vdso < 4096;
}
