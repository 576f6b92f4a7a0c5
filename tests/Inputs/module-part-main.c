// SPDX-License-Identifier: MIT
// An uninstrumented program for tests/runtime/module-part.test: it calls
// into libmp.so (linked) and, given a path, dlopens a second library;
// then reports each library's sealing and how many executable mappings of
// its file are left (the module part must be unmapped after use).
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "sealprobe.h"

int mp_fn(void);

/* Executable mappings of a file whose path ends in name. */
static int exec_mappings(const char *name)
{
	char line[4096];
	int n = 0;
	FILE *f = fopen("/proc/self/maps", "r");
	size_t lw = strlen(name);
	while (f && fgets(line, sizeof(line), f)) {
		char perms[8], path[4000] = "";
		if (sscanf(line, "%*s %7s %*s %*s %*s %3999s", perms, path) < 1)
			continue;
		size_t ln = strlen(path);
		n += perms[2] == 'x' && ln >= lw && !strcmp(path + ln - lw, name);
	}
	if (f)
		fclose(f);
	return n;
}

int main(int argc, char **argv)
{
	printf("call: %d\n", mp_fn());
	probe_module_named("linked", "libmp.so");
	probe_ops("linked text", (const void *)mp_fn);
	printf("linked: %d executable mappings\n", exec_mappings("libmp.so"));
	if (argc > 1) {
		void *h = dlopen(argv[1], RTLD_NOW);
		if (!h) {
			printf("dlopen: %s\n", dlerror());
			return 1;
		}
		int (*fn)(void) = (int (*)(void))dlsym(h, "mp_late_fn");
		printf("late call: %d\n", fn ? fn() : -1);
		probe_module_named("late", "libmplate.so");
		printf("late: %d executable mappings\n", exec_mappings("libmplate.so"));
	}
	return 0;
}
