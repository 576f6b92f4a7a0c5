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

#endif
