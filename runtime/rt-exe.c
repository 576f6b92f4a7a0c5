/* SPDX-License-Identifier: MIT */
/*
 * The executable's part of the runtime: only the unit that defines main
 * carries it (and sealing-rt.o), in a COMDAT group of its own with its
 * NT_SEALING_PROCESS note, which libraries read to learn that the
 * executable will seal them.  The executable's core constructor
 * (rt-ctor.c) calls rt_exe_entry through that note; it seals the
 * executable, then the rest of the process: in process scope every
 * start-up object, else only the instrumented libraries that left their
 * sealing to it (rt-scope.c).  In a module that is not the executable (a
 * library linked with sealing-rt.o) it declines, and the core seals the
 * module as any library's does.
 */
#include "rt-pass.h"

extern char __start_sealing_mutable[] __attribute__((weak, visibility("hidden")));
extern char __stop_sealing_mutable[] __attribute__((weak, visibility("hidden")));

/* The executable part's state (SEALING_STATE_RAN once it has begun),
 * which its note points to. */
__attribute__((section(".bss.sealing_exe_state"), used))
static volatile unsigned char rt_exe_state;

/* 1 when this module is the executable and is done, 0 to let the core go on. */
__attribute__((used)) static int rt_exe_entry(int argc, char **argv, char **envp,
					     const volatile struct sealing_note *note,
					     volatile unsigned char *core_state)
{
	struct rt_process proc, *p = &proc;
	struct rt_object mod, *m = &mod;
	struct rt_config c;
	struct rt_result r = { 0 };
	struct rt_range relro;
	const char *skipped = 0, *damage;
	uintptr_t page;

	int found = rt_self_from_headers(m, (const void *)note);
	rt_process_start(p, found ? m : 0, argc, argv, envp);
	if (!found)
		found = rt_self_from_loader(p, m, (const void *)note);
	if (!found || !rt_self_is_exe(p, m))
		return 0;
	/* Start-up is over: a library starting from now on was dlopen'd. */
	rt_state_set(&rt_exe_state, SEALING_STATE_RAN);
	rt_state_set(core_state, SEALING_STATE_RAN);
	rt_config_read(p, note, &c);
	damage = rt_note_damage(note, core_state);
	m->name = (const char *)rt_auxval(p, AT_EXECFN);
	if (!m->name)
		m->name = "(executable)";
	if (c.debug && c.warning)
		rt_warn(&c, m->name, c.warning);
	if (damage) {
		if (c.debug)
			rt_warn(&c, m->name, damage);
		if (c.policy == SEALING_POLICY_ENFORCE) {
			r.err = EINVAL;
			rt_fatal(m->name, &r, damage);
		}
	}
	page = rt_page_size(p);
	if (rt_running_on_valgrind()) {
		skipped = "running under valgrind";
	} else if (c.policy == SEALING_POLICY_OFF) {
		skipped = "policy 0";
	} else {
		struct rt_range mut = { (uintptr_t)__start_sealing_mutable,
					(uintptr_t)__stop_sealing_mutable };
		if (!(c.flags & SEALING_FLAG_RELRO_KEEP) && rt_relro_range(m, page, &relro))
			rt_relro_swap(relro, &r);
		rt_seal_image(m, page, mut, &r);
	}
	if (c.debug)
		rt_report(m->name, &c, "executable", &r, skipped);
	if (!skipped && r.err && c.policy == SEALING_POLICY_ENFORCE)
		rt_fatal(m->name, &r, "cannot seal");
	rt_seal_process(p, m, &c, page);
	return 1;
}
