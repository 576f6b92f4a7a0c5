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
 */
#ifndef SEALING_H
#define SEALING_H

#define SEALING_MUTABLE_SECTION "sealing_mutable"

#if defined(__GNUC__) || defined(__clang__)
#define SEALING_MUTABLE __attribute__((section(SEALING_MUTABLE_SECTION), used))
#else
#error "SEALING_MUTABLE needs GCC or Clang attributes"
#endif

#endif
