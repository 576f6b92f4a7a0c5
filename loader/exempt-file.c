/* SPDX-License-Identifier: MIT */
/*
 * The admin's exempt file, /etc/sealing/exempt: "program X breaks, leave
 * object Y open" without editing a dpkg-owned file or an environment.
 * One rule a line, "PROGRAM-GLOB OBJECT-GLOB", '#' starts a comment.  A
 * glob with a '/' is matched against the whole path (fnmatch, '*' spans
 * directories), one without against the file name.
 *
 * Read once, before the first sweep.  Absent, it costs one failed open;
 * present, one readlink of /proc/self/exe and a parse, and only the rules
 * for this program are kept.  SEALING_EXEMPT_FILE names another file
 * (tests, trying a rule out) and, like every variable that lowers
 * protection, is ignored in a secure-execution process; the file itself
 * is the admin's, so it applies there too.
 *
 * A malformed line gets one line on stderr and is ignored: a typo in the
 * file must never stop a program, nor silently exempt more.
 */
#define _GNU_SOURCE 1
#include "loader.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef SEALING_EXEMPT_FILE_DEFAULT
#define SEALING_EXEMPT_FILE_DEFAULT "/etc/sealing/exempt"
#endif

static char **objects; /* the object globs of the rules for this program */
static size_t nobjects;

static int glob_names(const char *glob, const char *path)
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

static void keep(const char *glob)
{
	char **grown = realloc(objects, (nobjects + 1) * sizeof(*objects));
	char *copy = strdup(glob);

	if (grown)
		objects = grown;
	/* Out of memory: the rule is lost, the object sealed. */
	if (grown && copy)
		objects[nobjects++] = copy;
	else
		free(copy);
}

void loader_exempt_read(void)
{
	const char *path = secure_getenv("SEALING_EXEMPT_FILE");
	char exe[4096], *line = 0, *field[2];
	size_t cap = 0;
	unsigned lineno = 0;
	ssize_t len;
	FILE *f;

	if (!path || !*path)
		path = SEALING_EXEMPT_FILE_DEFAULT;
	if (!(f = fopen(path, "re")))
		return;
	len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	exe[len > 0 ? len : 0] = 0;
	while (getline(&line, &cap, f) >= 0) {
		int n = split(line, field);
		lineno++;
		if (n == 0)
			continue;
		if (n != 2) {
			dprintf(2, "sealing: %s:%u: expected \"PROGRAM-GLOB OBJECT-GLOB\", found %s; line ignored\n",
				path, lineno, n == 1 ? "one field" : "more than two fields");
			continue;
		}
		if (*exe && glob_names(field[0], exe))
			keep(field[1]);
	}
	if (ferror(f))
		dprintf(2, "sealing: %s: %s; the rest of the file ignored\n", path, strerror(errno));
	free(line);
	fclose(f);
}

int loader_exempt_names(void *ctx, const char *name)
{
	(void)ctx;
	for (size_t i = 0; i < nobjects && name && *name; i++)
		if (glob_names(objects[i], name))
			return 1;
	return 0;
}
