// SPDX-License-Identifier: MIT
// An uninstrumented program for tests/runtime/startup-batch.test: it calls
// into libone, libtwo, libthree (instrumented) and libplain (not), then reports
// what the kernel says of each; with --attack, attacks one batched
// library's RELRO (only where it is sealed: on an open RELRO the attack
// really truncates the library's file); given a path, dlopens one more
// instrumented library.
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "sealprobe.h"

int one_fn(void);
int two_fn(void);
int three_fn(void);
int plain_fn(void);

int main(int argc, char **argv)
{
	printf("calls: %d\n", one_fn() + two_fn() + three_fn() + plain_fn());
	probe_module_named("one", "/libone.so");
	probe_module_named("two", "/libtwo.so");
	probe_module_named("three", "/libthree.so");
	probe_module_named("plain", "/libplain.so");
	probe_ops("one text", (const void *)one_fn);
	probe_ops("two text", (const void *)two_fn);
	probe_ops("three text", (const void *)three_fn);
	probe_ops("plain text", (const void *)plain_fn);
	int i = 1;
	if (i < argc && !strcmp(argv[i], "--attack")) {
		probe_relro_full("two", "/libtwo.so");
		i++;
	}
	if (i < argc) {
		void *h = dlopen(argv[i], RTLD_NOW);
		if (!h) {
			printf("dlopen: %s\n", dlerror());
			return 1;
		}
		probe_module_named("late", "/liblate.so");
	}
	return 0;
}
