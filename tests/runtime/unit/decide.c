/* SPDX-License-Identifier: MIT */
/*
 * Unit test of rt_decide (runtime/rt-decide.c), the one rule for who
 * seals what.  Three parts:
 *
 * - a table, one row per case the rule distinguishes, each with the
 *   reason it must give; every reason must appear in some row, so a new
 *   reason without a row fails the test;
 * - every combination of the facts an object can have (asker, origin,
 *   note, state, policy, flags, vdso, exempt, ...), checked against what
 *   must never happen:
 *   a dlopen'd object sealed unpinned, a policy-0 object sealed, an
 *   exempt (by SEALING_EXEMPT or, for the loader module, by the admin's
 *   file) or vdso object sealed against the rules, a noted object the
 *   executable seals although it sealed itself, or leaves open although
 *   it left its sealing to it, an object without a note sealed outside
 *   process scope;
 * - the SEALING_EXEMPT list (rt_exempt_list), which names objects by path
 *   or by file name and must never match more: one line per name.
 *
 * Prints "decide: N rows, M combinations, K failures".
 */
#include "rt-decide.h"

#include <stdio.h>
#include <string.h>

#define RAN SEALING_STATE_RAN
#define DEF (SEALING_STATE_RAN | SEALING_STATE_DEFERRED)
/* As the first start-up library marks a peer it sealed (rt-startup-batch.c). */
#define BAT (SEALING_STATE_RAN | SEALING_STATE_CLAIMED | SEALING_STATE_BATCHED)
#define SKIPF SEALING_FLAG_DLOPEN_SKIP

struct row {
	const char *what;
	struct rt_facts f;
	enum rt_reason want;
};

#define EXE RT_ASK_EXE
#define LDR RT_ASK_LOADER
#define LIB RT_ASK_LIBRARY
#define S RT_ORIGIN_STARTUP
#define D RT_ORIGIN_DLOPEN
#define U RT_ORIGIN_UNKNOWN

static const struct row rows[] = {
	/* The executable's process pass. */
	{ "exe: itself", { .asker = EXE, .origin = S, .is_exe = 1, .has_note = 1, .has_state = 1, .state = RAN, .policy = 1 }, RT_REASON_EXECUTABLE },
	{ "exe: itself, policy 0", { .asker = EXE, .origin = S, .is_exe = 1, .has_note = 1, .has_state = 1, .state = RAN, .policy = 0 }, RT_REASON_POLICY0 },
	{ "exe: noted, sealed itself", { .asker = EXE, .origin = S, .has_note = 1, .has_state = 1, .state = RAN, .policy = 1 }, RT_REASON_OWN_RUNTIME },
	{ "exe: noted policy 0, its runtime ran", { .asker = EXE, .origin = S, .has_note = 1, .has_state = 1, .state = RAN, .policy = 0 }, RT_REASON_OWN_RUNTIME },
	{ "exe: noted, damaged state", { .asker = EXE, .origin = S, .has_note = 1, .has_state = 0, .policy = 1 }, RT_REASON_DEFERRED_STARTUP },
	{ "exe: noted, ran and deferred (version 2)", { .asker = EXE, .origin = S, .has_note = 1, .has_state = 1, .state = SEALING_STATE_RAN | SEALING_STATE_DEFERRED, .policy = 1 }, RT_REASON_DEFERRED_STARTUP },
	{ "exe: noted, the dynamic loader sealed it", { .asker = EXE, .origin = S, .has_note = 1, .has_state = 1, .state = SEALING_STATE_LOADER, .policy = 1 }, RT_REASON_BY_LOADER },
	{ "exe: module scope, no note", { .asker = EXE, .origin = S, .policy = 1 }, RT_REASON_NOT_IN_SCOPE },
	{ "exe: deferred, start-up", { .asker = EXE, .origin = S, .has_note = 1, .has_state = 1, .state = DEF, .policy = 1 }, RT_REASON_DEFERRED_STARTUP },
	{ "exe: deferred, policy 2", { .asker = EXE, .origin = S, .has_note = 1, .has_state = 1, .state = DEF, .policy = 2 }, RT_REASON_DEFERRED_STARTUP },
	{ "exe: deferred, dlopen'd during start-up", { .asker = EXE, .origin = D, .has_note = 1, .has_state = 1, .state = DEF, .policy = 1 }, RT_REASON_DEFERRED_DLOPEN },
	{ "exe: deferred, origin unknown", { .asker = EXE, .origin = U, .has_note = 1, .has_state = 1, .state = DEF, .policy = 1 }, RT_REASON_DEFERRED_UNKNOWN },
	{ "exe: deferred, dlopen'd, dlopen=skip", { .asker = EXE, .origin = D, .has_note = 1, .has_state = 1, .state = DEF, .policy = 1, .flags = SKIPF }, RT_REASON_DLOPEN_SKIP },
	{ "exe: deferred, unknown, dlopen=skip", { .asker = EXE, .origin = U, .has_note = 1, .has_state = 1, .state = DEF, .policy = 1, .flags = SKIPF }, RT_REASON_DLOPEN_SKIP },
	{ "exe: deferred, start-up, dlopen=skip", { .asker = EXE, .origin = S, .has_note = 1, .has_state = 1, .state = DEF, .policy = 1, .flags = SKIPF }, RT_REASON_DEFERRED_STARTUP },
	{ "exe: deferred, SEALING_POLICY=0", { .asker = EXE, .origin = S, .has_note = 1, .has_state = 1, .state = DEF, .policy = 0 }, RT_REASON_POLICY0 },
	{ "exe: deferred, musl, dlopen'd", { .asker = EXE, .origin = D, .never_unloads = 1, .has_note = 1, .has_state = 1, .state = DEF, .policy = 1, .flags = SKIPF }, RT_REASON_DEFERRED_STARTUP },
	{ "exe: no note, start-up", { .asker = EXE, .exe_seals_plain = 1, .origin = S, .policy = 1 }, RT_REASON_NOTELESS_STARTUP },
	{ "exe: no note, unknown", { .asker = EXE, .exe_seals_plain = 1, .origin = U, .policy = 1 }, RT_REASON_NOTELESS_UNKNOWN },
	{ "exe: no note, dlopen'd during start-up", { .asker = EXE, .exe_seals_plain = 1, .origin = D, .policy = 1 }, RT_REASON_NOT_THE_EXECUTABLES },
	{ "exe: no note, dlopen'd, musl", { .asker = EXE, .exe_seals_plain = 1, .origin = D, .never_unloads = 1, .policy = 1 }, RT_REASON_NOTELESS_STARTUP },
	{ "exe: no note, exempt", { .asker = EXE, .exe_seals_plain = 1, .origin = S, .exempt = 1, .policy = 1 }, RT_REASON_EXEMPT },
	{ "exe: no note, policy 0", { .asker = EXE, .exe_seals_plain = 1, .origin = S, .policy = 0 }, RT_REASON_POLICY0 },
	{ "exe: vdso", { .asker = EXE, .exe_seals_plain = 1, .origin = S, .is_vdso = 1, .policy = 1 }, RT_REASON_VDSO },
	{ "exe: module scope, vdso", { .asker = EXE, .origin = S, .is_vdso = 1, .policy = 1 }, RT_REASON_NOT_IN_SCOPE },
	{ "exe: vdso, vdso=seal", { .asker = EXE, .exe_seals_plain = 1, .origin = S, .is_vdso = 1, .seal_vdso = 1, .policy = 1 }, RT_REASON_NOTELESS_STARTUP },
	/* The loader module. */
	{ "loader: noted, start-up, the executable's pass ran", { .asker = LDR, .origin = S, .exe_pass_ran = 1, .has_note = 1, .has_state = 1, .state = 0, .policy = 1 }, RT_REASON_BY_EXECUTABLE },
	{ "loader: noted, dlopen'd, the executable's pass ran", { .asker = LDR, .origin = D, .exe_pass_ran = 1, .has_note = 1, .has_state = 1, .state = 0, .policy = 1 }, RT_REASON_LOADER_DLOPEN },
	{ "loader: noted, the dynamic loader sealed it", { .asker = LDR, .origin = D, .has_note = 1, .has_state = 1, .state = SEALING_STATE_LOADER, .policy = 1 }, RT_REASON_BY_LOADER },
	{ "loader: noted, its runtime ran", { .asker = LDR, .origin = D, .has_note = 1, .has_state = 1, .state = RAN, .policy = 1 }, RT_REASON_OWN_RUNTIME },
	{ "loader: noted, deferred and ran", { .asker = LDR, .origin = S, .has_note = 1, .has_state = 1, .state = DEF, .policy = 1 }, RT_REASON_OWN_RUNTIME },
	{ "loader: noted, not run, start-up", { .asker = LDR, .origin = S, .has_note = 1, .has_state = 1, .state = 0, .policy = 1 }, RT_REASON_LOADER_STARTUP },
	{ "loader: noted, damaged state, start-up", { .asker = LDR, .origin = S, .has_note = 1, .policy = 1 }, RT_REASON_LOADER_STARTUP },
	{ "loader: noted, damaged state, dlopen'd", { .asker = LDR, .origin = D, .has_note = 1, .policy = 1 }, RT_REASON_LOADER_DLOPEN },
	{ "loader: noted, damaged state, dlopen=skip", { .asker = LDR, .origin = D, .has_note = 1, .policy = 1, .flags = SKIPF }, RT_REASON_DLOPEN_SKIP },
	{ "loader: noted, damaged state, policy 0", { .asker = LDR, .origin = S, .has_note = 1, .policy = 0 }, RT_REASON_POLICY0 },
	{ "loader: no note, start-up", { .asker = LDR, .origin = S, .policy = 1 }, RT_REASON_LOADER_STARTUP },
	{ "loader: no note, dlopen'd", { .asker = LDR, .origin = D, .policy = 1 }, RT_REASON_LOADER_DLOPEN },
	{ "loader: no note, unknown", { .asker = LDR, .origin = U, .policy = 1 }, RT_REASON_LOADER_UNKNOWN },
	{ "loader: no note, musl, dlopen'd", { .asker = LDR, .origin = D, .never_unloads = 1, .policy = 1 }, RT_REASON_LOADER_STARTUP },
	{ "loader: executable without a note", { .asker = LDR, .origin = S, .is_exe = 1, .policy = 1 }, RT_REASON_LOADER_STARTUP },
	{ "loader: no note, start-up, the executable's pass ran", { .asker = LDR, .origin = S, .exe_sealed_startup = 1, .policy = 1 }, RT_REASON_BY_EXECUTABLE },
	{ "loader: no note, dlopen'd, the executable's pass ran", { .asker = LDR, .origin = D, .exe_sealed_startup = 1, .policy = 1 }, RT_REASON_LOADER_DLOPEN },
	{ "loader: no note, exempt", { .asker = LDR, .origin = D, .exempt = 1, .policy = 1 }, RT_REASON_EXEMPT },
	{ "loader: no note, the exempt file names it", { .asker = LDR, .origin = S, .admin_exempt = 1, .policy = 1 }, RT_REASON_ADMIN_EXEMPT },
	{ "loader: noted, not run, the exempt file names it", { .asker = LDR, .origin = D, .has_note = 1, .has_state = 1, .state = 0, .policy = 2, .admin_exempt = 1 }, RT_REASON_ADMIN_EXEMPT },
	{ "loader: noted, its runtime ran, the exempt file names it", { .asker = LDR, .origin = S, .has_note = 1, .has_state = 1, .state = RAN, .policy = 1, .admin_exempt = 1 }, RT_REASON_OWN_RUNTIME },
	{ "exe: deferred, the exempt file names it (only the loader module reads it)", { .asker = EXE, .origin = S, .has_note = 1, .has_state = 1, .state = 0, .policy = 1, .admin_exempt = 1 }, RT_REASON_DEFERRED_STARTUP },
	{ "loader: vdso, the exempt file names it", { .asker = LDR, .origin = S, .is_vdso = 1, .admin_exempt = 1, .policy = 1 }, RT_REASON_VDSO },
	{ "loader: no note, SEALING_POLICY=0", { .asker = LDR, .origin = S, .policy = 0 }, RT_REASON_POLICY0 },
	{ "loader: vdso", { .asker = LDR, .origin = S, .is_vdso = 1, .policy = 1 }, RT_REASON_VDSO },
	{ "loader: vdso, SEALING_VDSO=seal", { .asker = LDR, .origin = S, .is_vdso = 1, .seal_vdso = 1, .policy = 1 }, RT_REASON_LOADER_STARTUP },
	/* The first start-up library, under an executable without the pass. */
	{ "library: a peer whose runtime is still to run", { .asker = LIB, .origin = S, .has_note = 1, .has_state = 1, .policy = 1 }, RT_REASON_LIBRARY_STARTUP },
	{ "library: a peer at policy 2", { .asker = LIB, .origin = S, .has_note = 1, .has_state = 1, .policy = 2 }, RT_REASON_LIBRARY_STARTUP },
	{ "library: a peer at policy 0", { .asker = LIB, .origin = S, .has_note = 1, .has_state = 1, .policy = 0 }, RT_REASON_POLICY0 },
	{ "library: a peer whose runtime ran", { .asker = LIB, .origin = S, .has_note = 1, .has_state = 1, .state = RAN, .policy = 1 }, RT_REASON_NOT_THE_LIBRARYS },
	{ "library: a peer already in a batch", { .asker = LIB, .origin = S, .has_note = 1, .has_state = 1, .state = BAT, .policy = 1 }, RT_REASON_BY_LIBRARY },
	{ "library: a peer the dynamic loader sealed", { .asker = LIB, .origin = S, .has_note = 1, .has_state = 1, .state = SEALING_STATE_LOADER, .policy = 1 }, RT_REASON_BY_LOADER },
	{ "library: damaged state byte", { .asker = LIB, .origin = S, .has_note = 1, .has_state = 0, .policy = 1 }, RT_REASON_NOT_THE_LIBRARYS },
	{ "library: dlopen'd", { .asker = LIB, .origin = D, .has_note = 1, .has_state = 1, .policy = 1 }, RT_REASON_NOT_THE_LIBRARYS },
	{ "library: origin unknown", { .asker = LIB, .origin = U, .has_note = 1, .has_state = 1, .policy = 1 }, RT_REASON_NOT_THE_LIBRARYS },
	{ "library: no note", { .asker = LIB, .origin = S, .policy = 1 }, RT_REASON_NOT_THE_LIBRARYS },
	{ "library: the executable", { .asker = LIB, .origin = S, .is_exe = 1, .has_note = 1, .has_state = 1, .policy = 1 }, RT_REASON_NOT_THE_LIBRARYS },
	{ "exe: noted, in the first library's batch", { .asker = EXE, .origin = S, .has_note = 1, .has_state = 1, .state = BAT, .policy = 1 }, RT_REASON_BY_LIBRARY },
	{ "loader: noted, in the first library's batch", { .asker = LDR, .origin = S, .has_note = 1, .has_state = 1, .state = BAT, .policy = 1 }, RT_REASON_BY_LIBRARY },
};

static int failures;

static void fail(const char *what, const struct rt_facts *f, struct rt_decision d)
{
	failures++;
	printf("FAIL: %s: asker %d origin %d exe %u vdso %u musl %u note %u state %u/%u "
	       "exempt %u sealvdso %u exe_sealed %u policy %u flags %#x -> %s\n",
	       what, f->asker, f->origin, f->is_exe, f->is_vdso, f->never_unloads,
	       f->has_note, f->has_state, f->state, f->exempt, f->seal_vdso,
	       f->exe_sealed_startup, f->policy, (unsigned)f->flags,
	       rt_reason_text(d.reason));
}

static int sealing(struct rt_decision d)
{
	return d.action == RT_SEAL || d.action == RT_PIN_SEAL;
}

/* What must hold for any facts at all. */
static void invariants(const struct rt_facts *f)
{
	struct rt_decision d = rt_decide(f);
	int dlopened = f->origin != RT_ORIGIN_STARTUP && !f->never_unloads && !f->is_exe && !f->is_vdso;

	if ((unsigned)d.reason >= RT_REASON_COUNT)
		fail("no such reason", f, d);
	if (d.action == RT_SEAL && dlopened)
		fail("sealed without a pin what dlclose may unmap", f, d);
	if (sealing(d) && f->policy == SEALING_POLICY_OFF)
		fail("sealed under policy 0", f, d);
	if (sealing(d) && !f->has_note && f->exempt)
		fail("sealed what SEALING_EXEMPT names", f, d);
	if (sealing(d) && f->admin_exempt && f->asker == RT_ASK_LOADER)
		fail("sealed what the exempt file names", f, d);
	if (sealing(d) && f->is_vdso && !f->seal_vdso)
		fail("sealed the vdso", f, d);
	if (sealing(d) && f->has_note && dlopened && (f->flags & SEALING_FLAG_DLOPEN_SKIP))
		fail("sealed a dlopen'd module whose note says dlopen=skip", f, d);
	if (f->asker == RT_ASK_EXE && f->has_note && !f->is_exe && sealing(d) && f->has_state &&
	    (f->state & SEALING_STATE_RAN) && !(f->state & SEALING_STATE_DEFERRED))
		fail("the executable sealed a module that sealed itself", f, d);
	if (f->asker == RT_ASK_EXE && f->is_exe && f->has_note && !sealing(d) && f->policy &&
	    !(f->has_state && (f->state & SEALING_STATE_LOADER)) && !(f->is_vdso && !f->seal_vdso))
		fail("the executable's pass left the executable open", f, d);
	if (f->asker == RT_ASK_EXE && f->has_note && !f->is_exe && !sealing(d) && f->policy &&
	    !(f->has_state && (f->state & (SEALING_STATE_RAN | SEALING_STATE_LOADER))) &&
	    !(dlopened && (f->flags & SEALING_FLAG_DLOPEN_SKIP)))
		fail("the executable left open a module that left its sealing to it", f, d);
	if (f->asker == RT_ASK_EXE && !f->has_note && f->origin == RT_ORIGIN_DLOPEN &&
	    !f->never_unloads && sealing(d) && !f->is_vdso)
		fail("the executable sealed a dlopen'd object without a note", f, d);
	if (f->asker == RT_ASK_EXE && !f->has_note && !f->exe_seals_plain && sealing(d))
		fail("the executable sealed an object without a note outside process scope", f, d);
	if (f->asker == RT_ASK_LOADER && f->has_note && f->has_state &&
	    (f->state & SEALING_STATE_RAN) && d.action != RT_LEAVE)
		fail("the loader acted on a module whose runtime ran", f, d);
	if (f->asker == RT_ASK_LIBRARY && sealing(d) &&
	    (!f->has_note || !f->has_state || f->is_exe || f->origin != RT_ORIGIN_STARTUP ||
	     (f->state & (SEALING_STATE_RAN | SEALING_STATE_LOADER))))
		fail("the first library sealed what is not a start-up peer still to run", f, d);
	if (f->asker == RT_ASK_LIBRARY && d.action == RT_PIN_SEAL)
		fail("the first library pinned (it seals start-up objects only)", f, d);
	/* The batch never takes the executable. */
	if (f->has_state && (f->state & SEALING_STATE_BATCHED) && !f->is_exe && d.action != RT_LEAVE)
		fail("acted on a module the first library's batch followed", f, d);
	/* The reason's own action, whichever way it was reached. */
	struct rt_facts again = *f;
	if (rt_decide(&again).action != d.action)
		fail("not deterministic", f, d);
}

/* SEALING_EXEMPT's list against the names the loader gives objects. */
static const struct {
	const char *list, *path;
	int want;
} exempt[] = {
	{ "libfoo.so.1", "/usr/lib/libfoo.so.1", 1 },
	{ "/usr/lib/libfoo.so.1", "/usr/lib/libfoo.so.1", 1 },
	{ "liba.so:libfoo.so.1:libb.so", "/usr/lib/libfoo.so.1", 1 },
	{ "::libfoo.so.1:", "/usr/lib/libfoo.so.1", 1 },
	{ "libfoo.so.1", "libfoo.so.1", 1 }, /* a name as dlopen was given it */
	{ "libfoo", "/usr/lib/libfoo.so.1", 0 },
	{ "libfoo.so", "/usr/lib/libfoo.so.1", 0 },
	{ "foo.so.1", "/usr/lib/libfoo.so.1", 0 },
	{ "libfoo.so.1.2", "/usr/lib/libfoo.so.1", 0 },
	{ "/opt/libfoo.so.1", "/usr/lib/libfoo.so.1", 0 },
	{ "lib/libfoo.so.1", "/usr/lib/libfoo.so.1", 0 },
	{ "/usr/lib/", "/usr/lib/libfoo.so.1", 0 },
	{ "/usr/lib/libfoo.so.1/", "/usr/lib/libfoo.so.1", 0 },
	{ "usr", "/usr/lib/libfoo.so.1", 0 },
	{ "", "/usr/lib/libfoo.so.1", 0 },
	{ ":::", "/usr/lib/libfoo.so.1", 0 },
	{ 0, "/usr/lib/libfoo.so.1", 0 },
	{ "libfoo.so.1", 0, 0 },
	{ "LIBFOO.SO.1", "/usr/lib/libfoo.so.1", 0 },
};

int main(void)
{
	int covered[RT_REASON_COUNT] = { 0 };
	unsigned long combos = 0;

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct rt_decision d = rt_decide(&rows[i].f);
		covered[rows[i].want] = 1;
		if (d.reason != rows[i].want) {
			failures++;
			printf("FAIL: row \"%s\": %s, want %s\n", rows[i].what,
			       rt_reason_text(d.reason), rt_reason_text(rows[i].want));
		}
	}
	/* Under valgrind the sweep turns any sealing into this one (rt-sweep.c). */
	covered[RT_REASON_VALGRIND] = 1;
	for (int r = 0; r < RT_REASON_COUNT; r++)
		if (!covered[r]) {
			failures++;
			printf("FAIL: no row gives \"%s\"\n", rt_reason_text((enum rt_reason)r));
		}

	static const unsigned states[] = { 0, RAN, DEF, SEALING_STATE_LOADER, BAT };
	for (unsigned bits = 0; bits < 1u << 13; bits++)
		for (int asker = RT_ASK_EXE; asker <= RT_ASK_LIBRARY; asker++)
			for (int origin = RT_ORIGIN_STARTUP; origin <= RT_ORIGIN_UNKNOWN; origin++)
				for (unsigned s = 0; s < sizeof(states) / sizeof(states[0]); s++)
					for (unsigned policy = 0; policy <= 2; policy++) {
						struct rt_facts f = {
							.asker = (enum rt_asker)asker,
							.origin = (enum rt_origin)origin,
							.is_exe = bits & 1, .is_vdso = (bits >> 1) & 1,
							.never_unloads = (bits >> 2) & 1,
							.has_note = (bits >> 3) & 1,
							.has_state = (bits >> 4) & 1,
							.exempt = (bits >> 5) & 1,
							.seal_vdso = (bits >> 6) & 1,
							.exe_sealed_startup = (bits >> 7) & 1,
							.exe_pass_ran = (bits >> 10) & 1,
							.exe_seals_plain = (bits >> 11) & 1,
							.admin_exempt = (bits >> 12) & 1,
							.flags = ((bits >> 8) & 1 ? SEALING_FLAG_DLOPEN_SKIP : 0) |
								 ((bits >> 9) & 1 ? SEALING_FLAG_RELRO_KEEP : 0),
							.state = states[s], .policy = policy,
						};
						/* Facts no object has: the vdso
						 * carries no note and is not the
						 * executable; only a note leads to
						 * a state byte. */
						if ((f.is_vdso && (f.has_note || f.is_exe)) ||
						    (f.has_state && !f.has_note) ||
						    (f.state && !f.has_state))
							continue;
						invariants(&f);
						combos++;
					}
	for (size_t i = 0; i < sizeof(exempt) / sizeof(exempt[0]); i++) {
		int got = rt_exempt_list(exempt[i].list, exempt[i].path);
		printf("%s: exempt list \"%s\" %s %s\n", got == exempt[i].want ? "ok" : "FAIL",
		       exempt[i].list ? exempt[i].list : "(unset)", got ? "names" : "does not name",
		       exempt[i].path ? exempt[i].path : "(no name)");
		failures += got != exempt[i].want;
	}
	printf("decide: %zu rows, %lu combinations, %d failures\n",
	       sizeof(rows) / sizeof(rows[0]), combos, failures);
	return failures != 0;
}
