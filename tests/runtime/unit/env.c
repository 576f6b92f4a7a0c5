/* SPDX-License-Identifier: MIT */
/*
 * Unit test of the runtime's environment scan (rt-process.c): one pass
 * over the initial environment for SEALING_POLICY, SEALING_DEBUG,
 * SEALING_DEBUG_OUTPUT and SEALING_EXEMPT, with names compared as
 * immediates.  Each case is an environment on a stack laid out as the
 * kernel leaves it (argv, NULL, envp, NULL, auxiliary vector) and the
 * four values the scan must find; decoys that share a prefix must be
 * ignored, the first of two wins (as getenv), and the auxiliary vector
 * must be found behind it.  Prints "env: N cases, K failures".
 */
#include "rt.h"

#include <stdio.h>
#include <string.h>

long rt_syscall6(long n, long a, long b, long c, long d, long e, long f)
{
	(void)n, (void)a, (void)b, (void)c, (void)d, (void)e, (void)f;
	return -ENOSYS;
}

struct env_case {
	const char *what;
	const char *env[8];
	const char *policy, *debug, *output, *exempt;
};

static const struct env_case cases[] = {
	{ "none", { "PATH=/bin", "SHELL=/bin/sh" }, 0, 0, 0, 0 },
	{ "each one", { "SEALING_POLICY=2", "SEALING_DEBUG=1", "SEALING_DEBUG_OUTPUT=/tmp/s",
			"SEALING_EXEMPT=a.so:b.so" }, "2", "1", "/tmp/s", "a.so:b.so" },
	{ "output before debug", { "SEALING_DEBUG_OUTPUT=/x", "SEALING_DEBUG=0" }, 0, "0", "/x", 0 },
	{ "decoys", { "SEALING_POLICYX=1", "SEALING_DEBUGX=1", "SEALING_POLIC=1", "SEALING=1",
		      "SEALING_DEBUG_OUTPU=1", "XSEALING_POLICY=1", "SEALIN", "S" }, 0, 0, 0, 0 },
	{ "short and empty entries", { "", "SE", "SEALING_", "SEALING_POLICY", "SEALING_POLICY=" },
	  "", 0, 0, 0 },
	{ "the first wins", { "SEALING_POLICY=0", "SEALING_POLICY=2", "SEALING_EXEMPT=x",
			      "SEALING_EXEMPT=y" }, "0", 0, 0, "x" },
	{ "case matters", { "sealing_policy=2", "Sealing_Debug=1" }, 0, 0, 0, 0 },
};

static int same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

int main(void)
{
	int failures = 0;
	size_t n = sizeof(cases) / sizeof(cases[0]);

	for (size_t i = 0; i < n; i++) {
		const struct env_case *c = &cases[i];
		/* argv[0], NULL, the environment, NULL, AT_PAGESZ, AT_NULL */
		uintptr_t stack[32] = { 0 };
		size_t k = 0, nenv = 0;
		stack[k++] = (uintptr_t)"prog";
		stack[k++] = 0;
		while (nenv < 8 && c->env[nenv])
			stack[k++] = (uintptr_t)c->env[nenv++];
		stack[k++] = 0;
		ElfW(auxv_t) *auxv = (ElfW(auxv_t) *)&stack[k];
		auxv[0].a_type = AT_PAGESZ;
		auxv[0].a_un.a_val = 16384;
		auxv[1].a_type = AT_NULL;

		struct rt_process p;
		rt_process_init(&p, 1, (char **)stack, (char **)&stack[2]);
		rt_process_env(&p);
		int ok = same(p.env_policy, c->policy) && same(p.env_debug, c->debug) &&
			 same(p.env_debug_output, c->output) && same(p.env_exempt, c->exempt) &&
			 rt_auxval(&p, AT_PAGESZ) == 16384;
		printf("%s: %s\n", ok ? "ok" : "FAIL", c->what);
		if (!ok)
			printf("  policy %s debug %s output %s exempt %s pagesz %lu\n",
			       p.env_policy ? p.env_policy : "(unset)",
			       p.env_debug ? p.env_debug : "(unset)",
			       p.env_debug_output ? p.env_debug_output : "(unset)",
			       p.env_exempt ? p.env_exempt : "(unset)", rt_auxval(&p, AT_PAGESZ));
		failures += !ok;
	}
	printf("env: %zu cases, %d failures\n", n, failures);
	return failures != 0;
}
