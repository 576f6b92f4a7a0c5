/* SPDX-License-Identifier: MIT */
/*
 * The contract between every part of sealing: the note's layout, the
 * COMDAT group, the version, the policy values, the flag bits with their
 * option spellings, and the parsers for them.  The runtime, both compiler
 * plugins, the loader module and sealctl all take these from here;
 * docs/note-format.md is the prose version.  Changing a flag or the
 * version means editing this file only.
 *
 * Everything is a macro or a libc-free static inline function: the
 * runtime, which may reference no libc symbol, includes it too.
 */
#ifndef SEALING_NOTE_H
#define SEALING_NOTE_H

#include <stddef.h>
#include <stdint.h>

#define SEALING_STR2(x) #x
#define SEALING_STR(x) SEALING_STR2(x)

/*
 * The version of the note and of the runtime ABI behind it.  The COMDAT
 * groups' signatures carry it, so objects built for another version never
 * merge with these.  Readers also know version 2, whose descriptor is
 * this one without the runtime field (docs/note-format.md, "Versions").
 */
#define SEALING_NOTE_VERSION 3
#define SEALING_NOTE_VERSION_OLDEST 2 /* the oldest a reader still reads */

/*
 * The runtime's own release, recorded in every module's note: after a
 * runtime fix, `sealctl check --min-runtime` finds the files that carry an
 * older copy.  major.minor.patch, packed as major << 16 | minor << 8 | patch.
 */
#define SEALING_RUNTIME_MAJOR 0
#define SEALING_RUNTIME_MINOR 5
#define SEALING_RUNTIME_PATCH 0
#define SEALING_RUNTIME_PACK(maj, min, pat) (((maj) << 16) | ((min) << 8) | (pat))
#define SEALING_RUNTIME_VERSION \
	SEALING_RUNTIME_PACK(SEALING_RUNTIME_MAJOR, SEALING_RUNTIME_MINOR, SEALING_RUNTIME_PATCH)

#define SEALING_NOTE_SECTION ".note.sealing"
#define SEALING_NOTE_NAME "SEALING" /* namesz = 8, NUL included */
#define SEALING_NOTE_NAMESZ 8
#define SEALING_NOTE_TYPE 1 /* NT_SEALING_POLICY, in the "SEALING" namespace */
#define SEALING_NOTE_DESCSZ 16
#define SEALING_NOTE_DESCSZ_V2 12
/*
 * NT_SEALING_PROCESS: present only in a module that carries the
 * executable's part of the runtime (the process pass).  Libraries read it
 * in the executable to learn that it will seal them; sealctl reports an
 * executable without it.  Same owner name; its descriptor is struct
 * sealing_process_desc.
 */
#define SEALING_PROCESS_NOTE_TYPE 2
#define SEALING_PROCESS_DESCSZ 12
/*
 * NT_SEALING_MUTABLE: written by <sealing.h>'s top-level asm (which spells
 * these two values as literals: it includes nothing), one per module that
 * includes it, for whoever seals a module from outside: a loader that seals
 * before any runtime runs (glibc/, patch 0005), the process pass and the
 * loader module (rt_object_mutable).  Same owner name; its descriptor is
 * two int32 offsets, each from its own field, to __start_sealing_mutable
 * and __stop_sealing_mutable: equal ends mean the module has no such data.
 */
#define SEALING_MUTABLE_NOTE_TYPE 3
#define SEALING_MUTABLE_DESCSZ 8

/*
 * Every carrier puts the note, the constructor, its .init_array slot and
 * the runtime's core in one COMDAT group with this signature, so a module
 * keeps exactly one copy whichever carriers contributed.  The executable's
 * part (the process pass) and its NT_SEALING_PROCESS note are a second
 * group, which only the unit that defines main (and sealing-rt.o) carry.
 */
#define SEALING_COMDAT_GROUP "__sealing_rt_v" SEALING_STR(SEALING_NOTE_VERSION)
#define SEALING_EXE_COMDAT_GROUP SEALING_COMDAT_GROUP "_exe"
/*
 * The core's module part (runtime/rt-fetch.c): a section of its group
 * that no segment covers, starting with this magic, the note version as
 * its eighth byte, then a 64-bit digest of the code
 * (runtime/module-part.cmake writes it, sealctl status reads it).
 */
#define SEALING_MODULE_SECTION ".sealing.module"
#define SEALING_MODULE_MAGIC "SEALMOD"
/*
 * The executable's part (the process pass) likewise: a section of the
 * executable's group that no segment covers, with its own magic, which the
 * executable maps from its file before its libraries' constructors run
 * (runtime/rt-exe-entry.c).
 */
#define SEALING_EXE_SECTION ".sealing.exe"
/* In the NT_SEALING_PROCESS note's flags: the part's code is that section
 * (not set: it is linked into the image, as the LLVM pass's bitcode form
 * and runtimes before 0.5 do). */
#define SEALING_PROCESS_FLAG_CODE_IN_FILE 0x1u
#define SEALING_EXE_MAGIC "SEALEXE"

enum sealing_policy {
	SEALING_POLICY_OFF = 0,     /* no mseal call at all */
	SEALING_POLICY_BEST = 1,    /* seal, ignore failures (default) */
	SEALING_POLICY_ENFORCE = 2, /* seal, terminate on any failure */
};
#define SEALING_POLICY_DEFAULT SEALING_POLICY_BEST

enum sealing_carrier {
	SEALING_CARRIER_UNKNOWN = 0,
	SEALING_CARRIER_LINK_OBJECT = 1, /* sealing-rt.o */
	SEALING_CARRIER_GCC_PLUGIN = 2,
	SEALING_CARRIER_LLVM_PASS = 3,
};

/*
 * The flag bits, each with the option that sets it:
 *   X(NAME, BIT, KEY, VALUE_WHEN_CLEAR, VALUE_WHEN_SET, SET_BY_DEFAULT, HELP)
 * The GCC plugin spells them -fplugin-arg-sealing-KEY=VALUE, the LLVM pass
 * -sealing-KEY=VALUE; both build their options, help and parsing from this
 * table, so a new flag needs no other edit to be accepted everywhere.
 */
#define SEALING_FLAG_OPTIONS(X)                                                \
	X(DLOPEN_SKIP, 0x1u, "dlopen", "pin", "skip", 0,                       \
	  "a dlopen'd module: make it RTLD_NODELETE, then seal it (pin), "    \
	  "or leave it unsealed so dlclose can unmap it (skip)")               \
	X(RELRO_KEEP, 0x2u, "relro", "anon", "keep", 0,                        \
	  "make RELRO anonymous before sealing it (anon), or keep it "        \
	  "file-backed (keep)")                                                \
	X(SCOPE_PROCESS, 0x4u, "scope", "module", "process", 1,                \
	  "an executable also seals every object loaded at start-up that has " \
	  "no note of its own (process), or only itself (module)")             \
	X(SEAL_VDSO, 0x8u, "vdso", "open", "seal", 0,                          \
	  "with process scope, leave the vdso alone (open) or seal it too")

#define SEALING_X_BIT(NAME, BIT, KEY, OFF, ON, DEF, HELP) SEALING_FLAG_##NAME = BIT,
enum sealing_flag { SEALING_FLAG_OPTIONS(SEALING_X_BIT) };
#undef SEALING_X_BIT

#define SEALING_X_KNOWN(NAME, BIT, KEY, OFF, ON, DEF, HELP) | (BIT)
#define SEALING_FLAGS_KNOWN (0u SEALING_FLAG_OPTIONS(SEALING_X_KNOWN))
#define SEALING_X_DEFAULT(NAME, BIT, KEY, OFF, ON, DEF, HELP) | ((DEF) ? (BIT) : 0u)
#define SEALING_FLAGS_DEFAULT (0u SEALING_FLAG_OPTIONS(SEALING_X_DEFAULT))

/*
 * The module's state byte, which its runtime keeps in writable memory and
 * the note points to (desc.state).  Only meaningful in a running process.
 */
#define SEALING_STATE_RAN 0x1u      /* the constructor has run */
#define SEALING_STATE_DEFERRED 0x2u /* it left its sealing to the executable */
#define SEALING_STATE_STARTUP 0x4u  /* another module's walk found it among the start-up objects */
#define SEALING_STATE_LOADER 0x8u   /* the dynamic loader sealed it (docs/loader.md): nothing to do */
#define SEALING_STATE_SELF 0x10u    /* it sealed itself although the executable would have */
/* Set by the executable, before any library's constructor ran
 * (.preinit_array): its process pass will seal this start-up module, so
 * the module's constructor has nothing to find out. */
#define SEALING_STATE_CLAIMED 0x20u
/* Set, with RAN and CLAIMED, by the first start-up library's runtime under
 * an executable without the process pass: it sealed this start-up module
 * in one batch with itself, before this module's constructor ran, which
 * therefore has nothing to do (runtime/rt-startup-batch.c). */
#define SEALING_STATE_BATCHED 0x40u
/* Only in the executable's process note's state byte: its process pass
 * could not be mapped from its file, so it will seal nothing; libraries
 * treat the executable as one without the pass (runtime/rt-exe-entry.c). */
#define SEALING_STATE_NO_PASS 0x80u

/*
 * The memfd that holds the RELRO copies of the objects the process pass
 * (or the loader module) seals in one batch (docs/security.md): each
 * object's RELRO range is a read-only MAP_SHARED view of it, which
 * /proc/PID/maps names "/memfd:" SEALING_RELRO_MEMFD_NAME " (deleted)".
 * Such a view belongs to the object whose span holds it.
 */
#define SEALING_RELRO_MEMFD_NAME "sealing-relro"

/* Descriptor, in the object's byte order, 4-byte aligned. */
struct sealing_note_desc {
	uint8_t version;  /* SEALING_NOTE_VERSION */
	uint8_t policy;   /* enum sealing_policy */
	uint8_t carrier;  /* enum sealing_carrier */
	uint8_t reserved; /* 0 */
	uint32_t flags;   /* SEALING_FLAG_* */
	/*
	 * Offset from this field to the module's state byte, fixed by the
	 * static linker (a PC-relative relocation, so the note needs no
	 * dynamic relocation).  0 in a relocatable object.
	 */
	int32_t state;
	uint32_t runtime; /* SEALING_RUNTIME_VERSION; version 3 on */
};

/* NT_SEALING_PROCESS's descriptor. */
struct sealing_process_desc {
	uint8_t version;     /* SEALING_NOTE_VERSION */
	uint8_t flags;       /* SEALING_PROCESS_FLAG_* */
	uint8_t reserved[2]; /* 0 */
	/* Offset from this field to the executable part's state byte
	 * (SEALING_STATE_RAN once its constructor has begun). */
	int32_t state;
	/* Offset from this field to the executable part's entry, a
	 * sealing_rt_entry, which the module's own core calls to run the
	 * process pass. */
	int32_t entry;
};

/*
 * What a module's core hands the entry: who it is and what its
 * constructor was given.  The entry returns 1 when it has sealed the
 * executable and the process, 0 when the module is not the executable
 * (a library linked with sealing-rt.o) and the core should seal it.
 * Core and entry come from the same compiler run, so this layout is
 * internal to one release; fields are only ever appended all the same.
 */
struct sealing_rt_call {
	int argc;
	char **argv, **envp; /* the constructor's arguments, as given */
	const volatile void *note;       /* the module's struct sealing_note */
	volatile unsigned char *state;   /* its state byte */
	const void *ehdr;                /* its ELF header, NULL if unknown */
	uintptr_t mutable_lo, mutable_hi; /* its SEALING_MUTABLE pages */
	uintptr_t frame; /* the constructor's frame: start-up or dlopen? */
};
typedef int (*sealing_rt_entry)(const struct sealing_rt_call *call);

/* The whole note as it sits in .note.sealing. */
struct sealing_note {
	uint32_t namesz, descsz, type;
	char name[SEALING_NOTE_NAMESZ];
	struct sealing_note_desc desc;
};

/* The NT_SEALING_PROCESS note, likewise. */
struct sealing_process_note {
	uint32_t namesz, descsz, type;
	char name[SEALING_NOTE_NAMESZ];
	struct sealing_process_desc desc;
};

/* C11 and C++ spell it differently; the plugins include this from C++. */
#ifdef __cplusplus
#define SEALING_STATIC_ASSERT static_assert
#else
#define SEALING_STATIC_ASSERT _Static_assert
#endif
SEALING_STATIC_ASSERT(sizeof(struct sealing_note_desc) == SEALING_NOTE_DESCSZ,
		      "descriptor layout");
SEALING_STATIC_ASSERT(sizeof(struct sealing_process_desc) == SEALING_PROCESS_DESCSZ,
		      "process descriptor layout");
SEALING_STATIC_ASSERT(offsetof(struct sealing_note, desc) ==
			      12 + SEALING_NOTE_NAMESZ,
		      "note layout");
SEALING_STATIC_ASSERT(sizeof(SEALING_NOTE_NAME) == SEALING_NOTE_NAMESZ,
		      "owner name size");

/* Byte offsets inside the descriptor, for tools that patch files. */
#define SEALING_DESC_VERSION_OFFSET offsetof(struct sealing_note_desc, version)
#define SEALING_DESC_POLICY_OFFSET offsetof(struct sealing_note_desc, policy)
#define SEALING_DESC_FLAGS_OFFSET offsetof(struct sealing_note_desc, flags)
#define SEALING_DESC_STATE_OFFSET offsetof(struct sealing_note_desc, state)
#define SEALING_DESC_RUNTIME_OFFSET offsetof(struct sealing_note_desc, runtime)

/* The descriptor size of a version a reader knows, or 0. */
static inline uint32_t sealing_desc_size(unsigned version)
{
	return version == SEALING_NOTE_VERSION ? SEALING_NOTE_DESCSZ :
	       version == 2 ? SEALING_NOTE_DESCSZ_V2 : 0;
}

/* ---- parsers, shared by every reader of options and notes ------------- */

static inline int sealing_streq(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

/* "0", "1" or "2", nothing else.  Returns 1 and sets *policy, or 0. */
static inline int sealing_parse_policy(const char *s, unsigned *policy)
{
	if (!s || s[0] < '0' || s[0] > '2' || s[1] != '\0')
		return 0;
	*policy = (unsigned)(s[0] - '0');
	return 1;
}

/* One row of SEALING_FLAG_OPTIONS, for code that walks the table. */
struct sealing_flag_option {
	uint32_t bit;
	const char *key, *clear_value, *set_value;
	int set_by_default;
	const char *help;
};

#define SEALING_X_ROW(NAME, BIT, KEY, OFF, ON, DEF, HELP) { BIT, KEY, OFF, ON, DEF, HELP },
static const struct sealing_flag_option sealing_flag_options[] = {
	SEALING_FLAG_OPTIONS(SEALING_X_ROW)
};
#undef SEALING_X_ROW
#define SEALING_FLAG_OPTION_COUNT \
	(sizeof(sealing_flag_options) / sizeof(sealing_flag_options[0]))

/* The table row for an option KEY, or NULL. */
static inline const struct sealing_flag_option *sealing_find_flag_option(const char *key)
{
	for (size_t i = 0; i < SEALING_FLAG_OPTION_COUNT; i++)
		if (sealing_streq(key, sealing_flag_options[i].key))
			return &sealing_flag_options[i];
	return 0;
}

/*
 * KEY=VALUE for a flag option: sets or clears its bit in *flags.
 * Returns 1 on success, 0 if KEY is not a flag option, -1 if VALUE is
 * neither of its two values (the caller names them from the table).
 */
static inline int sealing_parse_flag_option(const char *key, const char *value,
					    uint32_t *flags)
{
	const struct sealing_flag_option *o = sealing_find_flag_option(key);
	if (!o)
		return 0;
	if (value && sealing_streq(value, o->clear_value))
		*flags &= ~o->bit;
	else if (value && sealing_streq(value, o->set_value))
		*flags |= o->bit;
	else
		return -1;
	return 1;
}

/*
 * "policy 1, dlopen=pin, relro=anon, ...": a module's settings in the
 * options' own words, for the plugins' verbose messages.  Truncates to
 * fit; returns buf.
 */
static inline char *sealing_describe(char *buf, size_t size, unsigned policy,
				     uint32_t flags)
{
	size_t n = 0;
#define SEALING_PUT(s)                                                  \
	for (const char *p_ = (s); *p_ && n + 1 < size; p_++)          \
		buf[n++] = *p_
	SEALING_PUT("policy ");
	char digit[2] = { (char)('0' + (policy % 10)), 0 };
	SEALING_PUT(digit);
	for (size_t i = 0; i < SEALING_FLAG_OPTION_COUNT; i++) {
		const struct sealing_flag_option *o = &sealing_flag_options[i];
		SEALING_PUT(", ");
		SEALING_PUT(o->key);
		SEALING_PUT("=");
		SEALING_PUT((flags & o->bit) ? o->set_value : o->clear_value);
	}
#undef SEALING_PUT
	if (size)
		buf[n] = 0;
	return buf;
}

/* Does a note of this owner name belong to sealing?  name: namesz bytes. */
SEALING_STATIC_ASSERT(SEALING_NOTE_NAMESZ == 8,
		      "sealing_note_owner_is_ours compares exactly eight bytes");
static inline int sealing_note_owner_is_ours(uint32_t namesz, const char *name)
{
	/* Byte by byte, unrolled: each byte of the literal folds into an
	 * immediate, so the runtime's hot path reads no string from .rodata
	 * (a loop would, and memcmp is a libc call). */
	return namesz == SEALING_NOTE_NAMESZ &&
	       name[0] == SEALING_NOTE_NAME[0] && name[1] == SEALING_NOTE_NAME[1] &&
	       name[2] == SEALING_NOTE_NAME[2] && name[3] == SEALING_NOTE_NAME[3] &&
	       name[4] == SEALING_NOTE_NAME[4] && name[5] == SEALING_NOTE_NAME[5] &&
	       name[6] == SEALING_NOTE_NAME[6] && name[7] == SEALING_NOTE_NAME[7];
}

/* Is this note header the policy note (NT_SEALING_POLICY)? */
static inline int sealing_note_is_ours(uint32_t namesz, uint32_t type,
				       const char *name)
{
	return type == SEALING_NOTE_TYPE && sealing_note_owner_is_ours(namesz, name);
}

/*
 * The policy a reader applies for a descriptor: an unknown version or an
 * out-of-range policy means the default, so a damaged note never turns
 * sealing off.
 */
static inline unsigned sealing_desc_policy(unsigned version, unsigned policy)
{
	if (version < SEALING_NOTE_VERSION_OLDEST || version > SEALING_NOTE_VERSION ||
	    policy > SEALING_POLICY_ENFORCE)
		return SEALING_POLICY_DEFAULT;
	return policy;
}

/*
 * A unit a carrier cannot instrument although it is hosted Linux code
 * (32-bit, another architecture or ABI than the carried runtime's, a libc
 * the runtime does not support): under policy 2 the compile fails, since
 * that policy promises a sealed module or a failure; under 0 and 1 the
 * unit is left alone and the carrier's verbose option says why.  Code that
 * is not ours to instrument at all (freestanding, kernel, other targets)
 * is left alone under every policy.
 */
static inline int sealing_uninstrumentable_is_error(unsigned policy)
{
	return policy == SEALING_POLICY_ENFORCE;
}

#endif
