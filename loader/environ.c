/* SPDX-License-Identifier: MIT */
/*
 * The module's environment, read from the initial stack the process was
 * given (loader.h says why not with getenv).
 */
#include "loader.h"

const char *loader_getenv(const struct rt_process *p, const char *name)
{
	for (char **e = p->envp; e && *e; e++) {
		const char *v = *e, *n = name;
		while (*n && *v == *n)
			v++, n++;
		if (!*n && *v == '=')
			return v + 1;
	}
	return 0;
}
