/* SPDX-License-Identifier: MIT */
/*
 * The rule (rt-decide.h; docs/process-scope.md says it in prose, and
 * tests/runtime/unit-decide.test checks every row).
 *
 * - The executable's process pass seals the executable first, under its
 *   own note, in the same batch as the rest.
 * - A module with our note follows its note through its own runtime,
 *   unless the dynamic loader sealed it (SEALING_STATE_LOADER).  A start-up
 *   library leaves its sealing to an executable that has the process pass
 *   without writing anything: the executable seals every such module that
 *   has not marked itself SEALING_STATE_RAN, with the module's own policy
 *   and flags, in either scope.  The loader module seals a noted module
 *   only when no runtime has acted for it (a note whose state byte is
 *   unusable counts as not run: sealing twice is harmless).
 * - An object without a note is sealed with the asker's policy, unless it
 *   is the vdso (unless asked to), or SEALING_EXEMPT names it; the
 *   executable seals only the start-up set, and only in process scope at
 *   a policy above 0; the loader module everything.
 * - An object the admin's exempt file names for this program (the loader
 *   module reads it, loader/exempt-file.c) is left open whatever its note
 *   says, wherever the loader module would otherwise seal it.
 * - Under an executable without the process pass, the first start-up
 *   library's runtime seals every other start-up library with a note
 *   whose runtime has not run, before their constructors, in one batch,
 *   and marks each SEALING_STATE_BATCHED: that library's runtime, and
 *   everyone after, leaves it.
 * - Anything that dlclose could unmap is pinned first (RTLD_NODELETE):
 *   a dlopen'd object, and one the walk could not place, since pinning a
 *   start-up object costs a call and changes nothing.  musl never unloads.
 */
#include "rt-decide.h"

static struct rt_decision rt_because(enum rt_reason r)
{
#define RT_X_ACTION(NAME, ACTION, TEXT) ACTION,
	static const enum rt_action action[] = { RT_REASONS(RT_X_ACTION) };
#undef RT_X_ACTION
	return (struct rt_decision){ action[r], r };
}

/* A switch, not a table of pointers: those would need relocating, and a
 * RELRO section of their own in every module. */
RT_FN const char *rt_reason_text(enum rt_reason r)
{
	switch (r) {
#define RT_X_TEXT(NAME, ACTION, TEXT) case RT_REASON_##NAME: return TEXT;
	RT_REASONS(RT_X_TEXT)
#undef RT_X_TEXT
	default:
		return "?";
	}
}

/* One of three reasons, by where the object came from. */
static struct rt_decision rt_by_origin(const struct rt_facts *f, enum rt_reason startup,
				       enum rt_reason dlopened, enum rt_reason unknown)
{
	if (f->origin == RT_ORIGIN_STARTUP || f->never_unloads)
		return rt_because(startup);
	return rt_because(f->origin == RT_ORIGIN_DLOPEN ? dlopened : unknown);
}

/* Sealed, by the executable (with these reasons), the loader module or
 * the first start-up library. */
static struct rt_decision rt_sealed_by(const struct rt_facts *f, enum rt_reason exe_startup,
				       enum rt_reason exe_dlopened, enum rt_reason exe_unknown)
{
	if (f->asker == RT_ASK_EXE)
		return rt_by_origin(f, exe_startup, exe_dlopened, exe_unknown);
	if (f->asker == RT_ASK_LIBRARY) /* start-up peers only (rt_decide_noted) */
		return rt_because(RT_REASON_LIBRARY_STARTUP);
	return rt_by_origin(f, RT_REASON_LOADER_STARTUP, RT_REASON_LOADER_DLOPEN,
			    RT_REASON_LOADER_UNKNOWN);
}

static struct rt_decision rt_decide_noted(const struct rt_facts *f)
{
	int dlopened = f->origin != RT_ORIGIN_STARTUP && !f->never_unloads;
	/* A runtime that deferred writes nothing (version 2 ones said
	 * SEALING_STATE_DEFERRED); one that acted marked itself RAN. */
	int acted = f->has_state && (f->state & SEALING_STATE_RAN) &&
		    !(f->state & SEALING_STATE_DEFERRED);

	if (f->has_state && (f->state & SEALING_STATE_LOADER))
		return rt_because(RT_REASON_BY_LOADER);
	if (f->has_state && (f->state & SEALING_STATE_BATCHED))
		return rt_because(RT_REASON_BY_LIBRARY);
	if (f->asker == RT_ASK_LIBRARY) {
		/* The first start-up library takes only what is sure to be
		 * its peers': loaded at start-up (never unloaded: nothing to
		 * pin), with a usable state byte, its runtime not yet run.  A
		 * damaged byte, a dlopen'd object: their own runtime will
		 * run and say what it did. */
		if (!f->has_state || f->origin != RT_ORIGIN_STARTUP ||
		    (f->state & SEALING_STATE_RAN))
			return rt_because(RT_REASON_NOT_THE_LIBRARYS);
	} else if (f->asker == RT_ASK_EXE) {
		/* Without a usable state byte it may have left its sealing to
		 * us, and sealing twice is harmless. */
		if (acted)
			return rt_because(RT_REASON_OWN_RUNTIME);
	} else {
		if (f->exe_pass_ran && !dlopened)
			return rt_because(RT_REASON_BY_EXECUTABLE);
		if (acted || (f->has_state && (f->state & SEALING_STATE_DEFERRED)))
			return rt_because(RT_REASON_OWN_RUNTIME);
	}
	if (f->policy == SEALING_POLICY_OFF)
		return rt_because(RT_REASON_POLICY0);
	if (dlopened && (f->flags & SEALING_FLAG_DLOPEN_SKIP))
		return rt_because(RT_REASON_DLOPEN_SKIP);
	return rt_sealed_by(f, RT_REASON_DEFERRED_STARTUP, RT_REASON_DEFERRED_DLOPEN,
			    RT_REASON_DEFERRED_UNKNOWN);
}

static struct rt_decision rt_decide_plain(const struct rt_facts *f)
{
	if (f->asker == RT_ASK_LOADER && f->exe_sealed_startup &&
	    (f->origin == RT_ORIGIN_STARTUP || f->never_unloads))
		return rt_because(RT_REASON_BY_EXECUTABLE);
	if (f->asker == RT_ASK_EXE && f->origin == RT_ORIGIN_DLOPEN && !f->never_unloads)
		return rt_because(RT_REASON_NOT_THE_EXECUTABLES);
	if (f->exempt)
		return rt_because(RT_REASON_EXEMPT);
	if (f->policy == SEALING_POLICY_OFF)
		return rt_because(RT_REASON_POLICY0);
	return rt_sealed_by(f, RT_REASON_NOTELESS_STARTUP, RT_REASON_NOTELESS_UNKNOWN,
			    RT_REASON_NOTELESS_UNKNOWN);
}

static struct rt_decision rt_decide_asked(const struct rt_facts *f)
{
	/* Not the executable, whose own runtime seals it, nor anything
	 * without a note: scope is the executable's to choose. */
	if (f->asker == RT_ASK_LIBRARY && (!f->has_note || f->is_exe || f->is_vdso))
		return rt_because(RT_REASON_NOT_THE_LIBRARYS);
	if (f->is_exe && f->asker == RT_ASK_EXE && f->has_note)
		return rt_because(f->has_state && (f->state & SEALING_STATE_LOADER) ? RT_REASON_BY_LOADER :
				  f->policy == SEALING_POLICY_OFF ? RT_REASON_POLICY0 :
								    RT_REASON_EXECUTABLE);
	if (f->asker == RT_ASK_EXE && !f->has_note && !f->exe_seals_plain)
		return rt_because(RT_REASON_NOT_IN_SCOPE);
	if (f->is_vdso && !f->seal_vdso)
		return rt_because(RT_REASON_VDSO);
	return f->has_note ? rt_decide_noted(f) : rt_decide_plain(f);
}

/* The admin's file outranks every note, but only where the loader module
 * would seal: what a module's own runtime or the executable's pass sealed
 * before the module ran stays sealed, and a module that left its sealing
 * to the executable is sealed by it whatever the file says (the executable
 * never reads the file: one more open in every process start). */
RT_FN struct rt_decision rt_decide(const struct rt_facts *f)
{
	struct rt_decision d = rt_decide_asked(f);

	if (f->admin_exempt && f->asker == RT_ASK_LOADER &&
	    (d.action == RT_SEAL || d.action == RT_PIN_SEAL))
		return rt_because(RT_REASON_ADMIN_EXEMPT);
	return d;
}

static int rt_entry_is(const char *e, const char *s)
{
	while (*e && *e != ':' && *e == *s)
		e++, s++;
	return (*e == ':' || !*e) && !*s;
}

RT_FN int rt_exempt_list(const char *list, const char *path)
{
	const char *base = path;
	for (const char *s = path; s && *s; s++)
		if (*s == '/')
			base = s + 1;
	for (const char *e = list; e && path && *e;) {
		if (rt_entry_is(e, path) || rt_entry_is(e, base))
			return 1;
		while (*e && *e++ != ':')
			;
	}
	return 0;
}
