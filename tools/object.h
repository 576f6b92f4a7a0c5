/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The model: everything sealctl knows about one ELF object (a file, or
 * one member of an archive), built once by the scan (scan.h) and read by
 * every subcommand, each a checker over it (checker.h): what the object
 * is, its program headers and dynamic segment, its sealing notes and GNU
 * property note, and the ranges the runtime will seal.  The set-*
 * commands patch it through the absolute file offsets recorded here.
 */
#ifndef SEALCTL_OBJECT_H
#define SEALCTL_OBJECT_H

#include "note-read.h"

#include <stddef.h>
#include <stdint.h>

#define SEALCTL_MAX_NOTES 16
#define SEALCTL_PROP_SEEN_MAX 8

struct sealctl_range {
	uint64_t lo, hi;
};

struct sealctl_note {
	uint64_t offset;      /* absolute file offset of the note header */
	uint64_t desc_offset; /* absolute file offset of the descriptor */
	int have_vaddr;       /* found in an allocated section or a PT_NOTE */
	uint64_t vaddr;       /* link-time address of the note header */
	struct sealing_desc_view v;
};

struct sealctl_gnu_property {
	int present;      /* an NT_GNU_PROPERTY_TYPE_0 note exists */
	int notes;        /* how many; the fields below describe the one
			     holding MEMORY_SEAL, else the first */
	uint64_t seen[SEALCTL_PROP_SEEN_MAX]; /* offsets of the first notes,
						 to skip repeats */
	int malformed;    /* its property array does not parse */
	int memory_seal;  /* GNU_PROPERTY_MEMORY_SEAL is in it */
	uint64_t offset;  /* absolute offset of the note header */
	uint64_t room;    /* zero bytes after the note, inside its section */
	uint32_t descsz;
	uint64_t section_end; /* absolute offset of the section's end */
};

/* One program header, decoded. */
struct sealctl_segment {
	uint32_t type, flags;
	uint64_t offset, vaddr, filesz, memsz, align;
};

/* PT_DYNAMIC, as the loader reads it. */
struct sealctl_dynamic {
	int present;      /* the object has a PT_DYNAMIC segment */
	uint64_t flags_1; /* DT_FLAGS_1, 0 if absent */
	char *soname;     /* DT_SONAME, or NULL */
	char **needed;    /* DT_NEEDED, in order */
	size_t nneeded;
	/* Why the segment or its strings could not be read (the fields
	 * above are then empty, flags_1 aside), or NULL. */
	const char *error;
};

enum sealctl_kind {
	SEALCTL_KIND_RELOCATABLE,
	SEALCTL_KIND_EXECUTABLE,
	SEALCTL_KIND_PIE,
	SEALCTL_KIND_SHARED,
	SEALCTL_KIND_CORE,
	SEALCTL_KIND_OTHER,
};

struct sealctl_object {
	const char *path;
	const char *member; /* archive member name, or NULL */
	uint64_t base;      /* file offset of the object inside `path` */
	int patchable;      /* offsets are real offsets into `path` */
	int elf64, big_endian;
	unsigned e_type, e_machine;
	enum sealctl_kind kind;
	const char *arch; /* BFD's printable architecture name */
	size_t phnum;
	struct sealctl_segment *phdr; /* owned */
	struct sealctl_dynamic dyn;   /* owned */

	size_t nnotes;
	int notes_truncated; /* more than SEALCTL_MAX_NOTES were found */
	struct sealctl_note notes[SEALCTL_MAX_NOTES];
	const char *note_damage; /* a note section that does not parse */
	/* A .note.sealing section that yields no sealing note (its namesz,
	 * owner or type overwritten, or it does not parse): why, or "". */
	char section_damage[NOTE_DAMAGE_LEN];

	struct sealctl_gnu_property prop;

	/* What tells the files the plugin leaves alone by design (check). */
	int debug_only; /* a separate debug file: its allocated sections
			   have no bytes (NOBITS), notes aside */
	int abi_tag;    /* .note.ABI-tag: libc's start files are linked in */
	int go;         /* a Go program: its own start-up, yet sealable
			   (external linking, docs/distro.md) */
	int libc_start; /* 1: a symbol table names __libc_start_main; 0: it
			   has symbols, not that one; -1: none to tell, or
			   not looked for (not an executable, or abi_tag) */

	/* .sealing.module, the core's module part outside the image
	 * (runtime/rt-fetch.c): 1 with its magic, 0 none, -1 a section of
	 * that name without it. */
	int module_part;

	/* NT_SEALING_PROCESS: the executable's part of the runtime (its
	 * process pass) is linked in. */
	int process_pass;
	uint64_t process_offset; /* absolute offset of that note's header */
	unsigned process_flags;  /* its SEALING_PROCESS_FLAG_* */
	/* .sealing.exe, the process pass's code outside the image
	 * (runtime/rt-exe-entry.c): as module_part. */
	int exe_part;

	/* Linked files only: what the runtime will seal (link-time
	 * addresses; add the load bias for PIE and shared objects). */
	int linked;
	struct sealctl_range load;        /* PT_LOAD span, not page-rounded */
	struct sealctl_range mutable_sec; /* sealing_mutable section, or empty */
	uint64_t page_size; /* 0: the kernel's, which the file cannot tell */
	size_t nseal;
	struct sealctl_range seal[2];
	int has_mutable;
	struct sealctl_range mutable_pages;
};

/* Frees what the object owns; a zeroed object owns nothing. */
void sealctl_object_free(struct sealctl_object *o);
void sealctl_dynamic_free(struct sealctl_dynamic *d);
/* Hands what `from` owns over to `to` (a visitor keeping the object the
 * scan is about to free). */
void sealctl_object_move(struct sealctl_object *to, struct sealctl_object *from);
/* The first program header of this type, or NULL. */
const struct sealctl_segment *sealctl_segment(const struct sealctl_object *o, uint32_t type);

const char *sealctl_kind_name(enum sealctl_kind kind);
/* Highest policy over all notes (docs/note-format.md), -1 if none. */
int sealctl_effective_policy(const struct sealctl_object *o);
/* The note that decides: the first with the highest policy, or NULL. */
const struct sealctl_note *sealctl_deciding_note(const struct sealctl_object *o);
/* Whether the module carries the executable's process pass: its
 * NT_SEALING_PROCESS note (version 3), or a version 2 runtime, which
 * carried the pass whole in every unit. */
enum { SEALCTL_PASS_NONE, SEALCTL_PASS_NOTE, SEALCTL_PASS_V2 };
int sealctl_process_pass(const struct sealctl_object *o);
/*
 * Whether the module's core keeps its module part in the file: o's
 * module_part (1, 0, -1), or SEALCTL_MODULE_PART_NA when the question
 * does not arise (no note of a runtime from 0.3.0 on above policy 0).
 */
enum { SEALCTL_MODULE_PART_NA = -2 };
int sealctl_module_part(const struct sealctl_object *o);
/*
 * Where the process pass's code is: SEALCTL_EXE_PART_FILE (.sealing.exe,
 * as its note says), _IMAGE (linked in: the LLVM pass under LTO, a runtime
 * before 0.5), _MISSING (its note says the file, which has no such
 * section: the executable seals only itself), _DAMAGED (a section of that
 * name without its magic), or _NA (no process note).
 */
enum { SEALCTL_EXE_PART_NA, SEALCTL_EXE_PART_FILE, SEALCTL_EXE_PART_IMAGE,
       SEALCTL_EXE_PART_MISSING, SEALCTL_EXE_PART_DAMAGED };
int sealctl_exe_part(const struct sealctl_object *o);
/* The process note says its code is in the file, and it is missing or
 * damaged there: the pass cannot run. */
int sealctl_exe_part_lost(const struct sealctl_object *o);
/* Why the object's sealing note is damaged (its first damaged note, else
 * its .note.sealing section), or NULL: what check fails it for. */
const char *sealctl_object_damage(const struct sealctl_object *o);

#endif
