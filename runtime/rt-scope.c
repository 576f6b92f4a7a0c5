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

struct rt_pending {
	struct rt_object o;
	struct rt_config c;
	const char *how;
	struct rt_result r;
};

struct rt_scope {
	struct rt_process *p;
	const struct rt_config *exe;
	uintptr_t page;
	struct rt_startup_walk walk;
	uint32_t hash[2048];
	struct rt_relro_batch batch;
	struct rt_pending pend[RT_BATCH];
	unsigned npend, nsealed, nopen, calls;
};

static void rt_scope_flush(struct rt_scope *s)
{
	struct rt_range none = { 0, 0 };

	rt_relro_batch_swap(&s->batch);
	s->calls += s->batch.calls;
	for (unsigned i = 0; i < s->npend; i++) {
		struct rt_pending *q = &s->pend[i];
		if (!q->r.err)
			rt_seal_image(&q->o, s->page, none, &q->r);
		s->calls += q->r.calls;
		s->nsealed += q->r.nsealed != 0;
		if (s->exe->debug)
			rt_report(q->o.name, &q->c, q->how, &q->r, 0);
		if (q->r.err && q->c.policy == SEALING_POLICY_ENFORCE)
			rt_fatal(q->o.name, &q->r, "cannot seal");
	}
	s->npend = 0;
	s->batch = (struct rt_relro_batch){ 0 };
}

static void rt_scope_skip(struct rt_scope *s, const struct rt_pending *q,
			  const char *why)
{
	struct rt_result none = { 0 };
	s->nopen++;
	if (s->exe->debug)
		rt_report(q->o.name, &q->c, q->how, &none, why);
}

static int rt_entry_is(const char *e, const char *s)
{
	while (*e && *e != ':' && *e == *s)
		e++, s++;
	return (*e == ':' || !*e) && !*s;
}

/* SEALING_EXEMPT=name[:name...]: paths or file names left open. */
RT_COLD static int rt_exempt(const char *list, const char *path)
{
	for (const char *e = list; *e;) {
		if (rt_entry_is(e, path) || rt_entry_is(e, rt_basename(path)))
			return 1;
		while (*e && *e++ != ':')
			;
	}
	return 0;
}

static int rt_scope_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	struct rt_scope *s = data;
	struct rt_pending *q = &s->pend[s->npend];
	/* musl never unloads: whatever is there stays, as at start-up. */
	int startup = rt_startup_walk_next(&s->walk, info) || s->p->musl;
	uintptr_t vdso = rt_auxval(s->p, AT_SYSINFO_EHDR);
	volatile unsigned char *state;
	struct rt_range relro;

	(void)size;
	if ((uintptr_t)info->dlpi_phdr == rt_auxval(s->p, AT_PHDR))
		return 0; /* the executable sealed itself */
	rt_object_scan(&q->o, info->dlpi_phdr, info->dlpi_phnum, info->dlpi_addr, 0);
	q->o.name = info->dlpi_name && info->dlpi_name[0] ? info->dlpi_name : "(unnamed)";
	q->r = (struct rt_result){ 0 };
	q->o.note = rt_object_note(&q->o);
	if (q->o.note) {
		rt_config_read(s->p, q->o.note, &q->c);
		q->c.debug = s->exe->debug;
		state = rt_note_state(q->o.note);
		if (!state || !(rt_state_get(state) & SEALING_STATE_DEFERRED))
			return 0; /* it followed its note itself */
		q->how = startup ? "loaded at start-up, sealed by the executable"
				 : "dlopen'd during start-up, sealed by the executable";
		if (!startup && (q->c.flags & SEALING_FLAG_DLOPEN_SKIP)) {
			rt_scope_skip(s, q, "the note says dlopen=skip");
			return 0;
		}
		if (!startup && (q->r.err = rt_pin(s->p, &q->o)) != 0) {
			if (q->c.policy == SEALING_POLICY_ENFORCE)
				rt_fatal(q->o.name, &q->r, "cannot make it RTLD_NODELETE before sealing");
			rt_scope_skip(s, q, "could not make it RTLD_NODELETE");
			return 0;
		}
	} else {
		q->c = *s->exe;
		q->how = "no note, loaded at start-up, sealed by the executable";
		if (!startup)
			return 0; /* dlopen'd without a note: not ours */
		if (vdso && (uintptr_t)info->dlpi_phdr - vdso < 4096 &&
		    !(s->exe->flags & SEALING_FLAG_SEAL_VDSO)) {
			q->how = "the vdso";
			rt_scope_skip(s, q, "process scope leaves it to the kernel");
			return 0;
		}
		/* It lowers protection, so a secure process ignores it. */
		if (s->p->env_exempt && !rt_secure(s->p) &&
		    rt_exempt(s->p->env_exempt, q->o.name)) {
			rt_scope_skip(s, q, "SEALING_EXEMPT names it");
			return 0;
		}
	}
	if (q->c.policy == SEALING_POLICY_OFF) {
		rt_scope_skip(s, q, "policy 0");
		return 0;
	}
	if (!(q->c.flags & SEALING_FLAG_RELRO_KEEP) && rt_relro_range(&q->o, s->page, &relro)) {
		s->batch.relro[s->batch.n] = relro;
		s->batch.result[s->batch.n++] = &q->r;
		s->batch.bytes += relro.hi - relro.lo;
	}
	if (++s->npend == RT_BATCH)
		rt_scope_flush(s);
	return 0;
}

RT_FN void rt_seal_process(struct rt_process *p, const struct rt_object *exe,
			   const struct rt_config *c, uintptr_t page)
{
	struct rt_scope s = { .p = p, .exe = c, .page = page };
	struct rt_line l;

	rt_startup_walk_init(&s.walk, p, s.hash, sizeof(s.hash) / sizeof(s.hash[0]));
	int walked = rt_iterate(p, rt_scope_cb, &s) >= 0;
	if (walked)
		rt_scope_flush(&s);
	if (c->debug && !walked) {
		rt_warn(exe->name, "process scope: no loaded objects to walk (a static executable)");
	} else if (c->debug) {
		rt_line_start(&l, exe->name);
		rt_put(&l, "process scope: sealed ");
		rt_put_dec(&l, s.nsealed);
		rt_put(&l, s.nsealed == 1 ? " object, left " : " objects, left ");
		rt_put_dec(&l, s.nopen);
		rt_put(&l, " open; ");
		rt_put_dec(&l, s.calls);
		rt_put(&l, s.calls == 1 ? " syscall" : " syscalls");
		rt_emit(&l);
	}
}
