/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Every subcommand is a checker over the one model, as annocheck's tools
 * are checkers run by its framework.  The framework (checker.c) parses
 * the options, goes through the operands (files, trees or process IDs),
 * builds the model of every ELF object of each file (scan.h) and hands
 * each to the checker; the checker judges, prints or plans a patch, and
 * fills in only the hooks it needs.
 */
#ifndef SEALCTL_CHECKER_H
#define SEALCTL_CHECKER_H

#include "object.h"
#include "options.h"
#include "scan.h"

enum sealctl_operands {
	SEALCTL_FILES, /* each operand is a file: status, set-* */
	SEALCTL_TREES, /* files and directories, each visited once: check */
	SEALCTL_PIDS,  /* process IDs: ps */
};

enum sealctl_file_result {
	SEALCTL_FILE_READ,    /* its ELF objects went to the checker */
	SEALCTL_FILE_SKIPPED, /* nothing to read: not ELF, a device, seen before */
	SEALCTL_FILE_ERROR,   /* missing, unreadable, truncated, corrupted */
};

/* How one file went. */
struct sealctl_file {
	const char *path;
	enum sealctl_file_result result;
	const char *why;                /* SKIPPED and ERROR: one line */
	struct sealctl_file_info info;  /* READ: archive or not, its members */
};

struct sealctl_checker {
	struct sealctl_command command; /* name, --help text, options */
	enum sealctl_operands operands;
	const char *operand;            /* "FILE": "no FILE given" */

	/* Operands before those (set-policy's 0|1|2): consume them, moving
	 * *next on.  -1 to go on, or the exit status. */
	int (*leading)(void *ctx, int argc, char **argv, int *next);
	/* Once every operand is known good (headers).  -1 or exit status. */
	int (*start)(void *ctx);
	/* Before a file is read (to keep its access time). */
	void (*file_begin)(void *ctx, const char *path);
	/* Each ELF object of the file in turn; the checker may keep it
	 * (sealctl_object_move).  Nonzero ends the file. */
	int (*object)(void *ctx, struct sealctl_object *o);
	/* After the file.  Nonzero: the file fails (exit status 1). */
	int (*file_end)(void *ctx, const struct sealctl_file *f);
	/* SEALCTL_PIDS: one process.  Nonzero: it fails. */
	int (*process)(void *ctx, int pid);
	/* After every operand: the exit status (NULL: 1 if any failed). */
	int (*finish)(void *ctx, int failed);
};

/* Runs the checker over argv (argv[0] is the subcommand) with its own
 * context; returns the exit status (diag.h). */
int sealctl_run(const struct sealctl_checker *c, void *ctx, int argc, char **argv);

#endif
