/* SPDX-License-Identifier: MIT */
/*
 * The start-up set from names alone: feed the objects of a link map in
 * order, each as the names it answers to and the names it needs, and
 * learn where the start-up set ends (rt-startup.c explains the rule and
 * why it is safe).  The runtime feeds it from loaded objects' dynamic
 * sections, sealctl ps from the files a process maps and the link map it
 * reads out of the process, so the two cannot place an object
 * differently.  Libc-free and free of anything per architecture.
 */
#ifndef SEALING_RT_STARTSET_H
#define SEALING_RT_STARTSET_H

#include <stdint.h>

#include "rt-fn.h"

/* How an object came to be loaded, as the start-up walk tells it. */
enum rt_origin {
	RT_ORIGIN_STARTUP, /* the start-up set: never unloaded */
	RT_ORIGIN_DLOPEN,  /* dlopen'd after start-up's objects were mapped */
	RT_ORIGIN_UNKNOWN, /* the walk could not tell (docs/process-scope.md) */
};

enum rt_walk_phase {
	RT_WALK_PREFIX, /* no prefix has closed yet */
	RT_WALK_CLOSED, /* the first `prefix' objects are the start-up set */
	RT_WALK_LOST,   /* cannot tell: not the map we know, or a full table */
};

struct rt_startset {
	enum rt_walk_phase phase;
	unsigned seen;      /* objects fed */
	unsigned prefix;    /* when CLOSED */
	unsigned unmet;     /* names needed that no object fed answers to */
	unsigned used, cap; /* cap: a power of two */
	uint32_t *tab;      /* name hashes and their flags */
};

/* buf: cap zeroed entries, cap a power of two. */
RT_FN void rt_startset_init(struct rt_startset *s, uint32_t *buf, unsigned cap);
/* For the object being fed: a name it answers to (its path, its
 * DT_SONAME), or, with needed set, a DT_NEEDED name. */
RT_FN void rt_startset_name(struct rt_startset *s, const char *name, int needed);
/* The object being fed is complete (the vdso has no names to give). */
RT_FN void rt_startset_next(struct rt_startset *s);
/* The map is not one this rule knows (the executable does not come first). */
RT_FN void rt_startset_lost(struct rt_startset *s);
/* The first n objects are the start-up set, known otherwise (names are
 * then not needed); only before any object was fed. */
RT_FN void rt_startset_close(struct rt_startset *s, unsigned n);
/* Where the object fed as number INDEX (from 0) came from. */
RT_FN enum rt_origin rt_startset_origin(const struct rt_startset *s, unsigned index);

#endif
