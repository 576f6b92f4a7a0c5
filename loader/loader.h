/* SPDX-License-Identifier: MIT */
/*
 * libsealing-loader.so: seals the objects of a program nobody rebuilt.
 * sealing-loader.c hooks the two moments (start-up done, dlopen done);
 * sweep.c seals whatever has not been sealed yet.
 */
#ifndef SEALING_LOADER_H
#define SEALING_LOADER_H

#include "rt.h"

/* The process as the runtime parts see it, set once at start-up. */
struct rt_process *loader_process(void);

typedef void *(*loader_dlopen_fn)(const char *, int);
/* The real dlopen, for pinning. */
loader_dlopen_fn loader_real_dlopen(void);

/*
 * Seal every loaded object that needs it and is not sealed yet.  At
 * start-up (after every constructor, before main) and after each dlopen.
 */
void loader_sweep(void);

#endif
