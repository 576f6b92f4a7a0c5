// SPDX-License-Identifier: MIT
// Preloaded ahead of the loader module: every dl_iterate_phdr walk spends
// SLOW_WALK_US microseconds (default 300) on each object it visits, with
// glibc's dl_load_write_lock held, as a walk over a large process does.
// A loader that calls into ld.so from inside the walk then meets a
// concurrent dlopen holding dl_load_lock nearly every time, instead of
// once in a while.
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <link.h>
#include <stdlib.h>
#include <time.h>

typedef int (*cb_fn)(struct dl_phdr_info *, size_t, void *);

struct slow {
	cb_fn cb;
	void *arg;
	long ns;
};

static int slow_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	struct slow *s = data;
	struct timespec t = { 0, s->ns };
	nanosleep(&t, 0);
	return s->cb(info, size, s->arg);
}

int dl_iterate_phdr(cb_fn cb, void *arg)
{
	static int (*real)(cb_fn, void *);
	const char *us = getenv("SLOW_WALK_US");
	struct slow s = { cb, arg, 1000L * (us ? atol(us) : 300) };
	if (!real)
		real = (int (*)(cb_fn, void *))dlsym(RTLD_NEXT, "dl_iterate_phdr");
	return real(slow_cb, &s);
}
