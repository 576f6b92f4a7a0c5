/* SPDX-License-Identifier: MIT */
/*
 * libsealing-loader.so: seals the objects of a program nobody rebuilt.
 * sealing-loader.c hooks the two moments (start-up done, dlopen done);
 * sweep.c seals whatever has not been sealed yet.
 */
#ifndef SEALING_LOADER_H
#define SEALING_LOADER_H

#include "rt-pass.h"

/* The note an object without one is treated as having. */
extern const struct sealing_note loader_default_note;

/* SEALING_VDSO=seal: the vdso is sealed too. */
int loader_seal_vdso(void);

/*
 * Seal every loaded object that needs it and is not sealed yet, in the
 * process p, pinning through the real dlopen.  At start-up (after every
 * constructor, before main) and after each outermost dlopen.
 */
void loader_sweep(struct rt_process *p, rt_dlopen_fn real_dlopen);

/* After a libc call that may have loaded objects itself (libc-loads.c). */
void loader_sweep_after_libc(void);

#endif
