/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static void one_line(FILE *out, const char *fmt, va_list ap)
{
	char buf[SEALCTL_ERRLEN];
	vsnprintf(buf, sizeof(buf), fmt, ap);
	/* A file name with a newline must not split the line. */
	for (char *p = buf; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = '?';
	fputs(buf, out);
}

void sealctl_error(const char *path, const char *fmt, ...)
{
	va_list ap;
	char msg[SEALCTL_ERRLEN];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fflush(stdout);
	fprintf(stderr, "sealctl: ");
	char line[2 * SEALCTL_ERRLEN];
	snprintf(line, sizeof(line), "%s: %s", path, msg);
	for (char *p = line; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = '?';
	fprintf(stderr, "%s\n", line);
}

void sealctl_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "sealctl %s: ", cmd);
	va_start(ap, fmt);
	one_line(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (see 'sealctl %s --help')\n", cmd);
}

void sealctl_seterr(char *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, SEALCTL_ERRLEN, fmt, ap);
	va_end(ap);
	for (char *p = err; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = '?';
}
