/* SPDX-License-Identifier: MIT */
/*
 * The process pass: the executable's constructor, the last one of
 * start-up, seals the executable and the other objects loaded at
 * start-up, their RELRO copies in one batch.  By then every
 * one of them is relocated with its RELRO applied and has run its
 * constructors.  rt_decide says what happens to each (rt-decide.c),
 * rt_sweep_run does it (rt-sweep.c): the instrumented libraries that left
 * their sealing to the executable, with their own policy and flags,
 * always; in process scope at a policy above 0 also every start-up object
 * without a note, with the executable's.
 */
#include "rt-pass.h"

RT_FN void rt_seal_process(struct rt_process *p, const struct sealing_rt_call *call,
			   const struct rt_object *exe, const struct rt_startup_snap *snap)
{
	struct rt_sweep s;
	struct rt_job self;
	const struct rt_config *c = &self.c;
	struct rt_line l;

	rt_sweep_clear(&s);
	s.p = p;
	s.asker = RT_ASK_EXE;
	s.snap = snap;
	s.page = rt_page_size(p);
	/* The executable is the first job, from its own headers and note: a
	 * static one has nothing else to walk. */
	RT_ZERO(self);
	RT_COPY(self.o, *exe);
	self.mut = (struct rt_range){ call->mutable_lo, call->mutable_hi };
	/* Of the executable's notes, the strictest: its units may disagree
	 * (docs/note-format.md, "Several notes in one module"). */
	self.o.note = rt_object_note(exe);
	if (!self.o.note)
		self.o.note = (const struct sealing_note *)call->note;
	self.f.is_exe = self.f.has_note = self.f.has_state = 1;
	self.f.state = rt_state_get(call->state);
	rt_config_read(p, self.o.note, &self.c);
	if (c->debug && c->warning)
		rt_warn(c, exe->name, c->warning);
	/* SEALING_POLICY=0 that took (not secure, so it lowers every note as
	 * it lowered ours) leaves every object open: with nothing to say
	 * either, walking a hundred objects to decide so is all cost. */
	if (c->policy == SEALING_POLICY_OFF && !c->debug && p->env_policy && !c->warning &&
	    !rt_secure(p))
		return;
	s.self = &self;
	RT_COPY(s.conf, *c);
	s.conf.warning = 0;
	s.exe_seals_plain = c->policy != SEALING_POLICY_OFF &&
			    (c->flags & SEALING_FLAG_SCOPE_PROCESS);
	if (rt_sweep_run(&s) < 0) {
		if (c->debug)
			rt_warn(c, exe->name, "process scope: no loaded objects to walk (a static executable)");
		return;
	}
	if (!c->debug)
		return;
	rt_line_start(&l, exe->name);
	l.to = c->debug_output;
	rt_put(&l, s.exe_seals_plain ? "process scope: " : "module scope, instrumented libraries: ");
	rt_put_dec(&l, s.seen);
	rt_put(&l, s.seen == 1 ? " object: " : " objects: ");
	rt_put_dec(&l, s.nsealed);
	rt_put(&l, " sealed here, ");
	rt_put_dec(&l, s.nopen);
	rt_put(&l, " left open, ");
	rt_put_dec(&l, s.nleft);
	rt_put(&l, " left to their own runtime");
	if (s.ngone) {
		rt_put(&l, ", ");
		rt_put_dec(&l, s.ngone);
		rt_put(&l, " unloaded meanwhile");
	}
	rt_put(&l, "; ");
	rt_put_dec(&l, s.calls);
	rt_put(&l, s.calls == 1 ? " syscall" : " syscalls");
	rt_emit(&l);
}
