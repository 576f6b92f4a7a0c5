/* SPDX-License-Identifier: MIT */
/*
 * The constructor: read the policy, find the module, decide how it was
 * loaded, pin it if dlclose could unmap it, seal it, and say so when
 * asked.  It runs once per module from .init_array, after the loader has
 * relocated the module and applied RELRO, before main (or before dlopen
 * returns).  In the executable it then seals the rest of the process
 * (rt-scope.c).
 */
#include "rt.h"

extern const struct sealing_note __sealing_note __attribute__((visibility("hidden")));
extern char __start_sealing_mutable[] __attribute__((weak, visibility("hidden")));
extern char __stop_sealing_mutable[] __attribute__((weak, visibility("hidden")));

/* The module's state (SEALING_STATE_*), which its note points to. */
__attribute__((section(".bss.sealing_state"), used))
static volatile unsigned char rt_state;

/*
 * glibc calls constructors with (argc, argv, envp), at start-up and from
 * dlopen alike; rt-process.c explains why we take them.
 */
__attribute__((constructor, used)) static void rt_seal_self(int argc,
							    char **argv,
							    char **envp)
{
	const volatile struct sealing_note *note = &__sealing_note;
	struct rt_process proc, *p = &proc;
	struct rt_config c;
	struct rt_object mod, *m = &mod;
	struct rt_result r = { 0 };
	struct rt_exe_view exe;
	struct rt_range relro;
	const char *skipped = 0, *how = 0;
	enum rt_load kind = RT_LOAD_STARTUP;
	uintptr_t page = 0;
	int found, via_iteration;

	found = rt_self_from_headers(m, (const void *)note);
	rt_process_start(p, found ? m : 0, argc, argv, envp);
	rt_config_read(p, note, &c);
	if (c.policy == SEALING_POLICY_OFF && !c.debug) {
		rt_state_set(&rt_state, SEALING_STATE_RAN);
		return; /* nothing to do and nothing to say */
	}
	via_iteration = !found;
	if (!found)
		found = rt_self_from_loader(p, m, (const void *)note);
	if (found)
		kind = rt_load_kind(p, m, &exe);
	if (kind == RT_LOAD_DEFERRED && c.policy == SEALING_POLICY_OFF)
		kind = RT_LOAD_STARTUP; /* only here to say so under SEALING_DEBUG */
	if (kind == RT_LOAD_DEFERRED) {
		rt_state_set(&rt_state, SEALING_STATE_RAN | SEALING_STATE_DEFERRED);
		/* Had the executable's pass begun meanwhile, it may have
		 * passed us by: then we seal ourselves (twice is harmless). */
		if (!(rt_state_get(exe.state) & SEALING_STATE_RAN))
			return;
		kind = RT_LOAD_STARTUP;
	}
	rt_state_set(&rt_state, SEALING_STATE_RAN);
	/* Names cost a walk of the link map: only for messages and pinning. */
#define NAME (found ? rt_object_name(p, m) : 0)
	if (c.debug && c.warning)
		rt_warn(NAME, c.warning);

	if (found)
		how = kind == RT_LOAD_EXE ? "executable" :
		      kind == RT_LOAD_STARTUP ? "loaded at start-up" : "dlopen'd";
	if (c.policy == SEALING_POLICY_OFF) {
		skipped = "policy 0";
	} else if (rt_running_on_valgrind()) {
		skipped = "running under valgrind";
	} else if (!found) {
		r.err = ESRCH;
		if (c.policy == SEALING_POLICY_ENFORCE)
			rt_fatal(NAME, &r, "cannot find its own program headers");
		skipped = "own program headers not found";
	} else if (kind != RT_LOAD_DLOPEN) {
		/* never unloaded: nothing to pin */
	} else if (c.flags & SEALING_FLAG_DLOPEN_SKIP) {
		skipped = "the note says dlopen=skip";
	} else if (p->musl) {
		how = "dlopen'd, never unloaded by musl";
	} else if ((r.err = rt_pin(p, m)) != 0) {
		/* Sealed but unpinned, every dlclose would leak a copy. */
		if (c.policy == SEALING_POLICY_ENFORCE)
			rt_fatal(NAME, &r, "cannot make itself RTLD_NODELETE before sealing");
		skipped = "could not make it RTLD_NODELETE";
	} else {
		how = "dlopen'd, pinned";
	}

	if (!skipped) {
		struct rt_range mut = { (uintptr_t)__start_sealing_mutable,
					(uintptr_t)__stop_sealing_mutable };
		page = rt_page_size(p);
		if (!(c.flags & SEALING_FLAG_RELRO_KEEP) && rt_relro_range(m, page, &relro))
			rt_relro_swap(relro, &r);
		rt_seal_image(m, page, mut, &r);
	}
	if (c.debug) {
		if (via_iteration && found)
			rt_warn(NAME, "own program headers found by dl_iterate_phdr");
		rt_report(NAME, &c, how, &r, skipped);
	}
	if (!skipped && r.err && c.policy == SEALING_POLICY_ENFORCE)
		rt_fatal(NAME, &r, "cannot seal");
	if (kind == RT_LOAD_EXE && !skipped && (c.flags & SEALING_FLAG_SCOPE_PROCESS))
		rt_seal_process(p, m, &c, page);
#undef NAME
}
