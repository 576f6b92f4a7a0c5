/* SPDX-License-Identifier: MIT */
/*
 * Who seals what: the one rule, for every party that seals objects other
 * than its own module (the executable's process pass, rt-scope.c; the
 * loader module, loader/sweep.c; the first start-up library under an
 * executable without the pass, rt-startup-batch.c) and for sealctl ps,
 * which predicts them.
 * Facts about one object and about who is asking go in; out comes what
 * to do with it and why.  The reason's text is what the SEALING_DEBUG
 * line and sealctl ps both print.
 *
 * Libc-free and free of anything per architecture, so that sealctl can
 * compile it as it is.
 */
#ifndef SEALING_RT_DECIDE_H
#define SEALING_RT_DECIDE_H

#include <stdint.h>

#include "rt-startset.h"
#include "sealing/note.h"

#include "rt-fn.h"

enum rt_asker {
	RT_ASK_EXE,    /* the executable's process pass, at start-up */
	RT_ASK_LOADER, /* libsealing-loader.so, before main and after dlopen */
	/* The first start-up library's module part, under an executable
	 * without the process pass: the other libraries with a note, before
	 * their constructors (rt-startup-batch.c). */
	RT_ASK_LIBRARY,
};

struct rt_facts {
	enum rt_asker asker;
	enum rt_origin origin;
	unsigned is_exe : 1, is_vdso : 1;
	unsigned never_unloads : 1; /* musl: nothing to pin, ever */
	unsigned has_note : 1;
	unsigned has_state : 1; /* its note leads to a usable state byte */
	unsigned exempt : 1;    /* SEALING_EXEMPT names it, outside secure execution */
	unsigned admin_exempt : 1; /* loader: the admin's exempt file names it,
				    * for this program */
	unsigned seal_vdso : 1; /* the asker seals the vdso too */
	unsigned exe_sealed_startup : 1; /* loader: the executable's pass sealed
					  * the start-up objects without a note */
	unsigned exe_pass_ran : 1;       /* loader: the executable's pass ran (it
					  * handles every start-up module with a note) */
	unsigned exe_seals_plain : 1;    /* executable: its scope and policy have
					  * it seal objects without a note */
	unsigned state;   /* SEALING_STATE_*, when has_state */
	unsigned policy;  /* the note's, after SEALING_POLICY; or the asker's */
	uint32_t flags;   /* the note's; or the asker's */
};

enum rt_action {
	RT_SEAL,     /* seal it now */
	RT_PIN_SEAL, /* make it RTLD_NODELETE, then seal it */
	RT_SKIP,     /* leave it open, and say so */
	RT_LEAVE,    /* someone else's: its own runtime, or the executable */
};

/*
 * X(NAME, ACTION, TEXT): every outcome, with the words both the debug
 * line and sealctl ps use.
 */
#define RT_REASONS(X)                                                          \
	X(EXECUTABLE, RT_SEAL, "executable")                                   \
	X(OWN_RUNTIME, RT_LEAVE, "its own runtime followed its note")          \
	X(BY_LOADER, RT_LEAVE, "sealed by the dynamic loader")                 \
	X(BY_EXECUTABLE, RT_LEAVE, "loaded at start-up: the executable's process pass covers it") \
	X(BY_LIBRARY, RT_LEAVE, "loaded at start-up: the first library's batch followed its note") \
	X(NOT_THE_LIBRARYS, RT_LEAVE,                                          \
	  "not a start-up library whose runtime is still to run: not the first library's to seal") \
	X(NOT_IN_SCOPE, RT_LEAVE,                                              \
	  "no note, and the executable seals only modules with one (scope=module or policy 0)") \
	X(POLICY0, RT_SKIP, "policy 0")                                        \
	X(VALGRIND, RT_SKIP, "running under valgrind")                         \
	X(DLOPEN_SKIP, RT_SKIP, "dlopen'd, and its note says dlopen=skip")     \
	X(VDSO, RT_SKIP, "the vdso, left to the kernel")                       \
	X(EXEMPT, RT_SKIP, "SEALING_EXEMPT names it")                          \
	X(ADMIN_EXEMPT, RT_SKIP, "/etc/sealing/exempt names it")               \
	X(NOT_THE_EXECUTABLES, RT_SKIP,                                        \
	  "no note, dlopen'd: not the executable's to seal")                   \
	X(DEFERRED_STARTUP, RT_SEAL, "loaded at start-up, sealed by the executable") \
	X(DEFERRED_DLOPEN, RT_PIN_SEAL,                                        \
	  "dlopen'd during start-up, pinned and sealed by the executable")     \
	X(DEFERRED_UNKNOWN, RT_PIN_SEAL,                                       \
	  "start-up or dlopen'd, cannot tell: pinned and sealed by the executable") \
	X(NOTELESS_STARTUP, RT_SEAL, "no note, loaded at start-up, sealed by the executable") \
	X(NOTELESS_UNKNOWN, RT_PIN_SEAL,                                       \
	  "no note, start-up or dlopen'd, cannot tell: pinned and sealed by the executable") \
	X(LIBRARY_STARTUP, RT_SEAL, "loaded at start-up, sealed in the first library's batch") \
	X(LOADER_STARTUP, RT_SEAL, "loaded at start-up, sealed by libsealing-loader.so") \
	X(LOADER_DLOPEN, RT_PIN_SEAL, "dlopen'd, pinned and sealed by libsealing-loader.so") \
	X(LOADER_UNKNOWN, RT_PIN_SEAL,                                         \
	  "start-up or dlopen'd, cannot tell: pinned and sealed by libsealing-loader.so")

#define RT_X_ENUM(NAME, ACTION, TEXT) RT_REASON_##NAME,
enum rt_reason { RT_REASONS(RT_X_ENUM) RT_REASON_COUNT };
#undef RT_X_ENUM

struct rt_decision {
	enum rt_action action;
	enum rt_reason reason;
};

RT_FN struct rt_decision rt_decide(const struct rt_facts *f);
/*
 * Does the SEALING_EXEMPT list ("name[:name...]") name the object the
 * loader calls PATH, by that path or by its file name?
 */
RT_FN int rt_exempt_list(const char *list, const char *path);
/* The reason's words. */
RT_FN const char *rt_reason_text(enum rt_reason r);

#endif
