/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * `sealctl ps`: the model of one running process.  ps-load.c fills it
 * from /proc (proc.h) and the mapped files, ps-judge.c decides what is
 * expected to be sealed, ps-report.c prints it.
 */
#ifndef SEALCTL_PS_H
#define SEALCTL_PS_H

#include "diag.h"
#include "json.h"
#include "object.h"
#include "proc.h"
#include "rt-decide.h"

#include <stdio.h>

/* The loader module that seals every object of a process it is in. */
#define PS_LOADER_MODULE "libsealing-loader.so"

struct ps_object {
	const char *path; /* the kernel's name for it, "[vdso]" included */
	unsigned major, minor;
	uint64_t inode;
	uint64_t lo, hi;           /* lowest start, highest end of its own mappings */
	uint64_t map_lo, map_hi;   /* its first mapping, for map_files/ */
	size_t nmaps, nsealed;     /* mappings of its image, and how many are sealed */
	int vdso, exe, interp;
	enum rt_origin origin;  /* start-up, dlopen'd, or cannot tell */
	const char *link_name;  /* the loader's name for it; NULL if unlisted */
	uint64_t link_addr;     /* its l_addr, when have_link_addr */
	int have_link_addr;
	int state_known;        /* its notes' state bytes were read ... */
	unsigned state;         /* ... and OR'd: SEALING_STATE_* */

	/* From its file. */
	int read;      /* the file was read: `file` is known */
	char why[SEALCTL_ERRLEN]; /* why it was not */
	struct sealctl_object file; /* its model; file.path is the mapping's name */

	/* The verdict (ps-judge.c). */
	int expected;   /* 1 sealed, 0 not, -1 cannot tell */
	int by_rule;    /* reason is rt_decide's, as the debug lines word it */
	char reason[200];
};

/* One entry of the process's link map, in the loader's order. */
struct ps_link {
	uint64_t addr, ld; /* l_addr, l_ld */
	char *name;        /* l_name */
};

struct ps_process {
	struct proc proc;
	struct ps_link *links; /* the link map, when it could be read */
	size_t nlinks;
	int link_map_errno;    /* why it could not */
	struct ps_object *obj;
	size_t nobj;
	struct ps_object *exe;
	int env_known;   /* /proc/PID/environ was readable */
	const char *env_policy, *env_exempt, *env_preload;
	int env_seal_vdso;        /* SEALING_VDSO=seal, for the loader module */
	int secure_known, secure; /* AT_SECURE */
	int loader;               /* PS_LOADER_MODULE is mapped */
	char **exempt_globs;      /* the exempt file's objects for this program */
	size_t nexempt_globs;
	size_t failing;           /* expected sealed but not fully */
	int strict;               /* --strict: every object but the vdso must be sealed */
	size_t strict_failing;    /* objects other than the vdso not fully sealed */
};

/* 0, or -1 with a one-line reason in err (the PID could not be read). */
int ps_load(struct ps_process *ps, int pid, char *err);
void ps_free(struct ps_process *ps);

/* The admin's exempt file, as the process's loader module read it
 * (ps-exempt.c): read by ps_load, asked per object by ps-judge.c. */
void ps_read_exempt_file(struct ps_process *ps);
int ps_admin_exempt(const struct ps_process *ps, const struct ps_object *o);
void ps_free_exempt(struct ps_process *ps);

/*
 * Does NAME (a DT_NEEDED entry, an LD_PRELOAD or SEALING_EXEMPT item)
 * name this object?  A name without a slash is its file name (or, with
 * by_soname, its DT_SONAME); a path is its path, or any other path to the
 * same file inside the process's root (/lib vs /usr/lib).
 */
int ps_names(const struct ps_process *ps, const struct ps_object *o, const char *name,
	     int by_soname);

/*
 * Reads the process's link map (ps-linkmap.c) into links; -1 with
 * link_map_errno set when it cannot be (no right to read its memory, a
 * static program).
 */
int ps_read_link_map(struct ps_process *ps, int elf64);
void ps_free_link_map(struct ps_process *ps);

/* Reads each noted object's state byte out of the process
 * (ps-statebyte.c): who sealed it, the loader or the runtime. */
void ps_read_states(struct ps_process *ps);

/* Sets every object's expected/reason, ps->failing and ps->strict_failing. */
void ps_judge(struct ps_process *ps);

/* Does this object fail the process: expected sealed and not fully
 * sealed, or under --strict any object but the vdso not fully sealed? */
int ps_object_fails(const struct ps_process *ps, const struct ps_object *o);
/* Does the process fail (ps exits 1)? */
int ps_fails(const struct ps_process *ps);

/* "sealed", "partly" or "open". */
const char *ps_state(const struct ps_object *o);
void ps_report_text(FILE *out, const struct ps_process *ps);
void ps_report_json(struct json *j, const struct ps_process *ps);

#endif
