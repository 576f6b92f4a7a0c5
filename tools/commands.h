/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The subcommands; each parses its own arguments and returns the exit
 * status (diag.h: 0 ok, 1 something failed or falls short, 2 usage). */
#ifndef SEALCTL_COMMANDS_H
#define SEALCTL_COMMANDS_H

int cmd_status(int argc, char **argv);
int cmd_set_policy(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_set_memory_seal(int argc, char **argv);

/* Is arg --help or -h? */
int is_help(const char *arg);

/*
 * For subcommands that take no options: skips "--", answers --help with
 * usage, rejects anything else starting with '-'.  Sets *next to the first
 * operand and returns -1 to go on, or the exit status to return now.
 */
int no_options(const char *cmd, const char *usage, int argc, char **argv,
	       int *next);

#endif
