/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * sealctl: inspect, audit and re-set the sealing of built ELF files and
 * running processes.  Each subcommand lives in its own cmd-*.c and parses
 * its own options (options.c); this file only dispatches.
 */
#include "commands.h"
#include "diag.h"
#include "sealctl-config.h"

#include <sealing/note.h>

#include <stdio.h>
#include <string.h>

static const char usage[] =
	"usage: sealctl COMMAND [ARGS...]\n"
	"\n"
	"  status [--json] FILE...              show what sealing FILE carries\n"
	"  set-policy [--in-place] 0|1|2 FILE...\n"
	"                                       rewrite the sealing policy in place\n"
	"  set-scope [--in-place] process|module FILE...\n"
	"                                       rewrite the scope flag in place\n"
	"  check [--min-policy N] [--json] PATH...\n"
	"                                       audit files and trees (exit 1 if short)\n"
	"  set-memory-seal on|off FILE...       toggle GNU_PROPERTY_MEMORY_SEAL\n"
	"  ps [--strict] [--json] PID...        what is sealed in running processes\n"
	"\n"
	"'sealctl COMMAND --help' describes each command; see also sealctl(1).\n";

static const struct {
	const char *name;
	int (*fn)(int, char **);
} cmds[] = {
	{ "status", cmd_status },
	{ "set-policy", cmd_set_policy },
	{ "set-scope", cmd_set_scope },
	{ "check", cmd_check },
	{ "set-memory-seal", cmd_set_memory_seal },
	{ "ps", cmd_ps },
};

static int run(const char *name, int argc, char **argv)
{
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(name, cmds[i].name))
			return cmds[i].fn(argc, argv);
	fprintf(stderr, "sealctl: unknown command '%s' (see 'sealctl --help')\n", name);
	return SEALCTL_EXIT_USAGE;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fputs(usage, stderr);
		return SEALCTL_EXIT_USAGE;
	}
	const char *a = argv[1];
	if (!strcmp(a, "help") && argc > 2) {
		char *av[] = { argv[2], (char *)"--help", NULL };
		return run(argv[2], 2, av);
	}
	if (!strcmp(a, "help") || !strcmp(a, "--help") || !strcmp(a, "-h")) {
		fputs(usage, stdout);
		return SEALCTL_EXIT_OK;
	}
	if (!strcmp(a, "--version")) {
		printf("sealctl %s (note version %d, %s)\n", SEALCTL_VERSION,
		       SEALING_NOTE_VERSION, SEALCTL_BFD_VERSION);
		return SEALCTL_EXIT_OK;
	}
	int rc = run(a, argc - 1, argv + 1);
	if (fflush(stdout) || ferror(stdout)) {
		perror("sealctl: stdout");
		return SEALCTL_EXIT_FAIL;
	}
	return rc;
}
