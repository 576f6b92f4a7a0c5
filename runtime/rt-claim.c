/* SPDX-License-Identifier: MIT */
/*
 * Claiming the start-up libraries for the executable's process pass.
 *
 * A library's core does not carry the code that tells whether the
 * executable will seal it: asking costs reading the auxiliary vector and
 * the executable's headers and notes, about 850 instructions in each
 * library's own cold copy, and some 500 bytes in every library's image
 * (docs/runtime-size.md).  So the question is answered for all of them,
 * once, before they ask: SEALING_STATE_CLAIMED in each instrumented
 * library's state byte means "the executable's pass will seal you", and a
 * claimed library's constructor returns at once (rt-ctor.c).
 *
 * Who claims:
 * - the executable, from .preinit_array, which runs before any library's
 *   constructor, in executables only (rt_exe_claim, rt-exe-entry.c),
 *   where its carrier knew it was building one (a -fPIE unit defining
 *   main);
 * - otherwise the first library whose core finds itself unclaimed at
 *   start-up: its module part learns that the executable's pass will seal
 *   it, and claims the others on the way out (rt_module_run), so that one
 *   library per process, not every one, maps its module part.  That
 *   covers an executable linked with sealing-rt.o, a main compiled -fPIC,
 *   and musl, which runs no .preinit_array.
 *
 * The byte shares the page of .data that ld.so already wrote
 * (__dso_handle's relocation): in a library with a small .data, no new
 * copy-on-write fault.  Every policy note's byte, since the core's is one
 * of them; not a policy-0 note's, which has no runtime (an opted-out
 * unit's).  Not a module the loader sealed (its constructor takes the
 * loader's path), nor one whose note is damaged: its own runtime says so,
 * then seals it.  A library claimed after its constructor ran (a deeper
 * dependency, which ran first) is not affected: the pass seals whatever
 * has not run its own sealing, claimed or not.
 *
 * From .preinit_array the walk also notes the map it saw (its objects
 * are the start-up set): rt_startup_walk_snap lets the pass skip the
 * names while nothing was loaded or unloaded since.
 */
#include "rt.h"

RT_FN void rt_claim_note(const struct rt_object *o, const ElfW(Nhdr) *h, void *bits)
{
	const struct sealing_note *n = (const struct sealing_note *)h;
	volatile unsigned char *s;

	if (n->desc.policy != SEALING_POLICY_OFF && !rt_note_damage(n, 0) &&
	    (s = rt_object_state(o, n)) &&
	    !(rt_state_get(s) & SEALING_STATE_LOADER))
		rt_state_set(s, *(const unsigned *)bits);
}

struct rt_claim_walk {
	uintptr_t exe_phdr; /* AT_PHDR: the executable claims nothing of its own */
	struct rt_startup_snap *snap;
};

static int rt_claim_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	struct rt_claim_walk *w = data;
	struct rt_object o;

	if (w->snap)
		rt_startup_snap_add(w->snap, info, size);
	if ((uintptr_t)info->dlpi_phdr == w->exe_phdr)
		return 0;
	rt_object_scan(&o, info->dlpi_phdr, info->dlpi_phnum, info->dlpi_addr, 0);
	unsigned bits = SEALING_STATE_CLAIMED;

	rt_note_each(&o, SEALING_NOTE_TYPE, SEALING_NOTE_DESCSZ, rt_claim_note, &bits);
	return 0;
}

RT_FN void rt_claim_startup(struct rt_process *p, struct rt_startup_snap *snap)
{
	struct rt_claim_walk w = { rt_auxval(p, AT_PHDR), snap };

	if (snap)
		snap->count = 0;
	if (w.exe_phdr)
		rt_iterate(p, rt_claim_cb, &w);
	if (snap)
		snap->iterate = p->iterate;
}
