/* SPDX-License-Identifier: MIT */
/*
 * Loaded at start-up or by dlopen?  A library that dlclose may unmap must
 * be pinned (RTLD_NODELETE) before it is sealed; one loaded at start-up is
 * never unloaded and needs nothing.  glibc has no public flag for it, so
 * the answer comes from facts that are public:
 *
 * - the executable's constructor runs after every start-up constructor.
 *   When the executable carries our note, its state byte says whether
 *   that has happened yet: if it has, any library now starting was
 *   dlopen'd.  Before it, a library leaves its sealing to the
 *   executable's process pass when the executable has one.
 * - the link map lists the start-up set first: the executable, the vdso,
 *   the preloaded objects (LD_PRELOAD, ld.so --preload, /etc/ld.so.preload,
 *   in any order, some of them perhaps needed too), then the rest of the
 *   DT_NEEDED closure, breadth first, ld.so where it is first needed;
 *   every dlopen appends after them, even one made by a start-up
 *   constructor, since all of start-up is mapped before the first
 *   constructor runs.  The start-up set is closed under DT_NEEDED, so the
 *   shortest prefix of the map that is closed ends at or before it: that
 *   prefix is what we call start-up.
 *
 * Why it is safe.  The prefix never takes in a dlopen'd object, so nothing
 * is ever sealed unpinned that dlclose could unmap.  It can stop short of
 * the true set only when every name needed so far is already met while
 * preloads still follow; since libc needs ld.so and ld.so comes after
 * every preload, that takes a program that needs no libc.  Objects past
 * the prefix are then treated as dlopen'd: pinned, which changes nothing
 * for a start-up object.  When no prefix closes (a name the loader met
 * in a way we cannot see, such as an LD_AUDIT module's la_objsearch, or
 * more names than the table holds), the answer is "unknown", and whoever
 * asks pins before sealing.
 */
#include "rt.h"

RT_HOT RT_FN sealing_rt_entry rt_exe_pass(struct rt_process *p, volatile unsigned char **state)
{
	struct rt_object e;
	const ElfW(Nhdr) *h;
	const volatile unsigned char *entry;

	if (!rt_object_exe(p, &e) ||
	    !(h = rt_note_find(e.phdr, e.phnum, e.bias, SEALING_PROCESS_NOTE_TYPE,
			       SEALING_PROCESS_DESCSZ)))
		return 0;
	const struct sealing_process_desc *d =
		(const struct sealing_process_desc *)((const char *)(h + 1) + SEALING_NOTE_NAMESZ);
	/* Only a part that speaks our version of sealing_rt_call. */
	if (d->version != SEALING_NOTE_VERSION ||
	    !(*state = rt_object_target(&e, &d->state, PF_W)) ||
	    !(entry = rt_object_target(&e, &d->entry, PF_X)))
		return 0;
	return (sealing_rt_entry)(uintptr_t)entry;
}

RT_FN volatile unsigned char *rt_exe_pass_state(struct rt_process *p)
{
	volatile unsigned char *s;
	return rt_exe_pass(p, &s) ? s : 0;
}

RT_HOT RT_FN int rt_exe_will_seal(struct rt_process *p, const struct sealing_rt_call *call)
{
	volatile unsigned char *s;
	return call->mutable_lo == call->mutable_hi && rt_exe_pass(p, &s) &&
	       !(rt_state_get(s) & SEALING_STATE_RAN);
}

/* Has the executable's constructor begun?  Then start-up is over. */
RT_FN int rt_exe_started(struct rt_process *p)
{
	struct rt_object e;
	const struct sealing_note *n;
	volatile unsigned char *s = rt_exe_pass_state(p);

	if (s && (rt_state_get(s) & SEALING_STATE_RAN))
		return 1;
	if (!rt_object_exe(p, &e) || !(n = rt_object_note(&e)) ||
	    !(s = rt_object_state(&e, n)))
		return 0;
	return (rt_state_get(s) & SEALING_STATE_RAN) != 0;
}

RT_FN void rt_startup_walk_init(struct rt_startup_walk *w, struct rt_process *p,
				uint32_t *buf, unsigned cap)
{
	w->exe_phdr = rt_auxval(p, AT_PHDR);
	w->vdso = rt_auxval(p, AT_SYSINFO_EHDR);
	/* buf is word-aligned (rt.h); a word at a time is half the stores. */
	rt_zero_words((uintptr_t *)(void *)buf, cap * sizeof(*buf) / sizeof(uintptr_t));
	rt_startset_init(&w->set, buf, cap);
}

/* An object's names, from its dynamic section. */
static void rt_walk_object(struct rt_startset *set, const struct dl_phdr_info *info)
{
	const ElfW(Dyn) *dyn = 0;
	const char *str = 0;

	for (size_t i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_DYNAMIC)
			dyn = (const ElfW(Dyn) *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
	for (const ElfW(Dyn) *d = dyn; d && d->d_tag != DT_NULL; d++)
		if (d->d_tag == DT_STRTAB)
			str = (const char *)rt_dyn_addr(info->dlpi_addr, d->d_un.d_ptr);
	rt_startset_name(set, info->dlpi_name, 0);
	for (const ElfW(Dyn) *d = dyn; str && d->d_tag != DT_NULL; d++)
		if (d->d_tag == DT_SONAME || d->d_tag == DT_NEEDED)
			rt_startset_name(set, str + d->d_un.d_val, d->d_tag == DT_NEEDED);
}

RT_FN void rt_startup_walk_next(struct rt_startup_walk *w, const struct dl_phdr_info *info)
{
	uintptr_t phdr = (uintptr_t)info->dlpi_phdr;

	if (w->set.phase == RT_WALK_PREFIX) {
		if (w->set.seen == 0 && phdr != w->exe_phdr)
			rt_startset_lost(&w->set); /* not the map we know */
		else if (!(w->vdso && phdr - w->vdso < 4096))
			rt_walk_object(&w->set, info);
	}
	rt_startset_next(&w->set);
}

RT_FN enum rt_origin rt_startup_origin(const struct rt_startup_walk *w, unsigned index)
{
	return rt_startset_origin(&w->set, index);
}

/* Marks kept for the end of the walk; more noted modules take a second walk. */
#define RT_MARKS 128

struct rt_find_arg {
	struct rt_startup_walk w;
	const ElfW(Phdr) *self;
	unsigned self_index; /* index + 1; 0 until seen */
	unsigned nmarks;     /* RT_MARKS + 1: overflowed */
	int marked;          /* an earlier walk marked the prefix */
	volatile unsigned char *marks[RT_MARKS];
};

/*
 * The state byte of a module with a note, to mark once the prefix is
 * known to close.  An earlier walk marked the whole prefix, so one mark
 * met means there is nothing to do.
 */
static void rt_mark_later(struct rt_find_arg *a, const struct dl_phdr_info *info)
{
	struct rt_object o;
	volatile unsigned char *state;

	if (a->marked || a->nmarks > RT_MARKS)
		return;
	rt_object_from_info(&o, info);
	if (!o.note || !(state = rt_object_state(&o, o.note)))
		return;
	if (rt_state_get(state) & SEALING_STATE_STARTUP)
		a->marked = 1;
	else if (a->nmarks < RT_MARKS)
		a->marks[a->nmarks++] = state;
	else
		a->nmarks = RT_MARKS + 1;
}

/* Up to the end of the prefix, or to the end of the map. */
static int rt_find_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	struct rt_find_arg *a = data;
	(void)size;
	rt_startup_walk_next(&a->w, info);
	if (info->dlpi_phdr == a->self)
		a->self_index = a->w.set.seen;
	rt_mark_later(a, info);
	return a->w.set.phase != RT_WALK_PREFIX;
}

struct rt_mark_arg {
	unsigned left; /* objects of the prefix not walked yet */
};

/* The second walk, for a prefix with more noted modules than RT_MARKS. */
static int rt_mark_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	struct rt_mark_arg *a = data;
	struct rt_object o;
	volatile unsigned char *state;

	(void)size;
	if (!a->left--)
		return 1;
	rt_object_from_info(&o, info);
	if (o.note && (state = rt_object_state(&o, o.note)))
		rt_state_set(state, SEALING_STATE_STARTUP);
	return 0;
}

/*
 * Without the executable's help a library walks the map itself, paid
 * only when the executable carries no note or seals only itself.  Every
 * start-up library would walk the objects before it, O(N^2) in all; so
 * the first one marks each module of the prefix that has a note
 * (SEALING_STATE_STARTUP), and the others read their mark instead.  A
 * mark is never wrong: the prefix holds no dlopen'd object, and marks are
 * set only once the prefix is known to close.  Out of the hot path.
 */
RT_OUTLINE static enum rt_load rt_load_walk(struct rt_process *p,
					   const struct rt_object *m)
{
	_Alignas(uintptr_t) uint32_t buf[1024];
	struct rt_find_arg a = { .self = m->phdr };

	rt_startup_walk_init(&a.w, p, buf, sizeof(buf) / sizeof(buf[0]));
	if (rt_iterate(p, rt_find_cb, &a) < 0 || a.w.set.phase != RT_WALK_CLOSED)
		return RT_LOAD_DLOPEN; /* pinning is always safe */
	if (a.nmarks > RT_MARKS) {
		struct rt_mark_arg mark = { a.w.set.prefix };
		rt_iterate(p, rt_mark_cb, &mark);
	} else {
		for (unsigned i = 0; i < a.nmarks; i++)
			rt_state_set(a.marks[i], SEALING_STATE_STARTUP);
	}
	return a.self_index && a.self_index <= a.w.set.prefix ? RT_LOAD_STARTUP : RT_LOAD_DLOPEN;
}

/*
 * A library's own verdict, once it has not left its sealing to the
 * executable: dlopen'd if the executable's constructor has begun, start-up
 * if an earlier walk marked it, else whatever its own walk says.
 */
RT_FN enum rt_load rt_load_kind(struct rt_process *p, const struct rt_object *m,
				volatile unsigned char *self_state)
{
	if (rt_self_is_exe(p, m))
		return RT_LOAD_EXE;
	if (rt_exe_started(p))
		return RT_LOAD_DLOPEN;
	if (rt_state_get(self_state) & SEALING_STATE_STARTUP)
		return RT_LOAD_STARTUP; /* an earlier library's walk saw us */
	return rt_load_walk(p, m);
}
