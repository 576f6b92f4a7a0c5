/* SPDX-License-Identifier: MIT */
/*
 * The constructor: read the policy, find the module, pin it if it can be
 * dlclose'd, seal it, and say so when asked.  It runs once per module from
 * .init_array, after the loader has relocated the module and applied
 * RELRO, before main (or before dlopen returns).
 */

static void rt_debug_prefix(struct rt_line *l, struct rt_process *p,
			    struct rt_module *m)
{
	rt_put(l, "sealing: ");
	rt_put(l, m ? rt_module_name(p, m) : "(unknown module)");
	rt_put(l, ": ");
}

static void rt_report(struct rt_process *p, const struct rt_config *c,
		      struct rt_module *m, const struct rt_seal_result *r,
		      const char *skipped)
{
	struct rt_line l = { .len = 0 };

	rt_debug_prefix(&l, p, m);
	rt_put(&l, "policy ");
	rt_put_dec(&l, c->policy);
	if (skipped) {
		rt_put(&l, ": not sealed (");
		rt_put(&l, skipped);
		rt_put(&l, ")");
	} else if (!r->nsealed) {
		rt_put(&l, ": not sealed");
	} else {
		rt_put(&l, ": sealed");
		unsigned shown = r->nsealed < 4 ? r->nsealed : 4;
		for (unsigned i = 0; i < shown; i++) {
			rt_put(&l, " ");
			rt_put_range(&l, r->sealed[i].lo, r->sealed[i].hi);
		}
		if (r->nsealed > shown)
			rt_put(&l, " ...");
	}
	if (r->relro.hi) {
		rt_put(&l, ", relro ");
		rt_put_range(&l, r->relro.lo, r->relro.hi);
		rt_put(&l, " made anonymous");
	}
	if (r->mutable_range.hi) {
		rt_put(&l, ", mutable ");
		rt_put_range(&l, r->mutable_range.lo, r->mutable_range.hi);
		rt_put(&l, " left open");
	}
	if (m && m->via_iteration)
		rt_put(&l, ", headers found by dl_iterate_phdr");
	rt_put(&l, "; ");
	rt_put_dec(&l, r->calls);
	rt_put(&l, r->calls == 1 ? " syscall; " : " syscalls; ");
	if (r->err) {
		rt_put(&l, "failed: ");
		rt_put_errno(&l, r->err);
		if (r->err_range.hi) {
			rt_put(&l, " on ");
			rt_put_range(&l, r->err_range.lo, r->err_range.hi);
		}
		if (c->policy < SEALING_POLICY_ENFORCE)
			rt_put(&l, " (ignored under policy 1)");
	} else {
		rt_put(&l, "ok");
	}
	rt_emit(&l);
}

static void rt_warn(struct rt_process *p, struct rt_module *m,
		    const char *what)
{
	struct rt_line l = { .len = 0 };
	rt_debug_prefix(&l, p, m);
	rt_put(&l, what);
	rt_emit(&l);
}

/* Policy 2: one line naming module, range and error, then terminate. */
__attribute__((noreturn)) static void rt_fatal(struct rt_process *p,
					       struct rt_module *m,
					       const struct rt_seal_result *r,
					       const char *what)
{
	struct rt_line l = { .len = 0 };
	rt_debug_prefix(&l, p, m);
	rt_put(&l, r->relro_failed ? "cannot make RELRO anonymous" : what);
	if (r->err_range.hi) {
		rt_put(&l, " ");
		rt_put_range(&l, r->err_range.lo, r->err_range.hi);
	}
	rt_put(&l, ": ");
	rt_put_errno(&l, r->err);
	if (r->err == ENOSYS)
		rt_put(&l, ", mseal unavailable (Linux < 6.10, an emulator or a sandbox)");
	rt_put(&l, "; policy 2 terminates (override: SEALING_POLICY=1, or sealctl set-policy 1)");
	rt_emit(&l);
	for (;;)
		rt_syscall3(SYS_exit_group, 127, 0, 0);
}

/*
 * glibc calls constructors with (argc, argv, envp), at start-up and from
 * dlopen alike; rt-process.c explains why we take them.
 */
__attribute__((constructor, used)) static void rt_seal_self(int argc,
							    char **argv,
							    char **envp)
{
	const volatile struct sealing_note *note = &__sealing_note;
	const void *anchor = (const void *)note;
	struct rt_process proc, *p = &proc;
	struct rt_config c = { 0 };
	struct rt_seal_result r = { 0 };
	struct rt_module mod, *m = &mod;
	const char *skipped = 0;

	rt_process_init(p, argc, argv, envp);
	rt_read_note(note, &c);
	rt_apply_env(p, &c);
	if (c.policy == SEALING_POLICY_OFF && !c.debug)
		return; /* nothing to do and nothing to say */

	if (!rt_find_module(p, m, anchor))
		m = 0;
	if (c.debug && c.env_warning)
		rt_warn(p, m, c.env_warning);

	if (c.policy == SEALING_POLICY_OFF) {
		skipped = "policy 0";
	} else if (rt_running_on_valgrind()) {
		skipped = "running under valgrind";
	} else if (!m) {
		r.err = ESRCH;
		if (c.policy == SEALING_POLICY_ENFORCE)
			rt_fatal(p, m, &r, "cannot find its own program headers");
		skipped = "own program headers not found";
	} else if (!rt_loaded_at_startup(p) && !rt_is_main(p, m)) {
		if (c.flags & SEALING_FLAG_DLOPEN_SKIP) {
			skipped = "dlopen'd, and the note says dlopen=skip";
		} else if ((r.err = rt_pin(p, m)) != 0) {
			/* Sealed but unpinned, every dlclose would leak a copy. */
			if (c.policy == SEALING_POLICY_ENFORCE)
				rt_fatal(p, m, &r, "cannot make itself RTLD_NODELETE before sealing");
			skipped = "could not make it RTLD_NODELETE";
		}
	}

	if (!skipped)
		rt_seal_module(p, m, c.flags, &r);
	if (c.debug)
		rt_report(p, &c, m, &r, skipped);
	if (!skipped && r.err && c.policy == SEALING_POLICY_ENFORCE)
		rt_fatal(p, m, &r, "cannot seal");
}
