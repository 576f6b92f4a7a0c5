/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The one option parser of every subcommand: getopt_long, plus --help
 * and -h, so "-", "--" and option spellings mean the same everywhere.
 * Options may come before or after the operands (GNU order); "--" ends
 * them, and "-" alone is an operand.
 */
#ifndef SEALCTL_OPTIONS_H
#define SEALCTL_OPTIONS_H

#include <getopt.h>

struct sealctl_command {
	const char *name;  /* "check": for messages */
	const char *usage; /* the --help text */
	const char *shortopts;           /* getopt's string, without h; may be "" */
	const struct option *longopts;   /* without help; NULL or {0}-terminated */
	/* Called for each option other than --help: 0 to go on, or an exit
	 * status (after a usage message, see diag.h). */
	int (*option)(int key, const char *arg, void *ctx);
};

/*
 * Parses argv[1..] (argv[0] is the subcommand).  Returns -1 with *next at
 * the first operand (argv is permuted so that operands come last), or
 * the exit status to return at once: 0 after --help, 2 after a usage
 * error, which has been reported.
 */
int sealctl_options(const struct sealctl_command *c, int argc, char **argv,
		    void *ctx, int *next);

/* For a command whose one option is --json: ctx is an int set to 1. */
extern const struct option sealctl_json_longopts[];
int sealctl_json_option(int key, const char *arg, void *ctx);

/* 0 when argv[i] exists (i < argc); otherwise reports "no WHAT given"
 * and returns the usage exit status. */
int sealctl_operand(const char *cmd, int i, int argc, const char *what);

#endif
