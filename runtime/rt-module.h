/* SPDX-License-Identifier: MIT */
/*
 * The module part's own interface: what only the units that carry the
 * module part see (sealing-rt-module.c; sealing-rt.c where it links the
 * module part in whole).  The executable's part does not carry it: it
 * leaves any module but the executable to the module part in the file.
 */
#ifndef SEALING_RT_MODULE_H
#define SEALING_RT_MODULE_H

#include "rt.h"

/* ---- rt-module.c: a module sealing itself ---------------------------- */

/*
 * The module part's work (rt-module.c): seals the module call describes,
 * unless the executable's pass will; or says the loader sealed it.
 * core: what the core learned of the process (rt_process_adopt), or NULL.
 * Always 1: the module is dealt with.
 */
RT_FN int rt_module_run(const struct sealing_rt_call *call, const struct rt_process *core);

/* ---- rt-startup-batch.c: the first start-up library seals its peers -- */

/* Under an executable without the process pass: self (the caller's
 * module, loaded at start-up, under c, with its SEALING_MUTABLE pages
 * mut; left open at policy 0) and every start-up library whose runtime is
 * still to run, in one batch; self's result in *r. */
RT_FN void rt_seal_startup_batch(struct rt_process *p, const struct rt_object *self,
				 const struct rt_config *c, struct rt_range mut,
				 struct rt_result *r);

#endif
