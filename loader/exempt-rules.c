/* SPDX-License-Identifier: MIT */
/*
 * Parsing the exempt file (exempt-rules.h).  A malformed line is skipped
 * with one line: a typo must never stop a program, nor silently exempt
 * more.
 */
#define _GNU_SOURCE 1
#include "exempt-rules.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int exempt_glob_names(const char *glob, const char *path)
{
	const char *base = strrchr(path, '/');
	return !fnmatch(glob, strchr(glob, '/') || !base ? path : base + 1, 0);
}

/* The line's fields, in place; how many there were (at most 3 counted). */
static int split(char *line, char *field[2])
{
	int n = 0;
	char *save, *tok;

	*strchrnul(line, '#') = 0;
	for (tok = strtok_r(line, " \t\r\n", &save); tok; tok = strtok_r(0, " \t\r\n", &save)) {
		if (n < 2)
			field[n] = tok;
		if (++n == 3)
			break;
	}
	return n;
}

void exempt_rules_read(FILE *f, const char *file, const char *exe,
		       void (*on_rule)(void *ctx, const char *glob), void *ctx, int complain_fd)
{
	char *line = 0, *field[2];
	size_t cap = 0;
	unsigned lineno = 0;

	while (getline(&line, &cap, f) >= 0) {
		int n = split(line, field);
		lineno++;
		if (n == 0)
			continue;
		if (n != 2) {
			if (complain_fd >= 0)
				dprintf(complain_fd,
					"sealing: %s:%u: expected \"PROGRAM-GLOB OBJECT-GLOB\", found %s; line ignored\n",
					file, lineno, n == 1 ? "one field" : "more than two fields");
			continue;
		}
		if (exe && *exe && exempt_glob_names(field[0], exe))
			on_rule(ctx, field[1]);
	}
	if (ferror(f) && complain_fd >= 0)
		dprintf(complain_fd, "sealing: %s: %s; the rest of the file ignored\n", file,
			strerror(errno));
	free(line);
}
