/* SPDX-License-Identifier: MIT */
/*
 * The executable's part in the executable's image: its state, its two
 * entries (the process note's, and .preinit_array's slot), and, since its
 * code (rt-exe.c, 17 KB) runs once per process, what maps that code from
 * the executable's file instead of carrying it in the image: the
 * .sealing.exe section of the part's COMDAT group, which no segment
 * covers (sealing-rt-exe-part.c, docs/runtime-size.md "The executable's
 * part lives in the file").  Where there is no such section (the LLVM
 * pass's bitcode form, SEALING_RT_MODULE_INLINE) the code is linked in.
 *
 * The code is mapped once, from .preinit_array when the carrier added the
 * slot, and kept until the process pass has run.  When it cannot be
 * mapped (no /proc, the section stripped, a seccomp filter), the process
 * note's state byte says SEALING_STATE_NO_PASS: no library then waits for
 * a pass that will not come, each seals itself (rt_exe_pass); the
 * executable says why under SEALING_DEBUG and ends the process under
 * policy 2 (rt_fetch_failed), and otherwise its core hands the executable
 * to its module part, which seals it in module scope.  Mapped at
 * .preinit_array, before any library was claimed, that covers every
 * start-up library; mapped only at the constructor (no slot: sealing-rt.o,
 * a -fPIC main, musl), the libraries a first library's module part
 * claimed for the pass stay open, and only the executable's line says why.
 */
#include "rt-pass.h"
#include "rt-fetch.h"

#ifdef SEALING_RT_SEPARATE
/* Compiled on its own (tests/runtime/unit-*.test): no block to name. */
#define RT_BLOCK_SIZE 0u
#define RT_BLOCK_ENTRY 0u
#endif

/* The part's state (SEALING_STATE_RAN once it has begun), which its note
 * points to. */
__attribute__((section(".bss.sealing_exe_state"), used))
static volatile unsigned char rt_exe_state;

/* The map as .preinit_array saw it, for the pass's start-up set, and the
 * part's code while it is mapped.  In a section of its own, as the
 * carriers allow (carrier-glue/group-asm.awk). */
__attribute__((section(".bss.sealing_exe_snap"), used))
static struct {
	struct rt_startup_snap snap;
	long map;      /* the mapping, page-aligned; 0: not mapped */
	uint64_t skip; /* where the part starts in it */
	const char *path; /* when it could not be mapped: from where, */
	long err;         /* and why */
} rt_exe_image;

/* musl's, when it is linked in statically (rt_process_start). */
extern char __libc[] __attribute__((weak, visibility("hidden")));

#ifdef SEALING_RT_MODULE_INLINE
static int rt_exe_call_part(const struct rt_exe_call *x)
{
	return rt_exe_run(x);
}

static void rt_exe_unmap(void)
{
}
#else
extern const ElfW(Ehdr) __ehdr_start __attribute__((weak, visibility("hidden")));

/* The part's code from this module's file (rt-fetch.c), once; on failure
 * SEALING_STATE_NO_PASS, and where from and why for rt_fetch_failed. */
static void rt_exe_map(const struct sealing_rt_call *call)
{
	struct rt_process p;
	const char *path;
	long m;

	rt_process_from_args(&p, call->argc, call->argv, call->envp);
	path = rt_fetch_path(&p, &__ehdr_start);
	m = rt_fetch_map(&p, path, &__ehdr_start, &rt_exe_image.skip);
	/* ld.so run as a program (`ld.so ./prog`): /proc/self/exe is ld.so,
	 * the link map names the executable "", and argv[0] is the path ld.so
	 * opened it by; and without /proc argv[0] is often the path too.
	 * Whatever file it names, only this very code (its digest) is taken
	 * from it. */
	if (m == -ENOENT && p.argv && p.argv[0]) {
		long a = rt_fetch_map(&p, p.argv[0], &__ehdr_start, &rt_exe_image.skip);
		if (!rt_syscall_failed(a))
			m = a;
	}
	if (rt_syscall_failed(m)) {
		rt_exe_image.path = path;
		rt_exe_image.err = -m;
		rt_state_set(&rt_exe_state, SEALING_STATE_NO_PASS);
		return;
	}
	rt_exe_image.map = m;
}

/* Once the pass has run, or will not. */
static void rt_exe_unmap(void)
{
	if (rt_exe_image.map)
		rt_syscall3(SYS_munmap, rt_exe_image.map, rt_exe_image.skip + RT_BLOCK_SIZE, 0);
	rt_exe_image.map = 0;
}

static int rt_exe_call_part(const struct rt_exe_call *x)
{
	unsigned s = rt_state_get(&rt_exe_state);

	if (!rt_exe_image.map && !(s & SEALING_STATE_NO_PASS)) {
		rt_exe_map(x->call);
		s = rt_state_get(&rt_exe_state);
	}
	if (s & SEALING_STATE_NO_PASS) {
		/* Said at the constructor, which has the note that sets the
		 * policy; under policy 1 its module part seals the executable
		 * then, in module scope, and says so. */
		if (x->op == RT_EXE_PASS) {
			const struct sealing_rt_call *c = x->call;
			struct rt_process p;
			rt_process_from_args(&p, c->argc, c->argv, c->envp);
			rt_fetch_failed(&p, c, rt_exe_image.path, rt_exe_image.err);
		}
		return 0;
	}
	int r = ((rt_exe_part_entry)(rt_exe_image.map + rt_exe_image.skip + RT_BLOCK_ENTRY))(x);
	if (x->op == RT_EXE_PASS)
		rt_exe_unmap();
	return r;
}
#endif

__attribute__((used)) static int rt_exe_entry(const struct sealing_rt_call *call)
{
	struct rt_exe_call x = { RT_EXE_PASS, call, &rt_exe_state, &rt_exe_image.snap,
				 (uintptr_t)__libc != 0 };

	/* The dynamic loader sealed the executable: its module part has
	 * only a line to say, the part's code need not run for it (mapped
	 * from .preinit_array, it goes). */
	if (rt_state_get(call->state) & SEALING_STATE_LOADER) {
		rt_exe_unmap();
		return 0;
	}
	return rt_exe_call_part(&x);
}

/* Only with glibc's arguments, as every constructor here (static glibc
 * passes them to .preinit_array too); musl runs no .preinit_array. */
__attribute__((used)) static void rt_exe_claim(int argc, char **argv, char **envp)
{
	struct sealing_rt_call c = { .argc = argc, .argv = argv, .envp = envp };
	struct rt_exe_call x = { RT_EXE_CLAIM, &c, &rt_exe_state, &rt_exe_image.snap, 0 };

	if (rt_glibc_args(argc, argv, envp))
		rt_exe_call_part(&x);
}
