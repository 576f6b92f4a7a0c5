/* SPDX-License-Identifier: MIT */
/*
 * The two moments the loader module acts at, as an LD_PRELOAD library (or
 * from /etc/ld.so.preload):
 *
 * - start-up: __libc_start_main is interposed and main wrapped, so the
 *   sweep runs after every constructor, the executable's included, when
 *   each start-up object is relocated with its RELRO applied;
 * - dlopen and dlmopen are interposed: the sweep runs after the real call
 *   returns, the new objects relocated and initialised, before the
 *   caller sees the handle.
 *
 * LD_AUDIT was the other candidate, and is not enough on glibc 2.36: its
 * last hook inside dlopen (la_activity LA_ACT_CONSISTENT) comes before
 * relocation, so RELRO is not applied yet and nothing may be sealed.
 */
#define _GNU_SOURCE 1
#include "loader.h"

#include <dlfcn.h>
#include <pthread.h>

typedef int (*main_fn)(int, char **, char **);
typedef int (*start_main_fn)(main_fn, int, char **, void (*)(void),
			     void (*)(void), void (*)(void), void *);
typedef void *(*dlmopen_fn)(Lmid_t, const char *, int);

static struct rt_process process;
static main_fn real_main;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

struct rt_process *loader_process(void)
{
	return &process;
}

loader_dlopen_fn loader_real_dlopen(void)
{
	static loader_dlopen_fn real;
	if (!real)
		real = (loader_dlopen_fn)dlsym(RTLD_NEXT, "dlopen");
	return real;
}

static void sweep_locked(void)
{
	pthread_mutex_lock(&lock);
	loader_sweep();
	pthread_mutex_unlock(&lock);
}

static int sealed_main(int argc, char **argv, char **envp)
{
	sweep_locked();
	return real_main(argc, argv, envp);
}

__attribute__((visibility("default"))) int
__libc_start_main(main_fn main, int argc, char **argv, void (*init)(void),
		  void (*fini)(void), void (*rtld_fini)(void), void *stack_end)
{
	start_main_fn real = (start_main_fn)dlsym(RTLD_NEXT, "__libc_start_main");
	/* The initial stack: argv, the environment and the auxiliary vector. */
	rt_process_init(&process, argc, argv, argv + argc + 1);
	real_main = main;
	return real(sealed_main, argc, argv, init, fini, rtld_fini, stack_end);
}

__attribute__((visibility("default"))) void *dlopen(const char *file, int mode)
{
	void *h = loader_real_dlopen()(file, mode);
	if (h && process.argv)
		sweep_locked();
	return h;
}

__attribute__((visibility("default"))) void *dlmopen(Lmid_t ns, const char *file, int mode)
{
	dlmopen_fn real = (dlmopen_fn)dlsym(RTLD_NEXT, "dlmopen");
	void *h = real(ns, file, mode);
	if (h && process.argv)
		sweep_locked();
	return h;
}
