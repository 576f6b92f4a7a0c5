/* SPDX-License-Identifier: MIT */
/*
 * The few auxiliary-vector entries the runtime needs.  getauxval is the
 * cheap way, but a static link only contains it when something else pulled
 * it in, and a -nostdlib module has none; then one prctl(PR_GET_AUXV)
 * (Linux 6.4, older than mseal itself) copies the vector.  Callers ask
 * only when they must, so the common case makes no extra syscall.
 */

#ifndef PR_GET_AUXV
#define PR_GET_AUXV 0x41555856
#endif

struct rt_aux {
	unsigned long secure, pagesz, execfn;
	int known; /* 0: could not read the vector at all */
};

static void rt_aux_read(struct rt_aux *a)
{
	*a = (struct rt_aux){ 0 };
	if (getauxval) {
		a->secure = getauxval(AT_SECURE);
		a->pagesz = getauxval(AT_PAGESZ);
		a->execfn = getauxval(AT_EXECFN);
		a->known = 1;
		return;
	}
	unsigned long v[2 * 48];
	long n = rt_syscall6(SYS_prctl, PR_GET_AUXV, (long)v, sizeof(v), 0, 0, 0);
	if (n <= 0)
		return;
	if ((unsigned long)n > sizeof(v))
		n = sizeof(v);
	for (size_t i = 0; i + 1 < (size_t)n / sizeof(v[0]); i += 2) {
		if (v[i] == AT_SECURE)
			a->secure = v[i + 1];
		else if (v[i] == AT_PAGESZ)
			a->pagesz = v[i + 1];
		else if (v[i] == AT_EXECFN)
			a->execfn = v[i + 1];
	}
	a->known = 1;
}

/*
 * A library that does not itself depend on libc (--as-needed drops it when
 * nothing but our weak references use it) may be initialised before libc,
 * while environ is still NULL.  glibc's ld.so has by then set
 * __libc_stack_end to the initial stack pointer, where the kernel left
 * argc, argv[], NULL, envp[], NULL.
 */
static char **rt_environ(void)
{
	char **env = RT_WEAK_VALUE(environ);
	if (env)
		return env;
	const long *sp = RT_WEAK_VALUE(__libc_stack_end);
	if (!sp)
		return 0;
	long argc = sp[0];
	char **argv = (char **)(sp + 1);
	if (argc < 0 || argc > (1L << 24) || argv[argc])
		return 0;
	return argv + argc + 1;
}

static const char *rt_getenv(const char *name)
{
	char **env = rt_environ();
	if (!env)
		return 0;
	for (char **e = env; *e; e++) {
		const char *p = *e, *n = name;
		while (*n && *p == *n)
			p++, n++;
		if (!*n && *p == '=')
			return p + 1;
	}
	return 0;
}
