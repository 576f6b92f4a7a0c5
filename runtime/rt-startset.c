/* SPDX-License-Identifier: MIT */
/*
 * rt-startset.h.  Names are kept as 30-bit hashes of the file name (a
 * path counts by its last component, as DT_NEEDED entries name objects by
 * DT_SONAME or file name) with two flags: some object fed so far answers
 * to the name, some object needs it.  A collision can only close the
 * prefix early, which makes its objects look dlopen'd: pinned, harmless.
 */
#include "rt-startset.h"

#define RT_NAME_NEEDED 1u
#define RT_NAME_PRESENT 2u

RT_FN void rt_startset_init(struct rt_startset *s, uint32_t *buf, unsigned cap)
{
	*s = (struct rt_startset){ .tab = buf, .cap = cap };
}

/*
 * djb2 over the file name, then multiplied by an odd constant so that the
 * two low bits the flags take depend on every character: djb2's own low
 * bits are mostly the last one, and libfoo.so.1 and libfoo.so.2 must not
 * meet.
 */
static uint32_t rt_name_key(const char *s)
{
	uint32_t h = 5381;
	for (; *s; s++)
		h = *s == '/' ? 5381 : h * 33 + (unsigned char)*s;
	h = (h * 2654435761u) & ~(RT_NAME_NEEDED | RT_NAME_PRESENT);
	return h ? h : 4;
}

/* Open addressing in a power-of-two table, never more than half full. */
static uint32_t *rt_name_slot(struct rt_startset *s, uint32_t key)
{
	const uint32_t mask = RT_NAME_NEEDED | RT_NAME_PRESENT;
	unsigned i = (key >> 2) & (s->cap - 1);
	while (s->tab[i] && (s->tab[i] & ~mask) != key)
		i = (i + 1) & (s->cap - 1);
	if (!s->tab[i]) {
		if (2 * (s->used + 1) > s->cap) {
			s->phase = RT_WALK_LOST;
			return 0;
		}
		s->used++;
		s->tab[i] = key;
	}
	return &s->tab[i];
}

RT_FN void rt_startset_name(struct rt_startset *s, const char *name, int needed)
{
	uint32_t flag = needed ? RT_NAME_NEEDED : RT_NAME_PRESENT;
	uint32_t *slot;

	if (s->phase != RT_WALK_PREFIX || !name || !name[0] ||
	    !(slot = rt_name_slot(s, rt_name_key(name))) || (*slot & flag))
		return;
	if (!needed && (*slot & RT_NAME_NEEDED))
		s->unmet--;
	if (needed && !(*slot & RT_NAME_PRESENT))
		s->unmet++;
	*slot |= flag;
}

RT_FN void rt_startset_next(struct rt_startset *s)
{
	s->seen++;
	if (s->phase == RT_WALK_PREFIX && s->unmet == 0) {
		s->phase = RT_WALK_CLOSED;
		s->prefix = s->seen;
	}
}

RT_FN void rt_startset_lost(struct rt_startset *s)
{
	if (s->phase == RT_WALK_PREFIX)
		s->phase = RT_WALK_LOST;
}

RT_FN void rt_startset_close(struct rt_startset *s, unsigned n)
{
	if (s->phase == RT_WALK_PREFIX && s->seen == 0 && n) {
		s->phase = RT_WALK_CLOSED;
		s->prefix = n;
	}
}

RT_FN enum rt_origin rt_startset_origin(const struct rt_startset *s, unsigned index)
{
	if (s->phase != RT_WALK_CLOSED)
		return RT_ORIGIN_UNKNOWN;
	return index < s->prefix ? RT_ORIGIN_STARTUP : RT_ORIGIN_DLOPEN;
}
