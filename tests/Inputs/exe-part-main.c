// SPDX-License-Identifier: MIT
// A program for tests/gcc-plugin/exe-part.test, built with the plugin: it
// calls into libmp.so (instrumented, linked), then reports how much of
// itself, libmp.so and libc the kernel sealed, whether its own text
// refuses changes, and how many executable mappings of its own file are
// left (the executable's part must be unmapped after the pass).
#include <stdio.h>
#include <string.h>

#include "sealprobe.h"

int mp_fn(void);

static int exec_mappings_of_self(void)
{
	char self[4096] = "", line[4096];
	int n = 0;
	unsigned long lo, hi, here = (unsigned long)(const void *)exec_mappings_of_self;
	FILE *f = fopen("/proc/self/maps", "r");

	/* The program's file as the kernel names it: the mapping of this
	 * code's. */
	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "%lx-%lx %*s %*s %*s %*s %4095s", &lo, &hi, self) == 3 &&
		    lo <= here && here < hi)
			break;
	if (f)
		rewind(f);
	while (self[0] && f && fgets(line, sizeof(line), f)) {
		char perms[8], path[4096] = "";
		if (sscanf(line, "%*s %7s %*s %*s %*s %4095s", perms, path) >= 1)
			n += perms[2] == 'x' && !strcmp(path, self);
	}
	if (f)
		fclose(f);
	return n;
}

int main(void)
{
	printf("call: %d\n", mp_fn());
	probe_module("exe", (const void *)main);
	probe_ops("exe text", (const void *)main);
	probe_module_named("lib", "libmp.so");
	probe_module_named("libc", "libc.so.6");
	printf("exe: %d executable mappings\n", exec_mappings_of_self());
	return 0;
}
