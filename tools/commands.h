/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The subcommands; each parses its own arguments (options.h) and returns
 * the exit status (diag.h: 0 ok, 1 something failed or falls short,
 * 2 usage). */
#ifndef SEALCTL_COMMANDS_H
#define SEALCTL_COMMANDS_H

int cmd_status(int argc, char **argv);
int cmd_set_policy(int argc, char **argv);
int cmd_set_scope(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_set_memory_seal(int argc, char **argv);
int cmd_ps(int argc, char **argv);

#endif
