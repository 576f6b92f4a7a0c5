/* SPDX-License-Identifier: MIT */
/*
 * Libraries that may be dlclose'd.  Once sealed, a library cannot be
 * unmapped: glibc's munmap in dlclose fails silently and every
 * dlopen/dlclose cycle would leak a whole copy.  So a dlopen'd library is
 * marked RTLD_NODELETE before it is sealed, and later dlopens reuse the
 * one sealed copy.  (With SEALING_FLAG_DLOPEN_SKIP it stays unsealed
 * instead; the executable and start-up libraries are never unloaded.)
 */
#include "rt.h"

#include <dlfcn.h>

typedef void *(*rt_dlopen_fn)(const char *, int);

RT_FN long rt_pin(struct rt_process *p, struct rt_object *m)
{
	rt_dlopen_fn open = (rt_dlopen_fn)rt_lookup(p, "dlopen");
	if (!open)
		return ENOSYS;
	const char *name = rt_object_name(p, m);
	if (name[0] == '(')
		return ENOENT; /* no name we could hand to dlopen */
	/* RTLD_NOLOAD: find the copy being initialised, never load another. */
	return open(name, RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE) ? 0 : ENOENT;
}
