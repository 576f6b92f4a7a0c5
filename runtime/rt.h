/* SPDX-License-Identifier: MIT */
/*
 * The runtime's internal interface: what its parts hand each other.
 *
 * The carriers need the runtime as one translation unit (sealing-rt.c
 * includes every part), in which everything is file-local.  Each part
 * also compiles on its own with -DSEALING_RT_SEPARATE, which makes the
 * RT_FN functions external: that is how the unit tests link single parts.
 *
 * Rules for every part: C11; no reference to any libc symbol (rt-process.c
 * says why; glibc's headers only supply types and constants); no
 * allocation, no stdio, no TLS; syscalls through rt-arch.h.  The only
 * writable byte is the module's state, which rt-ctor.c defines.
 */
#ifndef SEALING_RT_H
#define SEALING_RT_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <elf.h>
#include <errno.h>
#include <link.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/syscall.h>

#include "rt-arch.h"
#include "rt-startset.h"
#include "sealing/note.h"

#include "rt-fn.h"
/* Rare paths: out of line and out of the hot text. */
#define RT_COLD __attribute__((cold, noinline))
/*
 * The path every module's constructor takes (find itself, read the
 * environment and its note, defer to the executable or stop at policy
 * 0): GCC gathers these into .text.hot, which GNU ld and gold place just
 * ahead of crtbegin's .text, on or next to the page of .init and
 * frame_dummy that the loader runs anyway.  In a small library the path
 * now touches that one page of code; spread out, it touched two
 * (bench/steps/ctor.sh counts them).
 */
#define RT_HOT __attribute__((hot))
/*
 * Called only from the constructor, GCC would call a function "executed
 * once" and put it in .text.startup, which carrier-glue/group-asm.awk files with the
 * hot text; noipa keeps the rest of the constructor's work in the
 * ordinary text.  clang has no such placement (nor the attribute).
 */
#if defined(__GNUC__) && !defined(__clang__)
#define RT_OUTLINE __attribute__((noipa))
#else
#define RT_OUTLINE __attribute__((noinline))
#endif

/* rt_syscall3 (rt-arch.h) with any argument types. */
#define rt_syscall3(n, a, b, c) rt_syscall3((n), (long)(a), (long)(b), (long)(c))
#define rt_syscall_failed(ret) ((unsigned long)(ret) > -4096UL)

static inline const char *rt_basename(const char *s)
{
	const char *b = s;
	for (; *s; s++)
		if (*s == '/')
			b = s + 1;
	return b;
}

/*
 * Does s start with prefix?  Then where its value starts, else NULL.  A
 * shorter s fails on its NUL, which no prefix holds.  (The environment's
 * readers: rt_process_env, and the core's rt_config_quick.)
 */
static inline const char *rt_env_value(const char *s, const char *prefix)
{
	while (*prefix)
		if (*s++ != *prefix++)
			return 0;
	return s;
}

struct rt_range {
	uintptr_t lo, hi;
};

/*
 * Zeroing or copying a large struct: a compiler may turn `x = (T){...}'
 * or `x = y' into a call to memset or memcpy, which the runtime may not
 * reference (link-object/check-symbols.cmake).  Whole words, hence the assertion.
 */
#define RT_ZERO(x)                                                            \
	do {                                                                  \
		_Static_assert(sizeof(x) % sizeof(uintptr_t) == 0, "words");  \
		rt_zero_words((uintptr_t *)(void *)&(x), sizeof(x) / sizeof(uintptr_t)); \
	} while (0)
#define RT_COPY(dst, src)                                                     \
	do {                                                                  \
		_Static_assert(sizeof(dst) == sizeof(src) &&                   \
			       sizeof(dst) % sizeof(uintptr_t) == 0, "words"); \
		rt_copy_words((uintptr_t *)(void *)&(dst),                     \
			      (const uintptr_t *)(const void *)&(src),         \
			      sizeof(dst) / sizeof(uintptr_t));                \
	} while (0)

/*
 * An address from PT_DYNAMIC: glibc relocates these entries in place,
 * musl and the vdso leave them as link-time addresses.
 */
static inline uintptr_t rt_dyn_addr(uintptr_t bias, ElfW(Addr) v)
{
	return v < bias ? bias + v : v;
}

struct rt_object;

/* ---- rt-process.c: the process, from what the constructor is given ---- */

struct rt_process {
	int argc;
	char **argv;              /* the initial stack's argv, or NULL */
	char **envp;              /* the environment the constructor was given */
	const ElfW(auxv_t) *auxv; /* found on first use; NULL if not found */
	int auxv_done;
	/* rt_config_quick found no variable starting "SE", so none of ours:
	 * what rt_process_env would learn by reading them all again. */
	int env_none;
	/* Where rt_auxv starts its walk to the vector, when argv is set: the
	 * initial environment (argv's end), or, once rt_config_quick has read
	 * it, that walk's end: the environment is not walked twice. */
	char **env_end;
	/* SEALING_* values from the environment, NULL when unset, once
	 * rt_process_env has read them (env_done). */
	int env_done;
	const char *env_policy, *env_debug, *env_debug_output, *env_exempt;
	int musl; /* musl never unloads and passes constructors nothing */
	uintptr_t frame; /* the constructor's frame, for rt_load_kind; 0: unknown */
	/* dl_iterate_phdr, once looked up: the lookup walks the link map,
	 * and the process pass iterates once per batch. */
	void *iterate;
	/* The executable's process-pass state byte (rt_exe_pass_state),
	 * once looked up (exe_pass_done): a library sealing itself asks
	 * twice, and each time read the executable's headers and notes. */
	volatile unsigned char *exe_pass;
	int exe_pass_done;
	/* Last: the fields above stay within a short displacement of the
	 * frame in code that keeps the struct on its stack. */
	ElfW(auxv_t) auxv_copy[48]; /* the kernel's copy, when argv is unknown */
	/* The executable's headers (rt_exe_headers) and r_debug (rt_r_debug),
	 * once found: a module sealing itself asks for them half a dozen
	 * times (the link map, the pass's note, names, pinning), each a walk
	 * of the auxiliary vector and the program headers.  Kept only in the
	 * module part (RT_CACHE_EXE, sealing-rt-module.c); unset elsewhere,
	 * but for r_debug, which the core's rt_fetch_path sets for the module
	 * part to adopt (rt_process_adopt).
	 * After the copy: before it, they moved the fields above beyond a
	 * short displacement, 25 bytes more in every executable. */
	int exe_known;
	const ElfW(Phdr) *exe_phdr;
	size_t exe_phnum;
	uintptr_t exe_bias, exe_relro_lo, exe_relro_hi;
	const struct r_debug *r_debug;
};

/*
 * glibc calls every constructor, and .preinit_array, with the initial
 * stack's argc and argv and the environment right behind argv: registers
 * that consistent are glibc's arguments, not musl's leftovers, and cost
 * nothing to recognise.
 */
static inline int rt_glibc_args(int argc, char **argv, char **envp)
{
	return argc >= 0 && argv && envp == argv + argc + 1;
}
/* What glibc hands every constructor, taken at its word. */
RT_FN void rt_process_init(struct rt_process *p, int argc, char **argv,
			   char **envp);
/* Reads SEALING_* from the environment (once is enough). */
RT_FN void rt_process_env(struct rt_process *p);
/*
 * The same facts without trusting the constructor's arguments: from the
 * kernel's copy of the auxiliary vector, and the initial stack it points
 * to.  For musl, which calls constructors with no arguments.
 */
RT_FN void rt_process_from_kernel(struct rt_process *p);
/* From glibc's constructor arguments when they are those
 * (rt_glibc_args), else from the kernel. */
RT_FN void rt_process_from_args(struct rt_process *p, int argc, char **argv, char **envp);
/*
 * Sets p up from whatever is trustworthy for the C library this module
 * (self, NULL if unknown) runs under.  linked_musl: the module was
 * linked statically with musl (its own __libc, which code mapped from
 * the file cannot see: the caller in the image asks).
 */
RT_FN void rt_process_start(struct rt_process *p, const struct rt_object *self,
			    int argc, char **argv, char **envp, int linked_musl);
/* The auxiliary vector, found on first use; NULL if it cannot be. */
RT_FN const ElfW(auxv_t) *rt_auxv(struct rt_process *p);
RT_FN unsigned long rt_auxval(struct rt_process *p, unsigned long type);
/* AT_PHDR and AT_SYSINFO_EHDR (0 when absent) in one walk of the vector:
 * what every walk of the loaded objects asks first, to tell the
 * executable and the vdso from the rest. */
RT_FN void rt_auxval_exe_vdso(struct rt_process *p, uintptr_t *exe_phdr, uintptr_t *vdso);
/* Are phdr the vdso's program headers?  vdso: AT_SYSINFO_EHDR, or 0. */
static inline int rt_is_vdso(uintptr_t vdso, const void *phdr)
{
	return vdso && (uintptr_t)phdr - vdso < 4096;
}
/*
 * What the core learned on its way to the module part (rt_config_quick:
 * the auxiliary vector, and that no SEALING_ variable is set), taken
 * over by the module part's p when both read the same arguments: each
 * is a walk of the environment that a library sealing itself would
 * otherwise make twice.
 */
RT_FN void rt_process_adopt(struct rt_process *p, const struct rt_process *core);
/* Unknown counts as secure: the environment may then only harden. */
RT_FN int rt_secure(struct rt_process *p);
RT_FN uintptr_t rt_page_size(struct rt_process *p);
/* The executable's object, from the auxiliary vector; 0 if unknown. */
RT_FN int rt_object_exe(struct rt_process *p, struct rt_object *e);
/* Only its headers, bias and RELRO: enough for rt_note_find and
 * rt_object_target, at a fraction of the cost. */
RT_FN int rt_exe_headers(struct rt_process *p, struct rt_object *e);
/* Is m the executable? */
RT_FN int rt_self_is_exe(struct rt_process *p, const struct rt_object *m);

/* ---- rt-config.c: what a module's note and the environment ask for --- */

struct rt_config {
	unsigned policy;
	uint32_t flags;
	int debug;
	const char *debug_output; /* SEALING_DEBUG_OUTPUT, when honoured */
	const char *warning; /* why SEALING_POLICY was ignored, if it was */
};

RT_FN void rt_config_read(struct rt_process *p,
			  const volatile struct sealing_note *note,
			  struct rt_config *c);
/*
 * The same, in short, for the core, which runs before any module part:
 * the policy, given the note's, with RT_QUICK_DEBUG added when a
 * SEALING_DEBUG line is asked for (one value: no out-parameter on the
 * stack of every library's constructor).
 */
#define RT_QUICK_DEBUG 0x100u
RT_FN unsigned rt_config_quick(struct rt_process *p, unsigned policy);

/* ---- rt-object.c: a loaded ELF object, from its program headers ------ */

struct rt_object {
	const ElfW(Phdr) *phdr;
	size_t phnum;
	uintptr_t bias;
	uintptr_t lo, hi;             /* span of the PT_LOAD segments */
	uintptr_t relro_lo, relro_hi; /* PT_GNU_RELRO, unrounded; 0 if none */
	const ElfW(Dyn) *dynamic;
	const struct sealing_note *note; /* ours, if it carries one */
	const char *name;                /* NULL until someone needs it */
};

/* Fills o in one pass; true when anchor lies in one of its PT_LOADs. */
RT_FN int rt_object_scan(struct rt_object *o, const ElfW(Phdr) *phdr,
			 size_t phnum, uintptr_t bias, uintptr_t anchor);
/* rt_object_scan, name and note of an object dl_iterate_phdr lists. */
RT_FN void rt_object_from_info(struct rt_object *o, const struct dl_phdr_info *info);
/* The first note of our owner with this type and descriptor size, or NULL. */
RT_FN const ElfW(Nhdr) *rt_note_find(const ElfW(Phdr) *phdr, size_t phnum,
				     uintptr_t bias, uint32_t type, uint32_t min_desc);
/* Calls fn for each of them (every policy note, say), in order. */
RT_FN void rt_note_each(const struct rt_object *o, uint32_t type, uint32_t min_desc,
			void (*fn)(const struct rt_object *, const ElfW(Nhdr) *, void *),
			void *arg);
/* Our policy note among its PT_NOTE segments (version 2 or later), or NULL. */
RT_FN const struct sealing_note *rt_object_note(const struct rt_object *o);
/* Where an offset field of o's leads, if into a segment of o's with perm
 * (PF_W: writable and outside RELRO; PF_X: code); NULL otherwise. */
RT_FN volatile unsigned char *rt_object_target(const struct rt_object *o,
					       const volatile int32_t *field, uint32_t perm);
/*
 * The pages <sealing.h>'s mutable note (type 3) bounds in o, unrounded:
 * 1 when it names a non-empty range inside one writable segment outside
 * RELRO; 0 otherwise.  (The patched loader, glibc/ patch 0005, also
 * refuses a range in the page before RELRO's start, which the linker
 * never puts data in.)  For whoever seals o from outside its own runtime:
 * the process pass and the loader module.
 */
RT_FN int rt_object_mutable(const struct rt_object *o, struct rt_range *out);
/*
 * The state byte that o's note n points to, or NULL when the note has
 * none we may touch: another version, no offset, or an offset that leaves
 * o's writable segments (a damaged note must not make us write anywhere).
 */
RT_FN volatile unsigned char *rt_object_state(const struct rt_object *o,
					      const struct sealing_note *n);
/* Why a module's own note (state byte at state) cannot be trusted. */
enum rt_damage {
	RT_DAMAGE_NONE,
	RT_DAMAGE_HEADER,
	RT_DAMAGE_VERSION,
	RT_DAMAGE_POLICY,
	RT_DAMAGE_RESERVED,
	RT_DAMAGE_FLAGS,
	RT_DAMAGE_STATE,
};
RT_FN enum rt_damage rt_note_check(const volatile struct sealing_note *n,
				   const volatile unsigned char *state);
/* The same, in words; NULL when sound. */
RT_FN const char *rt_note_damage(const volatile struct sealing_note *n,
				 const volatile unsigned char *state);

/* ---- rt-self.c: which module this copy of the runtime is in ---------- */

/* From the module's ELF header (its __ehdr_start); false without one. */
RT_FN int rt_self_from_ehdr(struct rt_object *m, const void *ehdr, const void *anchor);
/* From dl_iterate_phdr, when the linker defined no __ehdr_start. */
RT_FN int rt_self_from_loader(struct rt_process *p, struct rt_object *m,
				const void *anchor);

/* ---- rt-linkmap.c: the loader's list, for the rare paths -------------- */

/* The executable's r_debug (DT_DEBUG), NULL without one (a static
 * program). */
RT_FN const struct r_debug *rt_r_debug(struct rt_process *p);
RT_FN void *rt_lookup(struct rt_process *p, const char *name);
typedef int (*rt_iterate_cb)(struct dl_phdr_info *, size_t, void *);
/* dl_iterate_phdr, found through the link map; -1 if it cannot be. */
RT_FN int rt_iterate(struct rt_process *p, rt_iterate_cb cb, void *arg);
RT_FN const char *rt_object_name(struct rt_process *p, struct rt_object *o);

/* ---- rt-startup.c: loaded at start-up or by dlopen? ------------------ */

enum rt_load {
	RT_LOAD_EXE,      /* the executable */
	RT_LOAD_STARTUP,  /* loaded at start-up: never unloaded */
	RT_LOAD_DLOPEN,   /* loaded by dlopen: dlclose could unmap it */
	RT_LOAD_DEFERRED, /* start-up is under way and the executable seals it */
};

/*
 * The executable's part of the runtime (its process pass), when the
 * executable carries one: its entry, and its state byte in *state
 * (SEALING_STATE_RAN once its constructor has begun); NULL if it has
 * none, or a note that leads nowhere sound.
 */
RT_FN sealing_rt_entry rt_exe_pass(struct rt_process *p, volatile unsigned char **state);
RT_FN volatile unsigned char *rt_exe_pass_state(struct rt_process *p);
/* Whether the executable's constructor has begun, which ends start-up. */
RT_FN int rt_exe_started(struct rt_process *p);

/*
 * The start-up set (rt-startset.h), fed from the loaded objects in
 * link-map order; once the walk is done, rt_startup_origin places the
 * object fed as number INDEX (from 0).
 */
struct rt_startup_walk {
	uintptr_t exe_phdr, vdso; /* AT_PHDR, AT_SYSINFO_EHDR */
	struct rt_startset set;
	int tab_clean; /* set's table zeroed: only once a name is read */
};
/* buf: cap entries, cap a power of two, aligned as a uintptr_t. */
RT_FN void rt_startup_walk_init(struct rt_startup_walk *w, struct rt_process *p,
				uint32_t *buf, unsigned cap);
RT_FN void rt_startup_walk_next(struct rt_startup_walk *w,
				const struct dl_phdr_info *info);
RT_FN enum rt_origin rt_startup_origin(const struct rt_startup_walk *w, unsigned index);
/*
 * The loaded objects as the executable's .preinit_array saw them, before
 * any constructor could dlopen: every one of them is a start-up object.
 * dl_iterate_phdr's counts of objects ever added and removed tell whether
 * the map is still that one (rt_startup_walk_snap); count 0: none taken.
 */
struct rt_startup_snap {
	unsigned long long adds, subs;
	unsigned count;
	void *iterate; /* dl_iterate_phdr, as the walk looked it up */
};
/* Takes one more object of the map into snap (from 0, count 0); its first
 * object's counts stand for the map.  Without them, no snapshot. */
RT_FN void rt_startup_snap_add(struct rt_startup_snap *snap, const struct dl_phdr_info *info,
			       size_t size);
/* Before the walk's first object, info: when the map is still snap's,
 * its first snap->count objects are the start-up set, without a name read. */
RT_FN void rt_startup_walk_snap(struct rt_startup_walk *w, const struct rt_startup_snap *snap,
				const struct dl_phdr_info *info, size_t size);
/* The verdict for a library's own constructor. */
/*
 * A constructor whose frame is closer than this below argv was called by
 * ld.so at start-up (rt-startup.c says why, and the margins either way).
 */
#define RT_STARTUP_DEPTH 512u
/* A library that seals itself: loaded at start-up or by dlopen?  Deep in
 * the stack only exact asks the link map; otherwise "dlopen'd", which
 * pins a start-up library for nothing but seals it all the same. */
RT_FN enum rt_load rt_load_kind(struct rt_process *p, const struct rt_object *m, int exact);

/* ---- rt-claim.c: the start-up libraries, claimed for the pass -------- */

/* SEALING_STATE_CLAIMED in every instrumented object's state byte but the
 * executable's; only while the executable's pass is still to come.  snap,
 * when not NULL, takes the map as the walk saw it (.preinit_array's). */
RT_FN void rt_claim_startup(struct rt_process *p, struct rt_startup_snap *snap);
/* rt_note_each's callback: *bits into the state byte of every policy
 * note of o's that leads to one (not a policy-0 note's, nor a damaged
 * one's, nor one the dynamic loader marked).  One callback for the claim
 * and the start-up batch alike: a second one made LLVM's LTO specialise
 * rt_note_each, out of the runtime's COMDAT group. */
RT_FN void rt_claim_note(const struct rt_object *o, const ElfW(Nhdr) *h, void *bits);

/* ---- rt-pin.c ------------------------------------------------------- */

typedef void *(*rt_dlopen_fn)(const char *, int);
/*
 * Makes the object loaded as NAME, whose PT_DYNAMIC is at dynamic,
 * RTLD_NODELETE, through open (NULL: the global dlopen).  0, or ENOSYS (no
 * dlopen), ENOENT (nothing loaded by that name), ESTALE (another object
 * has that name now).
 */
RT_FN long rt_pin_named(struct rt_process *p, rt_dlopen_fn open, const char *name,
			const ElfW(Dyn) *dynamic);
/* The module itself, from its constructor. */
RT_FN long rt_pin(struct rt_process *p, struct rt_object *m);

/* ---- rt-seal.c and rt-relro.c: sealing one object -------------------- */

struct rt_result {
	unsigned calls;
	unsigned nsealed;
	struct rt_range sealed[4]; /* first few ranges, for the debug line */
	long err;                  /* first failure, positive errno */
	struct rt_range err_range;
	struct rt_range mutable_range;
	struct rt_range relro; /* replaced by a copy before sealing */
	int relro_failed;
	int already_sealed; /* somebody sealed it first */
	int by_loader;      /* the dynamic loader sealed it (SEALING_STATE_LOADER) */
	const char *relro_how; /* how, for the debug line; NULL: "made anonymous" */
};

RT_FN long rt_mseal(uintptr_t lo, uintptr_t hi);
RT_FN int rt_is_sealed(uintptr_t page);
/* Seals o's image minus the mutable range (may be empty). */
RT_FN void rt_seal_image(const struct rt_object *o, uintptr_t page,
			 struct rt_range mutable_range, struct rt_result *r);
/*
 * Whether o's image minus the mutable range is one span of o's own pages,
 * which one mseal seals whole: true, with the span, when rt_seal_image
 * would make exactly one call.  Spans of several objects that touch make
 * one span of nobody's pages but theirs (rt_seal_jobs, rt-batch.c).
 */
RT_FN int rt_image_one_span(const struct rt_object *o, uintptr_t page, struct rt_range mut,
			    struct rt_range *span);
/* Records in r the result ret of one mseal that covered span, o's image. */
RT_FN void rt_seal_shared(struct rt_result *r, struct rt_range span, long ret);
/* The read-only part of PT_GNU_RELRO, in whole pages; false if none. */
RT_FN int rt_relro_range(const struct rt_object *o, uintptr_t page,
			 struct rt_range *out);
/* Replaces one RELRO range by an anonymous read-only copy, atomically. */
RT_FN void rt_relro_swap(struct rt_range relro, struct rt_result *r);

/*
 * Several objects at once (the executable's process pass, the loader
 * module): one sealed memfd holds every copy, then one mmap per object
 * maps its view over its RELRO; where a memfd cannot be had, one
 * anonymous mapping holds every copy, one mprotect makes them read-only,
 * then one mremap per object moves its copy into place.  The lists are
 * consumed: on return only the results and calls mean anything.
 */
#define RT_BATCH 32
struct rt_relro_batch {
	struct rt_range relro[RT_BATCH];
	struct rt_result *result[RT_BATCH];
	unsigned n;
	size_t bytes;
	unsigned calls; /* the batch's own: mmap, mprotect, munmap */
};
RT_FN void rt_relro_batch_swap(struct rt_relro_batch *b);

/* ---- the module's one writable byte (rt-ctor.c defines it) -----------
 * Sequentially consistent: a library that defers stores its state, then
 * loads the executable's, while the executable stores its own, then
 * loads the library's; neither may miss both. */

static inline unsigned rt_state_get(volatile unsigned char *s)
{
	return __atomic_load_n(s, __ATOMIC_SEQ_CST);
}

static inline void rt_state_set(volatile unsigned char *s, unsigned bits)
{
	__atomic_fetch_or(s, (unsigned char)bits, __ATOMIC_SEQ_CST);
}

/* ---- rt-report.c: one line per module, without stdio ---------------- */

struct rt_line {
	char buf[512];
	size_t len;
	const char *to; /* SEALING_DEBUG_OUTPUT, or NULL for stderr */
};

RT_FN void rt_put(struct rt_line *l, const char *s);
RT_FN void rt_put_dec(struct rt_line *l, unsigned long v);
RT_FN void rt_put_range(struct rt_line *l, struct rt_range r);
RT_FN void rt_put_errno(struct rt_line *l, long err);
RT_FN void rt_emit(struct rt_line *l);
/* "sealing: NAME: " */
RT_FN void rt_line_start(struct rt_line *l, const char *name);
/* The debug line for one object: what was sealed and how it went. */
RT_FN void rt_report(const char *name, const struct rt_config *c,
		     const char *how, const struct rt_result *r,
		     const char *skipped);
/* The same without the ranges, for a library's core (rt-module.c). */
RT_FN void rt_report_brief(const char *name, const struct rt_config *c,
			   const char *how, const struct rt_result *r,
			   const char *skipped);
/* Policy 2: one line naming module, range and error, then exit 127. */
__attribute__((noreturn)) RT_FN void rt_fatal(const char *name,
					      const struct rt_result *r,
					      const char *what);
/* A debug line (c may be NULL: stderr). */
RT_FN void rt_warn(const struct rt_config *c, const char *name, const char *what);

#endif
