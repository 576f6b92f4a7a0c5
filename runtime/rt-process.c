/* SPDX-License-Identifier: MIT */
/*
 * What the runtime knows about the process, with no symbol from libc:
 * its arguments, environment and auxiliary vector, its C library, and
 * which loaded object is the executable.
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

/*
 * musl calls constructors with no arguments at all, so its processes are
 * read from the kernel instead (rt_process_from_kernel); the C library is
 * told apart from the module's own headers (rt_process_start).
 */

/*
 * The environment is read only by a module with something to do: one
 * that leaves its sealing to the executable never looks at it.
 */
/* Nothing learned yet: what the getters find on first use, and the
 * frame, which only the module part's entry knows. */
static inline void rt_process_unlearned(struct rt_process *p)
{
	p->auxv = 0;
	p->env_none = 0;
	p->env_end = 0;
	p->env_done = 0;
	p->frame = 0;
	p->iterate = 0;
	p->exe_pass_done = 0;
#ifdef RT_CACHE_EXE
	p->exe_known = 0;
	p->r_debug = 0;
#endif
}

RT_HOT RT_FN void rt_process_init(struct rt_process *p, int argc, char **argv,
			   char **envp)
{
	rt_process_unlearned(p);
	p->argc = argc;
	p->argv = argv;
	p->envp = envp;
	p->auxv_done = 0;
	if (argc < 0 || !argv || argv[argc])
		p->argv = 0;
	else
		p->env_end = argv + argc + 1;
}


/* One pass over the environment for all our variables; the first of each
 * wins, as getenv and sealctl ps read them. */
/* What reading an environment without any SEALING_ variable learns. */
static void rt_process_env_none(struct rt_process *p)
{
	p->env_policy = p->env_debug = p->env_debug_output = p->env_exempt = 0;
	p->env_done = 1;
}

RT_FN void rt_process_env(struct rt_process *p)
{
	/* The names after "SEALING_", one string (a table of pointers would
	 * need relocating), in the order of the values they go to. */
	static const char names[] = "POLICY=\0DEBUG=\0DEBUG_OUTPUT=\0EXEMPT=";
	const char **value[] = { &p->env_policy, &p->env_debug, &p->env_debug_output,
				 &p->env_exempt };
	const char *v;

	rt_process_env_none(p);
	for (char **e = p->envp; e && *e; e++) {
		const char *s = *e;
		/* Two bytes in line reject nearly every entry (SHELL, SSH_*). */
		if (s[0] != 'S' || s[1] != 'E' || !(s = rt_env_value(s, "SEALING_")))
			continue;
		const char *name = names;
		for (unsigned i = 0; i < sizeof(value) / sizeof(value[0]); i++) {
			if ((v = rt_env_value(s, name)) && !*value[i])
				*value[i] = v;
			while (*name++)
				;
		}
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
RT_HOT RT_FN const ElfW(auxv_t) *rt_auxv(struct rt_process *p)
{
	if (p->auxv_done)
		return p->auxv;
	p->auxv_done = 1;
	if (p->argv) {
		char **e = p->env_end;
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

RT_HOT RT_FN unsigned long rt_auxval(struct rt_process *p, unsigned long type)
{
	for (const ElfW(auxv_t) *a = rt_auxv(p); a && a->a_type != AT_NULL; a++)
		if (a->a_type == type)
			return a->a_un.a_val;
	return 0;
}

RT_FN void rt_process_adopt(struct rt_process *p, const struct rt_process *core)
{
	if (!core || !p->argv || core->argv != p->argv || core->envp != p->envp)
		return;
	if (core->auxv_done && !p->auxv_done) {
		p->auxv = core->auxv;
		p->auxv_done = 1;
	}
#ifdef RT_CACHE_EXE
	if (core->r_debug && !p->r_debug)
		p->r_debug = core->r_debug;
#endif
	if (core->env_none && !p->env_done)
		rt_process_env_none(p);
}

RT_FN void rt_auxval_exe_vdso(struct rt_process *p, uintptr_t *exe_phdr, uintptr_t *vdso)
{
	*exe_phdr = *vdso = 0;
	for (const ElfW(auxv_t) *a = rt_auxv(p); a && a->a_type != AT_NULL; a++)
		if (a->a_type == AT_PHDR)
			*exe_phdr = a->a_un.a_val;
		else if (a->a_type == AT_SYSINFO_EHDR)
			*vdso = a->a_un.a_val;
}

RT_HOT RT_FN int rt_secure(struct rt_process *p)
{
	const ElfW(auxv_t) *a = rt_auxv(p);

	for (; a && a->a_type != AT_NULL; a++)
		if (a->a_type == AT_SECURE)
			return a->a_un.a_val != 0;
	return !a; /* no vector: assume the worst */
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

static size_t rt_auxv_count(const ElfW(auxv_t) *a, size_t max)
{
	size_t n = 0;
	while (n < max && a[n].a_type != AT_NULL)
		n++;
	return n < max ? n + 1 : 0; /* with AT_NULL; 0: none in the copy */
}

static int rt_words_equal(const void *a, const void *b, size_t bytes)
{
	const uintptr_t *x = a, *y = b;
	for (size_t i = 0; i < bytes / sizeof(uintptr_t); i++)
		if (x[i] != y[i])
			return 0;
	return 1;
}

/*
 * The kernel builds the initial stack as argc, argv[], NULL, envp[], NULL,
 * the auxiliary vector, then (higher) the AT_RANDOM bytes; the vector ends
 * at AT_RANDOM rounded down to 8, or 8 bytes below that, by the stack's
 * 16-byte alignment (create_elf_tables in fs/binfmt_elf.c).  So
 * the copy from PR_GET_AUXV finds the original, and the original the
 * environment: the initial one, which is where SEALING_* are read from
 * under musl.  No argv: nothing here needs it.
 */
RT_OUTLINE RT_FN void rt_process_from_kernel(struct rt_process *p)
{
	size_t n;
	uintptr_t rnd = 0;

	rt_process_unlearned(p);
	p->argc = 0;
	p->argv = p->envp = 0;
	p->auxv_done = 1;
	long got = rt_syscall6(SYS_prctl, PR_GET_AUXV, (long)p->auxv_copy,
			       (long)sizeof(p->auxv_copy), 0, 0, 0);
	n = got > 0 ? rt_auxv_count(p->auxv_copy, sizeof(p->auxv_copy) / sizeof(p->auxv_copy[0])) : 0;
	if (!n)
		return;
	p->auxv = p->auxv_copy;
	for (size_t i = 0; i < n; i++)
		if (p->auxv_copy[i].a_type == AT_RANDOM)
			rnd = p->auxv_copy[i].a_un.a_val;
	for (uintptr_t gap = 0; rnd && gap <= 8; gap += 8) {
		const ElfW(auxv_t) *at =
			(const ElfW(auxv_t) *)((rnd & ~(uintptr_t)7) - gap - n * sizeof(*at));
		if (!rt_words_equal(at, p->auxv_copy, n * sizeof(*at)))
			continue;
		char **e = (char **)at - 1; /* the environment's NULL */
		while (e[-1])
			e--;
		p->envp = e;
		p->auxv = at;
		break;
	}
}

/* ---- which object is the executable ---------------------------------- */

/*
 * PT_PHDR gives the load bias.  Every dynamically linked executable has
 * one; a static one has no other objects to look at, so without it we
 * answer "unknown" rather than guess a bias.
 *
 * The core asks it for the link map (rt-fetch.c), the module part whether
 * the executable will seal its module (rt_exe_pass), so this reads no more
 * than that needs: the vector up to AT_PHDR and AT_PHNUM (early in it, side by
 * side), PT_PHDR (first, when present, by the ELF rules) and the RELRO
 * that rt_object_target checks against.  rt_object_exe adds the rest.
 */
RT_HOT RT_FN int rt_exe_headers(struct rt_process *p, struct rt_object *e)
{
	const ElfW(Phdr) *ph = 0;
	size_t n = 0;

#ifdef RT_CACHE_EXE
	if (p->exe_known) {
		e->phdr = p->exe_phdr;
		e->phnum = p->exe_phnum;
		e->bias = p->exe_bias;
		e->relro_lo = p->exe_relro_lo;
		e->relro_hi = p->exe_relro_hi;
		return 1;
	}
#endif
	for (const ElfW(auxv_t) *a = rt_auxv(p); a && a->a_type != AT_NULL && !(ph && n); a++) {
		if (a->a_type == AT_PHDR)
			ph = (const ElfW(Phdr) *)a->a_un.a_val;
		else if (a->a_type == AT_PHNUM)
			n = a->a_un.a_val;
	}
	/* Only the fields rt_object_target reads; rt_object_scan sets all. */
	e->phdr = ph;
	e->phnum = n;
	e->bias = e->relro_lo = e->relro_hi = 0;
	int found = 0;
	for (size_t i = 0; ph && i < n; i++) {
		uintptr_t v = ph[i].p_vaddr;
		if (ph[i].p_type == PT_PHDR) {
			e->bias = (uintptr_t)ph - v;
			found = 1;
		} else if (ph[i].p_type == PT_GNU_RELRO) {
			/* PT_PHDR comes first, by the ELF rules: bias is known. */
			e->relro_lo = e->bias + v;
			e->relro_hi = e->relro_lo + ph[i].p_memsz;
		}
	}
#ifdef RT_CACHE_EXE
	if (found) {
		p->exe_phdr = ph;
		p->exe_phnum = n;
		p->exe_bias = e->bias;
		p->exe_relro_lo = e->relro_lo;
		p->exe_relro_hi = e->relro_hi;
		p->exe_known = 1;
	}
#endif
	return found;
}

RT_HOT RT_FN int rt_object_exe(struct rt_process *p, struct rt_object *e)
{
	if (!rt_exe_headers(p, e))
		return 0;
	rt_object_scan(e, e->phdr, e->phnum, e->bias, 0);
	return 1;
}

/*
 * Without the auxiliary vector (argv did not look like the initial stack),
 * judge from our own headers: an ET_EXEC, a PIE (it has an interpreter) or
 * a static PIE (DF_1_PIE) is the executable; anything else is a library.
 */
static int rt_looks_like_exe(const struct rt_object *m)
{
	for (size_t i = 0; i < m->phnum; i++)
		if (m->phdr[i].p_type == PT_INTERP)
			return 1;
	if (!m->dynamic)
		return 1; /* no PT_DYNAMIC at all: a static ET_EXEC */
	for (const ElfW(Dyn) *d = m->dynamic; d->d_tag != DT_NULL; d++)
		if (d->d_tag == DT_FLAGS_1 && (d->d_un.d_val & DF_1_PIE))
			return 1;
	return 0;
}

RT_HOT RT_FN int rt_self_is_exe(struct rt_process *p, const struct rt_object *m)
{
#ifdef RT_CACHE_EXE
	if (p->exe_known)
		return p->exe_phdr == m->phdr;
#endif
	uintptr_t phdr = rt_auxval(p, AT_PHDR);
	return phdr ? phdr == (uintptr_t)m->phdr : rt_looks_like_exe(m);
}

/* musl's dynamic loader, or its C library as a DT_NEEDED entry. */
static int rt_is_musl_name(const char *s, int interp)
{
	const char *b = rt_basename(s);
	if (interp)
		return b[0] == 'l' && b[1] == 'd' && b[2] == '-' && b[3] == 'm' &&
		       b[4] == 'u' && b[5] == 's' && b[6] == 'l';
	return sealing_streq(b, "libc.so") ||
	       (b[0] == 'l' && b[1] == 'i' && b[2] == 'b' && b[3] == 'c' &&
		b[4] == '.' && b[5] == 'm' && b[6] == 'u' && b[7] == 's');
}

/* 1 musl, 0 glibc, -1 cannot tell from this object's headers;
 * linked_musl: the code asking was linked statically with musl. */
RT_OUTLINE static int rt_object_is_musl(const struct rt_object *o, int linked_musl)
{
	const char *str = 0;
	int known = -1;

	if (linked_musl)
		return 1;
	for (size_t i = 0; i < o->phnum; i++)
		if (o->phdr[i].p_type == PT_INTERP)
			return rt_is_musl_name((const char *)(o->bias + o->phdr[i].p_vaddr), 1);
	if (!o->dynamic)
		return 0; /* statically linked, and not with musl */
	for (const ElfW(Dyn) *d = o->dynamic; d->d_tag != DT_NULL; d++)
		if (d->d_tag == DT_STRTAB)
			str = (const char *)rt_dyn_addr(o->bias, d->d_un.d_ptr);
	for (const ElfW(Dyn) *d = o->dynamic; str && d->d_tag != DT_NULL; d++) {
		if (d->d_tag != DT_NEEDED)
			continue;
		const char *name = str + d->d_un.d_val;
		if (rt_is_musl_name(name, 0))
			return 1;
		if (sealing_streq(name, "libc.so.6"))
			known = 0;
	}
	return known;
}

RT_FN void rt_process_from_args(struct rt_process *p, int argc, char **argv, char **envp)
{
	if (rt_glibc_args(argc, argv, envp))
		rt_process_init(p, argc, argv, envp);
	else
		rt_process_from_kernel(p);
}

RT_HOT RT_FN void rt_process_start(struct rt_process *p, const struct rt_object *self,
				   int argc, char **argv, char **envp, int linked_musl)
{
	int musl;
	struct rt_object e;

	if (rt_glibc_args(argc, argv, envp)) {
		rt_process_init(p, argc, argv, envp);
		p->musl = 0;
		return;
	}
	musl = self ? rt_object_is_musl(self, linked_musl) : -1;
	/*
	 * A library with no libc of its own: ask the executable.  Not under
	 * valgrind, which does not know PR_GET_AUXV (3.19) and would report
	 * the copy as uninitialised; its programs are glibc ones.
	 */
	if (musl < 0 && rt_running_on_valgrind())
		musl = 0;
	if (musl < 0) {
		rt_process_from_kernel(p);
		musl = rt_object_exe(p, &e) ? rt_object_is_musl(&e, linked_musl) == 1 : 0;
	} else if (musl) {
		rt_process_from_kernel(p);
	}
	if (!musl)
		rt_process_init(p, argc, argv, envp);
	p->musl = musl;
}
