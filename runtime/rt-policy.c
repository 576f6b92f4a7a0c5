/* SPDX-License-Identifier: MIT */
/*
 * What this module should do: its own note, optionally overridden by
 * SEALING_POLICY.  A secure-execution process (setuid, setgid, file
 * capabilities: AT_SECURE) takes the environment only to raise the policy,
 * and never honours SEALING_DEBUG, whose addresses would defeat ASLR for
 * whoever started the program.
 */

struct rt_config {
	unsigned policy;
	uint32_t flags;
	int debug;
	const char *env_warning; /* why SEALING_POLICY was ignored, if it was */
};

/*
 * The note is read through a volatile pointer: sealctl rewrites the policy
 * in the file after linking, so the compiler must never fold the value the
 * carrier happened to emit.
 */
static void rt_read_note(const volatile struct sealing_note *note,
			 struct rt_config *c)
{
	unsigned version = note->desc.version;
	unsigned policy = note->desc.policy;

	c->flags = note->desc.flags;
	/* A newer or damaged descriptor still gets the safe default. */
	if (version != SEALING_NOTE_VERSION || policy > SEALING_POLICY_ENFORCE)
		policy = SEALING_POLICY_BEST;
	c->policy = policy;
}

static void rt_apply_env(struct rt_process *p, struct rt_config *c)
{
	const char *dbg, *v;
	rt_scan_env(p, &dbg, &v);
	if (!dbg && !v)
		return; /* the common case: no need to look at AT_SECURE */

	/* Unknown means secure: the environment may then only harden. */
	int secure = !rt_auxv(p) || rt_auxval(p, AT_SECURE);
	c->debug = !secure && dbg && rt_streq(dbg, "1");
	if (!v)
		return;
	if (!(v[0] >= '0' && v[0] <= '2' && v[1] == '\0')) {
		c->env_warning = "malformed SEALING_POLICY ignored";
		return;
	}
	unsigned want = (unsigned)(v[0] - '0');
	if (secure && want < c->policy) {
		c->env_warning = "SEALING_POLICY may only raise the policy in a secure-execution process";
		return;
	}
	c->policy = want;
}
