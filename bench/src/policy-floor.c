/* SPDX-License-Identifier: MIT */
/*
 * The floor of the policy-0 rule: the least any library constructor can
 * run to learn, on its own, that SEALING_POLICY=0 holds and nothing is
 * to be said (runtime/rt-config.c, rt_config_quick, is the real one).
 *
 * The rule: SEALING_POLICY and SEALING_DEBUG are read from the
 * environment, and a policy below the note's is taken only outside
 * secure execution (AT_SECURE, which follows the environment on the
 * initial stack).  A lone library under an uninstrumented executable has
 * nobody to ask, so it must look at every variable once: the count grows
 * with the environment, by the instructions one variable costs.  Nothing
 * else is done here: no note, no state byte, no report.
 *
 * Built by steps/ctor.sh into a library loaded at start-up, and counted
 * by callgrind (--toggle-collect=bench_policy_floor) in the typical and
 * the empty environment, each with SEALING_POLICY=0 added; the report
 * sets the difference beside the policy-0 constructor goal.
 */
#include <elf.h>
#include <stddef.h>

/* Read by nobody; volatile so that the decision is not optimised away. */
volatile unsigned bench_policy_floor_result;

static const char *bench_value(const char *s, const char *name)
{
	while (*name)
		if (*s++ != *name++)
			return 0;
	return s;
}

__attribute__((constructor, used, noinline)) static void
bench_policy_floor(int argc, char **argv, char **envp)
{
	const char *policy = 0, *debug = 0, *v;
	char **e = envp;

	(void)argc;
	(void)argv;
	for (; *e; e++) {
		const char *s = *e;
		if (s[0] != 'S' || s[1] != 'E')
			continue;
		if ((v = bench_value(s + 2, "ALING_POLICY=")))
			policy = v;
		else if ((v = bench_value(s + 2, "ALING_DEBUG=")))
			debug = v;
	}
	unsigned result = 1;
	if (policy || debug) {
		const Elf64_auxv_t *a = (const Elf64_auxv_t *)(const void *)(e + 1);
		while (a->a_type != AT_NULL && a->a_type != AT_SECURE)
			a++;
		int secure = a->a_type == AT_SECURE && a->a_un.a_val;
		if (!secure && policy && policy[0] == '0' && !policy[1] && !debug)
			result = 0;
	}
	bench_policy_floor_result = result;
}
