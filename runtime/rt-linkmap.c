/* SPDX-License-Identifier: MIT */
/*
 * The loader's list of modules, for the rare paths only: a module's name
 * in messages, and the two libc functions we may call (dlopen to pin a
 * dlopen'd library, dl_iterate_phdr when __ehdr_start is missing).
 *
 * Referencing those functions would cost every module a load-time symbol
 * lookup (rt-process.c), so we look them up ourselves when needed: the
 * executable's DT_DEBUG entry, which ld.so fills for debuggers, leads to
 * r_debug and the link map, and each module's GNU hash table answers
 * "where is NAME" in a few probes.
 */

/* The executable's r_debug, found through its PT_DYNAMIC. */
static const struct r_debug *rt_r_debug(struct rt_process *p)
{
	const ElfW(Phdr) *ph = (const ElfW(Phdr) *)rt_auxval(p, AT_PHDR);
	size_t n = rt_auxval(p, AT_PHNUM);
	uintptr_t bias = 0;
	const ElfW(Dyn) *dyn = 0;

	if (!ph)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (ph[i].p_type == PT_PHDR)
			bias = (uintptr_t)ph - ph[i].p_vaddr;
	for (size_t i = 0; i < n; i++)
		if (ph[i].p_type == PT_DYNAMIC)
			dyn = (const ElfW(Dyn) *)(bias + ph[i].p_vaddr);
	for (; dyn && dyn->d_tag != DT_NULL; dyn++)
		if (dyn->d_tag == DT_DEBUG)
			return (const struct r_debug *)dyn->d_un.d_ptr;
	return 0;
}

/* glibc stores these already relocated; other loaders may not. */
static uintptr_t rt_dyn_ptr(const struct link_map *l, ElfW(Addr) v)
{
	return v < l->l_addr ? l->l_addr + v : v;
}

static void *rt_lookup_in(const struct link_map *l, const char *name,
			  uint32_t hash)
{
	const ElfW(Sym) *sym = 0;
	const char *str = 0;
	const uint32_t *gnu = 0;
	const uint16_t *versym = 0;

	for (const ElfW(Dyn) *d = l->l_ld; d && d->d_tag != DT_NULL; d++) {
		if (d->d_tag == DT_SYMTAB)
			sym = (const ElfW(Sym) *)rt_dyn_ptr(l, d->d_un.d_ptr);
		else if (d->d_tag == DT_STRTAB)
			str = (const char *)rt_dyn_ptr(l, d->d_un.d_ptr);
		else if (d->d_tag == DT_GNU_HASH)
			gnu = (const uint32_t *)rt_dyn_ptr(l, d->d_un.d_ptr);
		else if (d->d_tag == DT_VERSYM)
			versym = (const uint16_t *)rt_dyn_ptr(l, d->d_un.d_ptr);
	}
	if (!sym || !str || !gnu || !gnu[0])
		return 0;

	uint32_t nbuckets = gnu[0], symoffset = gnu[1], bloom_size = gnu[2];
	const uint32_t *buckets =
		(const uint32_t *)((const ElfW(Addr) *)(gnu + 4) + bloom_size);
	const uint32_t *chain = buckets + nbuckets;

	for (uint32_t i = buckets[hash % nbuckets]; i && i >= symoffset; i++) {
		uint32_t h = chain[i - symoffset];
		/* versym bit 15: a hidden, non-default version (e.g. old compat). */
		if ((h | 1) == (hash | 1) && sym[i].st_shndx != SHN_UNDEF &&
		    ELF64_ST_TYPE(sym[i].st_info) == STT_FUNC &&
		    !(versym && (versym[i] & 0x8000)) &&
		    rt_streq(name, str + sym[i].st_name))
			return (void *)(l->l_addr + sym[i].st_value);
		if (h & 1)
			break;
	}
	return 0;
}

/* Like dlsym(RTLD_DEFAULT, name) for a function, over the whole link map. */
static void *rt_lookup(struct rt_process *p, const char *name)
{
	const struct r_debug *r = rt_r_debug(p);
	uint32_t hash = 5381;
	for (const char *s = name; *s; s++)
		hash = hash * 33 + (unsigned char)*s;
	for (const struct link_map *l = r ? r->r_map : 0; l; l = l->l_next) {
		void *f = rt_lookup_in(l, name, hash);
		if (f)
			return f;
	}
	return 0;
}

/* The name the loader knows this module by (it needs our PT_DYNAMIC). */
static const char *rt_link_map_name(struct rt_process *p,
				    const ElfW(Phdr) *phdr, size_t phnum,
				    uintptr_t bias)
{
	const struct r_debug *r = rt_r_debug(p);
	const void *dyn = 0;
	for (size_t i = 0; i < phnum; i++)
		if (phdr[i].p_type == PT_DYNAMIC)
			dyn = (const void *)(bias + phdr[i].p_vaddr);
	for (const struct link_map *l = r && dyn ? r->r_map : 0; l; l = l->l_next)
		if (l->l_ld == dyn)
			return l->l_name;
	return 0;
}
