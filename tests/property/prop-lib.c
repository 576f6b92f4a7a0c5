// SPDX-License-Identifier: MIT
// Every library of a property-test world (tests/property/README.md).
// Compiled once per variant (plugin at each policy, uninstrumented for the
// link objects and for "no note"), then linked under many names.  Its
// behaviour is data: the constructor reads the world's run file named by
// SEALPROP_CONFIG and dlopens what the lines "ctor FILE MODE PATH" say,
// FILE being this library's own file name (found with dladdr).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "prop-mode.h"

// A relocated pointer in RELRO and a call through the GOT: something for
// the RELRO swap to move and for sealing to protect.
static int counter;
static int bump(void)
{
	return ++counter;
}
int (*const prop_lib_ops[])(void) = { bump };

int prop_lib_call(void)
{
	return prop_lib_ops[0]() + (int)strlen("x");
}

__attribute__((constructor)) static void prop_lib_ctor(void)
{
	const char *cfg = getenv("SEALPROP_CONFIG");
	char line[4096], self[256];
	Dl_info info;

	if (!cfg || !dladdr((void *)prop_lib_ctor, &info) || !info.dli_fname)
		return;
	const char *base = strrchr(info.dli_fname, '/');
	snprintf(self, sizeof(self), "%s", base ? base + 1 : info.dli_fname);
	FILE *f = fopen(cfg, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char who[256], mode[64], path[3500];
		if (sscanf(line, "ctor %255s %63s %3499s", who, mode, path) != 3 ||
		    strcmp(who, self))
			continue;
		if (!dlopen(path, prop_mode(mode))) {
			fprintf(stderr, "sealprop: error: %s's constructor: dlopen %s: %s\n",
				self, path, dlerror());
			_exit(3);
		}
	}
	fclose(f);
}
