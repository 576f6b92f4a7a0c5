// SPDX-License-Identifier: MIT
// The program the compatibility tests run under valgrind, gdb, strace,
// fakeroot and qemu-user: it calls through a sealed library's GOT, starts a
// thread (for the sanitizers), and with "probe" reports its own image.
#include "sealprobe.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

int lib_fn(int);

static void *worker(void *arg)
{
	return (void *)(long)lib_fn((int)(long)arg);
}

int main(int argc, char **argv)
{
	pthread_t t;
	void *ret;
	pthread_create(&t, NULL, worker, (void *)2L);
	pthread_join(t, &ret);
	printf("result %d %ld\n", lib_fn(1), (long)ret);
	if (argc > 1 && !strcmp(argv[1], "probe")) {
		probe_module("exe", (const void *)main);
		probe_module_named("lib", "libgot.so");
	}
	return 0;
}
