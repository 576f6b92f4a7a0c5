/* SPDX-License-Identifier: MIT */
/* tests/loader/cet.test: whether the executable and a dlopen'd library
 * ended up sealed, by the VmFlags of their first mapping. */
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

static const char *state(const void *addr)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[512];
	uintptr_t lo, hi, a = (uintptr_t)addr;
	int in = 0;
	const char *s = "unknown";
	while (f && fgets(line, sizeof line, f)) {
		if (sscanf(line, "%lx-%lx", &lo, &hi) == 2 && strchr(line, ' ') - line == (long)strcspn(line, " "))
			in = a >= lo && a < hi;
		else if (in && !strncmp(line, "VmFlags:", 8)) {
			s = strstr(line, " sl") ? "sealed" : "open";
			break;
		}
	}
	if (f)
		fclose(f);
	return s;
}

int main(int argc, char **argv)
{
	void *h = argc > 1 ? dlopen(argv[1], RTLD_NOW) : 0;
	void *fn = h ? dlsym(h, "lib_fn") : 0;
	printf("exe: %s\n", state((const void *)main));
	printf("lib: %s\n", fn ? state(fn) : "missing");
	return fn ? 0 : 1;
}
