/* SPDX-License-Identifier: MIT */
/*
 * The start-up batch: under an executable without the process pass (an
 * uninstrumented program, a Rust or Go one that does not link
 * sealing-rt.o), the first instrumented start-up library whose
 * constructor runs seals itself and every other start-up library with a
 * note whose runtime is still to run, in one batch, and marks them
 * SEALING_STATE_BATCHED; their constructors then return at once
 * (rt-ctor.c), as under a claiming executable.
 *
 * Why: each of those libraries would otherwise map its module part from
 * its file (rt-fetch.c), about 8 us apiece, and swap its RELRO the mremap
 * way, where one memfd serves the whole batch (rt-relro.c).  One file read
 * per process, as under the executable's pass.
 *
 * Why it is safe to seal them before their constructors: by the time any
 * start-up constructor runs, ld.so has relocated every start-up object
 * and applied its RELRO; the patched loader (glibc/) seals them at that
 * point too.
 *
 * Which objects: those before the caller's own module in the link map.
 * The caller is a start-up module (rt_load_kind said so: its constructor
 * runs at the top of the initial stack, or its place in the map lies in
 * the start-up prefix, rt-startup.c), and the map lists every start-up
 * object before anything a dlopen adds, even one made by a start-up
 * constructor or by another thread: so whatever precedes the caller was
 * loaded at start-up, is fully relocated and is never unloaded (nothing
 * to pin).  That needs no walk of the names the start-up prefix takes
 * (some 5,000 instructions for five objects): ld.so runs constructors
 * deepest first, and the deepest libraries come last in the map, so the
 * first library to run has nearly all the others before it.  Any left
 * after it seal themselves, each with the libraries before it still to
 * run.  A library with SEALING_MUTABLE pages is left to itself, as its
 * constructor never defers; so is one whose note or state byte is
 * damaged, which its own runtime names.  Who gets sealed is rt_decide's
 * (RT_ASK_LIBRARY).
 */
#include "rt-batch.h"
#include "rt-module.h"

struct rt_startup_batch {
	struct rt_process *p;
	const void *self_phdr;
	uintptr_t exe_phdr, vdso; /* AT_PHDR, AT_SYSINFO_EHDR */
	struct rt_job jobs[RT_BATCH + 1]; /* the last: where a candidate is
					   * looked at when the batch is full */
	unsigned njobs, cap; /* cap: room left beside the caller's own job */
	unsigned index;      /* of the object the walk is at */
	unsigned next;       /* the first object no walk has collected */
	int more;            /* a candidate the batch had no room for */
};

/* Reads only, under dl_iterate_phdr's lock.  Stops at the caller's own
 * module; a later walk skips, by place in the map, what an earlier one
 * took, so a thousand libraries cost no O(N^2) of real work. */
static int rt_startup_batch_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	struct rt_startup_batch *b = data;
	struct rt_job *j = &b->jobs[b->njobs];
	struct rt_range mut;
	volatile unsigned char *state;
	unsigned index = b->index++;

	(void)size;
	if (info->dlpi_phdr == b->self_phdr)
		return 1;
	if (index < b->next || (uintptr_t)info->dlpi_phdr == b->exe_phdr ||
	    rt_is_vdso(b->vdso, info->dlpi_phdr))
		return 0;
	*j = (struct rt_job){ .index = index };
	rt_object_from_info(&j->o, info);
	/* Before a start-up module: loaded at start-up (above). */
	j->f = (struct rt_facts){ .asker = RT_ASK_LIBRARY, .origin = RT_ORIGIN_STARTUP };
	/* Not a policy-0 note: an opted-out module is never marked
	 * (rt_claim_note), so its own runtime, if any, speaks. */
	if (j->o.note && j->o.note->desc.policy != SEALING_POLICY_OFF &&
	    !rt_note_damage(j->o.note, 0) &&
	    (state = rt_object_state(&j->o, j->o.note)) != 0 &&
	    !((j->f.state = rt_state_get(state)) & SEALING_STATE_RAN) &&
	    !rt_object_mutable(&j->o, &mut)) {
		j->f.has_note = j->f.has_state = 1;
		if (b->njobs == b->cap)
			return b->more = 1;
		b->njobs++;
		b->next = index + 1;
	}
	return 0;
}

/*
 * One walk and what it found: decided, sealed (with self, the caller's
 * own module, first, when given), marked, reported.
 */
static void rt_startup_batch_once(struct rt_startup_batch *b, struct rt_job *self)
{
	struct rt_job *seal[RT_BATCH];
	unsigned nseal = 0;
	unsigned bits = SEALING_STATE_RAN | SEALING_STATE_CLAIMED | SEALING_STATE_BATCHED;

	b->njobs = 0;
	b->cap = self ? RT_BATCH - 1 : RT_BATCH;
	b->index = 0;
	b->more = 0;
	/* Unwalkable (no dl_iterate_phdr found): the caller's module alone. */
	if (rt_iterate(b->p, rt_startup_batch_cb, b) < 0)
		b->njobs = b->more = 0;
	if (self)
		seal[nseal++] = self;
	for (unsigned i = 0; i < b->njobs; i++) {
		struct rt_job *j = &b->jobs[i];

		rt_config_read(b->p, j->o.note, &j->c);
		j->f.policy = j->c.policy;
		j->f.flags = j->c.flags;
		j->d = rt_decide(&j->f);
		if (j->d.action == RT_SEAL)
			seal[nseal++] = j;
	}
	if (nseal == 1 && self)
		rt_seal_alone(&self->o, self->c.flags, self->mut, rt_page_size(b->p), &self->r);
	else
		rt_seal_jobs(seal, nseal, rt_page_size(b->p));
	for (unsigned i = 0; i < b->njobs; i++) {
		struct rt_job *j = &b->jobs[i];
		const char *skipped = j->d.action == RT_SKIP ? rt_reason_text(j->d.reason) : 0;
		const char *how = skipped ? "loaded at start-up, in the first library's batch" :
					    rt_reason_text(j->d.reason);

		if (j->d.action == RT_LEAVE)
			continue;
		rt_note_each(&j->o, SEALING_NOTE_TYPE, SEALING_NOTE_DESCSZ, rt_claim_note, &bits);
		if (j->c.debug) {
			if (j->c.warning)
				rt_warn(&j->c, j->o.name, j->c.warning);
			rt_report_brief(j->o.name, &j->c, how, &j->r, skipped);
		}
		if (!skipped && j->r.err && j->c.policy == SEALING_POLICY_ENFORCE)
			rt_fatal(j->o.name, &j->r, "cannot seal");
	}
}

RT_FN void rt_seal_startup_batch(struct rt_process *p, const struct rt_object *self,
				 const struct rt_config *c, struct rt_range mut,
				 struct rt_result *r)
{
	struct rt_startup_batch b;
	struct rt_job own, *first = 0;

	b.p = p;
	b.self_phdr = self->phdr;
	rt_auxval_exe_vdso(p, &b.exe_phdr, &b.vdso);
	b.next = 0;
	if (c->policy != SEALING_POLICY_OFF) {
		RT_ZERO(own);
		RT_COPY(own.o, *self);
		RT_COPY(own.c, *c);
		own.mut = mut;
		first = &own;
	}
	/* A process with more start-up libraries than a batch holds takes
	 * several batches, each walk resuming where the last one stopped. */
	do {
		rt_startup_batch_once(&b, first);
		if (first)
			RT_COPY(*r, own.r);
		first = 0;
	} while (b.more);
}
