/* SPDX-License-Identifier: MIT */
/*
 * Which module are we?  The linker defines __ehdr_start at our own ELF
 * header whenever the header is mapped, which ld.bfd, gold and lld all do
 * for ordinary links: that gives the program headers and the load bias
 * with no walk over the loaded objects.  Only when it is missing (custom
 * linker scripts) do we ask dl_iterate_phdr, found through the link map
 * (rt-linkmap.c), which object holds our code.
 */

extern const ElfW(Ehdr) __ehdr_start __attribute__((weak, visibility("hidden")));

struct rt_module {
	const ElfW(Phdr) *phdr;
	size_t phnum;
	uintptr_t bias;
	/* Run-time addresses, from one pass over the program headers. */
	uintptr_t lo, hi;             /* span of the PT_LOAD segments */
	uintptr_t relro_lo, relro_hi; /* PT_GNU_RELRO, unrounded; 0 if none */
	const char *name; /* filled lazily, only for messages and pinning */
	int via_iteration; /* __ehdr_start was missing */
};

/*
 * Fills m from its program headers in one pass; true when one of its
 * PT_LOAD segments holds anchor, i.e. these headers really are ours.
 */
static int rt_module_scan(struct rt_module *m, const ElfW(Phdr) *phdr,
			  size_t phnum, uintptr_t bias, uintptr_t anchor)
{
	int holds = 0;
	m->phdr = phdr;
	m->phnum = phnum;
	m->bias = bias;
	m->lo = UINTPTR_MAX;
	m->hi = m->relro_lo = m->relro_hi = 0;
	for (const ElfW(Phdr) *ph = phdr; ph < phdr + phnum; ph++) {
		/* Most headers are neither: reject them on the type alone. */
		if (ph->p_type != PT_LOAD && ph->p_type != PT_GNU_RELRO)
			continue;
		uintptr_t s = bias + ph->p_vaddr, e = s + ph->p_memsz;
		if (ph->p_type == PT_GNU_RELRO) {
			m->relro_lo = s;
			m->relro_hi = e;
			continue;
		}
		if (s < m->lo)
			m->lo = s;
		if (e > m->hi)
			m->hi = e;
		holds |= anchor - s < e - s;
	}
	return holds;
}

static int rt_module_from_ehdr(struct rt_module *m, uintptr_t anchor)
{
	const ElfW(Ehdr) *eh = &__ehdr_start;

	if (!eh)
		return 0;
	if (eh->e_ident[EI_MAG0] != ELFMAG0 || eh->e_ident[EI_MAG1] != ELFMAG1 ||
	    eh->e_ident[EI_MAG2] != ELFMAG2 || eh->e_ident[EI_MAG3] != ELFMAG3 ||
	    eh->e_phentsize != sizeof(ElfW(Phdr)) || eh->e_phnum == 0 ||
	    eh->e_phnum == PN_XNUM)
		return 0;

	const ElfW(Phdr) *phdr =
		(const ElfW(Phdr) *)((const char *)eh + eh->e_phoff);
	size_t phnum = eh->e_phnum;
	/* The segment that maps file offset 0 maps the header itself. */
	for (size_t i = 0; i < phnum; i++) {
		if (phdr[i].p_type != PT_LOAD || phdr[i].p_offset != 0)
			continue;
		return rt_module_scan(m, phdr, phnum,
				      (uintptr_t)eh - phdr[i].p_vaddr, anchor);
	}
	return 0;
}

struct rt_iterate_arg {
	uintptr_t anchor;
	struct rt_module *m;
};

static int rt_iterate_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	struct rt_iterate_arg *arg = data;
	(void)size;
	if (!rt_module_scan(arg->m, info->dlpi_phdr, info->dlpi_phnum,
			    info->dlpi_addr, arg->anchor))
		return 0;
	arg->m->name = info->dlpi_name;
	return 1;
}

typedef int (*rt_iterate_fn)(int (*)(struct dl_phdr_info *, size_t, void *),
			     void *);

static int rt_module_from_iteration(struct rt_process *p,
				    struct rt_module *m, uintptr_t anchor)
{
	struct rt_iterate_arg arg = { anchor, m };
	rt_iterate_fn iterate = (rt_iterate_fn)rt_lookup(p, "dl_iterate_phdr");
	return iterate && iterate(rt_iterate_cb, &arg) == 1;
}

/*
 * Without the auxiliary vector (argv did not look like the initial stack),
 * judge from our own headers: an ET_EXEC, a PIE (it has an interpreter) or
 * a static PIE (DF_1_PIE) is the executable; anything else is a library.
 */
static int rt_looks_like_main(const struct rt_module *m)
{
	for (size_t i = 0; i < m->phnum; i++) {
		const ElfW(Phdr) *p = &m->phdr[i];
		if (p->p_type == PT_INTERP)
			return 1;
		if (p->p_type != PT_DYNAMIC)
			continue;
		for (const ElfW(Dyn) *d = (const ElfW(Dyn) *)(m->bias + p->p_vaddr);
		     d->d_tag != DT_NULL; d++)
			if (d->d_tag == DT_FLAGS_1 && (d->d_un.d_val & DF_1_PIE))
				return 1;
		return 0;
	}
	return 1; /* no PT_DYNAMIC at all: a static ET_EXEC */
}

/* anchor: any address inside this module, e.g. its own note. */
static int rt_find_module(struct rt_process *p, struct rt_module *m,
			  const void *anchor)
{
	*m = (struct rt_module){ 0 };
	if (rt_module_from_ehdr(m, (uintptr_t)anchor))
		return 1;
	m->via_iteration = 1;
	return rt_module_from_iteration(p, m, (uintptr_t)anchor);
}

/* Asked only when it matters: the executable needs no pinning. */
static int rt_is_main(struct rt_process *p, const struct rt_module *m)
{
	return rt_auxv(p) ? rt_auxval(p, AT_PHDR) == (uintptr_t)m->phdr
			  : rt_looks_like_main(m);
}
