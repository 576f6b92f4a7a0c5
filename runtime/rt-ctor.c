/* SPDX-License-Identifier: MIT */
/*
 * The core constructor, in every module.  It runs once per module from
 * .init_array, after the loader has relocated the module and applied
 * RELRO, before main (or before dlopen returns), and hands the module to
 * whoever should seal it:
 *
 * - nobody, when the dynamic loader sealed it already (its state byte),
 *   or SEALING_POLICY=0 took (not in the executable's part, whose pass
 *   marks the end of start-up): read here, in short (rt_config_quick),
 *   so that no library maps its module part only to learn it;
 * - in the executable, its part of the runtime when it carries one (the
 *   unit defining main, or sealing-rt.o): the process pass seals the
 *   executable and the start-up objects in one batch;
 * - at start-up, the executable's part, when the executable carries one
 *   and has claimed this library (rt-claim.c): it will seal it once every
 *   start-up constructor has run, so there is nothing to do now;
 * - else the module part (rt-module.c), which this core maps from the
 *   module's file (rt-fetch.c): for a dlopen'd library, a library under
 *   an executable without the process pass, or such an executable; and
 *   at start-up for the first library of an executable that could not
 *   claim (sealing-rt.o, a -fPIC main, musl), whose module part then
 *   defers to the pass and claims the others for it.
 */
#include "rt.h"

#ifdef SEALING_RT_MODULE_INLINE
#include "rt-module.h"
#else
#include "rt-fetch.h"
#endif

extern const struct sealing_note __sealing_note __attribute__((visibility("hidden")));
extern const ElfW(Ehdr) __ehdr_start __attribute__((weak, visibility("hidden")));
extern char __start_sealing_mutable[] __attribute__((weak, visibility("hidden")));
extern char __stop_sealing_mutable[] __attribute__((weak, visibility("hidden")));
/*
 * The executable's part of the runtime, when this module carries it: the
 * NT_SEALING_PROCESS note of its COMDAT group, which leads to its entry.
 * Weak and hidden: resolved by the static linker, never looked up.
 */
extern const struct sealing_process_note rt_process_note
	__asm__(SEALING_EXE_COMDAT_GROUP) __attribute__((weak, visibility("hidden")));
/* GCC 12 writes no .hidden for an undefined name given by __asm__, and a
 * weak default reference became a dynamic import in every library: a
 * GLOB_DAT that ld.so looked up, in vain, in every loaded object. */
__asm__(".hidden " SEALING_EXE_COMDAT_GROUP);

/* The module's state (SEALING_STATE_*), which its note points to. */
__attribute__((section(".bss.sealing_state"), used))
static volatile unsigned char rt_state;

/*
 * Everything but the quiet paths, below: a module of the executable's
 * part's hands it to that part; any other fetches its module part.  frame
 * is the constructor's own, which the start-up/dlopen judgement measures.
 */
RT_HOT RT_OUTLINE static void rt_seal_self_from(int argc, char **argv, char **envp,
						uintptr_t frame)
{
	const volatile struct sealing_process_note *own = &rt_process_note;
	unsigned s = rt_state_get(&rt_state);
	struct rt_process p;

	/* Only glibc's arguments are ours to read; without them (musl) the
	 * auxiliary vector comes from the kernel, and the module part reads
	 * the rest the same way.  Only what the core reads of p (rt_auxv,
	 * rt_config_quick) and hands the module part (rt_process_adopt);
	 * rt_process_init would set every field, for 60 bytes more in every
	 * library. */
	p.argc = argc;
	p.argv = p.envp = 0;
	if (rt_glibc_args(argc, argv, envp))
		p.argv = argv, p.envp = envp;
	p.auxv_done = 0;
	/* Quiet: the dynamic loader sealed the module, or SEALING_POLICY=0
	 * took (given note policy 1, only the environment can make it 0), and
	 * no SEALING_DEBUG line is asked for.  Not in the executable's part,
	 * even at policy 0: its state byte marks the end of start-up, which
	 * every later library reads.  Read everywhere all the same: the
	 * module part takes over what the reading found. */
	if (p.envp) {
		unsigned policy = rt_config_quick(&p, SEALING_POLICY_BEST);
		if (s & SEALING_STATE_LOADER ? policy < RT_QUICK_DEBUG :
		    !own && policy == SEALING_POLICY_OFF) {
			rt_state_set(&rt_state, SEALING_STATE_RAN);
			return;
		}
	}
	struct sealing_rt_call call = {
		.argc = argc, .argv = argv, .envp = envp,
		.note = &__sealing_note, .state = &rt_state, .ehdr = &__ehdr_start,
		.mutable_lo = (uintptr_t)__start_sealing_mutable,
		.mutable_hi = (uintptr_t)__stop_sealing_mutable,
		.frame = frame,
	};

	if (own) {
		/* The whole runtime is here: it does everything. */
		const volatile int32_t *at = &own->desc.entry;
		sealing_rt_entry entry = (sealing_rt_entry)((uintptr_t)at + (uintptr_t)(intptr_t)*at);
		if (entry(&call))
			return;
	}
#ifdef SEALING_RT_MODULE_INLINE
	p.r_debug = 0; /* only rt_fetch_path finds it */
	rt_module_run(&call, &p);
#else
	rt_fetch_run(&p, &call);
#endif
}

/*
 * The constructor.  Its quiet paths stay a few cache lines long, without
 * the frame the rest needs: each library runs its own copy of this code
 * cold (docs/runtime-size.md, "Where a library's start-up cost goes").
 * They are a library claimed for the executable's pass, a module the
 * dynamic loader sealed (every module under the patched loader), and one
 * under SEALING_POLICY=0: nothing to do, nothing to say, and no module
 * part to map from the file to learn so.
 */
RT_HOT __attribute__((constructor, used)) static void rt_seal_self(int argc,
								   char **argv,
								   char **envp)
{
	unsigned s = rt_state_get(&rt_state);

	/* We were claimed for the executable's pass (rt-claim.c): it seals
	 * us once start-up is over.  Nothing written: our state byte says
	 * "not run", which is what the pass looks for.  A module with
	 * SEALING_MUTABLE pages seals itself: only it knows them. */
	if ((s & (SEALING_STATE_CLAIMED | SEALING_STATE_LOADER)) == SEALING_STATE_CLAIMED &&
	    (uintptr_t)__start_sealing_mutable == (uintptr_t)__stop_sealing_mutable)
		return;
	rt_seal_self_from(argc, argv, envp, (uintptr_t)__builtin_frame_address(0));
}
