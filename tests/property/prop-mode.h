/* SPDX-License-Identifier: MIT */
/* A dlopen mode from its spelling in a run file: "now", "lazy|global"... */
#ifndef PROP_MODE_H
#define PROP_MODE_H

#include <dlfcn.h>
#include <string.h>

static inline int prop_mode(const char *s)
{
	int mode = 0;
	while (*s) {
		size_t n = strcspn(s, "|");
		if (n == 3 && !strncmp(s, "now", n))
			mode |= RTLD_NOW;
		else if (n == 4 && !strncmp(s, "lazy", n))
			mode |= RTLD_LAZY;
		else if (n == 6 && !strncmp(s, "global", n))
			mode |= RTLD_GLOBAL;
		else if (n == 8 && !strncmp(s, "nodelete", n))
			mode |= RTLD_NODELETE;
		s += n + (s[n] == '|');
	}
	return mode & (RTLD_NOW | RTLD_LAZY) ? mode : mode | RTLD_NOW;
}

#endif
