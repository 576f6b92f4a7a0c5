/* SPDX-License-Identifier: MIT */
/*
 * Sealing several objects in one batch (rt-batch.c): for whoever seals
 * objects other than its own module, the executable's process pass and
 * the loader module (rt-pass.h), and the first start-up library under an
 * executable without the pass (rt-startup-batch.c), which is why this is
 * apart from the pass: the module part carries it, not the sweep.
 */
#ifndef SEALING_RT_BATCH_H
#define SEALING_RT_BATCH_H

#include "rt.h"
#include "rt-decide.h"

struct rt_job {
	struct rt_object o;
	struct rt_config c; /* the policy and flags it is sealed under, debug */
	struct rt_facts f;
	struct rt_decision d;
	struct rt_result r;
	/* SEALING_MUTABLE pages: the executable's from its symbols, any
	 * other object's from its mutable note (rt_object_mutable). */
	struct rt_range mut;
	unsigned index; /* its place in the link map */
	unsigned known : 1;    /* an earlier sweep sealed it: not looked at */
	unsigned gone : 1;     /* unloaded before it could be pinned */
	unsigned unpinned : 1; /* could not be made RTLD_NODELETE */
};

/* Seals the jobs' objects, RELRO copies in one batch; the syscalls made. */
RT_FN unsigned rt_seal_jobs(struct rt_job *const *jobs, unsigned n, uintptr_t page);
/* One object alone: rt_relro_swap unless flags say relro=keep, then
 * rt_seal_image (a module's own runtime, and a batch of one). */
RT_FN void rt_seal_alone(const struct rt_object *o, uint32_t flags, struct rt_range mut,
			 uintptr_t page, struct rt_result *r);

#endif
