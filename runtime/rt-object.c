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

/* The policy a reader applies for a policy note (damage reads as 1). */
RT_HOT static unsigned rt_note_policy(const ElfW(Nhdr) *h)
{
	const unsigned char *d = (const unsigned char *)(h + 1) + SEALING_NOTE_NAMESZ;
	return sealing_desc_policy(d[SEALING_DESC_VERSION_OFFSET], d[SEALING_DESC_POLICY_OFFSET]);
}

/*
 * sealing_note_owner_is_ours, in two loads: the name follows the 4-aligned
 * header, and every runtime port is little-endian.  Eight compares of a
 * byte would cost each copy of the runtime some forty bytes.
 */
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && SEALING_NOTE_NAMESZ == 8,
	       "rt_owner_words_ours reads \"SEALING\" as two little-endian words");
static inline int rt_owner_words_ours(uint32_t w0, uint32_t w1)
{
	return w0 == 0x4c414553u /* "SEAL" */ && w1 == 0x00474e49u /* "ING" */;
}

static inline int rt_owner_is_ours(const ElfW(Nhdr) *h)
{
	const uint32_t *w = (const uint32_t *)(const void *)(h + 1);
	return h->n_namesz == SEALING_NOTE_NAMESZ && rt_owner_words_ours(w[0], w[1]);
}

/*
 * The next note at or after *at, before end, with our owner name, this
 * type and at least min_desc descriptor bytes; *at moves past it.  NULL
 * when there is none.  Ours are 4-aligned (8 only for GNU properties,
 * never ours).
 */
RT_HOT static inline const ElfW(Nhdr) *rt_note_next(const char **at, const char *end,
						    uint32_t type, uint32_t min_desc)
{
	const char *n = *at;
	while (end - n >= (long)(sizeof(ElfW(Nhdr)) + SEALING_NOTE_NAMESZ)) {
		const ElfW(Nhdr) *h = (const ElfW(Nhdr) *)n;
		n += sizeof(*h) + ((h->n_namesz + 3) & ~3u) + ((h->n_descsz + 3) & ~3u);
		if (h->n_type == type && h->n_descsz >= min_desc &&
		    rt_owner_is_ours(h) &&
		    end - (const char *)h >= (long)(sizeof(*h) + SEALING_NOTE_NAMESZ + min_desc)) {
			*at = n;
			return h;
		}
	}
	*at = end;
	return 0;
}

/*
 * The note of this type with our owner name and at least min_desc
 * descriptor bytes, in the PT_NOTE segments of the object at bias.  Of
 * several policy notes, the strictest: a module whose units disagree
 * keeps one note per policy, and the highest applies
 * (docs/note-format.md), in whatever order the linker laid them out.
 */
RT_HOT RT_FN const ElfW(Nhdr) *rt_note_find(const ElfW(Phdr) *phdr, size_t phnum,
					    uintptr_t bias, uint32_t type, uint32_t min_desc)
{
	const ElfW(Nhdr) *best = 0, *h;
	for (const ElfW(Phdr) *ph = phdr; ph < phdr + phnum; ph++) {
		if (ph->p_type != PT_NOTE || ph->p_align > 4)
			continue;
		const char *n = (const char *)(bias + ph->p_vaddr);
		const char *end = n + ph->p_memsz;
		while ((h = rt_note_next(&n, end, type, min_desc))) {
			if (type != SEALING_NOTE_TYPE)
				return h;
			if (!best || rt_note_policy(h) > rt_note_policy(best))
				best = h;
		}
	}
	return best;
}

/* Every such note of o's, in order. */
RT_FN void rt_note_each(const struct rt_object *o, uint32_t type, uint32_t min_desc,
			void (*fn)(const struct rt_object *, const ElfW(Nhdr) *, void *),
			void *arg)
{
	const ElfW(Nhdr) *h;
	for (const ElfW(Phdr) *ph = o->phdr; ph < o->phdr + o->phnum; ph++) {
		if (ph->p_type != PT_NOTE || ph->p_align > 4)
			continue;
		const char *n = (const char *)(o->bias + ph->p_vaddr);
		const char *end = n + ph->p_memsz;
		while ((h = rt_note_next(&n, end, type, min_desc)))
			fn(o, h, arg);
	}
}

RT_HOT RT_FN const struct sealing_note *rt_object_note(const struct rt_object *o)
{
	return (const struct sealing_note *)rt_note_find(o->phdr, o->phnum, o->bias,
							 SEALING_NOTE_TYPE,
							 SEALING_NOTE_DESCSZ_V2);
}

/* An object the loader lists: its headers, its name if it has one, its note. */
RT_FN void rt_object_from_info(struct rt_object *o, const struct dl_phdr_info *info)
{
	rt_object_scan(o, info->dlpi_phdr, info->dlpi_phnum, info->dlpi_addr, 0);
	o->name = info->dlpi_name && info->dlpi_name[0] ? info->dlpi_name : 0;
	o->note = rt_object_note(o);
}

/*
 * Where a PC-relative offset field leads, if that lies in one of o's
 * segments with the permission asked for (PF_W for a state byte, PF_X for
 * an entry), and for PF_W outside RELRO, which is read-only once
 * relocated: a damaged note must not make anyone write or jump anywhere.
 * Unsigned arithmetic: an offset that wraps lands nowhere valid.
 */
RT_HOT RT_FN volatile unsigned char *rt_object_target(const struct rt_object *o,
						      const volatile int32_t *field,
						      uint32_t perm)
{
	int32_t off = *field;
	uintptr_t at = (uintptr_t)field + (uintptr_t)(intptr_t)off;
	if (!off || (perm == PF_W && at - o->relro_lo < o->relro_hi - o->relro_lo))
		return 0;
	for (const ElfW(Phdr) *ph = o->phdr; ph < o->phdr + o->phnum; ph++)
		if (ph->p_type == PT_LOAD && (ph->p_flags & perm) &&
		    at - (o->bias + ph->p_vaddr) < ph->p_memsz)
			return (volatile unsigned char *)at;
	return 0;
}

RT_FN int rt_object_mutable(const struct rt_object *o, struct rt_range *out)
{
	const ElfW(Nhdr) *h = rt_note_find(o->phdr, o->phnum, o->bias, SEALING_MUTABLE_NOTE_TYPE,
					   SEALING_MUTABLE_DESCSZ);
	if (!h)
		return 0;
	const volatile int32_t *f = (const volatile int32_t *)((const char *)(h + 1) + SEALING_NOTE_NAMESZ);
	/* Unsigned: an offset that wraps lands nowhere valid. */
	uintptr_t lo = (uintptr_t)&f[0] + (uintptr_t)(intptr_t)f[0];
	uintptr_t hi = (uintptr_t)&f[1] + (uintptr_t)(intptr_t)f[1];
	if (lo >= hi || (hi > o->relro_lo && lo < o->relro_hi))
		return 0;
	for (const ElfW(Phdr) *ph = o->phdr; ph < o->phdr + o->phnum; ph++) {
		uintptr_t s = o->bias + ph->p_vaddr;
		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_W) && lo >= s &&
		    hi - s <= ph->p_memsz) {
			*out = (struct rt_range){ lo, hi };
			return 1;
		}
	}
	return 0;
}

RT_HOT RT_FN volatile unsigned char *rt_object_state(const struct rt_object *o,
						     const struct sealing_note *n)
{
	unsigned v = n->desc.version;
	if (v < SEALING_NOTE_VERSION_OLDEST || v > SEALING_NOTE_VERSION)
		return 0;
	return rt_object_target(o, &n->desc.state, PF_W);
}

/*
 * Whether a module's own note can be trusted as it is: 0, or which field
 * is damaged; state is where its state byte must be (NULL: not known,
 * not checked).  sealctl may have rewritten the note, or the file be
 * damaged: a damaged note must not make the executable, which reads it
 * too, skip the module.
 */
RT_FN enum rt_damage rt_note_check(const volatile struct sealing_note *n,
				   const volatile unsigned char *state)
{
	/* sealing_note_is_ours, the name read as two words as rt_owner_is_ours
	 * reads it, not a copy of eight bytes and eight compares (the process
	 * pass asks twice for every module). */
	const volatile uint32_t *w = (const volatile uint32_t *)(const volatile void *)n->name;
	if (n->namesz != SEALING_NOTE_NAMESZ || n->type != SEALING_NOTE_TYPE ||
	    !rt_owner_words_ours(w[0], w[1]) || n->descsz < SEALING_NOTE_DESCSZ)
		return RT_DAMAGE_HEADER;
	if (n->desc.version != SEALING_NOTE_VERSION)
		return RT_DAMAGE_VERSION;
	if (n->desc.policy > SEALING_POLICY_ENFORCE)
		return RT_DAMAGE_POLICY;
	if (n->desc.reserved)
		return RT_DAMAGE_RESERVED;
	if (n->desc.flags & ~SEALING_FLAGS_KNOWN)
		return RT_DAMAGE_FLAGS;
	const volatile int32_t *field = &n->desc.state;
	if (state && (uintptr_t)field + (uintptr_t)(intptr_t)*field != (uintptr_t)state)
		return RT_DAMAGE_STATE;
	return RT_DAMAGE_NONE;
}

/* The words, as sealctl check words the same damage (tools/note-read.c). */
RT_FN const char *rt_note_damage(const volatile struct sealing_note *n,
				 const volatile unsigned char *state)
{
	switch (rt_note_check(n, state)) {
	case RT_DAMAGE_NONE: return 0;
	case RT_DAMAGE_HEADER: return "note damaged: its header is not a sealing note's";
	case RT_DAMAGE_VERSION: return "note damaged: not the version this runtime reads";
	case RT_DAMAGE_POLICY: return "note damaged: policy out of range (0, 1 or 2)";
	case RT_DAMAGE_RESERVED: return "note damaged: reserved byte not 0";
	case RT_DAMAGE_FLAGS: return "note damaged: unknown flag bits";
	default: return "note damaged: its state offset points elsewhere than its state byte";
	}
}
