/* SPDX-License-Identifier: MIT */
/*
 * RT_FN, which every part declares its functions with.  The carriers build
 * the runtime as one unit per part of it (sealing-rt.c, sealing-rt-exe.c),
 * in which everything is file-local; -DSEALING_RT_SEPARATE makes the
 * functions external, so that the unit tests, the loader module and
 * sealctl can link single parts.  The headers that sealctl compiles on
 * their own (rt-decide.h, rt-startset.h) need it as much as rt.h does.
 */
#ifndef SEALING_RT_FN_H
#define SEALING_RT_FN_H

#ifdef SEALING_RT_SEPARATE
#define RT_FN
#else
/* Unused in one unit or the other: then the compiler drops it, without a
 * word. */
#define RT_FN static __attribute__((unused))
#endif

#endif
