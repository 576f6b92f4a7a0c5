/* SPDX-License-Identifier: MIT */
/*
 * Loaded at start-up or by dlopen?  A library that dlclose may unmap must
 * be pinned (RTLD_NODELETE) before it is sealed; one loaded at start-up is
 * never unloaded and needs nothing.  glibc has no public flag for it, so
 * the answer comes from two facts that are:
 *
 * - the executable's constructor runs after every start-up constructor.
 *   When the executable carries our note, its state byte says whether
 *   that has happened yet: if it has, any library now starting was
 *   dlopen'd.  Before it, a library leaves its sealing to the
 *   executable's process pass when the executable has one, which then
 *   tells both kinds apart with the walk below.
 * - start-up objects are a prefix of the link map, in a known order: the
 *   executable, the vdso, the preloaded objects, then the DT_NEEDED
 *   closure breadth first; dlopen appends.  Walking the map and matching
 *   each object against the names needed so far finds where start-up
 *   ends, with no private loader data and no stack-depth guess.
 */
#include "rt.h"

RT_HOT RT_FN void rt_exe_view(struct rt_process *p, struct rt_exe_view *v)
{
	struct rt_object e;
	const struct sealing_note *n;
	struct rt_config c;

	*v = (struct rt_exe_view){ 0 };
	if (!rt_object_exe(p, &e) || !(n = rt_object_note(&e)) ||
	    !(v->state = rt_note_state(n)))
		return;
	rt_config_read(p, n, &c);
	v->seals_process = c.policy != SEALING_POLICY_OFF &&
			   (c.flags & SEALING_FLAG_SCOPE_PROCESS);
}

static uint32_t rt_hash(const char *s, int *slash)
{
	uint32_t h = 5381;
	for (; *s; s++) {
		h = h * 33 + (unsigned char)*s;
		*slash |= *s == '/';
	}
	return h | 1; /* 0 marks a free slot */
}

RT_FN void rt_startup_walk_init(struct rt_startup_walk *w, struct rt_process *p,
				uint32_t *buf, unsigned cap)
{
	*w = (struct rt_startup_walk){ .p = p, .hash = buf, .cap = cap,
					.exe_phdr = rt_auxval(p, AT_PHDR),
					.vdso = rt_auxval(p, AT_SYSINFO_EHDR) };
	/* buf is word-aligned (rt.h); a word at a time is half the stores. */
	rt_zero_words((uintptr_t *)(void *)buf, cap * sizeof(*buf) / sizeof(uintptr_t));
}

/* Open addressing in a power-of-two table, never more than half full. */
static uint32_t *rt_slot(const struct rt_startup_walk *w, uint32_t h)
{
	unsigned i = h & (w->cap - 1);
	while (w->hash[i] && w->hash[i] != h)
		i = (i + 1) & (w->cap - 1);
	return &w->hash[i];
}

static int rt_needed(const struct rt_startup_walk *w, const char *name)
{
	int slash = 0;
	return *rt_slot(w, rt_hash(name, &slash)) != 0;
}

/* rt_needed(w, rt_basename(path)) in one pass over a path that may be long. */
static int rt_needed_basename(const struct rt_startup_walk *w, const char *path)
{
	uint32_t h = 5381;
	for (; *path; path++)
		h = *path == '/' ? 5381 : h * 33 + (unsigned char)*path;
	return *rt_slot(w, h | 1) != 0;
}

static void rt_add_needed(struct rt_startup_walk *w, const char *name)
{
	uint32_t h = rt_hash(name, &w->slash), *slot;
	if (2 * (w->nhash + 1) > w->cap) {
		w->overflow = 1;
		return;
	}
	slot = rt_slot(w, h);
	w->nhash += !*slot;
	*slot = h;
}

/*
 * Is the object needed by one before it?  A DT_NEEDED entry names it by
 * its DT_SONAME or its file name, or by its path if the entry has a
 * slash.  Then its own DT_NEEDED entries join the set.  Hashes only: a
 * collision could only make a dlopen'd object look like a start-up one,
 * once in 2^31.
 */
static int rt_walk_object(struct rt_startup_walk *w,
			  const struct dl_phdr_info *info)
{
	const ElfW(Dyn) *dyn = 0;
	const char *str = 0, *name = info->dlpi_name;
	int named = 0;

	for (size_t i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_DYNAMIC)
			dyn = (const ElfW(Dyn) *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
	for (const ElfW(Dyn) *d = dyn; d && d->d_tag != DT_NULL; d++)
		if (d->d_tag == DT_STRTAB)
			str = (const char *)(d->d_un.d_ptr < info->dlpi_addr ?
					     info->dlpi_addr + d->d_un.d_ptr : d->d_un.d_ptr);
	/* The SONAME first: DT_NEEDED entries name it far more often than a
	 * file name does, and it is short where paths are long. */
	for (const ElfW(Dyn) *d = dyn; str && d->d_tag != DT_NULL; d++)
		if (d->d_tag == DT_SONAME) {
			named = rt_needed(w, str + d->d_un.d_val);
			break;
		}
	if (!named && name && name[0])
		named = rt_needed_basename(w, name) || (w->slash && rt_needed(w, name));
	for (const ElfW(Dyn) *d = dyn; str && d->d_tag != DT_NULL; d++)
		if (d->d_tag == DT_NEEDED)
			rt_add_needed(w, str + d->d_un.d_val);
	return named;
}

RT_FN int rt_startup_walk_next(struct rt_startup_walk *w,
			       const struct dl_phdr_info *info)
{
	uintptr_t vdso = w->vdso;
	uintptr_t phdr = (uintptr_t)info->dlpi_phdr;

	switch (w->phase) {
	case 0: /* the executable comes first */
		if (phdr != w->exe_phdr) {
			w->phase = 3;
			return 0;
		}
		rt_walk_object(w, info);
		/* Needing nothing, it leaves preloads and dlopens alike. */
		w->phase = w->nhash ? 1 : 3;
		return 1;
	case 1: /* the vdso and the preloaded objects, needed by nobody */
		if (vdso && phdr - vdso < 4096)
			return 1;
		if (rt_walk_object(w, info))
			w->phase = 2;
		return 1;
	case 2: /* from here on, each must be needed by one before it */
		if (rt_walk_object(w, info) && !w->overflow)
			return 1;
		w->phase = 3;
		return 0;
	default:
		return 0;
	}
}

struct rt_find_arg {
	struct rt_startup_walk w;
	const ElfW(Phdr) *self;
	int startup;
	int marked; /* an earlier walk has marked the prefix already */
};

/*
 * Tell a start-up module with a note so, for its own constructor.
 * Returns whether an earlier walk had: every walk marks the whole
 * prefix, so then the rest is marked too.
 */
static int rt_mark_startup(const struct dl_phdr_info *info)
{
	struct rt_object o;
	volatile unsigned char *state;

	rt_object_from_info(&o, info);
	if (!o.note || !(state = rt_note_state(o.note)))
		return 0;
	if (rt_state_get(state) & SEALING_STATE_STARTUP)
		return 1;
	rt_state_set(state, SEALING_STATE_STARTUP);
	return 0;
}

/* The whole start-up prefix, not only up to ourselves: see rt_load_walk. */
static int rt_find_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	struct rt_find_arg *a = data;
	(void)size;
	int startup = rt_startup_walk_next(&a->w, info);
	if (startup && !a->marked)
		a->marked = rt_mark_startup(info);
	if (info->dlpi_phdr == a->self)
		a->startup = startup;
	return a->w.phase == 3; /* past the start-up objects: stop */
}

/*
 * Without the executable's help a library walks the map itself, paid
 * only when the executable carries no note or seals only itself.  Every
 * start-up library would walk the objects before it, O(N^2) in all; so
 * the first walks the whole start-up prefix once and marks each module
 * there that has a note (SEALING_STATE_STARTUP), and the others read
 * their mark instead.  Start-up objects are all mapped before the first
 * constructor runs, and a dlopen appends after them, so a mark is never
 * wrong; a module not marked walks.  Out of the hot path.
 */
RT_OUTLINE static enum rt_load rt_load_walk(struct rt_process *p,
					   const struct rt_object *m)
{
	_Alignas(uintptr_t) uint32_t buf[512];
	struct rt_find_arg a;

	rt_startup_walk_init(&a.w, p, buf, sizeof(buf) / sizeof(buf[0]));
	a.self = m->phdr;
	a.startup = 0;
	a.marked = 0;
	if (rt_iterate(p, rt_find_cb, &a) < 0)
		return RT_LOAD_DLOPEN; /* pinning is always safe */
	return a.startup ? RT_LOAD_STARTUP : RT_LOAD_DLOPEN;
}

/* A library's own verdict. */
RT_HOT RT_FN enum rt_load rt_load_kind(struct rt_process *p, const struct rt_object *m,
				       volatile unsigned char *self_state,
				       struct rt_exe_view *e)
{
	extern char __start_sealing_mutable[] __attribute__((weak, visibility("hidden")));
	extern char __stop_sealing_mutable[] __attribute__((weak, visibility("hidden")));

	*e = (struct rt_exe_view){ 0 };
	if (rt_self_is_exe(p, m))
		return RT_LOAD_EXE;
	rt_exe_view(p, e);
	if (e->state && (rt_state_get(e->state) & SEALING_STATE_RAN))
		return RT_LOAD_DLOPEN;
	/*
	 * Start-up is under way.  The executable's pass cannot know our
	 * SEALING_MUTABLE pages, so a module that has some seals itself.
	 */
	if (e->seals_process && (uintptr_t)__start_sealing_mutable == (uintptr_t)__stop_sealing_mutable)
		return RT_LOAD_DEFERRED;
	if (rt_state_get(self_state) & SEALING_STATE_STARTUP)
		return RT_LOAD_STARTUP; /* an earlier library's walk saw us */
	return rt_load_walk(p, m);
}
