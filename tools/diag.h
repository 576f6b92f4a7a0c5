/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * One-line diagnostics.  Every error sealctl prints names the file it is
 * about, so a QA log of thousands of lines can be grepped by path.
 */
#ifndef SEALCTL_DIAG_H
#define SEALCTL_DIAG_H

#include <stddef.h>

#define SEALCTL_ERRLEN 512

/* Exit statuses shared by every subcommand (check's are documented too). */
enum { SEALCTL_EXIT_OK = 0, SEALCTL_EXIT_FAIL = 1, SEALCTL_EXIT_USAGE = 2 };

void sealctl_error(const char *path, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void sealctl_usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* snprintf into a fixed error buffer; messages never contain a newline. */
void sealctl_seterr(char *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
