/* SPDX-License-Identifier: MIT */
/*
 * Libraries that may be dlclose'd.  Once sealed, a library cannot be
 * unmapped: glibc's munmap in dlclose fails silently and every
 * dlopen/dlclose cycle would leak a whole copy.  So by default a library
 * marks itself RTLD_NODELETE before sealing (later dlopens then reuse the
 * one sealed copy); with SEALING_FLAG_DLOPEN_SKIP a dlopen'd library stays
 * unsealed instead.  The executable is never unloaded and needs neither.
 */

/*
 * Were we loaded by dlopen rather than at program start?  glibc exposes no
 * flag for it, but it runs start-up constructors from _dl_init right on
 * top of the initial stack, a few hundred bytes below argv, while any
 * dlopen runs under main or a constructor, a thread, and dlopen's own
 * frames: several KiB deeper, or on another stack.  (Both are given the
 * same argv, the initial stack's.)  Misjudging a start-up library as
 * dlopen'd only costs a useless pin.
 */
#define RT_STARTUP_STACK_DEPTH 512

static int rt_loaded_at_startup(const struct rt_process *p)
{
	uintptr_t top = (uintptr_t)p->argv;
	uintptr_t here = (uintptr_t)__builtin_frame_address(0);
	return !top || (here <= top && top - here < RT_STARTUP_STACK_DEPTH);
}

static const char *rt_module_name(struct rt_process *p, struct rt_module *m)
{
	if (m->name && m->name[0])
		return m->name;
	if (rt_is_main(p, m)) {
		const char *fn = (const char *)rt_auxval(p, AT_EXECFN);
		return fn ? fn : "(executable)";
	}
	const char *n = rt_link_map_name(p, m->phdr, m->phnum, m->bias);
	if (n && n[0])
		return m->name = n;
	return "(unknown module)";
}

typedef void *(*rt_dlopen_fn)(const char *, int);

/* 0 on success, else the errno-style reason the module cannot be pinned. */
static long rt_pin(struct rt_process *p, struct rt_module *m)
{
	rt_dlopen_fn open = (rt_dlopen_fn)rt_lookup(p, "dlopen");
	if (!open)
		return ENOSYS;
	const char *name = rt_module_name(p, m);
	if (name[0] == '(')
		return ENOENT; /* no name we could hand to dlopen */
	/* RTLD_NOLOAD: find the copy being initialised, never load another. */
	return open(name, RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE) ? 0 : ENOENT;
}
