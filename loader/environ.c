/* SPDX-License-Identifier: MIT */
/*
 * The module's environment, read from the initial stack the process was
 * given (loader.h says why not with getenv).
 */
#include "loader.h"

const char *loader_getenv(const struct rt_process *p, const char *name)
{
	const char *v;

	for (char **e = p->envp; e && *e; e++)
		if ((v = rt_env_value(*e, name)) && *v == '=')
			return v + 1;
	return 0;
}
