/* SPDX-License-Identifier: MIT */
/*
 * Process scope: the executable's constructor, the last one of start-up,
 * seals the other objects loaded at start-up.  By then every one of them
 * is relocated with its RELRO applied and has run its constructors.
 *
 * - An object with our note follows its note.  If it sealed itself, it is
 *   left alone; if it left its sealing to us (SEALING_STATE_DEFERRED), we
 *   seal it with its own policy and flags.
 * - An object without a note (libc, ld.so, libstdc++, anything built
 *   without sealing, LD_PRELOAD libraries) is sealed with the
 *   executable's policy and flags, unless SEALING_EXEMPT names it.
 * - The vdso stays as the kernel made it unless SEALING_FLAG_SEAL_VDSO.
 * - An object a start-up constructor dlopen'd is not a start-up object:
 *   with a note it is pinned first, without one it is left alone.
 *
 * RELRO copies are made in batches: one mapping, one copy pass and one
 * mprotect for up to RT_BATCH objects, then one mremap and one mseal
 * each.  One walk over the link map; nothing is quadratic.
 */
#include "rt.h"

struct rt_scope {
	struct rt_process *p;
	const struct rt_config *exe;
	struct rt_startup_walk walk;
	_Alignas(uintptr_t) uint32_t hash[2048];
	struct rt_batch batch;
};

static int rt_scope_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	struct rt_scope *s = data;
	struct rt_batch *b = &s->batch;
	struct rt_job *j = rt_batch_job(b);
	/* musl never unloads: whatever is there stays, as at start-up. */
	int startup = rt_startup_walk_next(&s->walk, info) || s->p->musl;
	volatile unsigned char *state;

	(void)size;
	if ((uintptr_t)info->dlpi_phdr == rt_auxval(s->p, AT_PHDR))
		return 0; /* the executable sealed itself */
	rt_object_from_info(&j->o, info);
	if (!j->o.name)
		j->o.name = rt_is_vdso(s->p, info) ? "[vdso]" : "(unnamed)";
	if (j->o.note) {
		rt_config_read(s->p, j->o.note, &j->c);
		state = rt_note_state(j->o.note);
		if (!state || !(rt_state_get(state) & SEALING_STATE_DEFERRED))
			return 0; /* it followed its note itself */
		j->how = startup ? "loaded at start-up, sealed by the executable"
				 : "dlopen'd during start-up, sealed by the executable";
		if (!startup && (j->c.flags & SEALING_FLAG_DLOPEN_SKIP)) {
			rt_batch_skip(b, "the note says dlopen=skip");
			return 0;
		}
		if (!startup && (j->r.err = rt_pin(s->p, &j->o)) != 0) {
			if (j->c.policy == SEALING_POLICY_ENFORCE)
				rt_fatal(j->o.name, &j->r, "cannot make it RTLD_NODELETE before sealing");
			rt_batch_skip(b, "could not make it RTLD_NODELETE");
			return 0;
		}
	} else {
		j->c = *s->exe;
		j->how = "no note, loaded at start-up, sealed by the executable";
		if (!startup)
			return 0; /* dlopen'd without a note: not ours */
		if (rt_is_vdso(s->p, info) && !(s->exe->flags & SEALING_FLAG_SEAL_VDSO)) {
			j->how = "the vdso";
			rt_batch_skip(b, "process scope leaves it to the kernel");
			return 0;
		}
		if (rt_exempt(s->p, j->o.name)) {
			rt_batch_skip(b, "SEALING_EXEMPT names it");
			return 0;
		}
	}
	if (j->c.policy == SEALING_POLICY_OFF) {
		rt_batch_skip(b, "policy 0");
		return 0;
	}
	rt_batch_add(b);
	return 0;
}

RT_FN void rt_seal_process(struct rt_process *p, const struct rt_object *exe,
			   const struct rt_config *c, uintptr_t page)
{
	struct rt_scope s = { .p = p, .exe = c, .batch = { .page = page } };
	struct rt_batch *b = &s.batch;
	struct rt_line l;

	rt_startup_walk_init(&s.walk, p, s.hash, sizeof(s.hash) / sizeof(s.hash[0]));
	int walked = rt_iterate(p, rt_scope_cb, &s) >= 0;
	if (walked)
		rt_batch_flush(b);
	if (c->debug && !walked) {
		rt_warn(exe->name, "process scope: no loaded objects to walk (a static executable)");
	} else if (c->debug) {
		rt_line_start(&l, exe->name);
		rt_put(&l, "process scope: sealed ");
		rt_put_dec(&l, b->nsealed);
		rt_put(&l, b->nsealed == 1 ? " object, left " : " objects, left ");
		rt_put_dec(&l, b->nopen);
		rt_put(&l, " open; ");
		rt_put_dec(&l, b->calls);
		rt_put(&l, b->calls == 1 ? " syscall" : " syscalls");
		rt_emit(&l);
	}
}
