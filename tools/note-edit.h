/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Patching one field of every sealing note in a file: the plan that
 * set-policy and set-scope share.  Every ELF object of the file (each
 * member of an archive) is scanned, each note's field is re-encoded in
 * the object's byte order, and the bytes go through the crash-safe
 * rewrite (rewrite.h), or with --in-place into the file itself
 * (patch-in-place.h); both re-check the old bytes on disk first.
 * Anything doubtful (no note, a damaged or other-version note, a
 * compressed note section, a thin archive) refuses the whole file.
 * Planning and applying are apart so that tests/fuzz/fuzz-rewrite.c can
 * check every rewrite against its plan.  The commands run the plan as
 * hooks of their checker (checker.h).
 */
#ifndef SEALCTL_NOTE_EDIT_H
#define SEALCTL_NOTE_EDIT_H

#include "checker.h"
#include "diag.h"
#include "rewrite.h"

#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

struct note_edit {
	const char *command; /* "set-policy": for the thin-archive hint */
	size_t offset;       /* of the field in the descriptor: SEALING_DESC_*_OFFSET */
	size_t width;        /* 1 or 4 bytes, as struct sealing_note_desc has it */
	uint32_t mask;       /* bits to change: new = (old & ~mask) | (value & mask) */
	uint32_t value;
};

struct note_edit_result {
	size_t notes, changed;
	uint32_t old;   /* the field in the first note */
	int mixed;      /* the notes did not all agree */
	unsigned kinds; /* 1 << enum sealctl_kind of each object with a note */
};

/* What a rewrite of one file will do: the bytes to change, each checked
 * again on disk by the rewrite before anything is written.  It is all
 * the context set-policy and set-scope need as checkers. */
struct note_edit_plan {
	struct note_edit edit;
	int in_place; /* --in-place: patch-in-place.h instead of rewrite.h */
	struct note_edit_result r;
	size_t npatch; /* r.changed once applied */
	struct sealctl_patch patch[SEALCTL_PATCH_MAX];
	int have_before;
	struct stat before; /* the file as found, for its access time */
	int too_many, refused; /* what the objects showed */
	char why[SEALCTL_ERRLEN];
};

/* The edits of set-policy and set-scope (scope: the flag's bit or 0). */
struct note_edit note_edit_policy(unsigned policy);
struct note_edit note_edit_scope(uint32_t scope);

/* The plan of one file in three steps, which are the file_begin and
 * object hooks of a checker whose context is the plan (checker.h), and
 * note_edit_file_end below.  The edit and in_place are set beforehand
 * and kept; the rest is reset for each file. */
void note_edit_file_begin(void *plan, const char *path);
int note_edit_object(void *plan, struct sealctl_object *o);
/* --in-place, the option set-policy and set-scope share; the context
 * is the plan. */
extern const struct option note_edit_longopts[];
int note_edit_option(int key, const char *arg, void *plan);

/* 0 when the plan may be applied, or -1 with a one-line reason in err
 * (ending "file left unchanged"); nothing is written either way. */
int note_edit_check(struct note_edit_plan *p, const struct sealctl_file *f, char *err);

/* All three over path, for tests/fuzz/fuzz-rewrite.c (p->in_place as
 * the caller set it). */
int note_edit_plan(const char *path, const struct note_edit *e, struct note_edit_plan *p,
		   char *err);

/* Carries a plan out through the crash-safe rewrite, or in place
 * (nothing to do when it changes nothing).  0, or -1 with a one-line reason in err; the file
 * is then left untouched. */
int note_edit_apply(const char *path, struct note_edit_plan *p, char *err);

/* The checker's file_end: check, then apply.  0 with r filled (the file
 * rewritten when a note changed), or -1 after a one-line error naming
 * the file. */
int note_edit_file_end(struct note_edit_plan *p, const struct sealctl_file *f,
		       struct note_edit_result *r);

#endif
