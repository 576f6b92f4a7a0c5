// SPDX-License-Identifier: MIT
// Loaded at start-up or by dlopen: the program and libraries of the
// verdict test of each suite (verdict.sh builds them, verdict.check holds
// the expected output).  Built as a library with -DROLE_START, its
// constructor dlopens libctor.so from its own directory: a dlopen during
// start-up.  The program dlopens libmain.so twenty times over (dlopen,
// dlclose), libthread.so from a thread and libskip.so (dlopen=skip), then
// reports what the kernel shows sealed.
#define _GNU_SOURCE 1
#include "sealprobe.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(ROLE_START)
__attribute__((constructor)) static void open_from_ctor(void)
{
	Dl_info info;
	char path[4096];
	if (!dladdr((void *)open_from_ctor, &info) ||
	    snprintf(path, sizeof(path), "%s", info.dli_fname) >= (int)sizeof(path))
		abort();
	strcpy(strrchr(path, '/') + 1, "libctor.so");
	if (!dlopen(path, RTLD_NOW)) {
		fprintf(stderr, "start: %s\n", dlerror());
		abort();
	}
}
int start_fn(void) { return 1; }
#elif defined(FN)
int FN(void) { return 1; }
#else
int start_fn(void);
int skipstart_fn(void);

static const char *dir;

static void *open_lib(const char *name)
{
	char path[4096];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	void *h = dlopen(path, RTLD_NOW);
	if (!h) {
		fprintf(stderr, "%s\n", dlerror());
		exit(1);
	}
	return h;
}

static void *in_thread(void *arg)
{
	(void)arg;
	return open_lib("libthread.so");
}

int main(int argc, char **argv)
{
	pthread_t t;
	void *h = 0;

	if (argc != 2)
		return 2;
	dir = argv[1];
	for (int i = 0; i < 20; i++) {
		if (h)
			dlclose(h);
		h = open_lib("libmain.so");
	}
	if (pthread_create(&t, 0, in_thread, 0) || pthread_join(t, 0))
		return 1;
	open_lib("libskip.so");
	probe_module_named("start", "libstart.so");
	probe_module_named("skipstart", "libskipstart.so");
	probe_module_named("pre", "libpre.so");
	probe_module_named("ctor", "libctor.so");
	probe_module_named("main", "libmain.so");
	probe_module_named("thread", "libthread.so");
	probe_module_named("skip", "libskip.so");
	probe_copies("main", "/libmain.so");
	printf("calls: %d\n", start_fn() + skipstart_fn());
	return 0;
}
#endif
