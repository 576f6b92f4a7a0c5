/* SPDX-License-Identifier: MIT */
/*
 * Does the executable carry the process pass (its part of the runtime),
 * and has it begun?  Its NT_SEALING_PROCESS note says: it leads to the
 * part's entry and its state byte, SEALING_STATE_RAN once the
 * executable's constructor has begun, which also ends start-up.  The
 * module part asks before it seals its module (rt_module_run,
 * rt-module.c) and before pinning (rt-startup.c).
 */
#include "rt.h"

RT_FN sealing_rt_entry rt_exe_pass(struct rt_process *p, volatile unsigned char **state)
{
	struct rt_object e;
	const ElfW(Nhdr) *h;
	const volatile unsigned char *entry;

	if (!rt_exe_headers(p, &e) ||
	    !(h = rt_note_find(e.phdr, e.phnum, e.bias, SEALING_PROCESS_NOTE_TYPE,
			       SEALING_PROCESS_DESCSZ)))
		return 0;
	const struct sealing_process_desc *d =
		(const struct sealing_process_desc *)((const char *)(h + 1) + SEALING_NOTE_NAMESZ);
	/* Only a part that speaks our version of sealing_rt_call. */
	if (d->version != SEALING_NOTE_VERSION ||
	    !(*state = rt_object_target(&e, &d->state, PF_W)) ||
	    !(entry = rt_object_target(&e, &d->entry, PF_X)))
		return 0;
	/* Its code could not be mapped from its file (rt-exe-entry.c): no
	 * pass will come. */
	if (rt_state_get(*state) & SEALING_STATE_NO_PASS)
		return 0;
	return (sealing_rt_entry)(uintptr_t)entry;
}

RT_FN volatile unsigned char *rt_exe_pass_state(struct rt_process *p)
{
	volatile unsigned char *s;

	if (!p->exe_pass_done) {
		p->exe_pass = rt_exe_pass(p, &s) ? s : 0;
		p->exe_pass_done = 1;
	}
	return p->exe_pass;
}

/* Has the executable's constructor begun?  Then start-up is over. */
RT_FN int rt_exe_started(struct rt_process *p)
{
	struct rt_object e;
	const struct sealing_note *n;
	volatile unsigned char *s = rt_exe_pass_state(p);

	if (s && (rt_state_get(s) & SEALING_STATE_RAN))
		return 1;
	if (!rt_object_exe(p, &e) || !(n = rt_object_note(&e)) ||
	    !(s = rt_object_state(&e, n)))
		return 0;
	return (rt_state_get(s) & SEALING_STATE_RAN) != 0;
}

