/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "commands.h"
#include "diag.h"
#include "json.h"
#include "note.h"
#include "report.h"
#include "scan.h"
#include "walk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"usage: sealctl check [--min-policy N] [--objects] [--verbose] [--json] PATH...\n"
	"\n"
	"Audit files and directory trees (recursively; symlinks are followed, each\n"
	"file and directory is visited once, so symlink loops end there).  Every\n"
	"ELF executable and shared library must carry a sealing note whose\n"
	"effective policy is at least N.  Non-ELF files are skipped, and so are\n"
	"relocatable objects and static archives (a module is instrumented when\n"
	"any one of its objects is) unless --objects asks that every ELF object\n"
	"and archive member carry the note too.  Each file that falls short is\n"
	"reported in one line; the last line is a summary.\n"
	"\n"
	"  --min-policy N  minimum effective policy, 0, 1 or 2 (default 1:\n"
	"                  an instrumented file set to policy 0 fails)\n"
	"  --objects       also require the note in .o files and archive members\n"
	"  --verbose, -v   also list the files that pass and the skipped ones\n"
	"  --json          one JSON document: results and summary\n"
	"  --help          this text\n"
	"\n"
	"Exit status: 0 all checked files pass, 1 something falls short or could\n"
	"not be read, 2 usage error.\n";

struct check {
	int min, objects, verbose, json, first;
	unsigned long checked, passed, failed, skipped;
	struct walk walk;
};

static void result(struct check *c, const char *name, const char *verdict,
		   const char *reason, int policy)
{
	if (c->json) {
		fputs(c->first ? "\n  " : ",\n  ", stdout);
		fputs("{\"file\": ", stdout);
		json_string(stdout, name);
		printf(", \"result\": \"%s\", \"policy\": ", verdict);
		if (policy >= 0)
			printf("%d", policy);
		else
			fputs("null", stdout);
		fputs(", \"reason\": ", stdout);
		json_string(stdout, reason);
		fputc('}', stdout);
		c->first = 0;
	} else if (strcmp(verdict, "pass") || c->verbose) {
		printf("%s: %s\n", name, reason);
	}
}

static void skip(struct check *c, const char *path, const char *why)
{
	c->skipped++;
	if (c->verbose && !c->json)
		printf("%s: skipped (%s)\n", path, why);
}

static int judge(const struct sealctl_object *o, void *arg)
{
	struct check *c = arg;
	char name[4096], reason[128];

	/* Without --objects an archive counts once, as skipped, in on_walk. */
	if (o->member && !c->objects)
		return 0;
	report_name(name, sizeof(name), o);
	int linked = o->kind == SEALCTL_KIND_EXECUTABLE || o->kind == SEALCTL_KIND_PIE ||
		     o->kind == SEALCTL_KIND_SHARED;
	if (!linked && !(c->objects && o->kind == SEALCTL_KIND_RELOCATABLE)) {
		skip(c, name, sealctl_kind_name(o->kind));
		return 0;
	}
	c->checked++;
	int eff = sealctl_effective_policy(o);
	if (eff < 0) {
		c->failed++;
		result(c, name, "fail", "not instrumented", eff);
	} else if (eff < c->min) {
		c->failed++;
		snprintf(reason, sizeof(reason), "policy %d is below the minimum %d", eff, c->min);
		result(c, name, "fail", reason, eff);
	} else {
		c->passed++;
		snprintf(reason, sizeof(reason), "ok, policy %d (%s)", eff,
			 sealing_policy_name((unsigned)eff));
		result(c, name, "pass", reason, eff);
	}
	return 0;
}

static void error(struct check *c, const char *path, const char *msg)
{
	c->checked++;
	c->failed++;
	sealctl_error(path, "%s", msg);
	if (c->json)
		result(c, path, "error", msg, -1);
}

static void on_walk(enum walk_event ev, const char *path, const char *msg, void *arg)
{
	struct check *c = arg;
	char err[SEALCTL_ERRLEN];
	struct sealctl_file_info fi;

	switch (ev) {
	case WALK_DUPLICATE:
	case WALK_SPECIAL:
		skip(c, path, msg);
		return;
	case WALK_ERROR:
		error(c, path, msg);
		return;
	case WALK_FILE:
		break;
	}
	switch (sealctl_scan(path, judge, c, &fi, err)) {
	case SEALCTL_SCAN_OK:
		if (fi.is_archive && !c->objects)
			skip(c, path, "archive");
		break;
	case SEALCTL_SCAN_NOT_ELF:
		skip(c, path, err);
		break;
	case SEALCTL_SCAN_ERROR:
		error(c, path, err);
		break;
	}
}

int cmd_check(int argc, char **argv)
{
	struct check c = { .min = 1, .first = 1 };
	int i = 1;

	for (; i < argc && argv[i][0] == '-'; i++) {
		const char *a = argv[i], *val = NULL;
		if (!strcmp(a, "--")) {
			i++;
			break;
		} else if (is_help(a)) {
			fputs(usage, stdout);
			return SEALCTL_EXIT_OK;
		} else if (!strcmp(a, "--json")) {
			c.json = 1;
		} else if (!strcmp(a, "--objects")) {
			c.objects = 1;
		} else if (!strcmp(a, "--verbose") || !strcmp(a, "-v")) {
			c.verbose = 1;
		} else if (!strncmp(a, "--min-policy=", 13)) {
			val = a + 13;
		} else if (!strcmp(a, "--min-policy")) {
			if (++i == argc) {
				sealctl_usage_error("check", "--min-policy needs a value");
				return SEALCTL_EXIT_USAGE;
			}
			val = argv[i];
		} else {
			sealctl_usage_error("check", "unknown option '%s'", a);
			return SEALCTL_EXIT_USAGE;
		}
		if (val) {
			if (strlen(val) != 1 || val[0] < '0' || val[0] > '2') {
				sealctl_usage_error("check", "--min-policy must be 0, 1 or 2, not '%s'", val);
				return SEALCTL_EXIT_USAGE;
			}
			c.min = val[0] - '0';
		}
	}
	if (i == argc) {
		sealctl_usage_error("check", "no PATH given");
		return SEALCTL_EXIT_USAGE;
	}
	if (walk_init(&c.walk, on_walk, &c)) {
		sealctl_error("check", "out of memory");
		return SEALCTL_EXIT_FAIL;
	}
	if (c.json)
		fputs("{\"results\": [", stdout);
	for (; i < argc; i++)
		walk_path(&c.walk, argv[i]);
	walk_fini(&c.walk);
	if (c.json)
		printf("%s],\n \"summary\": {\"checked\": %lu, \"passed\": %lu, \"failed\": %lu, "
		       "\"skipped\": %lu, \"min_policy\": %d}}\n",
		       c.first ? "" : "\n", c.checked, c.passed, c.failed, c.skipped, c.min);
	else
		printf("sealctl check: checked %lu, passed %lu, failed %lu, skipped %lu\n",
		       c.checked, c.passed, c.failed, c.skipped);
	return c.failed ? SEALCTL_EXIT_FAIL : SEALCTL_EXIT_OK;
}
