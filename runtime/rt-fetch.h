/* SPDX-License-Identifier: MIT */
/*
 * rt-fetch.c: a part of the runtime that lives in the module's file, not
 * its image, mapped when it must run.  Only the units that map a part
 * include this: the core (the module part) and the executable's part in
 * the image (its code).
 */
#ifndef SEALING_RT_FETCH_H
#define SEALING_RT_FETCH_H

#include "rt.h"

/* The file the loader knows the module whose ELF header is ehdr by. */
RT_FN const char *rt_fetch_path(struct rt_process *p, const void *ehdr);
/* Maps the block (the module part, or the part the including unit names
 * as RT_BLOCK_*) from the file at path (ehdr: the module's ELF header as
 * mapped, or NULL): the mapping's page-aligned address, the block
 * starting *skip bytes into it; or -errno. */
RT_FN long rt_fetch_map(struct rt_process *p, const char *path, const void *ehdr,
			uint64_t *skip);
/* The module part's entry: the module, and what the core has learned of
 * the process (rt_process_adopt).  Core and module part always come from
 * one build (the block's digest), so this is no interface between
 * releases. */
typedef int (*rt_module_part_entry_fn)(const struct sealing_rt_call *call,
				       const struct rt_process *core);
/* Maps the module part from the module's file and runs it on call; says
 * so when it cannot, and ends the process under policy 2. */
RT_FN void rt_fetch_run(struct rt_process *p, const struct sealing_rt_call *call);
/* A part could not run: says so on stderr under SEALING_DEBUG
 * (SEALING_DEBUG_OUTPUT is the part's to honour), and under policy 2
 * ends the process as its rt_fatal would, with status 127. */
RT_FN void rt_fetch_failed(struct rt_process *p, const struct sealing_rt_call *call,
			   const char *path, long err);

#endif
