/* SPDX-License-Identifier: MIT */
/*
 * Public interface of sealing for programs that are sealed by it.
 *
 * SEALING_MUTABLE keeps a writable object out of the sealed image, so the
 * program may still mprotect (or munmap/mremap) the pages holding it:
 *
 *     static char jit_area[1 << 16] SEALING_MUTABLE
 *         __attribute__((aligned(65536)));
 *
 * The runtime rounds the mutable range outwards to whole pages, so anything
 * sharing a page with it is left unsealed too; align the object to the page
 * size you need (4 KiB on x86_64, up to 64 KiB on arm64/ppc64).  Use it on
 * writable objects only: a const object in the same section is a section
 * type conflict.
 *
 * Including this header also gives the module a note that says where
 * those pages are (type 3 of include/sealing/note.h), for whoever seals
 * the module from outside and cannot see the section otherwise: a
 * dynamic loader that seals objects as it loads them (glibc/ in the
 * sealing project), or the process pass or loader module sealing a
 * module built without sealing's runtime.  An
 * empty sealing_mutable section is kept in every such module, so that
 * the section's bounds always resolve; with no SEALING_MUTABLE data the
 * note's range is empty.  Both are retained under --gc-sections, and the
 * note is in a COMDAT group: one per module.
 */
#ifndef SEALING_H
#define SEALING_H

#define SEALING_MUTABLE_SECTION "sealing_mutable"

#if defined(__GNUC__) || defined(__clang__)
#define SEALING_MUTABLE __attribute__((section(SEALING_MUTABLE_SECTION), used))
#else
#error "SEALING_MUTABLE needs GCC or Clang attributes"
#endif

__asm__(".pushsection " SEALING_MUTABLE_SECTION ",\"awR\"\n"
	"\t.popsection\n"
	".pushsection .note.sealing.mutable,\"aGR\",%note,__sealing_mutable_note,comdat\n"
	"\t.balign 4\n"
	"\t.long 8, 8, 3\n" /* namesz, descsz, NT_SEALING_MUTABLE */
	"\t.asciz \"SEALING\"\n"
	"\t.long __start_" SEALING_MUTABLE_SECTION " - .\n"
	"\t.long __stop_" SEALING_MUTABLE_SECTION " - .\n"
	"\t.popsection\n");

#endif
