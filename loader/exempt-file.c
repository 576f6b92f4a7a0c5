/* SPDX-License-Identifier: MIT */
/*
 * The admin's exempt file, /etc/sealing/exempt: "program X breaks, leave
 * object Y open" without editing a dpkg-owned file or an environment
 * (format: exempt-rules.h).
 *
 * Read once, before the first sweep.  Absent, it costs one failed open;
 * present, one readlink of /proc/self/exe and a parse, and only the rules
 * for this program are kept.  SEALING_EXEMPT_FILE names another file
 * (tests, trying a rule out) and, like every variable that lowers
 * protection, is ignored in a secure-execution process; the file itself
 * is the admin's, so it applies there too.
 */
#define _GNU_SOURCE 1
#include "loader.h"

#include "exempt-rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char **objects; /* the object globs of the rules for this program */
static size_t nobjects;

static void keep(void *ctx, const char *glob)
{
	char **grown = realloc(objects, (nobjects + 1) * sizeof(*objects));
	char *copy = strdup(glob);

	(void)ctx;
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
	char exe[4096];
	ssize_t len;
	FILE *f;

	if (!path || !*path)
		path = SEALING_EXEMPT_FILE_DEFAULT;
	if (!(f = fopen(path, "re")))
		return;
	len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	exe[len > 0 ? len : 0] = 0;
	exempt_rules_read(f, path, exe, keep, 0, 2);
	fclose(f);
}

int loader_exempt_names(void *ctx, const char *name)
{
	(void)ctx;
	for (size_t i = 0; i < nobjects && name && *name; i++)
		if (exempt_glob_names(objects[i], name))
			return 1;
	return 0;
}
