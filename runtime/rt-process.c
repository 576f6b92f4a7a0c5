/* SPDX-License-Identifier: MIT */
/*
 * What the runtime knows about the process, with no symbol from libc.
 *
 * Every reference to a libc symbol costs a lookup through the global scope
 * when the module is loaded, object by object: with a hundred libraries
 * that dominated the whole cost of sealing.  glibc instead hands every
 * constructor (argc, argv, envp), from ld.so at start-up and inside
 * dlopen alike, and argv always points into the initial stack, where the
 * kernel left argc, argv[], NULL, envp[], NULL and then the auxiliary
 * vector.  The original envp array stays in place even when setenv later
 * moves environ, so the walk to the auxiliary vector stays valid.  It can
 * shrink, though: unsetenv (which ld.so itself applies to unsafe variables
 * in a setuid process) shifts the entries down and leaves extra NULLs
 * before the vector; its first word, a type, is never 0.
 */
#include "rt.h"

#ifndef __GLIBC__
#error "the sealing runtime relies on glibc passing (argc, argv, envp) to constructors"
#endif

/* "SEALING_" then NAME "=": the value, or NULL.  Most entries fail on byte 0. */
static const char *rt_env_match(const char *s, const char *name)
{
	static const char prefix[] = "SEALING_";
	for (unsigned i = 0; i < sizeof(prefix) - 1; i++)
		if (s[i] != prefix[i])
			return 0;
	s += sizeof(prefix) - 1;
	while (*name && *s == *name)
		s++, name++;
	return *name == 0 && *s == '=' ? s + 1 : 0;
}

RT_FN void rt_process_init(struct rt_process *p, int argc, char **argv,
			   char **envp)
{
	p->argc = argc;
	p->argv = argv;
	p->envp = envp;
	p->auxv = 0;
	p->auxv_done = 0;
	p->env_policy = p->env_debug = p->env_exempt = 0;
	if (argc < 0 || !argv || argv[argc])
		p->argv = 0;
	/* One pass for all our variables. */
	char **e = envp;
	for (; e && *e; e++) {
		const char *s = *e, *v;
		if (s[0] != 'S')
			continue;
		if ((v = rt_env_match(s, "POLICY")))
			p->env_policy = v;
		else if ((v = rt_env_match(s, "DEBUG")))
			p->env_debug = v;
		else if ((v = rt_env_match(s, "EXEMPT")))
			p->env_exempt = v;
	}
	/* The initial environment: the auxiliary vector is right behind it. */
	if (p->argv && envp == p->argv + argc + 1) {
		while (!*e)
			e++;
		p->auxv = (const ElfW(auxv_t) *)e;
		p->auxv_done = 1;
	}
}

#ifndef PR_GET_AUXV
#define PR_GET_AUXV 0x41555856
#endif

/*
 * Walked only when needed: most constructors never look at it.  Without
 * argv (a start-up routine that calls constructors with no arguments),
 * the kernel hands out a copy: PR_GET_AUXV exists on every kernel that
 * has mseal (6.4 and 6.10).
 */
static const ElfW(auxv_t) *rt_auxv(struct rt_process *p)
{
	if (p->auxv_done)
		return p->auxv;
	p->auxv_done = 1;
	if (p->argv) {
		char **e = p->argv + p->argc + 1;
		while (*e)
			e++;
		while (!*e)
			e++;
		return p->auxv = (const ElfW(auxv_t) *)e;
	}
	long n = rt_syscall6(SYS_prctl, PR_GET_AUXV, (long)p->auxv_copy,
			     (long)sizeof(p->auxv_copy), 0, 0, 0);
	if (n > 0 && (size_t)n <= sizeof(p->auxv_copy))
		p->auxv = p->auxv_copy;
	return p->auxv;
}

RT_FN unsigned long rt_auxval(struct rt_process *p, unsigned long type)
{
	for (const ElfW(auxv_t) *a = rt_auxv(p); a && a->a_type != AT_NULL; a++)
		if (a->a_type == type)
			return a->a_un.a_val;
	return 0;
}

RT_FN int rt_secure(struct rt_process *p)
{
	return !rt_auxv(p) || rt_auxval(p, AT_SECURE);
}

RT_FN uintptr_t rt_page_size(struct rt_process *p)
{
#ifdef RT_ARCH_PAGE_SIZE
	(void)p;
	return RT_ARCH_PAGE_SIZE;
#else
	unsigned long ps = rt_auxval(p, AT_PAGESZ);
	/* Too big is safe (the mutable hole only grows), too small is not. */
	return ps && !(ps & (ps - 1)) ? ps : 65536;
#endif
}
