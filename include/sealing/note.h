/* SPDX-License-Identifier: MIT */
/*
 * The sealing note: the one fact every carrier, the runtime and sealctl
 * must agree on.  docs/note-format.md is the prose version of this file.
 */
#ifndef SEALING_NOTE_H
#define SEALING_NOTE_H

#include <stdint.h>

#define SEALING_NOTE_SECTION ".note.sealing"
#define SEALING_NOTE_NAME "SEALING" /* namesz = 8, NUL included */
#define SEALING_NOTE_NAMESZ 8
#define SEALING_NOTE_TYPE 1 /* NT_SEALING_POLICY, in the "SEALING" namespace */
#define SEALING_NOTE_DESCSZ 8
#define SEALING_NOTE_VERSION 1

/*
 * Every carrier puts the note, the constructor, its .init_array slot and
 * the whole runtime in one COMDAT group with this signature, so a module
 * keeps exactly one copy whichever carriers contributed.  The suffix is the
 * runtime ABI: bump it only together with SEALING_NOTE_VERSION.
 */
#define SEALING_COMDAT_GROUP "__sealing_rt_v1"

enum sealing_policy {
	SEALING_POLICY_OFF = 0,     /* no mseal call at all */
	SEALING_POLICY_BEST = 1,    /* seal, ignore failures (default) */
	SEALING_POLICY_ENFORCE = 2, /* seal, terminate on any failure */
};

enum sealing_carrier {
	SEALING_CARRIER_UNKNOWN = 0,
	SEALING_CARRIER_LINK_OBJECT = 1, /* sealing-rt.o */
	SEALING_CARRIER_GCC_PLUGIN = 2,
	SEALING_CARRIER_LLVM_PASS = 3,
};

/* Skip sealing when the module was dlopen'd (keeps dlclose unmapping). */
#define SEALING_FLAG_DLOPEN_SKIP 0x1u
/* Leave PT_GNU_RELRO file-backed instead of making it anonymous first. */
#define SEALING_FLAG_RELRO_KEEP 0x2u
#define SEALING_FLAGS_KNOWN (SEALING_FLAG_DLOPEN_SKIP | SEALING_FLAG_RELRO_KEEP)

/* Descriptor, in the object's byte order, 4-byte aligned. */
struct sealing_note_desc {
	uint8_t version; /* SEALING_NOTE_VERSION */
	uint8_t policy;  /* enum sealing_policy */
	uint8_t carrier; /* enum sealing_carrier */
	uint8_t reserved; /* 0 */
	uint32_t flags;   /* SEALING_FLAG_* */
};

/* The whole note as it sits in .note.sealing. */
struct sealing_note {
	uint32_t namesz, descsz, type;
	char name[SEALING_NOTE_NAMESZ];
	struct sealing_note_desc desc;
};

/* C11 and C++ spell it differently; the plugins include this from C++. */
#ifdef __cplusplus
#define SEALING_STATIC_ASSERT static_assert
#else
#define SEALING_STATIC_ASSERT _Static_assert
#endif
SEALING_STATIC_ASSERT(sizeof(struct sealing_note_desc) == SEALING_NOTE_DESCSZ,
		      "descriptor layout");
SEALING_STATIC_ASSERT(sizeof(struct sealing_note) == 28, "note layout");

#endif
