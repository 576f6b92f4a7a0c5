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
 * top of the initial stack (a few hundred bytes below __libc_stack_end),
 * while any dlopen runs under main or a constructor, a thread, and
 * dlopen's own frames, several KiB deeper or on another stack.
 * Misjudging a start-up library as dlopen'd only costs a useless pin.
 */
#define RT_STARTUP_STACK_DEPTH 512

static int rt_loaded_at_startup(void)
{
	uintptr_t top = (uintptr_t)RT_WEAK_VALUE(__libc_stack_end);
	if (!top)
		return 1; /* not glibc: nothing unloads what we cannot see */
	uintptr_t here = (uintptr_t)__builtin_frame_address(0);
	return here <= top && top - here < RT_STARTUP_STACK_DEPTH;
}

static const char *rt_module_name(struct rt_module *m, const void *anchor)
{
	if (m->name && m->name[0])
		return m->name;
	if (m->is_main) {
		struct rt_aux aux;
		rt_aux_read(&aux);
		return aux.execfn ? (const char *)aux.execfn : "(executable)";
	}
#ifdef RT_HAVE_DL_FIND_OBJECT
	struct dl_find_object dlfo;
	if (_dl_find_object && _dl_find_object((void *)anchor, &dlfo) == 0 &&
	    dlfo.dlfo_link_map && dlfo.dlfo_link_map->l_name &&
	    dlfo.dlfo_link_map->l_name[0])
		return m->name = dlfo.dlfo_link_map->l_name;
#endif
	Dl_info info;
	if (dladdr && dladdr(anchor, &info) && info.dli_fname && info.dli_fname[0])
		return m->name = info.dli_fname;
	return "(unknown module)";
}

/* 0 on success, else the errno-style reason the module cannot be pinned. */
static long rt_pin(struct rt_module *m, const void *anchor)
{
	void *(*open)(const char *, int) =
		dlsym ? (void *(*)(const char *, int))dlsym(RTLD_DEFAULT, "dlopen") : 0;
	if (!open)
		return ENOSYS;
	const char *name = rt_module_name(m, anchor);
	if (name[0] == '(')
		return ENOENT; /* no name we could hand to dlopen */
	/* RTLD_NOLOAD: find the copy being initialised, never load another. */
	return open(name, RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE) ? 0 : ENOENT;
}
