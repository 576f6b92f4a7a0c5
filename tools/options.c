/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "options.h"

#include "diag.h"

#include <stdio.h>
#include <string.h>

#define LONGOPTS_MAX 16

/* "--json=1" for an option that takes no value deserves its own words. */
static void bad_option(const struct sealctl_command *c, const struct option *all,
		       const char *arg)
{
	if (!strncmp(arg, "--", 2) && strchr(arg, '=')) {
		size_t n = (size_t)(strchr(arg, '=') - arg) - 2;
		for (const struct option *o = all; o->name; o++)
			if (strlen(o->name) == n && !strncmp(o->name, arg + 2, n) &&
			    o->has_arg == no_argument) {
				sealctl_usage_error(c->name, "option '--%s' takes no value", o->name);
				return;
			}
	}
	sealctl_usage_error(c->name, "unknown option '%s'", arg);
}

int sealctl_options(const struct sealctl_command *c, int argc, char **argv,
		    void *ctx, int *next)
{
	struct option all[LONGOPTS_MAX + 1];
	char shortopts[64];
	size_t n = 0;

	for (const struct option *o = c->longopts; o && o->name && n < LONGOPTS_MAX - 1; o++)
		all[n++] = *o;
	all[n++] = (struct option){ "help", no_argument, NULL, 'h' };
	all[n] = (struct option){ 0 };
	/* ':' first: a missing value is reported as such, not as unknown. */
	snprintf(shortopts, sizeof(shortopts), ":h%s", c->shortopts ? c->shortopts : "");

	optind = 0; /* glibc: start afresh, whoever parsed before */
	opterr = 0; /* our messages are one line in our format */
	for (;;) {
		int key = getopt_long(argc, argv, shortopts, all, NULL);
		if (key == -1)
			break;
		/* glibc leaves the element it just parsed right before optind. */
		const char *arg = optind > 1 && optind <= argc ? argv[optind - 1] : "";
		if (key == 'h') {
			fputs(c->usage, stdout);
			return SEALCTL_EXIT_OK;
		}
		if (key == ':') {
			sealctl_usage_error(c->name, "option '%s' needs a value", arg);
			return SEALCTL_EXIT_USAGE;
		}
		if (key == '?') {
			if (optopt && !strchr(arg, '=') && strncmp(arg, "--", 2)) {
				char opt[3] = { '-', (char)optopt, 0 };
				sealctl_usage_error(c->name, "unknown option '%s'", opt);
			} else {
				bad_option(c, all, arg);
			}
			return SEALCTL_EXIT_USAGE;
		}
		int rc = c->option ? c->option(key, optarg, ctx) : SEALCTL_EXIT_USAGE;
		if (rc)
			return rc;
	}
	*next = optind;
	return -1;
}

const struct option sealctl_json_longopts[] = {
	{ "json", no_argument, NULL, 'j' },
	{ 0 },
};

int sealctl_json_option(int key, const char *arg, void *ctx)
{
	(void)key; /* --json is the only one */
	(void)arg;
	*(int *)ctx = 1;
	return 0;
}

int sealctl_operand(const char *cmd, int i, int argc, const char *what)
{
	if (i < argc)
		return 0;
	sealctl_usage_error(cmd, "no %s given", what);
	return SEALCTL_EXIT_USAGE;
}
