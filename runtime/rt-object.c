/* SPDX-License-Identifier: MIT */
/*
 * A loaded ELF object as its program headers describe it: the span to
 * seal, its RELRO, its dynamic section and, when it carries one, our note.
 */
#include "rt.h"

RT_HOT RT_FN int rt_object_scan(struct rt_object *o, const ElfW(Phdr) *phdr,
			 size_t phnum, uintptr_t bias, uintptr_t anchor)
{
	int holds = 0;

	*o = (struct rt_object){ .phdr = phdr, .phnum = phnum, .bias = bias,
				 .lo = UINTPTR_MAX };
	for (const ElfW(Phdr) *ph = phdr; ph < phdr + phnum; ph++) {
		uintptr_t s = bias + ph->p_vaddr, e = s + ph->p_memsz;
		switch (ph->p_type) {
		case PT_LOAD:
			if (s < o->lo)
				o->lo = s;
			if (e > o->hi)
				o->hi = e;
			holds |= anchor - s < e - s;
			break;
		case PT_GNU_RELRO:
			o->relro_lo = s;
			o->relro_hi = e;
			break;
		case PT_DYNAMIC:
			o->dynamic = (const ElfW(Dyn) *)s;
			break;
		}
	}
	return holds;
}

/* Notes are 4-aligned here (8 only for GNU properties, never ours). */
RT_HOT RT_FN const struct sealing_note *rt_object_note(const struct rt_object *o)
{
	for (const ElfW(Phdr) *ph = o->phdr; ph < o->phdr + o->phnum; ph++) {
		if (ph->p_type != PT_NOTE || ph->p_align > 4)
			continue;
		const char *n = (const char *)(o->bias + ph->p_vaddr);
		const char *end = n + ph->p_memsz;
		while (end - n >= (long)sizeof(struct sealing_note)) {
			const ElfW(Nhdr) *h = (const ElfW(Nhdr) *)n;
			if (sealing_note_is_ours(h->n_namesz, h->n_type,
						 (const char *)(h + 1)) &&
			    h->n_descsz >= SEALING_NOTE_DESCSZ)
				return (const struct sealing_note *)n;
			n += sizeof(*h) + ((h->n_namesz + 3) & ~3u) +
			     ((h->n_descsz + 3) & ~3u);
		}
	}
	return 0;
}

/* An object the loader lists: its headers, its name if it has one, its note. */
RT_FN void rt_object_from_info(struct rt_object *o, const struct dl_phdr_info *info)
{
	rt_object_scan(o, info->dlpi_phdr, info->dlpi_phnum, info->dlpi_addr, 0);
	o->name = info->dlpi_name && info->dlpi_name[0] ? info->dlpi_name : 0;
	o->note = rt_object_note(o);
}

RT_HOT RT_FN volatile unsigned char *rt_object_state(const struct rt_object *o,
						    const struct sealing_note *n)
{
	const volatile int32_t *field = &n->desc.state;
	int32_t off = *field;
	if (n->desc.version != SEALING_NOTE_VERSION || !off)
		return 0;
	/* Unsigned arithmetic: an offset that wraps lands nowhere valid. */
	uintptr_t at = (uintptr_t)field + (uintptr_t)(intptr_t)off;
	for (const ElfW(Phdr) *ph = o->phdr; ph < o->phdr + o->phnum; ph++)
		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_W) &&
		    at - (o->bias + ph->p_vaddr) < ph->p_memsz)
			return (volatile unsigned char *)at;
	return 0;
}

/*
 * PT_PHDR gives the load bias.  Every dynamically linked executable has
 * one; a static one has no other objects to look at, so without it we
 * answer "unknown" rather than guess a bias.
 */
RT_HOT RT_FN int rt_object_exe(struct rt_process *p, struct rt_object *e)
{
	const ElfW(Phdr) *ph = 0;
	size_t n = 0;

	for (const ElfW(auxv_t) *a = rt_auxv(p); a && a->a_type != AT_NULL; a++) {
		if (a->a_type == AT_PHDR)
			ph = (const ElfW(Phdr) *)a->a_un.a_val;
		else if (a->a_type == AT_PHNUM)
			n = a->a_un.a_val;
	}

	for (size_t i = 0; ph && i < n; i++)
		if (ph[i].p_type == PT_PHDR) {
			rt_object_scan(e, ph, n, (uintptr_t)ph - ph[i].p_vaddr, 0);
			return 1;
		}
	return 0;
}
