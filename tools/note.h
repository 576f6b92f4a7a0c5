/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * ELF note parsing over a byte buffer: no BFD, no I/O, so the fuzzer can
 * drive it directly and every bound is checked in one place.
 */
#ifndef SEALCTL_NOTE_H
#define SEALCTL_NOTE_H

#include <sealing/note.h>
#include <stddef.h>
#include <stdint.h>

#define GNU_NOTE_NAME "GNU"
#define SEALCTL_NT_GNU_PROPERTY_TYPE_0 5
#define SEALCTL_GNU_PROPERTY_MEMORY_SEAL 3

struct note_iter {
	const uint8_t *buf;
	size_t size, pos;
	size_t align; /* 4 or 8: the section's or segment's alignment */
	int big_endian;
};

struct note_ref {
	size_t offset;      /* of the header, within the buffer */
	size_t desc_offset; /* of the descriptor, within the buffer */
	size_t end;         /* offset just past the padded note */
	uint32_t namesz, descsz, type;
	const uint8_t *name, *desc;
};

uint32_t note_get32(const uint8_t *p, int big_endian);
void note_put32(uint8_t *p, uint32_t v, int big_endian);

void note_iter_init(struct note_iter *it, const uint8_t *buf, size_t size,
		    uint64_t align, int big_endian);
/* 1: *n filled; 0: end of buffer; -1: malformed, *why says how. */
int note_next(struct note_iter *it, struct note_ref *n, const char **why);

/* Is this note in the "SEALING" namespace with type NT_SEALING_POLICY? */
int note_is_sealing(const struct note_ref *n);
int note_is_gnu_property(const struct note_ref *n);

/*
 * Decode a sealing descriptor.  Returns 0 when the note is well formed and
 * of a version we know; otherwise a reason, and per docs/note-format.md
 * the caller must treat the note as policy 1.
 */
const char *sealing_desc_decode(const struct note_ref *n, int big_endian,
				struct sealing_note_desc *out);
/* The policy a loader applies for this note (damaged notes mean 1). */
unsigned sealing_effective_policy(const struct sealing_note_desc *d,
				  const char *damage);

const char *sealing_carrier_name(unsigned carrier);
const char *sealing_policy_name(unsigned policy);

/*
 * GNU property array of an NT_GNU_PROPERTY_TYPE_0 descriptor.  Entries are
 * padded to 8 bytes in ELF64 and 4 in ELF32.  Returns -1 if malformed,
 * else 1 when property `type` is present (at *at, entry size *len), 0 if
 * not (and *at is where it would be inserted to keep types sorted).
 */
int gnu_property_find(const uint8_t *desc, size_t descsz, int big_endian,
		      int elf64, uint32_t type, size_t *at, size_t *len);

#endif
