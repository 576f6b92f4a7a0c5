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

/* The note an object without one is treated as having. */
const struct sealing_note loader_default_note = {
	.namesz = SEALING_NOTE_NAMESZ,
	.descsz = SEALING_NOTE_DESCSZ,
	.type = SEALING_NOTE_TYPE,
	.name = SEALING_NOTE_NAME,
	.desc = { .version = SEALING_NOTE_VERSION, .policy = SEALING_POLICY_DEFAULT },
};

int loader_seal_vdso(void)
{
	static int answer = -1;
	if (answer < 0) {
		const char *v = getenv("SEALING_VDSO");
		answer = v && !strcmp(v, "seal");
	}
	return answer;
}

static rt_dlopen_fn real_dlopen(void)
{
	static rt_dlopen_fn real;
	if (!real)
		real = (rt_dlopen_fn)dlsym(RTLD_NEXT, "dlopen");
	return real;
}

static void sweep(void)
{
	loader_sweep(&process, real_dlopen());
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
	rt_dlopen_fn real = real_dlopen();
	dlopen_depth++;
	return after(real ? real(file, mode) : 0);
}

__attribute__((visibility("default"))) void *dlmopen(Lmid_t ns, const char *file, int mode)
{
	dlmopen_fn real = (dlmopen_fn)dlsym(RTLD_NEXT, "dlmopen");
	dlopen_depth++;
	return after(real ? real(ns, file, mode) : 0);
}
