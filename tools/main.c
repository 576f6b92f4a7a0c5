/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * sealctl: inspect, audit and re-set the sealing of built ELF files.
 * Each subcommand lives in its own cmd-*.c; this file only dispatches.
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
	"  set-policy 0|1|2 FILE...             rewrite the sealing policy in place\n"
	"  check [--min-policy N] [--json] PATH...\n"
	"                                       audit files and trees (exit 1 if short)\n"
	"  set-memory-seal on|off FILE...       toggle GNU_PROPERTY_MEMORY_SEAL\n"
	"\n"
	"'sealctl COMMAND --help' describes each command; see also sealctl(1).\n";

int is_help(const char *arg)
{
	return !strcmp(arg, "--help") || !strcmp(arg, "-h");
}

int no_options(const char *cmd, const char *usage, int argc, char **argv,
	       int *next)
{
	int i = 1;
	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		}
		if (is_help(argv[i])) {
			fputs(usage, stdout);
			return SEALCTL_EXIT_OK;
		}
		sealctl_usage_error(cmd, "unknown option '%s'", argv[i]);
		return SEALCTL_EXIT_USAGE;
	}
	*next = i;
	return -1;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*fn)(int, char **);
	} cmds[] = {
		{ "status", cmd_status },
		{ "set-policy", cmd_set_policy },
		{ "check", cmd_check },
		{ "set-memory-seal", cmd_set_memory_seal },
	};

	if (argc < 2) {
		fputs(usage, stderr);
		return SEALCTL_EXIT_USAGE;
	}
	if (is_help(argv[1]) || !strcmp(argv[1], "help")) {
		if (argc > 2 && strcmp(argv[1], "help") == 0) {
			for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
				if (!strcmp(argv[2], cmds[i].name)) {
					char *av[] = { argv[2], (char *)"--help", NULL };
					return cmds[i].fn(2, av);
				}
		}
		fputs(usage, stdout);
		return SEALCTL_EXIT_OK;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("sealctl %s (note version %d, %s)\n", SEALCTL_VERSION,
		       SEALING_NOTE_VERSION, SEALCTL_BFD_VERSION);
		return SEALCTL_EXIT_OK;
	}
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(argv[1], cmds[i].name)) {
			int rc = cmds[i].fn(argc - 1, argv + 1);
			if (fflush(stdout) || ferror(stdout)) {
				perror("sealctl: stdout");
				return SEALCTL_EXIT_FAIL;
			}
			return rc;
		}
	fprintf(stderr, "sealctl: unknown command '%s' (see 'sealctl --help')\n", argv[1]);
	return SEALCTL_EXIT_USAGE;
}
