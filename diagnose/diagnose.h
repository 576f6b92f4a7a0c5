/* SPDX-License-Identifier: MIT */
/*
 * libsealing-diagnose.so: says, when a call that changes mappings fails
 * with EPERM, whether sealing refused it, on which range of which object,
 * and how to leave that object open.  interpose.c holds the wrappers,
 * explain.c finds the sealed mapping and writes the line.
 */
#ifndef SEALING_DIAGNOSE_H
#define SEALING_DIAGNOSE_H

#include <stdint.h>

/* SEALING_DIAGNOSE=1, outside secure execution: set by the constructor. */
extern int diag_enabled;

/*
 * After CALL failed with EPERM (ERR; or EACCES, which mprotect answers
 * for RELRO mapped from the sealed memfd) on [lo, lo + len): if /proc/self/smaps
 * says a mapping in that range is sealed, one line on stderr naming the
 * call, the sealed range, its object and the ways out.  Async-signal-safe
 * except for a sealed mapping without a file name (RELRO made anonymous),
 * whose object is looked up with dl_iterate_phdr.
 */
void diag_explain(const char *call, uintptr_t lo, uintptr_t len, int err);

/* A SIGSEGV_ACCERR at ADDR: one line if ADDR is in a sealed mapping. */
void diag_explain_fault(uintptr_t addr);

/* With SEALING_DIAGNOSE=1, when nothing handles SIGSEGV yet: a handler
 * that calls diag_explain_fault, then lets the signal kill as before. */
void diag_segv_init(void);

#endif
