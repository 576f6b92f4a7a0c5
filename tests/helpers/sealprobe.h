/* SPDX-License-Identifier: MIT */
/*
 * Test-side view of what the kernel sealed.  Linked (uninstrumented) into
 * test programs; prints one line per question, for FileCheck.
 */
#ifndef SEALPROBE_H
#define SEALPROBE_H

/* "LABEL: N/M mappings sealed" over every mapping of the module holding addr. */
void probe_module(const char *label, const void *addr);

/* "LABEL: sealed" or "LABEL: unsealed" for the mapping holding addr. */
int probe_mapping(const char *label, const void *addr);

/* The same without a word: 1 sealed, 0 not, -1 nothing mapped there. */
int probe_is_sealed(const void *addr);

/* How many of this process's descriptors name a file whose name holds
 * PART (readlink of /proc/self/fd: "memfd:sealing-relro"). */
int probe_fds_named(const char *part);

/*
 * "LABEL: mprotect=E munmap=E mremap=E mmap_fixed=E" on the page holding
 * addr, each E being EPERM, ok or another errno name.  Only sealed pages get
 * the destructive calls; an unsealed page gets the harmless mprotect (same
 * protection) only, and "munmap=skipped ...".
 */
void probe_ops(const char *label, const void *addr);

/* Sealed state of the first mapping whose smaps name is NAME (e.g. "[vdso]"). */
int probe_named(const char *label, const char *name);

/* Like probe_module, for the loaded module whose path contains NAME. */
void probe_module_named(const char *label, const char *name);

/* "LABEL: N copies": how many times a file whose path ends in NAME is mapped. */
int probe_copies(const char *label, const char *name);

/*
 * The RELRO attack: every discarding madvise on every page of the RELRO of
 * the module whose path contains NAME (NULL: the executable).  Prints
 * "LABEL: relro N pages: DONTNEED=E FREE=E REMOVE=E DONTNEED_LOCKED=E",
 * E being one result shared by every page or "mixed", or "LABEL: no relro".
 * Where a discard succeeds the pages revert to their on-disk bytes.
 */
void probe_relro_attack(const char *label, const char *name);

/*
 * The RELRO attack in full, on the RELRO of the module whose path contains
 * NAME (NULL: the executable), one line per kind of attack, each ending
 * with whether the RELRO still holds the bytes it held before ("intact")
 * or not ("CHANGED"):
 *   LABEL: relro N pages: MAPPING, sealed
 *     MAPPING: its name in smaps ("anonymous" for none), e.g.
 *     "/memfd:sealing-relro (deleted)"; "NOT sealed" if any is not
 *   LABEL: madvise DONTNEED=E FREE=E REMOVE=E DONTNEED_LOCKED=E PAGEOUT=E COLD=E: bytes B,
 *     reread after DONTNEED: N faults   (the minor faults of reading every
 *     page once after one more DONTNEED: 0 where it was refused)
 *   LABEL: map_files open=E [fallocate=E ftruncate=E write=E mmap_write=E]: bytes B
 *     (the mapping's file reopened for writing through
 *     /proc/self/map_files: punch a hole, truncate, write the same bytes,
 *     map it shared and writable)
 *   LABEL: /proc/self/mem write=E: bytes B   (the same bytes written back)
 *   LABEL: madvise GUARD_INSTALL=E DONTFORK=E: bytes B   (undone where let through)
 *   LABEL: mprotect=E munmap=E mremap=E mmap_fixed=E   (probe_ops)
 */
void probe_relro_full(const char *label, const char *name);

#endif
