/* SPDX-License-Identifier: MIT */
/*
 * Loaded at start-up or by dlopen?  A library that dlclose may unmap must
 * be pinned (RTLD_NODELETE) before it is sealed; one loaded at start-up is
 * never unloaded and needs nothing.  glibc has no public flag for it, so
 * the answer comes from facts that are public.
 *
 * A library's own constructor asks, the first three in O(1):
 *
 * - has the executable's constructor begun?  It runs after every start-up
 *   constructor, so if the executable carries our note and its state byte
 *   says so, any library now starting was dlopen'd;
 * - is the constructor running at the top of the initial stack?  ld.so
 *   runs every start-up constructor from _dl_init, called straight from
 *   its entry point on the stack the kernel built, a few hundred bytes
 *   below argv (152 bytes on x86_64 with glibc 2.36).  dlopen runs them
 *   from main or deeper, or on another thread's stack, and its own frames
 *   alone hold three exception handlers with a jmp_buf each (1.8 KB below
 *   argv when main calls dlopen).  So a constructor whose frame is within
 *   RT_STARTUP_DEPTH of argv was called at start-up; anything else may be
 *   a dlopen, and is pinned.  The error can only go one way: a start-up
 *   library taken for a dlopen'd one costs a pin, which changes nothing;
 *   the reverse would need dlopen's frames to fit in the depth, which
 *   tests/runtime/startup-kind.c checks they do not, with a margin, on
 *   every C library and architecture the suite runs on;
 * - deeper, is the module in the start-up prefix of the link map (below)?
 *   An earlier start-up constructor's dlopen runs the constructors of its
 *   target's dependencies that have not run yet, start-up libraries among
 *   them, deep in the stack.  Only this path walks the map, and only when
 *   the answer changes what happens (dlopen=skip, policy 2, a
 *   SEALING_DEBUG line): otherwise both answers seal (rt_load_kind);
 * - without glibc's arguments (musl), it cannot tell, and pins: musl's
 *   dlopen accepts RTLD_NOLOAD and never unloads.
 *
 * The executable's process pass places the objects it seals by the link
 * map instead, which it walks anyway: the map lists the start-up set
 * first: the executable, the vdso, the preloaded objects (LD_PRELOAD,
 * ld.so --preload, /etc/ld.so.preload, in any order, some of them perhaps
 * needed too), then the rest of the DT_NEEDED closure, breadth first,
 * ld.so where it is first needed; every dlopen appends after them, even
 * one made by a start-up constructor, since all of start-up is mapped
 * before the first constructor runs.  The start-up set is closed under
 * DT_NEEDED, so the shortest prefix of the map that is closed ends at or
 * before it: that prefix is what the pass calls start-up.
 *
 * Why that is safe.  The prefix never takes in a dlopen'd object, so
 * nothing is ever sealed unpinned that dlclose could unmap.  It can stop
 * short of the true set only when every name needed so far is already met
 * while preloads still follow; since libc needs ld.so and ld.so comes
 * after every preload, that takes a program that needs no libc.  Objects
 * past the prefix are then treated as dlopen'd: pinned, which changes
 * nothing for a start-up object.  When no prefix closes (a name the
 * loader met in a way we cannot see, such as an LD_AUDIT module's
 * la_objsearch, or more names than the table holds), the answer is
 * "unknown", and the pass pins before sealing.
 *
 * An executable that claimed from .preinit_array saw the start-up set
 * itself, before any constructor could dlopen; rt_startup_walk_snap takes
 * that count instead of the names while nothing was loaded or unloaded
 * since (docs/process-scope.md, "Start-up or dlopen'd").
 */
#include "rt.h"

RT_FN void rt_startup_walk_init(struct rt_startup_walk *w, struct rt_process *p,
				uint32_t *buf, unsigned cap)
{
	rt_auxval_exe_vdso(p, &w->exe_phdr, &w->vdso);
	w->tab_clean = 0;
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
		else if (!rt_is_vdso(w->vdso, info->dlpi_phdr)) {
			/* Zeroed only now: a walk that the snapshot closed
			 * never touches the table (8 KB of stack). buf is
			 * word-aligned (rt.h); a word at a time is half the
			 * stores. */
			if (!w->tab_clean) {
				rt_zero_words((uintptr_t *)(void *)w->set.tab,
					      w->set.cap * sizeof(*w->set.tab) / sizeof(uintptr_t));
				w->tab_clean = 1;
			}
			rt_walk_object(&w->set, info);
		}
	}
	rt_startset_next(&w->set);
}

/*
 * dlpi_adds and dlpi_subs count every object ever loaded and unloaded, in
 * any namespace, and stay still while dl_iterate_phdr holds its lock: the
 * same two numbers, and the executable first, mean the very map that
 * .preinit_array walked, whose objects were all there before any
 * constructor ran.  Anything else (a constructor's dlopen, even one it
 * undid) leaves the walk to the names.
 */
static int rt_info_has_counts(size_t size)
{
	return size >= offsetof(struct dl_phdr_info, dlpi_subs) +
			       sizeof(((const struct dl_phdr_info *)0)->dlpi_subs);
}

RT_FN void rt_startup_snap_add(struct rt_startup_snap *snap, const struct dl_phdr_info *info,
			       size_t size)
{
	if (!rt_info_has_counts(size))
		return; /* count stays 0: no snapshot */
	if (!snap->count++) {
		snap->adds = info->dlpi_adds;
		snap->subs = info->dlpi_subs;
	}
}

RT_FN void rt_startup_walk_snap(struct rt_startup_walk *w, const struct rt_startup_snap *snap,
				const struct dl_phdr_info *info, size_t size)
{
	if (snap && snap->count && rt_info_has_counts(size) &&
	    (uintptr_t)info->dlpi_phdr == w->exe_phdr && info->dlpi_adds == snap->adds &&
	    info->dlpi_subs == snap->subs)
		rt_startset_close(&w->set, snap->count); /* only before the first object */
}

RT_FN enum rt_origin rt_startup_origin(const struct rt_startup_walk *w, unsigned index)
{
	return rt_startset_origin(&w->set, index);
}

struct rt_startup_find {
	struct rt_startup_walk walk;
	const void *phdr; /* the module sought */
	unsigned index;   /* its place in the map, once found */
	int found;
};

/* Reads only, under dl_iterate_phdr's lock; stops once the prefix is
 * known: a module not met by then lies past it. */
static int rt_startup_find_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	struct rt_startup_find *f = data;

	(void)size;
	if (!f->found && (const void *)info->dlpi_phdr == f->phdr) {
		f->found = 1;
		f->index = f->walk.set.seen;
	}
	rt_startup_walk_next(&f->walk, info);
	return f->walk.set.phase != RT_WALK_PREFIX;
}

/*
 * Is the module in the start-up prefix of the link map?  For a
 * constructor that runs deep in the stack before the executable's has
 * begun: an earlier start-up constructor called dlopen, and ld.so runs,
 * before the target's, the constructors of its dependencies that have
 * not run yet, start-up libraries among them.  Depth alone would take
 * those for dlopen'd (and a dlopen=skip one would stay open); their place
 * in the map says otherwise.  The walk is the process pass's own rule, so
 * the two cannot disagree; and it errs the same safe way.
 */
static int rt_in_startup_prefix(struct rt_process *p, const struct rt_object *m)
{
	_Alignas(uintptr_t) uint32_t tab[1024];
	struct rt_startup_find f = { .phdr = m->phdr };

	rt_startup_walk_init(&f.walk, p, tab, sizeof(tab) / sizeof(tab[0]));
	return rt_iterate(p, rt_startup_find_cb, &f) >= 0 && f.found &&
	       rt_startup_origin(&f.walk, f.index) == RT_ORIGIN_STARTUP;
}

/*
 * A library's own verdict, once it has not left its sealing to the
 * executable: dlopen'd if the executable's constructor has begun, start-up
 * if the constructor runs at the top of the initial stack or the module
 * lies in the start-up prefix of the link map, else dlopen'd as far as
 * anyone can tell (pinning is always safe).  The walk is only for deep
 * constructors under glibc, whose map order the rule knows: dlopen'd
 * libraries, and start-up ones a constructor's dlopen initialised.
 *
 * And only when the answer changes what happens (exact): under dlopen=skip
 * a start-up library taken for dlopen'd would stay open, under policy 2 a
 * pin that failed would end the process, and a SEALING_DEBUG line names
 * the kind.  Otherwise both answers seal, one after a pin that changes
 * nothing for a start-up library, and the walk would cost every dlopen'd
 * library a pass over every start-up object's names under an executable
 * without our note: some 1,700 instructions per start-up object
 * (docs/runtime-size.md, "Start-up or dlopen").
 */
RT_FN enum rt_load rt_load_kind(struct rt_process *p, const struct rt_object *m, int exact)
{
	if (rt_self_is_exe(p, m))
		return RT_LOAD_EXE;
	if (rt_exe_started(p))
		return RT_LOAD_DLOPEN;
	if (p->argv && p->frame && (uintptr_t)p->argv - p->frame < RT_STARTUP_DEPTH)
		return RT_LOAD_STARTUP;
	if (exact && p->argv && !p->musl && rt_in_startup_prefix(p, m))
		return RT_LOAD_STARTUP;
	return RT_LOAD_DLOPEN;
}
