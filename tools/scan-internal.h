/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The parts of the scan, each filling its share of the model; not part
 * of sealctl's API.  BFD identifies the object and reads its sections
 * (scan.c, scan-notes.c); what BFD's public API does not give, the ELF
 * header's fields, the program headers and PT_DYNAMIC, is read straight
 * from the file with <elf.h>'s layouts through byteorder.h
 * (scan-headers.c, scan-dynamic.c).
 */
#ifndef SEALCTL_SCAN_INTERNAL_H
#define SEALCTL_SCAN_INTERNAL_H

#include "bfd-compat.h"
#include "byteorder.h"
#include "object.h"

#include <elf.h>
#include <stddef.h>
#include <stdint.h>

/* Field F of <elf.h>'s Elf32_T / Elf64_T, read from raw bytes at p in the
 * object's byte order. */
#define ELF_FIELD(p, elf64, be, T, F)                                              \
	get_uint((p) + ((elf64) ? offsetof(Elf64_##T, F) : offsetof(Elf32_##T, F)), \
		 (elf64) ? sizeof(((Elf64_##T *)0)->F) : sizeof(((Elf32_##T *)0)->F), (be))
#define ELF_SIZEOF(elf64, T) ((elf64) ? sizeof(Elf64_##T) : sizeof(Elf32_##T))

/* The ELF header and program headers of the object at `base` of fd (size:
 * bytes available from base): o's class, byte order, type, machine and
 * phdr.  0, or -1 with a reason in err. */
int sealctl_scan_headers(int fd, uint64_t base, uint64_t size, struct sealctl_object *o,
			 char *err);

/* o->dyn, from PT_DYNAMIC and its strings.  Never fails the scan: what
 * cannot be read is left empty, with the reason in o->dyn.error. */
void sealctl_scan_dynamic(int fd, uint64_t base, uint64_t size, struct sealctl_object *o);

/* Executable, PIE, shared library...: from the header, PT_INTERP and
 * DT_FLAGS_1 (static PIE). */
enum sealctl_kind sealctl_kind_of(const struct sealctl_object *o);

/* o->debug_only, o->abi_tag, o->go and o->libc_start, from the sections and
 * symbol tables (after sealctl_kind_of and sealctl_scan_dynamic). */
void sealctl_scan_traits(bfd *abfd, struct sealctl_object *o);

/* Record the sealing notes and the GNU property note of o. */
int sealctl_scan_note_sections(bfd *abfd, struct sealctl_object *o, char *err);
int sealctl_scan_note_segments(int fd, uint64_t fsize, struct sealctl_object *o, char *err);

#endif
