/* SPDX-License-Identifier: MIT */
/*
 * The process pass: what the executable's part of the runtime
 * (sealing-rt-exe.c) and the loader module share for sealing objects
 * other than their own module.  Libraries never carry it.
 */
#ifndef SEALING_RT_PASS_H
#define SEALING_RT_PASS_H

#include "rt.h"
#include "rt-batch.h"

/* ---- rt-sweep.c: sealing what others loaded ------------------------- */
struct rt_sweep {
	/* Set by whoever sweeps. */
	struct rt_process *p;
	enum rt_asker asker;
	struct rt_config conf; /* for objects without a note; its flags say
				* whether the vdso is sealed too */
	int exe_sealed_startup; /* the loader: the executable's pass sealed
				 * the start-up objects without a note */
	int exe_pass_ran;       /* the loader: the executable's pass ran */
	int exe_seals_plain;    /* the executable: it seals objects without
				 * a note (process scope, policy above 0) */
	rt_dlopen_fn dlopen;    /* the real one; NULL: look it up */
	struct rt_job *self;    /* the executable: its job, made from its own
				 * headers, first in the first batch */
	const struct rt_startup_snap *snap; /* the executable: the map as
				 * .preinit_array saw it; NULL: none */
	uintptr_t page;
	/* The loader's memory of what it sealed, both optional. */
	int (*known)(void *ctx, const void *phdr);
	void (*sealed)(void *ctx, const struct rt_job *j);
	/* The loader: does the admin's exempt file name this object?  Optional. */
	int (*admin_exempt)(void *ctx, const char *name);
	void *ctx;
	/* What happened, for the summary: seen = sealed + open + left + gone. */
	unsigned seen, nsealed, nopen, nleft, ngone, calls;
	/* Internal. */
	struct rt_startup_walk walk;
	unsigned njobs, index, next;
	const void *last; /* the last object collected, to resume after */
	int first, resumed, full;
	size_t names_used;
	/* From here on, each byte is written before it is read, so
	 * rt_sweep_clear leaves them alone: on the executable's stack, 26 KB
	 * zeroed for nothing were six pages of peak RSS. */
	_Alignas(uintptr_t) uint32_t tab[2048]; /* the walk's, zeroed on first use */
	struct rt_job jobs[RT_BATCH];
	char names[8192]; /* the jobs' names, copied during the walk */
};

/* Zeroes what whoever sweeps sets, and the internal state; not the
 * walk's table, the jobs, the names. */
#define rt_sweep_clear(s)                                                       \
	do {                                                                    \
		_Static_assert(offsetof(struct rt_sweep, tab) % sizeof(uintptr_t) == 0, \
			       "words");                                        \
		rt_zero_words((uintptr_t *)(void *)(s),                         \
			      offsetof(struct rt_sweep, tab) / sizeof(uintptr_t)); \
	} while (0)

/* Walks the loaded objects and handles each; -1 if they cannot be walked
 * (a static executable: then only self is handled). */
RT_FN int rt_sweep_run(struct rt_sweep *s);
/* Does SEALING_EXEMPT name this object (never in a secure process)? */
RT_FN int rt_exempt(struct rt_process *p, const char *path);

/* ---- rt-scope.c: the executable seals the process -------------------- */

/* The executable, then every start-up object its scope covers. */
RT_FN void rt_seal_process(struct rt_process *p, const struct sealing_rt_call *call,
			   const struct rt_object *exe, const struct rt_startup_snap *snap);

/* ---- rt-exe.c: the executable's part ------------------------------- */

enum rt_exe_op {
	RT_EXE_CLAIM, /* from .preinit_array: claim the start-up libraries */
	RT_EXE_PASS,  /* from the core constructor: the process pass */
};
/* What the executable's entries in its image (rt-exe-entry.c) give the
 * part, wherever its code runs from: the call (at RT_EXE_CLAIM only the
 * arguments), and the part's own writable state, which lives in the
 * image since the code may run from a read-only mapping of the file. */
struct rt_exe_call {
	enum rt_exe_op op;
	const struct sealing_rt_call *call;
	volatile unsigned char *state; /* the process note's state byte */
	struct rt_startup_snap *snap;  /* the map as .preinit_array saw it */
	int linked_musl; /* the executable was linked statically with musl */
};
typedef int (*rt_exe_part_entry)(const struct rt_exe_call *x);
/* RT_EXE_PASS: 1 when it sealed the process, 0 to leave the module to the
 * module part.  RT_EXE_CLAIM: 1 when it claimed.  The entries ask first
 * what decides whether it runs at all: a module the dynamic loader sealed
 * gets no pass, and the claim only glibc's constructor arguments. */
RT_FN int rt_exe_run(const struct rt_exe_call *x);

#endif
