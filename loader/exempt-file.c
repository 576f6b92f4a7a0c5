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

#include <fcntl.h>
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

void loader_exempt_read(struct rt_process *p)
{
	/* secure_getenv's rule, read as rt_secure reads it (AT_SECURE). */
	const char *path = rt_secure(p) ? 0 : loader_getenv(p, "SEALING_EXEMPT_FILE");
	char exe[4096];
	ssize_t len;
	FILE *f;

	if (!path || !*path)
		path = SEALING_EXEMPT_FILE_DEFAULT;
	/* Opened by the system call: where there is no file, the common
	 * case, no libc function is bound (loader_getenv says why). */
	long fd = rt_syscall3(SYS_openat, AT_FDCWD, (long)path, O_RDONLY | O_CLOEXEC);
	if (rt_syscall_failed(fd))
		return;
	if (!(f = fdopen((int)fd, "r"))) {
		rt_syscall3(SYS_close, fd, 0, 0);
		return;
	}
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
