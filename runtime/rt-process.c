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

#ifndef __GLIBC__
#error "the sealing runtime relies on glibc passing (argc, argv, envp) to constructors"
#endif

struct rt_process {
	int argc;
	char **argv;       /* the initial stack's argv, or NULL */
	char **envp;       /* the environment the constructor was given */
	const ElfW(auxv_t) *auxv; /* found on first use; NULL if not found */
	int auxv_done;
};

static void rt_process_init(struct rt_process *p, int argc, char **argv,
			    char **envp)
{
	*p = (struct rt_process){ argc, argv, envp, 0, 0 };
	if (argc < 0 || !argv || argv[argc])
		p->argv = 0;
}

/* Walked only when needed: most constructors never look at it. */
static const ElfW(auxv_t) *rt_auxv(struct rt_process *p)
{
	if (!p->auxv_done && p->argv) {
		char **e = p->argv + p->argc + 1;
		while (*e)
			e++;
		while (!*e)
			e++;
		p->auxv = (const ElfW(auxv_t) *)e;
	}
	p->auxv_done = 1;
	return p->auxv;
}

static unsigned long rt_auxval(struct rt_process *p, unsigned long type)
{
	const ElfW(auxv_t) *a = rt_auxv(p);
	for (; a && a->a_type != AT_NULL; a++)
		if (a->a_type == type)
			return a->a_un.a_val;
	return 0;
}

static int rt_streq(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

/*
 * One pass over the environment for both of our variables; most entries
 * are rejected on their first byte.
 */
static void rt_scan_env(const struct rt_process *p, const char **debug,
			const char **policy)
{
	static const char prefix[] = "SEALING_";
	*debug = *policy = 0;
	for (char **e = p->envp; e && *e; e++) {
		const char *s = *e;
		size_t i = 0;
		while (i < sizeof(prefix) - 1 && s[i] == prefix[i])
			i++;
		if (i < sizeof(prefix) - 1)
			continue;
		s += i;
		if (s[0] == 'D' && s[1] == 'E' && s[2] == 'B' && s[3] == 'U' &&
		    s[4] == 'G' && s[5] == '=')
			*debug = s + 6;
		else if (s[0] == 'P' && s[1] == 'O' && s[2] == 'L' && s[3] == 'I' &&
			 s[4] == 'C' && s[5] == 'Y' && s[6] == '=')
			*policy = s + 7;
	}
}
