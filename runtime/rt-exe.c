/* SPDX-License-Identifier: MIT */
/*
 * The executable's part of the runtime, its entry.  Only the unit that
 * defines main carries it (and sealing-rt.o), in a COMDAT group of its
 * own with its NT_SEALING_PROCESS note, which libraries read to learn that
 * the executable will seal them.  The executable's core constructor calls
 * the entry through that note (rt-ctor.c): it seals the executable and
 * then the rest of the process, in process scope every start-up object,
 * else only the instrumented libraries that left their sealing to it
 * (rt-scope.c).  For a module that is not the executable it runs the
 * module part (rt-module.c): for a library linked with sealing-rt.o, and
 * for any instrumented library that asks, since a library's core carries
 * that code only in its file (rt-fetch.c).
 *
 * Before that, when the carrier knew it was building an executable (a
 * -fPIE unit defining main), .preinit_array calls rt_exe_claim.
 */
#include "rt-pass.h"

/* The executable part's state (SEALING_STATE_RAN once it has begun),
 * which its note points to. */
__attribute__((section(".bss.sealing_exe_state"), used))
static volatile unsigned char rt_exe_state;

__attribute__((used)) static int rt_exe_entry(const struct sealing_rt_call *call)
{
	struct rt_process proc, *p = &proc;
	struct rt_object self;
	int found = rt_self_from_ehdr(&self, call->ehdr, (const void *)call->note);

	/* A module the dynamic loader sealed needs only its debug line. */
	if (rt_state_get(call->state) & SEALING_STATE_LOADER)
		return rt_module_run(call);
	rt_process_start(p, found ? &self : 0, call->argc, call->argv, call->envp);
	p->frame = call->frame;
	if (!found)
		found = rt_self_from_loader(p, &self, (const void *)call->note);
	/* A library: one linked with sealing-rt.o, or one whose core has no
	 * module part in its image and asks ours (rt-ctor.c, rt-fetch.c). */
	if (!found || !rt_self_is_exe(p, &self))
		return rt_module_run(call);
	/* Start-up is over: a library starting from now on was dlopen'd. */
	rt_state_set(&rt_exe_state, SEALING_STATE_RAN);
	rt_state_set(call->state, SEALING_STATE_RAN);
	rt_object_name(p, &self);
	rt_seal_process(p, call, &self);
	return 1;
}

/*
 * Every instrumented start-up library would otherwise spend its
 * constructor learning that the executable will seal it: the auxiliary
 * vector, the executable's headers and notes, some 850 instructions in its own
 * cold copy of the code (docs/runtime-size.md).  .preinit_array runs
 * before any library's constructor, in executables only, so the
 * executable tells them instead, once: SEALING_STATE_CLAIMED in each one's
 * state byte, which shares the page of .data that ld.so already wrote
 * (__dso_handle's relocation).  Every policy note's byte, since the core's
 * is one of them; not a policy-0 note's, which has no runtime (an
 * opted-out unit's).  Not a module the loader sealed (its constructor
 * takes the loader's path), nor one whose note is damaged: its own runtime
 * says so, then seals it.  musl runs no .preinit_array; its libraries
 * still ask the long way, as do those of an executable whose carrier could
 * not tell it was one.
 */

static void rt_claim_note(const struct rt_object *o, const ElfW(Nhdr) *h, void *arg)
{
	const struct sealing_note *n = (const struct sealing_note *)h;
	volatile unsigned char *s;

	(void)arg;
	if (n->desc.policy != SEALING_POLICY_OFF && !rt_note_damage(n, 0) &&
	    (s = rt_object_state(o, n)) &&
	    !(rt_state_get(s) & SEALING_STATE_LOADER))
		rt_state_set(s, SEALING_STATE_CLAIMED);
}

/* data: the executable's AT_PHDR, which claims nothing of its own. */
static int rt_claim_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	struct rt_object o;

	(void)size;
	if ((uintptr_t)info->dlpi_phdr == *(const uintptr_t *)data)
		return 0;
	rt_object_scan(&o, info->dlpi_phdr, info->dlpi_phnum, info->dlpi_addr, 0);
	rt_note_each(&o, SEALING_NOTE_TYPE, SEALING_NOTE_DESCSZ, rt_claim_note, 0);
	return 0;
}

/* Only with glibc's arguments, as every constructor here (static glibc
 * passes them to .preinit_array too). */
__attribute__((used)) static void rt_exe_claim(int argc, char **argv, char **envp)
{
	struct rt_process p;
	uintptr_t exe_phdr;

	if (!rt_glibc_args(argc, argv, envp))
		return;
	rt_process_init(&p, argc, argv, envp);
	exe_phdr = rt_auxval(&p, AT_PHDR);
	if (exe_phdr)
		rt_iterate(&p, rt_claim_cb, &exe_phdr);
}
