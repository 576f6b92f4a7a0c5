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
 *   caller sees the handle.  A dlopen made from inside another (by a
 *   constructor) does not sweep: the objects of the outer one have not
 *   all run their constructors yet, and the outer call sweeps anyway.
 *
 * LD_AUDIT was the other candidate, and is not enough on glibc 2.36: its
 * last hook inside dlopen (la_activity LA_ACT_CONSISTENT) comes before
 * relocation, so RELRO is not applied yet and nothing may be sealed.
 */
#define _GNU_SOURCE 1
#include "loader.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

typedef int (*main_fn)(int, char **, char **);
typedef int (*start_main_fn)(main_fn, int, char **, void (*)(void),
			     void (*)(void), void (*)(void), void *);
typedef void *(*dlmopen_fn)(Lmid_t, const char *, int);

static struct rt_process process;
static main_fn real_main;
static int started; /* main is about to run: the process is known */
static _Thread_local unsigned dlopen_depth;

/* What every sweep needs, learnt once in __libc_start_main, before any
 * sweep and while the process has one thread. */
static struct loader_env env = { .p = &process };

static void sweep(void)
{
	loader_sweep(&env);
}

static int sealed_main(int argc, char **argv, char **envp)
{
	__atomic_store_n(&started, 1, __ATOMIC_RELEASE);
	sweep();
	return real_main(argc, argv, envp);
}

__attribute__((visibility("default"))) int
__libc_start_main(main_fn main, int argc, char **argv, void (*init)(void),
		  void (*fini)(void), void (*rtld_fini)(void), void *stack_end)
{
	start_main_fn real = (start_main_fn)dlsym(RTLD_NEXT, "__libc_start_main");
	/* The initial stack: argv, the environment and the auxiliary vector. */
	rt_process_init(&process, argc, argv, argv + argc + 1);
	/* Our own reference, bound once at load: the runtime would otherwise
	 * look it up through every object's hash table (rt_iterate). */
	process.iterate = (void *)dl_iterate_phdr;
	const char *vdso = loader_getenv(&process, "SEALING_VDSO");
	env.seal_vdso = vdso && sealing_streq(vdso, "seal");
	env.dlopen = (rt_dlopen_fn)dlsym(RTLD_NEXT, "dlopen");
	loader_exempt_read(&process);
	real_main = main;
	return real(sealed_main, argc, argv, init, fini, rtld_fini, stack_end);
}

void loader_sweep_after_libc(void)
{
	if (dlopen_depth == 0 && __atomic_load_n(&started, __ATOMIC_ACQUIRE))
		sweep();
}

/* The real call, then a sweep unless this call is inside another one. */
static void *after(void *h)
{
	if (--dlopen_depth == 0 && h && __atomic_load_n(&started, __ATOMIC_ACQUIRE))
		sweep();
	return h;
}

__attribute__((visibility("default"))) void *dlopen(const char *file, int mode)
{
	/* Constructors may dlopen before __libc_start_main, from any thread. */
	static rt_dlopen_fn cached;
	rt_dlopen_fn real = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
	if (!real) {
		real = (rt_dlopen_fn)dlsym(RTLD_NEXT, "dlopen");
		__atomic_store_n(&cached, real, __ATOMIC_RELEASE);
	}
	dlopen_depth++;
	return after(real ? real(file, mode) : 0);
}

__attribute__((visibility("default"))) void *dlmopen(Lmid_t ns, const char *file, int mode)
{
	dlmopen_fn real = (dlmopen_fn)dlsym(RTLD_NEXT, "dlmopen");
	dlopen_depth++;
	return after(real ? real(ns, file, mode) : 0);
}
