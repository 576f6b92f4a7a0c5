/* SPDX-License-Identifier: MIT */
/*
 * Everything the runtime takes from libc, redeclared weak.  A weak
 * undefined reference pulls nothing out of a static archive and still links
 * in a -nostdlib module; every use checks for NULL and falls back to the
 * documented default.  Syscalls do not come from here (rt-syscall.h).
 */
#ifndef SEALING_RT_LIBC_H
#define SEALING_RT_LIBC_H

#include <dlfcn.h>
#include <link.h>
#include <stddef.h>

#define RT_WEAK __attribute__((weak))

RT_WEAK extern unsigned long getauxval(unsigned long);
/* Read directly: a static link has it, and getenv may not be linked in. */
RT_WEAK extern char **environ;
/*
 * dlopen itself is looked up through dlsym when needed: glibc's libc.a
 * attaches a link-time warning to any reference to "dlopen", and every
 * static link would print it.
 */
RT_WEAK extern void *dlsym(void *, const char *);
RT_WEAK extern int dladdr(const void *, Dl_info *);
RT_WEAK extern int dl_iterate_phdr(int (*)(struct dl_phdr_info *, size_t, void *),
				   void *);
#ifdef DLFO_STRUCT_HAS_EH_DBASE /* glibc >= 2.35 */
#define RT_HAVE_DL_FIND_OBJECT 1
RT_WEAK extern int _dl_find_object(void *, struct dl_find_object *);
#endif
/* Set by glibc's ld.so to the initial stack pointer; absent elsewhere. */
RT_WEAK extern void *__libc_stack_end;

/*
 * The value of a weak variable, or 0 when it is not linked in: its address
 * must be tested before it is read.
 */
#define RT_WEAK_VALUE(var) (&(var) ? (var) : 0)

#endif
