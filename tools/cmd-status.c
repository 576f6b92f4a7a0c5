/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "commands.h"
#include "diag.h"
#include "json.h"
#include "report.h"
#include "scan.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
	"usage: sealctl status [--json] FILE...\n"
	"\n"
	"Show the sealing state of each FILE: executables, shared libraries,\n"
	"relocatable objects and static archives (one entry per ELF member).\n"
	"For each: whether it is instrumented, the policy, flags and carrier of\n"
	"every sealing note (several notes: the highest policy applies),\n"
	"whether GNU_PROPERTY_MEMORY_SEAL is set, and for linked files the\n"
	"address ranges the runtime will seal (link-time addresses; add the\n"
	"load address for PIE and shared objects).\n"
	"\n"
	"  --json   one JSON array of objects on stdout\n"
	"  --help   this text\n"
	"\n"
	"Exit status: 0 if every FILE could be read, 1 otherwise, 2 on usage errors.\n";

struct status_ctx {
	int json;
	int first;
};

static int show(const struct sealctl_object *o, void *arg)
{
	struct status_ctx *c = arg;
	if (c->json) {
		fputs(c->first ? "[\n  " : ",\n  ", stdout);
		report_json(stdout, o);
	} else {
		report_text(stdout, o);
	}
	c->first = 0;
	return 0;
}

int cmd_status(int argc, char **argv)
{
	struct status_ctx c = { .json = 0, .first = 1 };
	int i = 1, rc = SEALCTL_EXIT_OK;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		} else if (is_help(argv[i])) {
			fputs(usage, stdout);
			return SEALCTL_EXIT_OK;
		} else if (!strcmp(argv[i], "--json")) {
			c.json = 1;
		} else {
			sealctl_usage_error("status", "unknown option '%s'", argv[i]);
			return SEALCTL_EXIT_USAGE;
		}
	}
	if (i == argc) {
		sealctl_usage_error("status", "no FILE given");
		return SEALCTL_EXIT_USAGE;
	}
	for (; i < argc; i++) {
		char err[SEALCTL_ERRLEN];
		struct sealctl_file_info fi;
		enum sealctl_scan_result r = sealctl_scan(argv[i], show, &c, &fi, err);
		if (r != SEALCTL_SCAN_OK) {
			sealctl_error(argv[i], "%s", err);
			if (c.json) {
				fputs(c.first ? "[\n  {\"file\": " : ",\n  {\"file\": ", stdout);
				json_string(stdout, argv[i]);
				fputs(", \"error\": ", stdout);
				json_string(stdout, err);
				fputc('}', stdout);
				c.first = 0;
			}
			rc = SEALCTL_EXIT_FAIL;
		} else if (fi.is_archive && !c.json) {
			printf("%s: %sarchive, %zu members, %zu not ELF%s\n", argv[i],
			       fi.is_thin ? "thin " : "", fi.members, fi.other_members,
			       fi.members > fi.other_members ? " (ELF members above)" : "");
		}
	}
	if (c.json)
		fputs(c.first ? "[]\n" : "\n]\n", stdout);
	return rc;
}
