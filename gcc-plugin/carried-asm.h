// SPDX-License-Identifier: GPL-3.0-or-later
//
// The runtime as target assembly: build/runtime/sealing-rt-carried.s,
// embedded at build time by embed-asm.cmake.  It is GCC's own output for
// runtime/sealing-rt.c, made by the same GCC this plugin is built for, and
// holds the whole runtime in the one COMDAT group __sealing_rt_v1.  It
// leaves the note's descriptor symbols (.Lsealing_policy, .Lsealing_carrier,
// .Lsealing_flags) for the emitter to define.
#ifndef SEALING_GCC_CARRIED_ASM_H
#define SEALING_GCC_CARRIED_ASM_H

extern const char sealing_carried_asm[];

#endif
