/* SPDX-License-Identifier: MIT */
/*
 * What a module should do: its note, optionally overridden by
 * SEALING_POLICY.  A secure-execution process (setuid, setgid, file
 * capabilities: AT_SECURE) takes the environment only to raise the policy,
 * and never honours SEALING_DEBUG, whose addresses would defeat ASLR for
 * whoever started the program.
 */
#include "rt.h"

/*
 * The note is read through a volatile pointer: sealctl rewrites the policy
 * in the file after linking, so the compiler must never fold the value the
 * carrier happened to emit.
 */
RT_HOT RT_FN void rt_config_read(struct rt_process *p,
			  const volatile struct sealing_note *note,
			  struct rt_config *c)
{
	unsigned want;

	c->flags = note->desc.flags;
	c->policy = sealing_desc_policy(note->desc.version, note->desc.policy);
	c->debug = 0;
	c->debug_output = 0;
	c->warning = 0;
	if (!p->env_done)
		rt_process_env(p);
	if (!p->env_debug && !p->env_policy)
		return; /* the common case: no need to look at AT_SECURE */

	int secure = rt_secure(p);
	c->debug = !secure && p->env_debug && sealing_streq(p->env_debug, "1");
	if (c->debug && p->env_debug_output && p->env_debug_output[0])
		c->debug_output = p->env_debug_output;
	if (!p->env_policy)
		return;
	if (!sealing_parse_policy(p->env_policy, &want))
		c->warning = "malformed SEALING_POLICY ignored";
	else if (secure && want < c->policy)
		c->warning = "SEALING_POLICY may only raise the policy in a secure-execution process";
	else
		c->policy = want;
}

/*
 * The first SEALING_POLICY= and SEALING_DEBUG= values, as rt_process_env
 * takes them, without its table: plain compares, so no .rodata is read on
 * the way.
 */
RT_HOT RT_FN unsigned rt_config_quick(struct rt_process *p, unsigned policy)
{
	const char *env_policy = 0, *env_debug = 0, *v;
	unsigned want;

	/* For the module part (rt_process_adopt), which would otherwise read
	 * the whole environment again. */
	p->env_none = 1;
	char **e = p->envp;
	for (; e && *e; e++) {
		const char *s = *e;
		/* Two bytes in line reject nearly every entry (SHELL, SSH_*). */
		if (s[0] != 'S' || s[1] != 'E')
			continue;
		p->env_none = 0;
		if (!env_policy && (v = rt_env_value(s + 2, "ALING_POLICY=")))
			env_policy = v;
		else if (!env_debug && (v = rt_env_value(s + 2, "ALING_DEBUG=")))
			env_debug = v;
	}
	/* Where rt_auxv's walk may start.  Every p this reads has argv set
	 * only with glibc's arguments, whose environment follows argv
	 * (rt_glibc_args; unit/env.c checks the vector found either way). */
	p->env_end = e;
	if (!env_policy && !env_debug)
		return policy; /* no need to look at AT_SECURE */
	int secure = rt_secure(p);
	if (sealing_parse_policy(env_policy, &want) && (!secure || want > policy))
		policy = want;
	if (!secure && env_debug && env_debug[0] == '1' && !env_debug[1])
		policy |= RT_QUICK_DEBUG;
	return policy;
}
