/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "checker.h"
#include "commands.h"
#include "diag.h"
#include "json.h"
#include "note-read.h"
#include "overrides.h"
#include "report.h"

#include <elf.h>
#include <stdio.h>
#include <string.h>

/* The machine sealctl runs on: an ELF file of another is a foreign
 * architecture's, which this build of the plugin never made. */
#if defined(__x86_64__)
#define NATIVE_MACHINE EM_X86_64
#elif defined(__aarch64__)
#define NATIVE_MACHINE EM_AARCH64
#else
#define NATIVE_MACHINE 0
#endif

static const char usage[] =
	"usage: sealctl check [--min-policy N] [--min-runtime X.Y.Z] [--strict] [--objects]\n"
	"                     [--verbose] [--json] PATH...\n"
	"\n"
	"Audit files and directory trees (recursively; symlinks are followed, each\n"
	"file and directory is visited once, so symlink loops end there).  Every\n"
	"ELF executable and shared library must carry a sound sealing note whose\n"
	"effective policy is at least N.  A damaged note fails with the reason\n"
	"('note damaged: ...'): a version this sealctl does not read, a\n"
	"descriptor of the wrong size for its version, a policy above 2, a reserved byte other than 0, unknown flag\n"
	"bits, a state offset that is 0 or does not land in writable memory\n"
	"outside RELRO, a .note.sealing section without a sealing note.  Non-ELF files are skipped, and so are\n"
	"relocatable objects and static archives (a module is instrumented when\n"
	"any one of its objects is) unless --objects asks that every ELF object\n"
	"and archive member carry the note too.  Each file that falls short is\n"
	"reported in one line, with whether it also carries\n"
	"GNU_PROPERTY_MEMORY_SEAL ('ld -z memory-seal'); the last line is a\n"
	"summary.\n"
	"\n"
	"Files the plugin leaves alone by design are 'not applicable', not\n"
	"failures: 32-bit ELF files, another architecture's, separate debug files\n"
	"(allocated sections without bytes), and executables with their own\n"
	"start-up (no sealing note, no libc start files, symbols without\n"
	"__libc_start_main; a stripped one cannot tell and is checked, and so is\n"
	"a Go program, which external linking seals).\n"
	"\n"
	"  --min-policy N  minimum effective policy, 0, 1 or 2 (default 1:\n"
	"                  an instrumented file set to policy 0 fails)\n"
	"  --min-runtime X.Y.Z  fail files whose runtime is older than release\n"
	"                  X.Y.Z (a version 2 note, which records none, counts\n"
	"                  as older than any): they carry a runtime to rebuild\n"
	"  --strict        also fail an executable without the process pass (the\n"
	"                  unit defining main was not instrumented, so it seals\n"
	"                  only itself): instrument that unit, or link sealing-rt.o;\n"
	"                  and one whose pass's code (.sealing.exe) was stripped\n"
	"  --objects       also require the note in .o files and archive members\n"
	"  --overrides FILE  waive failures: each line 'GLOB TAG' (# comments),\n"
	"                  GLOB matched against the printed name ('*' matches\n"
	"                  '/'), TAG one of not-instrumented, note-damaged,\n"
	"                  policy-below-minimum, runtime-too-old, no-process-pass,\n"
	"                  process-pass-missing;\n"
	"                  lines that waive nothing are reported on stderr\n"
	"  --verbose, -v   also list the files that pass, are not applicable,\n"
	"                  overridden or skipped\n"
	"  --json          one JSON document: results and summary\n"
	"  --help          this text\n"
	"\n"
	"Exit status: 0 all checked files pass, 1 something falls short or could\n"
	"not be read, 2 usage error.\n";

struct check {
	int min, objects, verbose, json, strict;
	uint32_t min_runtime; /* 0: any */
	unsigned long checked, passed, failed, skipped, not_applicable, overridden;
	struct overrides ov;
	struct json j;
};

enum { OPT_MIN_POLICY = 'm', OPT_OBJECTS = 'o', OPT_VERBOSE = 'v', OPT_JSON = 'j',
       OPT_MIN_RUNTIME = 'r', OPT_STRICT = 's', OPT_OVERRIDES = 'O' };

/* The failure tags an overrides file may name. */
static const char *const tags[] = { "not-instrumented", "note-damaged", "policy-below-minimum",
				    "runtime-too-old", "no-process-pass", "process-pass-missing",
				    NULL };

static int option(int key, const char *arg, void *ctx)
{
	struct check *c = ctx;
	unsigned min;

	switch (key) {
	case OPT_MIN_POLICY:
		if (!sealing_parse_policy(arg, &min)) {
			sealctl_usage_error("check", "--min-policy must be 0, 1 or 2, not '%s'", arg);
			return SEALCTL_EXIT_USAGE;
		}
		c->min = (int)min;
		return 0;
	case OPT_OBJECTS:
		c->objects = 1;
		return 0;
	case OPT_MIN_RUNTIME:
		if (!sealing_runtime_parse(arg, &c->min_runtime) || !c->min_runtime) {
			sealctl_usage_error("check", "--min-runtime must be a release such as 0.2.0, not '%s'", arg);
			return SEALCTL_EXIT_USAGE;
		}
		return 0;
	case OPT_STRICT:
		c->strict = 1;
		return 0;
	case OPT_OVERRIDES:
		overrides_free(&c->ov);
		return overrides_load(&c->ov, arg, tags) ? SEALCTL_EXIT_USAGE : 0;
	case OPT_VERBOSE:
		c->verbose = 1;
		return 0;
	case OPT_JSON:
		c->json = 1;
		return 0;
	}
	return SEALCTL_EXIT_USAGE;
}

static const struct option longopts[] = {
	{ "min-policy", required_argument, NULL, OPT_MIN_POLICY },
	{ "objects", no_argument, NULL, OPT_OBJECTS },
	{ "min-runtime", required_argument, NULL, OPT_MIN_RUNTIME },
	{ "strict", no_argument, NULL, OPT_STRICT },
	{ "overrides", required_argument, NULL, OPT_OVERRIDES },
	{ "verbose", no_argument, NULL, OPT_VERBOSE },
	{ "json", no_argument, NULL, OPT_JSON },
	{ 0 },
};
/* BFD names only the architectures it was built for. */
static const char *machine_name(unsigned m)
{
	static const struct {
		unsigned m;
		const char *name;
	} names[] = {
		{ EM_386, "i386" },       { EM_X86_64, "x86-64" },  { EM_AARCH64, "aarch64" },
		{ EM_ARM, "arm" },        { EM_RISCV, "riscv" },    { EM_PPC64, "ppc64" },
		{ EM_PPC, "ppc" },        { EM_S390, "s390" },      { EM_MIPS, "mips" },
		{ EM_LOONGARCH, "loongarch" }, { EM_SPARCV9, "sparc64" },
	};
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].m == m)
			return names[i].name;
	return NULL;
}

/* What the file is and who made its note, for a QA tool reading JSON. */
static void describe(struct json *j, const struct sealctl_object *o)
{
	const struct sealctl_note *n = o ? sealctl_deciding_note(o) : NULL;
	char rel[24];
	const char *runtime = NULL;

	if (n && n->v.decoded)
		runtime = sealing_runtime_name(n->v.d.runtime, rel, sizeof(rel));
	if (n && !n->v.decoded)
		n = NULL;
	else if (n && !runtime)
		runtime = "before 0.2"; /* a version 2 note records no release */

	json_kint_if(j, "elf_class", o != NULL, o && o->elf64 ? 64 : 32);
	json_kstr(j, "type", o ? sealctl_kind_name(o->kind) : NULL);
	json_kstr(j, "arch", o ? o->arch : NULL);
	json_kstr(j, "machine", o ? machine_name(o->e_machine) : NULL);
	json_kint_if(j, "note_version", n != NULL, n ? n->v.d.version : 0);
	json_kstr(j, "carrier", n ? sealing_carrier_name(n->v.d.carrier) : NULL);
	json_kstr(j, "runtime", runtime);
}

/* o is NULL for a file that could not be read; tag names a failure. */
static void result(struct check *c, const char *name, const char *verdict, const char *tag,
		   const char *reason, int policy, const struct sealctl_object *o)
{
	if (c->json) {
		json_object(&c->j);
		json_kstr(&c->j, "file", name);
		json_kstr(&c->j, "result", verdict);
		json_kstr(&c->j, "tag", tag);
		json_key(&c->j, "policy");
		if (policy >= 0)
			json_int(&c->j, policy);
		else
			json_null(&c->j);
		json_key(&c->j, "memory_seal");
		if (o)
			report_json_memory_seal(&c->j, o);
		else
			json_null(&c->j);
		describe(&c->j, o);
		json_kstr(&c->j, "reason", reason);
		json_end(&c->j);
	} else if (!strcmp(verdict, "fail") || !strcmp(verdict, "error") || c->verbose) {
		printf("%s: %s; memory-seal: %s\n", name, reason,
		       o ? report_memory_seal(o) : "unknown");
	}
}

/* A failure, unless an override waives it. */
static void fail(struct check *c, const char *name, const char *tag, const char *reason,
		 int policy, const struct sealctl_object *o)
{
	const struct override *ov = overrides_match(&c->ov, name, tag);
	char why[512];

	if (!ov) {
		c->failed++;
		result(c, name, "fail", tag, reason, policy, o);
		return;
	}
	c->overridden++;
	snprintf(why, sizeof(why), "overridden (%s:%u): %s", c->ov.path, ov->line, reason);
	result(c, name, "overridden", tag, why, policy, o);
}

/* Why the plugin leaves such a file alone by design, or NULL. */
static const char *not_applicable(const struct sealctl_object *o, char *why, size_t size)
{
	if (!o->elf64)
		return "not applicable: 32-bit ELF (the plugin leaves 32-bit code alone)";
	if (NATIVE_MACHINE && o->e_machine != NATIVE_MACHINE) {
		const char *m = machine_name(o->e_machine);
		if (m)
			snprintf(why, size, "not applicable: foreign architecture (%s)", m);
		else
			snprintf(why, size, "not applicable: foreign architecture (ELF machine %u)",
				 o->e_machine);
		return why;
	}
	if (o->debug_only)
		return "not applicable: separate debug file (no loadable contents)";
	if ((o->kind == SEALCTL_KIND_EXECUTABLE || o->kind == SEALCTL_KIND_PIE) && !o->nnotes &&
	    !o->section_damage[0] && !o->abi_tag && !o->go && o->libc_start == 0)
		return "not applicable: own start-up (no libc start files, no __libc_start_main): "
		       "nothing would run the runtime's constructor";
	return NULL;
}

static void skip(struct check *c, const char *path, const char *why)
{
	c->skipped++;
	if (c->verbose && !c->json)
		printf("%s: skipped (%s)\n", path, why);
}

/* The oldest runtime release among the object's notes (0: a version 2 note). */
static uint32_t oldest_runtime(const struct sealctl_object *o)
{
	uint32_t r = UINT32_MAX;
	for (size_t i = 0; i < o->nnotes; i++)
		if (o->notes[i].v.decoded && o->notes[i].v.d.runtime < r)
			r = o->notes[i].v.d.runtime;
	return r == UINT32_MAX ? 0 : r;
}

static int judge(void *ctx, struct sealctl_object *o)
{
	struct check *c = ctx;
	char name[4096], reason[256];

	/* Without --objects an archive counts once, as skipped, in file_end. */
	if (o->member && !c->objects)
		return 0;
	report_name(name, sizeof(name), o);
	int linked = o->kind == SEALCTL_KIND_EXECUTABLE || o->kind == SEALCTL_KIND_PIE ||
		     o->kind == SEALCTL_KIND_SHARED;
	if (!linked && !(c->objects && o->kind == SEALCTL_KIND_RELOCATABLE)) {
		skip(c, name, sealctl_kind_name(o->kind));
		return 0;
	}
	int eff = sealctl_effective_policy(o);
	const char *na = not_applicable(o, reason, sizeof(reason));
	if (na) {
		c->not_applicable++;
		result(c, name, "not-applicable", NULL, na, eff, o);
		return 0;
	}
	c->checked++;
	const char *damage = sealctl_object_damage(o);
	if (damage) {
		/* Whatever its policy: the runtime of other modules follows
		 * the note, and a loader reading it may not find it. */
		snprintf(reason, sizeof(reason), "note damaged: %s", damage);
		fail(c, name, "note-damaged", reason, eff, o);
	} else if (eff < 0) {
		if (o->note_damage)
			snprintf(reason, sizeof(reason), "not instrumented (and a note section does not parse: %s)",
				 o->note_damage);
		else
			snprintf(reason, sizeof(reason), "not instrumented");
		fail(c, name, "not-instrumented", reason, eff, o);
	} else if (eff < c->min) {
		snprintf(reason, sizeof(reason), "policy %d is below the minimum %d", eff, c->min);
		fail(c, name, "policy-below-minimum", reason, eff, o);
	} else if (c->min_runtime && oldest_runtime(o) < c->min_runtime) {
		char have[24], want[24];
		const char *h = sealing_runtime_name(oldest_runtime(o), have, sizeof(have));
		snprintf(reason, sizeof(reason), "runtime %s is older than %s: rebuild it",
			 h ? h : "before 0.2", sealing_runtime_name(c->min_runtime, want, sizeof(want)));
		fail(c, name, "runtime-too-old", reason, eff, o);
	} else if (c->strict && sealctl_process_pass(o) == SEALCTL_PASS_NONE &&
		   (o->kind == SEALCTL_KIND_EXECUTABLE || o->kind == SEALCTL_KIND_PIE)) {
		snprintf(reason, sizeof(reason), "executable without the process pass: it seals only "
			 "itself; instrument the unit that defines main, or link sealing-rt.o");
		fail(c, name, "no-process-pass", reason, eff, o);
	} else if (c->strict && sealctl_exe_part_lost(o)) {
		snprintf(reason, sizeof(reason), "the process pass's code (" SEALING_EXE_SECTION
			 ") is %s: the executable seals only itself; do not strip that section",
			 sealctl_exe_part(o) == SEALCTL_EXE_PART_MISSING ? "missing" : "damaged");
		fail(c, name, "process-pass-missing", reason, eff, o);
	} else {
		c->passed++;
		snprintf(reason, sizeof(reason), "ok, policy %d (%s)", eff,
			 sealing_policy_name((unsigned)eff));
		result(c, name, "pass", NULL, reason, eff, o);
	}
	return 0;
}

static void error(struct check *c, const char *path, const char *msg)
{
	c->checked++;
	c->failed++;
	sealctl_error(path, "%s", msg);
	if (c->json)
		result(c, path, "error", NULL, msg, -1, NULL);
}

static int file_end(void *ctx, const struct sealctl_file *f)
{
	struct check *c = ctx;

	switch (f->result) {
	case SEALCTL_FILE_READ:
		/* Without --objects an archive counts once, as skipped. */
		if (f->info.is_archive && !c->objects)
			skip(c, f->path, "archive");
		break;
	case SEALCTL_FILE_SKIPPED:
		skip(c, f->path, f->why);
		break;
	case SEALCTL_FILE_ERROR:
		error(c, f->path, f->why);
		break;
	}
	return 0;
}

static int start(void *ctx)
{
	struct check *c = ctx;
	json_init(&c->j, stdout, 2);
	if (c->json) {
		json_object(&c->j);
		json_key(&c->j, "results");
		json_array(&c->j);
	}
	return -1;
}

static int finish(void *ctx, int failed)
{
	struct check *c = ctx;
	(void)failed; /* c->failed counts the objects too */
	for (size_t i = 0; i < c->ov.n; i++)
		if (!c->ov.v[i].used)
			fprintf(stderr, "sealctl check: %s:%u: unused override '%s %s'\n", c->ov.path,
				c->ov.v[i].line, c->ov.v[i].glob, c->ov.v[i].tag);
	if (c->json) {
		json_end(&c->j);
		json_key(&c->j, "summary");
		json_object(&c->j);
		json_kint(&c->j, "checked", (long long)c->checked);
		json_kint(&c->j, "passed", (long long)c->passed);
		json_kint(&c->j, "failed", (long long)c->failed);
		json_kint(&c->j, "skipped", (long long)c->skipped);
		json_kint(&c->j, "not_applicable", (long long)c->not_applicable);
		json_kint(&c->j, "overridden", (long long)c->overridden);
		json_key(&c->j, "unused_overrides");
		json_array(&c->j);
		for (size_t i = 0; i < c->ov.n; i++)
			if (!c->ov.v[i].used)
				json_int(&c->j, c->ov.v[i].line);
		json_end(&c->j);
		json_kint(&c->j, "min_policy", c->min);
		if (c->min_runtime) {
			char want[24];
			json_kstr(&c->j, "min_runtime",
				  sealing_runtime_name(c->min_runtime, want, sizeof(want)));
		} else {
			json_key(&c->j, "min_runtime");
			json_null(&c->j);
		}
		json_kbool(&c->j, "strict", c->strict);
		json_finish(&c->j);
	} else {
		printf("sealctl check: checked %lu, passed %lu, failed %lu, skipped %lu, not applicable %lu, overridden %lu\n",
		       c->checked, c->passed, c->failed, c->skipped, c->not_applicable,
		       c->overridden);
	}
	overrides_free(&c->ov);
	return c->failed ? SEALCTL_EXIT_FAIL : SEALCTL_EXIT_OK;
}

static const struct sealctl_checker checker = {
	.command = { .name = "check", .usage = usage, .shortopts = "v", .longopts = longopts,
		     .option = option },
	.operands = SEALCTL_TREES,
	.operand = "PATH",
	.start = start,
	.object = judge,
	.file_end = file_end,
	.finish = finish,
};

int cmd_check(int argc, char **argv)
{
	struct check c = { .min = SEALING_POLICY_BEST };
	return sealctl_run(&checker, &c, argc, argv);
}
