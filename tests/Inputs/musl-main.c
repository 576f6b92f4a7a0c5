// SPDX-License-Identifier: MIT
// The musl tests' program: reports its own image, its library, musl's
// libc (also its loader) and, given a path, a library it dlopens.
#include "sealprobe.h"

#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	printf("main ran\n");
	fflush(stdout);
	probe_module("exe", (const void *)main);
	probe_ops("text", (const void *)main);
	if (argc < 2)
		return 0;
	probe_module_named("lib", "liblib.so");
	probe_module_named("musl libc", "ld-musl");
	void *h = dlopen(argv[1], RTLD_NOW);
	if (!h)
		return 1;
	probe_module_named("dlopen'd", argv[1][0] == '/' ? __builtin_strrchr(argv[1], '/') + 1 : argv[1]);
	return 0;
}
