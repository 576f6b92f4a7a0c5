/* SPDX-License-Identifier: MIT */
/*
 * Libraries that may be dlclose'd.  Once sealed, a library cannot be
 * unmapped: glibc's munmap in dlclose fails silently and every
 * dlopen/dlclose cycle would leak a whole copy.  So a dlopen'd library is
 * marked RTLD_NODELETE before it is sealed, and later dlopens reuse the
 * one sealed copy.  (With SEALING_FLAG_DLOPEN_SKIP it stays unsealed
 * instead; the executable and start-up libraries are never unloaded.)
 *
 * Never call these from inside a dl_iterate_phdr callback: dlopen takes
 * the loader's locks in the other order (rt-sweep.c).
 */
#include "rt.h"

#include <dlfcn.h>

RT_FN long rt_pin_named(struct rt_process *p, rt_dlopen_fn open, const char *name,
			const ElfW(Dyn) *dynamic)
{
	if (!open)
		open = (rt_dlopen_fn)rt_lookup(p, "dlopen");
	if (!open)
		return ENOSYS;
	if (!name || !name[0] || name[0] == '(')
		return ENOENT; /* no name we could hand to dlopen */
	/* RTLD_NOLOAD: find the copy being initialised, never load another. */
	const struct link_map *l = open(name, RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE);
	if (!l)
		return ENOENT;
	/* glibc's handle is the link map.  Another object may have taken the
	 * name since it was read, if the one we saw was unloaded meanwhile. */
	return !dynamic || l->l_ld == dynamic ? 0 : ESTALE;
}

RT_FN long rt_pin(struct rt_process *p, struct rt_object *m)
{
	return rt_pin_named(p, 0, rt_object_name(p, m), m->dynamic);
}
