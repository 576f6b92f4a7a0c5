/* SPDX-License-Identifier: MIT */
/*
 * The executable's part of the runtime, its entry.  Only the unit that
 * defines main carries it (and sealing-rt.o), in a COMDAT group of its
 * own with its NT_SEALING_PROCESS note, which libraries read to learn that
 * the executable will seal them.  The executable's core constructor calls
 * the entry through that note (rt-ctor.c): it seals the executable and
 * then the rest of the process, in process scope every start-up object,
 * else only the instrumented libraries that left their sealing to it
 * (rt-scope.c).  Anything else it leaves to the module part (rt-module.c),
 * by returning 0: the core then maps it from the module's file, as in any
 * library (rt-fetch.c).  That is a library linked with sealing-rt.o, a
 * module the dynamic loader sealed (only its debug line is left to say),
 * and one that cannot find its own headers; carrying the module part in
 * the image for them cost every executable some 4 KB.
 *
 * Before that, when the carrier knew it was building an executable (a
 * -fPIE unit defining main), .preinit_array calls rt_exe_claim.
 */
#include "rt-pass.h"

/* The executable part's state (SEALING_STATE_RAN once it has begun),
 * which its note points to. */
__attribute__((section(".bss.sealing_exe_state"), used))
static volatile unsigned char rt_exe_state;

/* The map as .preinit_array saw it, for the pass's start-up set.  In a
 * section of its own, as the carriers allow (carrier-glue/group-asm.awk). */
__attribute__((section(".bss.sealing_exe_snap"), used))
static struct rt_startup_snap rt_exe_snap;

__attribute__((used)) static int rt_exe_entry(const struct sealing_rt_call *call)
{
	struct rt_process proc, *p = &proc;
	struct rt_object self;
	int found = rt_self_from_ehdr(&self, call->ehdr, (const void *)call->note);

	if (rt_state_get(call->state) & SEALING_STATE_LOADER)
		return 0;
	rt_process_start(p, found ? &self : 0, call->argc, call->argv, call->envp);
	p->frame = call->frame;
	/* Looked up once per process: the lookup walks every module. */
	p->iterate = rt_exe_snap.iterate;
	if (!found)
		found = rt_self_from_loader(p, &self, (const void *)call->note);
	if (!found || !rt_self_is_exe(p, &self))
		return 0;
	/* Start-up is over: a library starting from now on was dlopen'd. */
	rt_state_set(&rt_exe_state, SEALING_STATE_RAN);
	rt_state_set(call->state, SEALING_STATE_RAN);
	rt_object_name(p, &self);
	rt_seal_process(p, call, &self, &rt_exe_snap);
	return 1;
}

/*
 * .preinit_array runs before any library's constructor, in executables
 * only: the executable claims its start-up libraries there (rt-claim.c),
 * so that none of them needs its module part at all.
 */
/* Only with glibc's arguments, as every constructor here (static glibc
 * passes them to .preinit_array too). */
__attribute__((used)) static void rt_exe_claim(int argc, char **argv, char **envp)
{
	struct rt_process p;

	if (!rt_glibc_args(argc, argv, envp))
		return;
	rt_process_init(&p, argc, argv, envp);
	rt_claim_startup(&p, &rt_exe_snap);
}
