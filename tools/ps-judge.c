/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What should be sealed in a process, by the rules the runtime follows
 * (runtime/rt-config.c, rt-scope.c) and those of the loader module:
 *
 * - a noted object: its note's policy, overridden by SEALING_POLICY (in a
 *   secure-execution process only upwards); sealed under 1 and 2, except
 *   a dlopen'd one whose note says dlopen=skip;
 * - an object without a note: sealed by the executable when its note has
 *   scope=process and a policy of 1 or 2, the object was loaded at
 *   start-up and SEALING_EXEMPT does not name it (ignored when secure);
 *   the vdso only with vdso=seal;
 * - with libsealing-loader.so mapped, everything but noted policy-0
 *   objects and the vdso (un-noted ones by SEALING_POLICY, default 1).
 */
#include "ps.h"

#include "note.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static void verdict(struct ps_object *o, int expected, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void verdict(struct ps_object *o, int expected, const char *fmt, ...)
{
	va_list ap;
	o->expected = expected;
	va_start(ap, fmt);
	vsnprintf(o->reason, sizeof(o->reason), fmt, ap);
	va_end(ap);
}

/*
 * SEALING_EXEMPT=name[:name...]: by path or file name, never by DT_SONAME,
 * as the runtime does.  The runtime compares strings with the loader's
 * name for the object, which sealctl cannot see; ps_names also accepts
 * any path to the same file.  That matches a superset of what the
 * runtime exempts, so ps may call "not expected" an object the runtime
 * sealed, but never expects sealed one the runtime left open.
 */
static int exempt(const struct ps_process *ps, const struct ps_object *o)
{
	const char *e = ps->env_exempt;
	char name[4096];

	while (e && *e) {
		size_t n = strcspn(e, ":");
		if (n && n < sizeof(name)) {
			memcpy(name, e, n);
			name[n] = 0;
			if (ps_names(ps, o, name, 0))
				return 1;
		}
		e += n + (e[n] == ':');
	}
	return 0;
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


static void judge_noted(const struct ps_process *ps, struct ps_object *o,
			const struct sealctl_note *n)
{
	int env;
	unsigned pol = effective(ps, n->v.applied, &env);
	const char *src = env ? "SEALING_POLICY" : "its note";

	if (ps->loader)
		verdict(o, pol > 0, "%s: policy %u, which %s follows", src, pol, PS_LOADER_MODULE);
	else if (pol == SEALING_POLICY_OFF)
		verdict(o, 0, "%s: policy 0", src);
	else if (!o->startup && (n->v.d.flags & SEALING_FLAG_DLOPEN_SKIP))
		verdict(o, 0, "dlopen'd, and its note says dlopen=skip");
	else
		verdict(o, 1, "%s: policy %u%s", src, pol,
			o->startup ? "" : ", dlopen'd: pinned, then sealed");
}

static void judge_plain(const struct ps_process *ps, struct ps_object *o)
{
	const struct ps_object *x = ps->exe;
	const struct sealctl_note *xn = x && x->read ? sealctl_deciding_note(&x->file) : NULL;
	int env;

	if (o->vdso && ps->loader) {
		verdict(o, 0, "the vdso, which %s leaves to the kernel", PS_LOADER_MODULE);
		return;
	}
	if (ps->loader) {
		unsigned pol = effective(ps, SEALING_POLICY_DEFAULT, &env);
		verdict(o, pol > 0, "no note: %s seals it under %s: policy %u", PS_LOADER_MODULE,
			env ? "SEALING_POLICY" : "the default", pol);
		return;
	}
	if (o->exe) {
		verdict(o, 0, "no note");
		return;
	}
	if (!o->startup) {
		verdict(o, 0, "no note, and dlopen'd: not the executable's to seal");
		return;
	}
	if (x && !x->read) {
		verdict(o, -1, "the executable's file could not be read: %s", x->why);
		return;
	}
	if (!xn) {
		verdict(o, 0, "no note, and the executable has none to seal it");
		return;
	}
	uint32_t flags = xn->v.decoded ? xn->v.d.flags : 0;
	unsigned pol = effective(ps, xn->v.applied, &env);
	if (!(flags & SEALING_FLAG_SCOPE_PROCESS)) {
		verdict(o, 0, "no note, and the executable's note has scope=module");
		return;
	}
	if (pol == SEALING_POLICY_OFF) {
		verdict(o, 0, "no note, and the executable's policy is 0%s",
			env ? " (SEALING_POLICY)" : "");
		return;
	}
	if (o->vdso) {
		int seal = (flags & SEALING_FLAG_SEAL_VDSO) != 0;
		verdict(o, seal, "the vdso, and the executable's note says vdso=%s",
			seal ? "seal" : "open");
		return;
	}
	if (!ps->secure && exempt(ps, o)) {
		verdict(o, 0, "no note, and SEALING_EXEMPT names it");
		return;
	}
	verdict(o, 1, "no note, loaded at start-up: the executable's scope=process seals it, policy %u",
		pol);
}

void ps_judge(struct ps_process *ps)
{
	ps->failing = 0;
	for (size_t i = 0; i < ps->nobj; i++) {
		struct ps_object *o = &ps->obj[i];
		const struct sealctl_note *n = o->read ? sealctl_deciding_note(&o->file) : NULL;
		if (!o->vdso && !o->read)
			verdict(o, -1, "its file could not be read: %s", o->why);
		else if (n)
			judge_noted(ps, o, n);
		else
			judge_plain(ps, o);
		if (o->expected == 1 && o->nsealed < o->nmaps)
			ps->failing++;
	}
}

const char *ps_state(const struct ps_object *o)
{
	if (o->nmaps && o->nsealed == o->nmaps)
		return "sealed";
	return o->nsealed ? "partly" : "open";
}
