/* SPDX-License-Identifier: MIT */
/*
 * The executable's part of the runtime, what it does.  Only the unit that
 * defines main carries it (and sealing-rt.o), in a COMDAT group of its
 * own with its NT_SEALING_PROCESS note, which libraries read to learn that
 * the executable will seal them.  Its code lives in the executable's file,
 * not its image (.sealing.exe, sealing-rt-exe-part.c); its entries in the
 * image map it and call rt_exe_run (rt-exe-entry.c).
 *
 * RT_EXE_PASS: the executable's core constructor hands over here.  It
 * seals the executable and then the rest of the process, in process scope
 * every start-up object, else only the instrumented libraries that left
 * their sealing to it (rt-scope.c).  Anything else it leaves to the module
 * part (rt-module.c), by returning 0: the core then maps it from the
 * module's file, as in any library (rt-fetch.c).  That is a library
 * linked with sealing-rt.o, a module the dynamic loader sealed (only its
 * debug line is left to say), and one that cannot find its own headers.
 *
 * RT_EXE_CLAIM: before that, when the carrier knew it was building an
 * executable (a -fPIE unit defining main), .preinit_array, which runs
 * before any library's constructor, in executables only: the executable
 * claims its start-up libraries (rt-claim.c), so that none of them needs
 * its module part at all.
 */
#include "rt-pass.h"

static int rt_exe_pass_run(const struct rt_exe_call *x)
{
	const struct sealing_rt_call *call = x->call;
	struct rt_process proc, *p = &proc;
	struct rt_object self;
	int found = rt_self_from_ehdr(&self, call->ehdr, (const void *)call->note);

	rt_process_start(p, found ? &self : 0, call->argc, call->argv, call->envp,
			 x->linked_musl);
	p->frame = call->frame;
	/* Looked up once per process: the lookup walks every module. */
	p->iterate = x->snap->iterate;
	if (!found)
		found = rt_self_from_loader(p, &self, (const void *)call->note);
	if (!found || !rt_self_is_exe(p, &self))
		return 0;
	/* Start-up is over: a library starting from now on was dlopen'd. */
	rt_state_set(x->state, SEALING_STATE_RAN);
	rt_state_set(call->state, SEALING_STATE_RAN);
	rt_object_name(p, &self);
	rt_seal_process(p, call, &self, x->snap);
	return 1;
}

RT_FN int rt_exe_run(const struct rt_exe_call *x)
{
	const struct sealing_rt_call *c = x->call;
	struct rt_process p;

	if (x->op == RT_EXE_PASS)
		return rt_exe_pass_run(x);
	rt_process_init(&p, c->argc, c->argv, c->envp);
	rt_claim_startup(&p, x->snap);
	return 1;
}
