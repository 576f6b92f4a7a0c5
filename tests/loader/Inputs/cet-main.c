/* SPDX-License-Identifier: MIT */
/* tests/loader/cet.test: whether the executable and a dlopen'd library
 * ended up sealed, by the VmFlags of the mapping holding their code
 * (read through sealprobe, the tree's one smaps reader). */
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "sealprobe.h"

static const char *state(const void *addr)
{
	int sealed = probe_is_sealed(addr);
	return sealed < 0 ? "unknown" : sealed ? "sealed" : "open";
}

int main(int argc, char **argv)
{
	void *h = argc > 1 ? dlopen(argv[1], RTLD_NOW) : 0;
	void *fn = h ? dlsym(h, "lib_fn") : 0;
	printf("exe: %s\n", state((const void *)main));
	printf("lib: %s\n", fn ? state(fn) : "missing");
	return fn ? 0 : 1;
}
