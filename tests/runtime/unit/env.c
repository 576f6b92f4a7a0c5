/* SPDX-License-Identifier: MIT */
/*
 * Unit test of the runtime's environment scan (rt-process.c): one pass
 * over the initial environment for SEALING_POLICY, SEALING_DEBUG,
 * SEALING_DEBUG_OUTPUT and SEALING_EXEMPT, with names compared as
 * immediates.  Each case is an environment on a stack laid out as the
 * kernel leaves it (argc, argv, NULL, envp, NULL, auxiliary vector, then
 * the AT_RANDOM bytes) and the four values the scan must find; decoys
 * that share a prefix must be ignored, the first of two wins (as getenv),
 * and the auxiliary vector must be found behind it.  Every case is read
 * the ways the runtime gets a process:
 *
 * - glibc's constructor arguments (rt_process_init);
 * - the same after ld.so's unsetenv in secure execution, which shifts the
 *   entries down and leaves extra NULLs before the vector;
 * - from the kernel, as under musl, which passes constructors nothing
 *   (rt_process_from_kernel): PR_GET_AUXV's copy of the vector (answered
 *   here by the stub below) leads to the original through AT_RANDOM,
 *   which lies right behind it, 8 bytes further by the stack's alignment,
 *   or unaligned.
 *
 * Each case is also read by the core's short reader, rt_config_quick
 * (rt-config.c), which must agree with rt_config_read on the policy and
 * the debug switch for every note policy, in and out of secure execution
 * (AT_SECURE, which the vector carries in both settings); and a module
 * part that takes over what that reader learned (rt_process_adopt) must
 * end with what its own reading finds, and take nothing from a reading
 * of other arguments.
 *
 * Prints "env: N cases, K failures" (a case per environment, way and
 * setting of AT_SECURE).
 */
#include "rt.h"

#include <stdio.h>
#include <string.h>

/* What PR_GET_AUXV hands out: the kernel's copy of the vector. */
static const ElfW(auxv_t) *kernel_auxv;
static size_t kernel_auxv_bytes;

long rt_syscall6(long n, long a, long b, long c, long d, long e, long f)
{
	(void)d, (void)e, (void)f;
	if (n == SYS_prctl && a == 0x41555856 /* PR_GET_AUXV */ && kernel_auxv &&
	    (size_t)c >= kernel_auxv_bytes) {
		memcpy((void *)b, kernel_auxv, kernel_auxv_bytes);
		return (long)kernel_auxv_bytes;
	}
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
	{ "values with = and :", { "SEALING_DEBUG_OUTPUT=/tmp/a=b", "SEALING_EXEMPT=:a.so::/x/b.so:" },
	  0, 0, "/tmp/a=b", ":a.so::/x/b.so:" },
	{ "behind many others", { "A=1", "SHELL=/bin/sh", "SEALING=", "SEALING_EXEMPTS=x",
				 "LANG=C", "SSH_TTY=/dev/pts/0", "SEALING_DEBUG=1" }, 0, "1", 0, 0 },
	{ "an empty environment", { 0 }, 0, 0, 0, 0 },
	{ "policy 0 with a debug line", { "SEALING_POLICY=0", "SEALING_DEBUG=1" }, "0", "1", 0, 0 },
	{ "malformed values", { "SEALING_POLICY=0x", "SEALING_DEBUG=1 " }, "0x", "1 ", 0, 0 },
	{ "a raise", { "SEALING_DEBUG=0", "SEALING_POLICY=2" }, "2", "0", 0, 0 },
	{ "policy with a space", { "SEALING_POLICY= 0" }, " 0", 0, 0, 0 },
};

enum way {
	WAY_ARGS,       /* glibc's (argc, argv, envp) */
	WAY_UNSETENV,   /* the same, two entries removed by ld.so */
	WAY_KERNEL,     /* from the kernel: AT_RANDOM right behind the vector */
	WAY_KERNEL_GAP, /* 8 bytes further */
	WAY_KERNEL_ODD, /* and not 8-aligned */
	WAY_COUNT,
};
static const char *const ways[] = { "arguments", "after unsetenv", "kernel", "kernel, gap 8",
				    "kernel, unaligned AT_RANDOM" };

static int same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* rt_config_quick against rt_config_read, for each note policy. */
static int quick_agrees(struct rt_process *p, int secure)
{
	int ok = 1;

	for (unsigned policy = 0; policy <= 2; policy++) {
		struct sealing_note n;
		struct rt_config c;

		memset(&n, 0, sizeof(n));
		n.desc.version = SEALING_NOTE_VERSION;
		n.desc.policy = (uint8_t)policy;
		rt_config_read(p, &n, &c);
		unsigned q = rt_config_quick(p, policy), quick = q & ~RT_QUICK_DEBUG;
		int debug = (q & RT_QUICK_DEBUG) != 0;
		if (quick != c.policy || debug != c.debug) {
			printf("  note policy %u, secure %d: rt_config_read %u/%d, rt_config_quick %u/%d\n",
			       policy, secure, c.policy, c.debug, quick, debug);
			ok = 0;
		}
	}
	return ok;
}

/*
 * The module part taking over what the core learned (rt_process_adopt):
 * from a core that read glibc's arguments by rt_config_quick (and, if
 * found_vector, found the vector as rt_fetch_path does), a module part
 * given the same arguments must end with the values and the vector its
 * own reading finds; given other arguments, or a core without them, it
 * must take nothing.  argv, envp: glibc's; auxv: the vector on the stack.
 */
static int adopt_agrees(const struct env_case *c, char **argv, char **envp,
			const ElfW(auxv_t) *auxv, int found_vector)
{
	struct rt_process core, mp, other;
	int ok = 1;

	rt_process_init(&core, 1, argv, envp);
	core.auxv_done = core.env_none = 0;
	(void)rt_config_quick(&core, SEALING_POLICY_BEST);
	if (found_vector)
		(void)rt_auxv(&core);
	int none = !c->policy && !c->debug && !c->output && !c->exempt;
	if (core.env_none && !none) {
		printf("  the core saw none of our variables, but there are\n");
		ok = 0;
	}
	rt_process_init(&mp, 1, argv, envp);
	rt_process_adopt(&mp, &core);
	if (mp.env_done != core.env_none || mp.auxv_done != core.auxv_done) {
		printf("  adopted env %d (core %d), vector %d (core %d)\n", mp.env_done,
		       core.env_none, mp.auxv_done, core.auxv_done);
		ok = 0;
	}
	if (!mp.env_done)
		rt_process_env(&mp);
	if (!same(mp.env_policy, c->policy) || !same(mp.env_debug, c->debug) ||
	    !same(mp.env_debug_output, c->output) || !same(mp.env_exempt, c->exempt) ||
	    rt_auxv(&mp) != auxv) {
		printf("  after adopting: policy %s debug %s output %s exempt %s, vector %s\n",
		       mp.env_policy ? mp.env_policy : "(unset)",
		       mp.env_debug ? mp.env_debug : "(unset)",
		       mp.env_debug_output ? mp.env_debug_output : "(unset)",
		       mp.env_exempt ? mp.env_exempt : "(unset)",
		       rt_auxv(&mp) == auxv ? "found" : "not the original");
		ok = 0;
	}
	/* Other arguments (a dlopen'd library's heap environment would not
	 * pass rt_glibc_args at all): nothing taken. */
	char *other_env[] = { 0 };
	rt_process_init(&other, 1, argv, other_env);
	rt_process_adopt(&other, &core);
	core.argv = 0; /* a core that had no glibc arguments */
	rt_process_init(&mp, 1, argv, envp);
	rt_process_adopt(&mp, &core);
	if (other.env_done || other.auxv_done || mp.env_done || mp.auxv_done) {
		printf("  adopted from a core with other arguments, or none\n");
		ok = 0;
	}
	return ok;
}

static int run(const struct env_case *c, enum way way, int secure)
{
	/* argc, argv[0], NULL, the environment, NULL, (NULLs), the vector
	 * (AT_PAGESZ, AT_SECURE, AT_RANDOM, AT_NULL), (gap), the random
	 * bytes. */
	uintptr_t stack[48] = { 0 };
	size_t k = 0, nenv = 0;
	struct rt_process p;

	stack[k++] = 1;
	stack[k++] = (uintptr_t)"prog";
	stack[k++] = 0;
	while (nenv < 8 && c->env[nenv])
		stack[k++] = (uintptr_t)c->env[nenv++];
	stack[k++] = 0;
	if (way == WAY_UNSETENV)
		k += 2;
	ElfW(auxv_t) *auxv = (ElfW(auxv_t) *)&stack[k];
	k += 4 * sizeof(*auxv) / sizeof(stack[0]);
	k += way == WAY_KERNEL_GAP || way == WAY_KERNEL_ODD;
	uintptr_t random = (uintptr_t)&stack[k] + (way == WAY_KERNEL_ODD ? 3 : 0);
	auxv[0] = (ElfW(auxv_t)){ .a_type = AT_PAGESZ, .a_un.a_val = 16384 };
	auxv[1] = (ElfW(auxv_t)){ .a_type = AT_SECURE, .a_un.a_val = (unsigned long)secure };
	auxv[2] = (ElfW(auxv_t)){ .a_type = AT_RANDOM, .a_un.a_val = random };
	auxv[3] = (ElfW(auxv_t)){ .a_type = AT_NULL };

	if (way == WAY_ARGS || way == WAY_UNSETENV) {
		kernel_auxv = 0;
		rt_process_init(&p, 1, (char **)&stack[1], (char **)&stack[3]);
	} else {
		/* A copy elsewhere, as the kernel's own is. */
		static ElfW(auxv_t) copy[4];
		memcpy(copy, auxv, sizeof(copy));
		kernel_auxv = copy;
		kernel_auxv_bytes = sizeof(copy);
		rt_process_from_kernel(&p);
	}
	rt_process_env(&p);
	int ok = same(p.env_policy, c->policy) && same(p.env_debug, c->debug) &&
		 same(p.env_debug_output, c->output) && same(p.env_exempt, c->exempt) &&
		 rt_auxval(&p, AT_PAGESZ) == 16384 && p.auxv == auxv &&
		 p.envp == (char **)&stack[3];
	if (!quick_agrees(&p, secure))
		ok = 0;
	if ((way == WAY_ARGS || way == WAY_UNSETENV) &&
	    (!adopt_agrees(c, (char **)&stack[1], (char **)&stack[3], auxv, 0) ||
	     !adopt_agrees(c, (char **)&stack[1], (char **)&stack[3], auxv, 1)))
		ok = 0;
	printf("%s: %s (%s%s)\n", ok ? "ok" : "FAIL", c->what, ways[way],
	       secure ? ", secure" : "");
	if (!ok)
		printf("  policy %s debug %s output %s exempt %s pagesz %lu auxv %s envp %s\n",
		       p.env_policy ? p.env_policy : "(unset)",
		       p.env_debug ? p.env_debug : "(unset)",
		       p.env_debug_output ? p.env_debug_output : "(unset)",
		       p.env_exempt ? p.env_exempt : "(unset)", rt_auxval(&p, AT_PAGESZ),
		       p.auxv == auxv ? "found" : "not the original",
		       p.envp == (char **)&stack[3] ? "found" : "not the original");
	return ok;
}

int main(void)
{
	int failures = 0, runs = 0;
	size_t n = sizeof(cases) / sizeof(cases[0]);

	for (size_t i = 0; i < n; i++)
		for (int way = 0; way < WAY_COUNT; way++)
			for (int secure = 0; secure <= 1; secure++, runs++)
				failures += !run(&cases[i], (enum way)way, secure);
	printf("env: %d cases, %d failures\n", runs, failures);
	return failures != 0;
}
