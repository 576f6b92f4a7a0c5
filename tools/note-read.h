/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * ELF note parsing over a byte buffer: no BFD, no I/O, so the fuzzer can
 * drive it directly and every bound is checked in one place.  What a
 * sealing note means comes from <sealing/note.h>, the contract every part
 * of sealing shares; nothing of it is restated here.
 */
#ifndef SEALCTL_NOTE_READ_H
#define SEALCTL_NOTE_READ_H

#include <sealing/note.h>

#include <elf.h>
#include <stddef.h>
#include <stdint.h>

/* glibc's <elf.h> names these from 2.28 and 2.41; older ones do not. */
#ifndef NT_GNU_PROPERTY_TYPE_0
#define NT_GNU_PROPERTY_TYPE_0 5
#endif
#ifndef GNU_PROPERTY_MEMORY_SEAL
#define GNU_PROPERTY_MEMORY_SEAL 3
#endif

/* An ELF note header is three 32-bit words in both classes. */
#define NOTE_HEADER_SIZE sizeof(Elf32_Nhdr)
/* A GNU note's descriptor follows the header and "GNU\0", already
 * aligned for both classes. */
#define GNU_NOTE_DESC_OFFSET (NOTE_HEADER_SIZE + sizeof(ELF_NOTE_GNU))
/* One GNU property entry: pr_type, pr_datasz, then the padded data. */
#define GNU_PROPERTY_HEADER_SIZE (2 * sizeof(uint32_t))

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

#define NOTE_DAMAGE_LEN 96

/* A sealing descriptor as read from a file. */
struct sealing_desc_view {
	struct sealing_note_desc d; /* host byte order */
	int decoded;        /* the version is ours and the size right: d is whole */
	unsigned applied;   /* the policy a loader applies (<sealing/note.h>'s rules) */
	/* Why the note is damaged, "" when it is not: one phrase with the
	 * values ("policy 7 is out of range (0, 1 or 2)").  An array, not a
	 * pointer, so that copies of the view stay whole. */
	char damage[NOTE_DAMAGE_LEN];
};

/* v->damage, or NULL for a sound note. */
static inline const char *note_desc_damage(const struct sealing_desc_view *v)
{
	return v->damage[0] ? v->damage : NULL;
}

void note_iter_init(struct note_iter *it, const uint8_t *buf, size_t size,
		    uint64_t align, int big_endian);
/* 1: *n filled; 0: end of buffer; -1: malformed, *why says how. */
int note_next(struct note_iter *it, struct note_ref *n, const char **why);

/* Is this note in the "SEALING" namespace with type NT_SEALING_POLICY? */
int note_is_sealing(const struct note_ref *n);
/* ... with type NT_SEALING_PROCESS (the executable's part of the runtime)? */
int note_is_sealing_process(const struct note_ref *n);
int note_is_gnu_property(const struct note_ref *n);

/*
 * Decodes a sealing descriptor of a version this sealctl knows (2: 12
 * bytes, 3: 16 with the runtime release).  Damage is reported in
 * v->damage: a note of another version (version 1 included) is read no
 * further than its version byte; one with the wrong size for its version
 * is not decoded; a decoded
 * one is damaged when its policy is above 2, its reserved byte is not 0
 * or it has flag bits outside SEALING_FLAGS_KNOWN.  The applied policy is
 * sealing_desc_policy()'s, as the runtime's: 1 for another version or a
 * policy above 2 (a damaged note never turns sealing off), the note's own
 * otherwise (the runtime ignores reserved bits and unknown flags).  Where
 * the state offset points is checked against the program headers, in
 * note-state.c.
 */
void sealing_desc_read(const struct note_ref *n, int big_endian,
		       struct sealing_desc_view *v);

/* The value of a flag option in a flags word: "pin", "process", ... */
const char *sealing_flag_value(const struct sealing_flag_option *o, uint32_t flags);

const char *sealing_carrier_name(unsigned carrier);
/* "0.2.0" for a runtime release (note version 3 on); NULL for 0, which
 * version 2 notes read as: a release before 0.2 recorded none. */
const char *sealing_runtime_name(uint32_t runtime, char *buf, size_t size);
/* "0.2.0" -> SEALING_RUNTIME_PACK(0, 2, 0); 1 on success, 0 if malformed. */
int sealing_runtime_parse(const char *s, uint32_t *runtime);
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
