/* SPDX-License-Identifier: MIT */
/*
 * The build-time policy a package asks for through the environment, which
 * every compiler passes on untouched: a flag such as -fno-sealing breaks
 * the build wherever sealing is not installed (plain GCC, clang, GCC
 * without the plugin), a variable never does.  Both compiler plugins read
 * it, so one setting works for GCC and clang alike.
 *
 *   SEALING_BUILD_POLICY=0|1|2
 *   DEB_BUILD_MAINT_OPTIONS: hardening=-sealing, hardening=-all (policy 0,
 *       unless a later +sealing or +all in the same list turns it back on,
 *       as dpkg reads them); sealing=policy0|policy1|policy2
 *
 * SEALING_BUILD_POLICY wins over DEB_BUILD_MAINT_OPTIONS, in which the
 * hardening opt-out wins over sealing=policyN.  Both win over the
 * compiler flags, which are usually the distribution's while the
 * environment is the package's.  docs/distro.md, "Opting out, opting up".
 *
 * Plain C, no libc: the parsers of note.h are its model.
 */
#ifndef SEALING_BUILD_POLICY_H
#define SEALING_BUILD_POLICY_H

#include "sealing/note.h"

#define SEALING_BUILD_POLICY_ENV "SEALING_BUILD_POLICY"
#define SEALING_DEB_OPTIONS_ENV "DEB_BUILD_MAINT_OPTIONS"

enum sealing_env_verdict {
	SEALING_ENV_SILENT = 0, /* the environment asks nothing */
	SEALING_ENV_POLICY = 1, /* *policy is what it asks for */
	SEALING_ENV_BAD = -1,   /* *bad names the value it cannot read */
};

static inline int sealing_env_is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

/* Does [s, e) spell word exactly? */
static inline int sealing_env_word(const char *s, const char *e, const char *word)
{
	while (s < e && *word && *s == *word)
		s++, word++;
	return s == e && !*word;
}

/*
 * hardening=ITEM,ITEM,...: the sealing feature's last word, as dpkg
 * reads the list left to right.  *on is set to 0 or 1 when an item
 * names it (sealing or all); other features are dpkg's business.
 */
static inline void sealing_env_hardening(const char *s, const char *e, int *on)
{
	while (s < e) {
		const char *item = s;
		while (s < e && *s != ',')
			s++;
		if (s - item > 1 && (*item == '+' || *item == '-') &&
		    (sealing_env_word(item + 1, s, "sealing") ||
		     sealing_env_word(item + 1, s, "all")))
			*on = *item == '+';
		if (s < e)
			s++;
	}
}

/*
 * DEB_BUILD_MAINT_OPTIONS, space-separated AREA=VALUE items.  Returns a
 * sealing_env_verdict; on SEALING_ENV_BAD, *bad and *bad_end delimit the
 * value of sealing= it cannot read.
 */
static inline int sealing_env_deb_options(const char *s, unsigned *policy,
					  const char **bad, const char **bad_end)
{
	int hardening = -1;
	int asked = -1;

	while (s && *s) {
		while (sealing_env_is_space(*s))
			s++;
		const char *item = s;
		while (*s && !sealing_env_is_space(*s))
			s++;
		const char *eq = item;
		while (eq < s && *eq != '=')
			eq++;
		if (eq == s)
			continue;
		if (sealing_env_word(item, eq, "hardening")) {
			sealing_env_hardening(eq + 1, s, &hardening);
		} else if (sealing_env_word(item, eq, "sealing")) {
			const char *v = eq + 1;
			if (s - v == 7 && sealing_env_word(v, v + 6, "policy") &&
			    v[6] >= '0' && v[6] <= '2') {
				asked = v[6] - '0';
			} else {
				*bad = v;
				*bad_end = s;
				return SEALING_ENV_BAD;
			}
		}
	}
	if (hardening == 0) {
		*policy = SEALING_POLICY_OFF;
		return SEALING_ENV_POLICY;
	}
	if (asked >= 0) {
		*policy = (unsigned)asked;
		return SEALING_ENV_POLICY;
	}
	return SEALING_ENV_SILENT;
}

/*
 * Both variables' values (NULL when unset).  On SEALING_ENV_BAD, *which
 * is the variable's name and *bad, *bad_end the text it cannot read.
 */
static inline int sealing_env_build_policy(const char *build_policy, const char *deb_options,
					   unsigned *policy, const char **which,
					   const char **bad, const char **bad_end)
{
	if (build_policy) {
		if (sealing_parse_policy(build_policy, policy))
			return SEALING_ENV_POLICY;
		*which = SEALING_BUILD_POLICY_ENV;
		*bad = build_policy;
		*bad_end = build_policy;
		while (**bad_end)
			(*bad_end)++;
		return SEALING_ENV_BAD;
	}
	*which = SEALING_DEB_OPTIONS_ENV;
	return sealing_env_deb_options(deb_options, policy, bad, bad_end);
}

#endif
