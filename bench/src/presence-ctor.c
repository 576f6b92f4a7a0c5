/* SPDX-License-Identifier: MIT */
/*
 * Controls for the runtime's presence cost (policy 0, no syscall): what a
 * module pays for having a constructor at all, and for carrying as many
 * bytes as the runtime without ever executing them.  Together with the
 * policy0 variant they split that cost into "a constructor", "its bytes"
 * and "running the policy-0 path".
 *
 * Built three times by steps/build-sets.sh: as is (empty-ctor); with
 * -DBENCH_DEAD_BYTES=N, N the runtime's allocated bytes besides its note,
 * and -DBENCH_NOTE_DESC_BYTES=D, a note as long as the runtime's
 * (dead-code); and with that note alone, -DBENCH_NOTE_ONLY (note-only:
 * no constructor, no bytes), which shows what moving the loader's strings
 * costs by itself.  The dead bytes go into an executable section, as the
 * runtime's code does, so the loader maps them and fault-around brings
 * them in the same way.
 */
#define BENCH_STR_(x) #x
#define BENCH_STR(x) BENCH_STR_(x)

#ifdef BENCH_DEAD_BYTES
__asm__(".pushsection .text.bench_dead,\"ax\",@progbits\n"
	".skip " BENCH_STR(BENCH_DEAD_BYTES) ", 0xcc\n"
	".popsection\n");
#endif

/*
 * A note as long as the runtime's: notes come before .dynstr, so this
 * moves the loader's strings as ours does.  ld.so compares them with an
 * SSE2 strcmp whose path depends on where a string starts in its cache
 * line: gen/libs.sh spreads them, or this alone cost +1 to +3 % at 100
 * identical libraries (bench/README.md, "Layout luck").
 */
#ifdef BENCH_NOTE_DESC_BYTES
__asm__(".pushsection .note.bench_dead,\"a\",@note\n"
	".balign 4\n"
	".long 4, " BENCH_STR(BENCH_NOTE_DESC_BYTES) ", 0x42454e43\n"
	".asciz \"BNC\"\n"
	".skip " BENCH_STR(BENCH_NOTE_DESC_BYTES) ", 0\n"
	".popsection\n");
#endif

#ifndef BENCH_NOTE_ONLY
/* The empty asm keeps GCC from dropping an empty constructor. */
__attribute__((constructor, used)) static void bench_presence_ctor(void)
{
	__asm__ volatile("");
}
#else
/* ISO C wants a translation unit to declare something. */
typedef int bench_note_only;
#endif
