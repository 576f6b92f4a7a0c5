/* SPDX-License-Identifier: MIT */
/*
 * libsealing-loader.so: seals the objects of a program nobody rebuilt.
 * sealing-loader.c hooks the two moments (start-up done, dlopen done)
 * and libc-loads.c the libc calls that load objects themselves; sweep.c
 * seals whatever has not been sealed yet, given what they learnt.
 */
#ifndef SEALING_LOADER_H
#define SEALING_LOADER_H

#include "rt-pass.h"

/* What the module learnt once, for every sweep. */
struct loader_env {
	struct rt_process *p;   /* the process, from __libc_start_main */
	rt_dlopen_fn dlopen;    /* the real dlopen, to pin through */
	int seal_vdso;          /* SEALING_VDSO=seal: the vdso is sealed too */
};

/*
 * Seal every loaded object that needs it and is not sealed yet.  At
 * start-up (after every constructor, before main) and after each
 * outermost dlopen.
 */
void loader_sweep(const struct loader_env *env);

/*
 * getenv over the initial environment p was given.  Every libc function
 * the module calls costs a lazy binding, which ld.so resolves by looking
 * through every loaded object: some 3,700 instructions at 100 libraries,
 * at every start-up the module is preloaded into.  So the start-up path
 * calls none it can do without (getenv, secure_getenv, strcmp, fopen).
 */
const char *loader_getenv(const struct rt_process *p, const char *name);

/*
 * The admin's exempt file (exempt-file.c): read once before the first
 * sweep; then, does a rule for this program name the object?  The second
 * is rt_sweep's admin_exempt.
 */
void loader_exempt_read(struct rt_process *p);
int loader_exempt_names(void *ctx, const char *name);

/* After a libc call that may have loaded objects itself (libc-loads.c). */
void loader_sweep_after_libc(void);

#endif
