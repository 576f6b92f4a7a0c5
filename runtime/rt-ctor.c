/* SPDX-License-Identifier: MIT */
/*
 * The core constructor, in every module: hand over to the executable's
 * part when this module carries it and is the executable; else leave the
 * sealing to the executable when it will do it; else seal this module:
 * read the policy, decide how it was loaded, pin it if dlclose could unmap
 * it, swap its RELRO, seal it, and say so when asked.  It runs once per
 * module from .init_array, after the loader has relocated the module and
 * applied RELRO, before main (or before dlopen returns).
 */
#include "rt.h"

extern const struct sealing_note __sealing_note __attribute__((visibility("hidden")));
extern char __start_sealing_mutable[] __attribute__((weak, visibility("hidden")));
extern char __stop_sealing_mutable[] __attribute__((weak, visibility("hidden")));
/*
 * The executable's part of the runtime, when this module carries it: the
 * NT_SEALING_PROCESS note of its COMDAT group, which leads to its entry.
 * Weak and hidden: resolved by the static linker, never looked up.
 */
extern const struct sealing_process_note rt_process_note
	__asm__(SEALING_EXE_COMDAT_GROUP) __attribute__((weak, visibility("hidden")));

/* The module's state (SEALING_STATE_*), which its note points to. */
__attribute__((section(".bss.sealing_state"), used))
static volatile unsigned char rt_state;

/* What the constructor's entry has learnt, for the rest of it. */
struct rt_ctor {
	struct rt_process proc;
	int argc;
	char **argv, **envp;
	int glibc_args; /* proc was set up from glibc's arguments */
};

typedef int (*rt_exe_entry_fn)(int, char **, char **, const volatile struct sealing_note *,
			       volatile unsigned char *);

/*
 * Does the executable carry the process pass, which has not run yet, so
 * that it will seal this module?  Not if we may be the executable (no
 * __ehdr_start to tell), nor with SEALING_MUTABLE pages, which only we
 * know.  Writes nothing: the executable seals every start-up module
 * with a note that has not marked itself.
 */
RT_HOT static int rt_defers(struct rt_process *p)
{
	const ElfW(Phdr) *self = rt_self_phdr();
	volatile unsigned char *pass;

	return self && rt_auxval(p, AT_PHDR) != (uintptr_t)self &&
	       (pass = rt_exe_pass_state(p)) && !(rt_state_get(pass) & SEALING_STATE_RAN) &&
	       (uintptr_t)__start_sealing_mutable == (uintptr_t)__stop_sealing_mutable;
}

/*
 * Everything a module that seals itself does.  Out of line, in the
 * ordinary text, so that the entry below stays small enough to share its
 * page with .init.
 */
RT_OUTLINE static void rt_seal_module(struct rt_ctor *s)
{
	const volatile struct sealing_note *note = &__sealing_note;
	struct rt_process *p = &s->proc;
	struct rt_object mod, *m = &mod;
	struct rt_config c;
	struct rt_result r = { 0 };
	struct rt_range relro;
	const char *skipped = 0, *how = 0, *damage = rt_note_damage(note, &rt_state);
	enum rt_load kind = RT_LOAD_STARTUP;
	int found = rt_self_from_headers(m, (const void *)note), via_iteration = 0;

	if (!s->glibc_args) {
		/* musl, or arguments we cannot take at their word */
		rt_process_start(p, found ? m : 0, s->argc, s->argv, s->envp);
		if (rt_defers(p))
			return;
	}
	rt_state_set(&rt_state, SEALING_STATE_RAN);
	rt_config_read(p, note, &c);
	if (c.policy == SEALING_POLICY_OFF && !c.debug && !damage)
		return; /* nothing to do and nothing to say */
	if (!found) {
		via_iteration = 1;
		found = rt_self_from_loader(p, m, (const void *)note);
	}
	/* Names cost a walk of the link map: only for messages and pinning. */
#define NAME (found ? rt_object_name(p, m) : 0)
	if (c.debug && c.warning)
		rt_warn(&c, NAME, c.warning);
	if (damage) {
		if (c.debug)
			rt_warn(&c, NAME, damage);
		if (c.policy == SEALING_POLICY_ENFORCE) {
			r.err = EINVAL;
			rt_fatal(NAME, &r, damage);
		}
	}
	if (found)
		kind = rt_load_kind(p, m, &rt_state);
	if (found)
		how = kind == RT_LOAD_EXE ? "executable, without the process pass: module scope" :
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
		uintptr_t page = rt_page_size(p);
		if (!(c.flags & SEALING_FLAG_RELRO_KEEP) && rt_relro_range(m, page, &relro))
			rt_relro_swap(relro, &r);
		rt_seal_image(m, page, mut, &r);
	}
	if (c.debug) {
		if (via_iteration && found)
			rt_warn(&c, NAME, "own program headers found by dl_iterate_phdr");
		rt_report(NAME, &c, how, &r, skipped);
	}
	if (!skipped && r.err && c.policy == SEALING_POLICY_ENFORCE)
		rt_fatal(NAME, &r, "cannot seal");
#undef NAME
}

/*
 * glibc calls constructors with (argc, argv, envp), at start-up and from
 * dlopen alike; rt-process.c explains why we take them.  This entry is
 * all that a start-up library runs under an executable with the process
 * pass: it writes nothing, calls nothing, and reads no .rodata.
 */
RT_HOT __attribute__((constructor, used)) static void rt_seal_self(int argc,
								   char **argv,
								   char **envp)
{
	const volatile struct sealing_process_note *x = &rt_process_note;
	struct rt_ctor s = { .argc = argc, .argv = argv, .envp = envp };

	if (rt_state_get(&rt_state) & SEALING_STATE_LOADER)
		return; /* the dynamic loader sealed us */
	if (x) {
		const volatile int32_t *at = &x->desc.entry;
		rt_exe_entry_fn entry = (rt_exe_entry_fn)((uintptr_t)at + (uintptr_t)(intptr_t)*at);
		if (entry(argc, argv, envp, &__sealing_note, &rt_state))
			return; /* we are the executable: its part did it all */
	}
	/* Leave it to the executable's process pass, if it has one that has
	 * not run yet; not with SEALING_MUTABLE pages, which only we know. */
	if (argc >= 0 && argv && envp == argv + argc + 1) {
		rt_process_init(&s.proc, argc, argv, envp);
		s.glibc_args = 1;
		if (rt_defers(&s.proc))
			return;
	}
	rt_seal_module(&s);
}
