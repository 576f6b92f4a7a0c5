/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What should be sealed in a process.  Not a restatement of the rules:
 * the objects sealed by others go through the runtime's own rule,
 * rt_decide (runtime/rt-decide.c), asked with the facts the executable's
 * process pass or the loader module would have, and its reason's words
 * are the ones their SEALING_DEBUG lines print.  What a module's own
 * runtime does with itself is its note:
 *
 * - a noted object: its note's policy, overridden by SEALING_POLICY (in a
 *   secure-execution process only upwards); sealed under 1 and 2, except
 *   one not loaded at start-up whose note says dlopen=skip (an object the
 *   start-up walk cannot place counts as dlopen'd, as the runtime does);
 * - an object without a note: what rt_decide says for the loader module
 *   when it is loaded (with the admin's exempt file, ps-exempt.c), else for the executable when its note has
 *   scope=process and a policy of 1 or 2; nobody else seals it.
 */
#include "ps.h"

#include "note-read.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static void verdict(struct ps_object *o, int expected, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void verdict(struct ps_object *o, int expected, const char *fmt, ...)
{
	va_list ap;
	o->expected = expected;
	o->by_rule = 0;
	va_start(ap, fmt);
	vsnprintf(o->reason, sizeof(o->reason), fmt, ap);
	va_end(ap);
}

/* The policy in force: a note's (or the default), after SEALING_POLICY. */
static unsigned effective(const struct ps_process *ps, unsigned base, int *from_env)
{
	unsigned want;
	*from_env = 0;
	if (!ps->env_policy || !sealing_parse_policy(ps->env_policy, &want))
		return base; /* the runtime ignores a malformed value too */
	if (ps->secure && want < base)
		return base;
	*from_env = want != base;
	return want;
}

/* The name the runtime compares SEALING_EXEMPT with: the loader's. */
static int exempt(const struct ps_process *ps, const struct ps_object *o)
{
	return !ps->secure && ps->env_exempt &&
	       rt_exempt_list(ps->env_exempt, o->link_name ? o->link_name : o->path);
}

static void judge_noted(const struct ps_process *ps, struct ps_object *o,
			const struct sealctl_note *n)
{
	int env;
	unsigned pol = effective(ps, n->v.applied, &env);
	const char *src = env ? "SEALING_POLICY" : "its note";
	int dlopened = o->origin != RT_ORIGIN_STARTUP && !o->exe;

	if (pol == SEALING_POLICY_OFF)
		verdict(o, 0, "%s: policy 0", src);
	else if (dlopened && n->v.decoded && (n->v.d.flags & SEALING_FLAG_DLOPEN_SKIP))
		verdict(o, 0, "%s, and its note says dlopen=skip",
			o->origin == RT_ORIGIN_DLOPEN ? "dlopen'd" : "start-up or dlopen'd, cannot tell");
	else
		verdict(o, 1, "%s: policy %u%s", src, pol,
			!dlopened ? "" : o->origin == RT_ORIGIN_DLOPEN ?
			", dlopen'd: pinned, then sealed" :
			", start-up or dlopen'd, cannot tell: pinned, then sealed");
}

/* The executable's process pass would ask about o: is it asked at all? */
static int executable_seals_process(const struct ps_process *ps, struct rt_facts *f,
				    const char **why)
{
	const struct ps_object *x = ps->exe;
	const struct sealctl_note *xn = x && x->read ? sealctl_deciding_note(&x->file) : NULL;
	int env;

	if (x && !x->read) {
		*why = x->why;
		return -1;
	}
	if (!xn) {
		*why = "no note, and the executable has none to seal it";
		return 0;
	}
	if (sealctl_process_pass(&x->file) == SEALCTL_PASS_NONE) {
		*why = "no note, and the executable has no process pass (its main was not instrumented)";
		return 0;
	}
	if (sealctl_exe_part_lost(&x->file)) {
		*why = "no note, and the executable's process pass cannot run (its code, "
		       SEALING_EXE_SECTION ", is not in its file)";
		return 0;
	}
	f->flags = xn->v.decoded ? xn->v.d.flags : 0;
	f->policy = effective(ps, xn->v.applied, &env);
	if (!(f->flags & SEALING_FLAG_SCOPE_PROCESS)) {
		*why = "no note, and the executable's note has scope=module";
		return 0;
	}
	if (f->policy == SEALING_POLICY_OFF) {
		*why = env ? "no note, and the executable's policy is 0 (SEALING_POLICY)"
			   : "no note, and the executable's policy is 0";
		return 0;
	}
	f->exe_seals_plain = 1;
	return 1;
}

static void judge_by_rule(struct ps_object *o, struct rt_facts *f)
{
	struct rt_decision d = rt_decide(f);
	int seals = d.action == RT_SEAL || d.action == RT_PIN_SEAL;
	verdict(o, seals, "%s", rt_reason_text(d.reason));
	o->by_rule = 1;
}

static void judge_plain(const struct ps_process *ps, struct ps_object *o)
{
	struct rt_facts f = { .origin = o->origin, .is_exe = o->exe != 0, .is_vdso = o->vdso != 0,
			      .exempt = exempt(ps, o) };
	const char *why = NULL;
	int env;

	if (o->exe && !ps->loader) {
		verdict(o, 0, "no note");
		return;
	}
	if (ps->loader) {
		struct rt_facts x = { 0 };
		const char *ignored;
		f.asker = RT_ASK_LOADER;
		f.admin_exempt = ps_admin_exempt(ps, o);
		f.policy = effective(ps, SEALING_POLICY_DEFAULT, &env);
		f.exe_sealed_startup = executable_seals_process(ps, &x, &ignored) == 1;
		f.seal_vdso = ps->env_seal_vdso;
		if (rt_decide(&f).action != RT_LEAVE) {
			judge_by_rule(o, &f);
			return;
		}
		/* Left to the executable's pass: what that one decided. */
	}
	f.asker = RT_ASK_EXE;
	int asked = executable_seals_process(ps, &f, &why);
	if (asked <= 0) {
		if (asked < 0)
			verdict(o, -1, "the executable's file could not be read: %s", why);
		else
			verdict(o, 0, "%s", why);
		return;
	}
	f.seal_vdso = (f.flags & SEALING_FLAG_SEAL_VDSO) != 0;
	/* The executable sees only what is loaded when its constructor runs:
	 * without the start-up set, ps cannot tell that apart from a later
	 * dlopen, which it never sees. */
	if (f.origin == RT_ORIGIN_UNKNOWN && !f.is_vdso) {
		verdict(o, -1, "no note, start-up or dlopen'd, cannot tell: the executable seals it "
			       "only if it was loaded before its constructor ran");
		return;
	}
	judge_by_rule(o, &f);
}

static int fully_sealed(const struct ps_object *o)
{
	return o->nmaps && o->nsealed == o->nmaps;
}

/* Whatever was expected: the vdso aside, since a kernel without
 * CONFIG_MSEAL_SYSTEM_MAPPINGS never seals it and nothing in the process
 * can (the runtime leaves it open unless a note says vdso=seal). */
static int strict_fails(const struct ps_object *o)
{
	return !o->vdso && !fully_sealed(o);
}

int ps_object_fails(const struct ps_process *ps, const struct ps_object *o)
{
	return (o->expected == 1 && !fully_sealed(o)) || (ps->strict && strict_fails(o));
}

int ps_fails(const struct ps_process *ps)
{
	return ps->failing || (ps->strict && ps->strict_failing);
}

void ps_judge(struct ps_process *ps)
{
	ps->failing = 0;
	ps->strict_failing = 0;
	for (size_t i = 0; i < ps->nobj; i++) {
		struct ps_object *o = &ps->obj[i];
		const struct sealctl_note *n = o->read ? sealctl_deciding_note(&o->file) : NULL;
		if (!o->vdso && !o->read)
			verdict(o, -1, "its file could not be read: %s", o->why);
		else if (n)
			judge_noted(ps, o, n);
		else
			judge_plain(ps, o);
		if (o->expected == 1 && !fully_sealed(o))
			ps->failing++;
		if (strict_fails(o))
			ps->strict_failing++;
	}
}

const char *ps_state(const struct ps_object *o)
{
	if (fully_sealed(o))
		return "sealed";
	return o->nsealed ? "partly" : "open";
}
