/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "commands.h"
#include "diag.h"
#include "json.h"
#include "options.h"
#include "report.h"
#include "scan.h"

#include <stdio.h>

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
	struct json j;
};

static const struct sealctl_command command = {
	.name = "status", .usage = usage, .longopts = sealctl_json_longopts,
	.option = sealctl_json_option,
};

static int show(struct sealctl_object *o, void *arg)
{
	struct status_ctx *c = arg;
	if (c->json)
		report_json(&c->j, o);
	else
		report_text(stdout, o);
	return 0;
}

int cmd_status(int argc, char **argv)
{
	struct status_ctx c = { 0 };
	int i, rc = SEALCTL_EXIT_OK;
	int done = sealctl_options(&command, argc, argv, &c.json, &i);

	if (done >= 0)
		return done;
	if (sealctl_operand("status", i, argc, "FILE"))
		return SEALCTL_EXIT_USAGE;
	json_init(&c.j, stdout, 1);
	if (c.json)
		json_array(&c.j);
	for (; i < argc; i++) {
		char err[SEALCTL_ERRLEN];
		struct sealctl_file_info fi;
		enum sealctl_scan_result r = sealctl_scan(argv[i], show, &c, &fi, err);
		if (r != SEALCTL_SCAN_OK) {
			sealctl_error(argv[i], "%s", err);
			if (c.json) {
				json_object(&c.j);
				json_kstr(&c.j, "file", argv[i]);
				json_kstr(&c.j, "error", err);
				json_end(&c.j);
			}
			rc = SEALCTL_EXIT_FAIL;
		} else if (fi.is_archive && !c.json) {
			printf("%s: %sarchive, %zu members, %zu not ELF%s\n", argv[i],
			       fi.is_thin ? "thin " : "", fi.members, fi.other_members,
			       fi.members > fi.other_members ? " (ELF members above)" : "");
		}
	}
	if (c.json)
		json_finish(&c.j);
	return rc;
}
