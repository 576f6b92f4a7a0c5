/* SPDX-License-Identifier: MIT */
/*
 * The loader's list of modules, for the rare paths only: a module's name
 * in messages, and the two libc functions we may call (dlopen to pin a
 * dlopen'd library, dl_iterate_phdr to walk the loaded objects).
 *
 * Referencing those functions would cost every module a load-time symbol
 * lookup (rt-process.c), so we look them up ourselves when needed: the
 * executable's DT_DEBUG entry, which ld.so fills for debuggers, leads to
 * r_debug and the link map, and each module's GNU hash table answers
 * "where is NAME" in a few probes, its Bloom filter rejecting most
 * modules in one.
 */
#include "rt.h"

/* The executable's r_debug, found through its PT_DYNAMIC.  Only its
 * headers are read (rt_exe_headers): the core asks too (rt-fetch.c). */
RT_FN const struct r_debug *rt_r_debug(struct rt_process *p)
{
	struct rt_object e;
	const ElfW(Dyn) *d = 0;

#ifdef RT_CACHE_EXE
	if (p->r_debug)
		return p->r_debug;
#endif
	if (!rt_exe_headers(p, &e))
		return 0;
	for (size_t i = 0; i < e.phnum; i++)
		if (e.phdr[i].p_type == PT_DYNAMIC)
			d = (const ElfW(Dyn) *)(e.bias + e.phdr[i].p_vaddr);
	for (; d && d->d_tag != DT_NULL; d++)
		if (d->d_tag == DT_DEBUG) {
			/* Set by ld.so before any constructor runs, and for good:
			 * a NULL (a static program) is asked again, cheaply. */
#ifdef RT_CACHE_EXE
			p->r_debug = (const struct r_debug *)d->d_un.d_ptr;
#endif
			return (const struct r_debug *)d->d_un.d_ptr;
		}
	return 0;
}

static void *rt_lookup_in(const struct link_map *l, const char *name,
			  uint32_t hash)
{
	const ElfW(Sym) *sym = 0;
	const char *str = 0;
	const uint32_t *gnu = 0;
	const uint16_t *versym = 0;

	/* Most modules lack the name: their Bloom filter says so before the
	 * rest of PT_DYNAMIC is read (a walk of every module per lookup). */
	for (const ElfW(Dyn) *d = l->l_ld; d && d->d_tag != DT_NULL; d++)
		if (d->d_tag == DT_GNU_HASH) {
			gnu = (const uint32_t *)rt_dyn_addr(l->l_addr, d->d_un.d_ptr);
			break;
		}
	if (!gnu || !gnu[0] || !gnu[2])
		return 0;

	uint32_t nbuckets = gnu[0], symoffset = gnu[1], bloom_size = gnu[2];
	uint32_t shift = gnu[3], bits = 8 * sizeof(ElfW(Addr));
	const ElfW(Addr) *bloom = (const ElfW(Addr) *)(gnu + 4);
	ElfW(Addr) word = bloom[(hash / bits) & (bloom_size - 1)];
	if (!((word >> (hash % bits)) & (word >> ((hash >> shift) % bits)) & 1))
		return 0;

	for (const ElfW(Dyn) *d = l->l_ld; d->d_tag != DT_NULL; d++) {
		if (d->d_tag == DT_SYMTAB)
			sym = (const ElfW(Sym) *)rt_dyn_addr(l->l_addr, d->d_un.d_ptr);
		else if (d->d_tag == DT_STRTAB)
			str = (const char *)rt_dyn_addr(l->l_addr, d->d_un.d_ptr);
		else if (d->d_tag == DT_VERSYM)
			versym = (const uint16_t *)rt_dyn_addr(l->l_addr, d->d_un.d_ptr);
	}
	if (!sym || !str)
		return 0;

	const uint32_t *buckets = (const uint32_t *)(bloom + bloom_size);
	const uint32_t *chain = buckets + nbuckets;
	for (uint32_t i = buckets[hash % nbuckets]; i && i >= symoffset; i++) {
		uint32_t h = chain[i - symoffset];
		/* versym bit 15: a hidden, non-default version (old compat). */
		if ((h | 1) == (hash | 1) && sym[i].st_shndx != SHN_UNDEF &&
		    ELF64_ST_TYPE(sym[i].st_info) == STT_FUNC &&
		    !(versym && (versym[i] & 0x8000)) &&
		    sealing_streq(name, str + sym[i].st_name))
			return (void *)(l->l_addr + sym[i].st_value);
		if (h & 1)
			break;
	}
	return 0;
}

/* Like dlsym(RTLD_DEFAULT, name) for a function, over the whole link map. */
RT_FN void *rt_lookup(struct rt_process *p, const char *name)
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

typedef int (*rt_iterate_fn)(rt_iterate_cb, void *);

RT_FN int rt_iterate(struct rt_process *p, rt_iterate_cb cb, void *arg)
{
	if (!p->iterate)
		p->iterate = rt_lookup(p, "dl_iterate_phdr");
	return p->iterate ? ((rt_iterate_fn)p->iterate)(cb, arg) : -1;
}

/* The name the loader knows a module by: its link-map entry, matched by
 * its PT_DYNAMIC; the executable's comes from AT_EXECFN. */
RT_FN const char *rt_object_name(struct rt_process *p, struct rt_object *o)
{
	if (o->name && o->name[0])
		return o->name;
	if (rt_self_is_exe(p, o)) {
		const char *fn = (const char *)rt_auxval(p, AT_EXECFN);
		return o->name = fn ? fn : "(executable)";
	}
	const struct r_debug *r = rt_r_debug(p);
	for (const struct link_map *l = r && o->dynamic ? r->r_map : 0; l; l = l->l_next)
		if (l->l_ld == o->dynamic && l->l_name && l->l_name[0])
			return o->name = l->l_name;
	return "(unknown module)";
}
