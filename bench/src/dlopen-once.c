/* SPDX-License-Identifier: MIT */
/*
 * dlopen-once: load one library with dlopen and call into it, so that
 * callgrind can count that library's constructor on the dlopen path,
 * where the runtime also pins the library (RTLD_NODELETE) before sealing.
 *
 *   usage: dlopen-once LIBRARY [SYMBOL]
 */
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: dlopen-once LIBRARY [SYMBOL]\n");
		return 2;
	}
	void *h = dlopen(argv[1], RTLD_NOW);
	if (!h) {
		fprintf(stderr, "dlopen-once: %s\n", dlerror());
		return 1;
	}
	int (*f)(int) = (int (*)(int))dlsym(h, argc > 2 ? argv[2] : "bench_f1");
	return f && f(1) != -12345 ? 0 : 1;
}
