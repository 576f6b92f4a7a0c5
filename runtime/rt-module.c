/* SPDX-License-Identifier: MIT */
/*
 * Sealing one module under its own note: read the policy, decide how the
 * module was loaded, pin it if dlclose could unmap it, swap its RELRO,
 * seal it, and say so when asked.  The core runs it for its own module
 * whenever no executable's part seals the module (rt-ctor.c): a dlopen'd
 * library, a library under an executable without the process pass, or
 * such an executable.
 *
 * Every library pays for these bytes, so they do the job and no more: the
 * module is found by __ehdr_start only (every linker defines it for an
 * ordinary link; without it the module says so and stays open), damage in
 * the note is named without the field (sealctl check names it), and the
 * SEALING_DEBUG line leaves the addresses to sealctl ps.  The process is
 * set up by the caller.
 */
#include "rt-batch.h"
#include "rt-module.h"

/* batch: no executable's pass in this process, so a start-up library
 * seals its peers with itself (rt-startup-batch.c). */
RT_OUTLINE RT_FN void rt_seal_module(struct rt_process *p, const struct sealing_rt_call *call,
				     int batch)
{
	const volatile struct sealing_note *note = call->note;
	struct rt_object mod, *m = &mod;
	struct rt_config c;
	struct rt_result r = { 0 };
	const char *skipped = 0, *how = 0, *damage = 0;
	enum rt_load kind = RT_LOAD_STARTUP;
	int found = rt_self_from_ehdr(m, call->ehdr, (const void *)note);
	/* Of the module's notes, the strictest: its units may disagree
	 * (docs/note-format.md, "Several notes in one module"). */
	const volatile struct sealing_note *applied = found ? rt_object_note(m) : 0;

	rt_state_set(call->state, SEALING_STATE_RAN);
	rt_config_read(p, applied ? applied : note, &c);
	if (rt_note_check(note, call->state))
		damage = "note damaged (sealctl check says how)";
	/* Nothing to do and nothing to say; unless a start-up library's
	 * batch could save its peers the same finding (rt-startup-batch.c). */
	if (c.policy == SEALING_POLICY_OFF && !c.debug && !damage && !batch)
		return;
	/* Names cost a walk of the link map: only for messages and pinning. */
#define NAME (found ? rt_object_name(p, m) : 0)
	if (c.debug && c.warning)
		rt_warn(&c, NAME, c.warning);
	if (damage) {
		if (c.debug)
			rt_warn(&c, NAME, damage);
		if (c.policy == SEALING_POLICY_ENFORCE) {
			r.err = EINVAL;
			rt_fatal(NAME, &r, damage);
		}
	}
	if (found) {
		kind = rt_load_kind(p, m,
				    c.debug || c.policy == SEALING_POLICY_ENFORCE ||
					    (c.flags & SEALING_FLAG_DLOPEN_SKIP));
		how = kind == RT_LOAD_EXE ? "executable, without the process pass: module scope" :
		      kind == RT_LOAD_STARTUP ? "loaded at start-up" : "dlopen'd";
	}
	if (c.policy == SEALING_POLICY_OFF) {
		skipped = "policy 0";
	} else if (rt_running_on_valgrind()) {
		skipped = "running under valgrind";
	} else if (!found) {
		r.err = ESRCH;
		if (c.policy == SEALING_POLICY_ENFORCE)
			rt_fatal(NAME, &r, "cannot find its own program headers");
		skipped = "own program headers not found";
	} else if (kind != RT_LOAD_DLOPEN) {
		/* never unloaded: nothing to pin */
	} else if (c.flags & SEALING_FLAG_DLOPEN_SKIP) {
		skipped = "the note says dlopen=skip";
	} else if (p->musl) {
		how = "dlopen'd, never unloaded by musl";
	} else if ((r.err = rt_pin(p, m)) != 0) {
		/* Sealed but unpinned, every dlclose would leak a copy. */
		if (c.policy == SEALING_POLICY_ENFORCE)
			rt_fatal(NAME, &r, "cannot make itself RTLD_NODELETE before sealing");
		skipped = "could not make it RTLD_NODELETE";
	} else {
		how = "dlopen'd, pinned";
	}

	struct rt_range mut = { call->mutable_lo, call->mutable_hi };
	if (batch && found && kind == RT_LOAD_STARTUP &&
	    (!skipped || c.policy == SEALING_POLICY_OFF))
		/* Even at policy 0 (SEALING_POLICY=0 lowers them all alike):
		 * the others then need not map their module parts to learn it. */
		rt_seal_startup_batch(p, m, &c, mut, &r);
	else if (!skipped)
		rt_seal_alone(m, c.flags, mut, rt_page_size(p), &r);
	if (c.debug)
		rt_report_brief(NAME, &c, how, &r, skipped);
	if (!skipped && r.err && c.policy == SEALING_POLICY_ENFORCE)
		rt_fatal(NAME, &r, "cannot seal");
#undef NAME
}

/*
 * A module the dynamic loader sealed (glibc/, which marks the state byte
 * SEALING_STATE_LOADER): nothing to do, and one line to say so when asked.
 */
RT_OUTLINE RT_FN void rt_sealed_by_loader(struct rt_process *p, const struct sealing_rt_call *call)
{
	struct rt_object m;
	struct rt_config c;
	struct rt_result r = { .by_loader = 1 };

	rt_state_set(call->state, SEALING_STATE_RAN);
	rt_config_read(p, call->note, &c);
	if (c.debug)
		rt_report_brief(rt_self_from_ehdr(&m, call->ehdr, (const void *)call->note) ?
					rt_object_name(p, &m) : 0,
				&c, 0, &r, 0);
}

/*
 * glibc calls constructors with (argc, argv, envp), at start-up and from
 * dlopen alike; rt-process.c explains why we take them.  Anything else
 * (musl passes nothing) is read from the kernel: the auxiliary vector,
 * and the initial environment it leads to.  Pinning is tried either way:
 * musl accepts RTLD_NOLOAD and never unloads anyway.
 */
static void rt_process_core(struct rt_process *p, int argc, char **argv, char **envp)
{
	rt_process_from_args(p, argc, argv, envp);
	p->musl = 0;
}

/*
 * The module part's entry, wherever it runs: from the module's file
 * (rt-fetch.c), or linked in whole.  Seals the module call describes,
 * unless the executable's pass is still to come and will, in which case it
 * claims the other start-up libraries for it; or says the dynamic loader
 * sealed it.  Always 1: the module is dealt with.
 */
RT_FN int rt_module_run(const struct sealing_rt_call *call, const struct rt_process *core)
{
	struct rt_process p;

	rt_process_core(&p, call->argc, call->argv, call->envp);
	rt_process_adopt(&p, core);
	p.frame = call->frame;
	if (rt_state_get(call->state) & SEALING_STATE_LOADER) {
		rt_sealed_by_loader(&p, call);
		return 1;
	}
	volatile unsigned char *pass = rt_exe_pass_state(&p);
	if (pass && !(rt_state_get(pass) & SEALING_STATE_RAN) &&
	    call->mutable_lo == call->mutable_hi)
		rt_claim_startup(&p, 0); /* so that the others need not ask (rt-claim.c) */
	else
		rt_seal_module(&p, call, !pass);
	return 1;
}
