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
	char **argv;       /* the initial stack's argv, or NULL */
	char **envp;       /* the environment the constructor was given */
	const ElfW(auxv_t) *auxv; /* NULL when argv did not look right */
};

static void rt_process_init(struct rt_process *p, int argc, char **argv,
			    char **envp)
{
	*p = (struct rt_process){ 0, envp, 0 };
	if (argc < 0 || !argv || argv[argc])
		return;
	p->argv = argv;
	char **e = argv + argc + 1;
	while (*e)
		e++;
	while (!*e)
		e++;
	p->auxv = (const ElfW(auxv_t) *)e;
}

static unsigned long rt_auxval(const struct rt_process *p, unsigned long type)
{
	if (!p->auxv)
		return 0;
	for (const ElfW(auxv_t) *a = p->auxv; a->a_type != AT_NULL; a++)
		if (a->a_type == type)
			return a->a_un.a_val;
	return 0;
}

static const char *rt_getenv(const struct rt_process *p, const char *name)
{
	if (!p->envp)
		return 0;
	for (char **e = p->envp; *e; e++) {
		const char *s = *e, *n = name;
		while (*n && *s == *n)
			s++, n++;
		if (!*n && *s == '=')
			return s + 1;
	}
	return 0;
}
