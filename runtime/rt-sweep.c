/* SPDX-License-Identifier: MIT */
/*
 * Sealing what others loaded: the executable's process pass (rt-scope.c)
 * and the loader module (loader/sweep.c) both go through here, and both
 * follow rt_decide.
 *
 * Collect first, act after the walk.  dl_iterate_phdr holds glibc's
 * dl_load_write_lock while it calls us; dlopen takes dl_load_lock and
 * then that one.  Calling dlopen (to pin) from inside the walk takes the
 * two in the opposite order, and deadlocks against a thread in dlopen.
 * So the walk only reads, into a batch of jobs with a copy of each name
 * (a dlopen'd object may be unloaded once the walk lets go); pinning,
 * sealing and reporting come after it.  Pinning checks that the object
 * the name now stands for is the one we saw, and an object that was
 * unloaded meanwhile is reported as gone, not as a failure.
 *
 * A process with more objects than a batch holds takes several walks,
 * each resuming after the last object the previous one collected.  The
 * first walk also places every object (rt-startup.c), and goes on to
 * the end of the start-up prefix even when its batch is full.
 */
#include "rt-pass.h"

/* A start-up object is never unloaded: its name stays where ld.so keeps
 * it.  Any other may be gone once the walk lets go, so it is copied. */
static void rt_sweep_name(struct rt_sweep *s, struct rt_job *j, const char *name, int startup)
{
	size_t len = 0;

	j->o.name = 0;
	if (startup) {
		if (name && name[0])
			j->o.name = name;
		return;
	}
	while (name && name[len])
		len++;
	if (!len || len >= sizeof(s->names) - s->names_used)
		return;
	char *copy = s->names + s->names_used;
	for (size_t i = 0; i <= len; i++)
		copy[i] = name[i];
	s->names_used += len + 1;
	j->o.name = copy;
}

static int rt_sweep_has_room(const struct rt_sweep *s, const struct dl_phdr_info *info,
			     int startup)
{
	size_t len = 0;

	if (s->njobs == RT_BATCH)
		return 0;
	if (startup)
		return 1; /* its name is not copied */
	while (info->dlpi_name && info->dlpi_name[len])
		len++;
	/* A name too long for an empty arena goes without (it cannot be pinned). */
	return !s->njobs || len < sizeof(s->names) - s->names_used;
}

/* Reads only: called under dl_iterate_phdr's lock. */
static void rt_sweep_collect(struct rt_sweep *s, const struct dl_phdr_info *info,
			     unsigned index, int startup)
{
	struct rt_job *j = &s->jobs[s->njobs++];
	volatile unsigned char *state;

	*j = (struct rt_job){ .index = index };
	rt_object_from_info(&j->o, info);
	/* A module without a runtime may still have used <sealing.h>, whose
	 * note says where its mutable data is.  One with a runtime and such
	 * data seals itself, but is read too: a module whose state byte
	 * cannot be trusted is sealed again from here. */
	rt_object_mutable(&j->o, &j->mut);
	rt_sweep_name(s, j, info->dlpi_name, startup);
	/* Read once per pass (rt_startup_walk_init), not once per object. */
	j->f.is_exe = (uintptr_t)info->dlpi_phdr == s->walk.exe_phdr;
	j->f.is_vdso = rt_is_vdso(s->walk.vdso, info->dlpi_phdr);
	if (!j->o.name)
		j->o.name = j->f.is_vdso ? "[vdso]" :
			    j->f.is_exe ? (const char *)rt_auxval(s->p, AT_EXECFN) : 0;
	if (!j->o.name)
		j->o.name = "(unnamed)";
	if (j->o.note) {
		j->f.has_note = 1;
		rt_config_read(s->p, j->o.note, &j->c);
		if ((state = rt_object_state(&j->o, j->o.note)) != 0) {
			j->f.has_state = 1;
			j->f.state = rt_state_get(state);
		}
	} else {
		j->c = s->conf;
	}
}

static int rt_sweep_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	struct rt_sweep *s = data;
	unsigned index = s->index++;

	if (s->first) {
		if (index == 0)
			rt_startup_walk_snap(&s->walk, s->snap, info, size);
		rt_startup_walk_next(&s->walk, info);
	}
	if (!s->resumed) {
		if (s->last) {
			s->resumed = info->dlpi_phdr == s->last;
			return 0;
		}
		if (index < s->next)
			return 0;
		s->resumed = 1;
	}
	if (s->self && info->dlpi_phdr == s->self->o.phdr)
		return 0; /* already the first job */
	/* Known only once the walk has placed it: always when .preinit_array
	 * saw the same map, else rarely before the first walk's end. */
	int startup = rt_startup_origin(&s->walk, index) == RT_ORIGIN_STARTUP;
	if (!s->full && !rt_sweep_has_room(s, info, startup))
		s->full = 1;
	if (!s->full) {
		rt_sweep_collect(s, info, index, startup);
		s->next = index + 1;
		s->last = info->dlpi_phdr;
		return 0;
	}
	/* Full: go on only while the first walk still needs to place objects. */
	return !(s->first && s->walk.set.phase == RT_WALK_PREFIX);
}

struct rt_present_arg {
	const void *phdr;
	int found;
};

static int rt_present_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	struct rt_present_arg *a = data;
	(void)size;
	return a->found = info->dlpi_phdr == a->phdr;
}

/* Pins j's object; 0 when done, or j->r.err set (j->gone if it went away). */
static int rt_sweep_pin(struct rt_sweep *s, struct rt_job *j)
{
	struct rt_present_arg a = { j->o.phdr, 0 };
	long err = rt_pin_named(s->p, s->dlopen, j->f.is_exe ? 0 : j->o.name, j->o.dynamic);

	if (!err)
		return 0;
	if (err == ESTALE || (rt_iterate(s->p, rt_present_cb, &a) >= 0 && !a.found)) {
		j->gone = 1;
	} else {
		j->unpinned = 1;
		j->r.err = err;
	}
	return -1;
}

/* What the object's facts decide, now that its place is known. */
static void rt_sweep_decide(struct rt_sweep *s, struct rt_job *j)
{
	j->f.asker = s->asker;
	j->f.never_unloads = s->p->musl != 0;
	j->f.seal_vdso = (s->conf.flags & SEALING_FLAG_SEAL_VDSO) != 0;
	j->f.exe_sealed_startup = s->exe_sealed_startup != 0;
	j->f.exe_pass_ran = s->exe_pass_ran != 0;
	j->f.exe_seals_plain = s->exe_seals_plain != 0;
	j->f.origin = j->f.is_exe || j->f.is_vdso ? RT_ORIGIN_STARTUP :
		      rt_startup_origin(&s->walk, j->index);
	j->f.policy = j->c.policy;
	j->f.flags = j->c.flags;
	j->f.exempt = !j->f.has_note && rt_exempt(s->p, j->o.name);
	j->f.admin_exempt = s->admin_exempt && s->admin_exempt(s->ctx, j->o.name);
	j->d = rt_decide(&j->f);
	/* valgrind 3.19 does not know mseal: say what would be sealed. */
	if ((j->d.action == RT_SEAL || j->d.action == RT_PIN_SEAL) && rt_running_on_valgrind())
		j->d = (struct rt_decision){ RT_SKIP, RT_REASON_VALGRIND };
}

/* One line per object, and the counts for the summary. */
static void rt_sweep_report(struct rt_sweep *s, struct rt_job *j)
{
	const char *why = rt_reason_text(j->d.reason);

	if (j->gone) {
		s->ngone++;
		if (j->c.debug)
			rt_report(j->o.name, &j->c, why, &j->r,
				  "unloaded before it could be pinned: nothing left to seal");
	} else if (j->unpinned) {
		s->nopen++;
		if (j->c.debug)
			rt_report(j->o.name, &j->c, why, &j->r, "could not make it RTLD_NODELETE");
		if (j->c.policy == SEALING_POLICY_ENFORCE)
			rt_fatal(j->o.name, &j->r, "cannot make it RTLD_NODELETE before sealing");
	} else if (j->d.action == RT_LEAVE) {
		s->nleft++;
		j->r.by_loader = j->d.reason == RT_REASON_BY_LOADER;
		if (j->c.debug && j->r.by_loader)
			rt_report(j->o.name, &j->c, 0, &j->r, 0);
	} else if (j->d.action == RT_SKIP) {
		s->nopen++;
		if (j->c.debug)
			rt_report(j->o.name, &j->c, j->f.is_exe ? rt_reason_text(RT_REASON_EXECUTABLE) : 0,
				  &j->r, why);
	} else {
		const char *damage = 0;
		if (j->f.has_note &&
		    ((damage = rt_note_damage(j->o.note, 0)) ||
		     (!j->f.has_state &&
		      (damage = "note damaged: its state offset points outside its writable segments")))) {
			if (j->c.debug)
				rt_warn(&j->c, j->o.name, damage);
			/* The executable's own note, as a module's own core does. */
			if (j->f.is_exe && j->c.policy == SEALING_POLICY_ENFORCE) {
				j->r.err = EINVAL;
				rt_fatal(j->o.name, &j->r, damage);
			}
		}
		s->nsealed += j->r.nsealed != 0;
		s->nopen += j->r.nsealed == 0;
		if (s->sealed && j->r.nsealed && !j->r.err)
			s->sealed(s->ctx, j);
		if (j->c.debug)
			rt_report(j->o.name, &j->c, why, &j->r, 0);
		if (j->r.err && j->c.policy == SEALING_POLICY_ENFORCE)
			rt_fatal(j->o.name, &j->r, "cannot seal");
	}
}

/* Everything after a walk: decide, pin, seal the batch, report in order. */
static void rt_sweep_act(struct rt_sweep *s)
{
	struct rt_job *seal[RT_BATCH];
	unsigned nseal = 0;
	volatile unsigned char *state;

	for (unsigned i = 0; i < s->njobs; i++) {
		struct rt_job *j = &s->jobs[i];
		if (s->known && s->known(s->ctx, j->o.phdr)) {
			j->known = 1;
			continue;
		}
		s->seen++;
		rt_sweep_decide(s, j);
		if (j->d.action == RT_PIN_SEAL) {
			if (rt_sweep_pin(s, j))
				continue;
			/* Its own runtime may have run while we waited. */
			if (j->f.has_note && (state = rt_object_state(&j->o, j->o.note))) {
				j->f.state = rt_state_get(state);
				j->d = rt_decide(&j->f);
			}
		}
		if (j->d.action == RT_SEAL || j->d.action == RT_PIN_SEAL)
			seal[nseal++] = j;
	}
	s->calls += rt_seal_jobs(seal, nseal, s->page);
	for (unsigned i = 0; i < s->njobs; i++)
		if (!s->jobs[i].known)
			rt_sweep_report(s, &s->jobs[i]);
}

RT_FN int rt_sweep_run(struct rt_sweep *s)
{
	int retried = 0;

	rt_startup_walk_init(&s->walk, s->p, s->tab, sizeof(s->tab) / sizeof(s->tab[0]));
	s->first = 1;
	s->next = 0;
	s->last = 0;
	for (;;) {
		s->njobs = 0;
		if (s->first && s->self) {
			RT_COPY(s->jobs[0], *s->self);
			s->njobs = 1;
		}
		s->names_used = 0;
		s->index = 0;
		s->full = 0;
		s->resumed = s->first;
		if (rt_iterate(s->p, rt_sweep_cb, s) < 0) {
			if (s->njobs)
				rt_sweep_act(s); /* nothing to walk: self alone */
			return -1;
		}
		if (!s->resumed && !retried) {
			/* The object we stopped after is gone: resume by position. */
			s->last = 0;
			retried = 1;
			continue;
		}
		s->first = 0;
		retried = 0;
		rt_sweep_act(s);
		if (!s->full)
			return 0;
	}
}

/*
 * SEALING_EXEMPT=name[:name...]: paths or file names left open.  It
 * lowers protection, so a secure-execution process ignores it.
 */
RT_FN int rt_exempt(struct rt_process *p, const char *path)
{
	if (!p->env_done)
		rt_process_env(p);
	return p->env_exempt && !rt_secure(p) && rt_exempt_list(p->env_exempt, path);
}

