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

/* What the constructor's entry has learnt, for the rest of it. */
struct rt_ctor {
	struct rt_process proc;
	struct rt_config c;
	struct rt_object mod;
	enum rt_load kind;
	int found, via_iteration;
	const char *damage; /* why our own note cannot be trusted, if it cannot */
};

/*
 * Our note as the file says it, since sealctl may have rewritten it: a
 * damaged one must not make the executable, which reads it too, skip us.
 * Compared as immediates, like everything on the hot path.
 */
RT_HOT static const char *rt_note_damage(const volatile struct sealing_note *n)
{
	const volatile char *name = n->name;
	char copy[SEALING_NOTE_NAMESZ];
	for (unsigned i = 0; i < SEALING_NOTE_NAMESZ; i++)
		copy[i] = name[i];
	if (!sealing_note_is_ours(n->namesz, n->type, copy) ||
	    n->descsz < SEALING_NOTE_DESCSZ)
		return "note damaged: its header is not a sealing note's";
	/* sealctl check words the same damage the same way (tools/note.c). */
	if (n->desc.version != SEALING_NOTE_VERSION)
		return "note damaged: not the version this runtime reads";
	if (n->desc.policy > SEALING_POLICY_ENFORCE)
		return "note damaged: policy out of range (0, 1 or 2)";
	if (n->desc.reserved)
		return "note damaged: reserved byte not 0";
	if (n->desc.flags & ~SEALING_FLAGS_KNOWN)
		return "note damaged: unknown flag bits";
	const volatile int32_t *field = &n->desc.state;
	if ((uintptr_t)field + (uintptr_t)(intptr_t)*field != (uintptr_t)&rt_state)
		return "note damaged: its state offset points elsewhere than its state byte";
	return 0;
}

/*
 * Everything after the verdict: pin, swap, seal, report, and in the
 * executable the process pass.  Out of line, in the ordinary text, so
 * that the entry below stays small enough to share its page.
 */
RT_OUTLINE static void rt_seal_module(struct rt_ctor *s)
{
	struct rt_process *p = &s->proc;
	struct rt_object *m = &s->mod;
	const struct rt_config c = s->c;
	const enum rt_load kind = s->kind;
	const int found = s->found;
	struct rt_result r = { 0 };
	struct rt_range relro;
	const char *skipped = 0, *how = 0;
	uintptr_t page = 0;

	rt_state_set(&rt_state, SEALING_STATE_RAN);
	/* Names cost a walk of the link map: only for messages and pinning. */
#define NAME (found ? rt_object_name(p, m) : 0)
	if (c.debug && c.warning)
		rt_warn(&c, NAME, c.warning);
	if (s->damage) {
		if (c.debug)
			rt_warn(&c, NAME, s->damage);
		if (c.policy == SEALING_POLICY_ENFORCE) {
			r.err = EINVAL;
			rt_fatal(NAME, &r, s->damage);
		}
	}

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
		if (s->via_iteration && found)
			rt_warn(&c, NAME, "own program headers found by dl_iterate_phdr");
		rt_report(NAME, &c, how, &r, skipped);
	}
	if (!skipped && r.err && c.policy == SEALING_POLICY_ENFORCE)
		rt_fatal(NAME, &r, "cannot seal");
	if (kind == RT_LOAD_EXE && !skipped && (c.flags & SEALING_FLAG_SCOPE_PROCESS))
		rt_seal_process(p, m, &c, page);
#undef NAME
}

/*
 * glibc calls constructors with (argc, argv, envp), at start-up and from
 * dlopen alike; rt-process.c explains why we take them.  This entry is
 * all that a module with nothing to do runs: at policy 0, or a library
 * that leaves its sealing to the executable's process pass.
 */
RT_HOT __attribute__((constructor, used)) static void rt_seal_self(int argc,
								   char **argv,
								   char **envp)
{
	const volatile struct sealing_note *note = &__sealing_note;
	struct rt_ctor s;
	struct rt_exe_view exe = { 0 };

	s.found = rt_self_from_headers(&s.mod, (const void *)note);
	rt_process_start(&s.proc, s.found ? &s.mod : 0, argc, argv, envp);
	rt_config_read(&s.proc, note, &s.c);
	s.damage = rt_note_damage(note);
	if (s.c.policy == SEALING_POLICY_OFF && !s.c.debug && !s.damage) {
		rt_state_set(&rt_state, SEALING_STATE_RAN);
		return; /* nothing to do and nothing to say */
	}
	s.via_iteration = !s.found;
	if (!s.found)
		s.found = rt_self_from_loader(&s.proc, &s.mod, (const void *)note);
	/* The executable's pass cannot know our SEALING_MUTABLE pages, nor
	 * find our state through a damaged note: then we seal ourselves. */
	int may_defer = !s.damage &&
			(uintptr_t)__start_sealing_mutable == (uintptr_t)__stop_sealing_mutable;
	s.kind = s.found ? rt_load_kind(&s.proc, &s.mod, &rt_state, may_defer, &exe)
			 : RT_LOAD_STARTUP;
	if (s.kind == RT_LOAD_DEFERRED && s.c.policy == SEALING_POLICY_OFF)
		s.kind = RT_LOAD_STARTUP; /* only here to say so under SEALING_DEBUG */
	if (s.kind == RT_LOAD_DEFERRED) {
		rt_state_set(&rt_state, SEALING_STATE_RAN | SEALING_STATE_DEFERRED);
		/* Had the executable's pass begun meanwhile, it may have
		 * passed us by: then we seal ourselves (twice is harmless). */
		if (!(rt_state_get(exe.state) & SEALING_STATE_RAN))
			return;
		s.kind = RT_LOAD_STARTUP;
	}
	rt_seal_module(&s);
}
