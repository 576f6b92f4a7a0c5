/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "checker.h"
#include "commands.h"
#include "diag.h"
#include "json.h"
#include "report.h"

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

struct status {
	int json; /* first: sealctl_json_option sets it through the context */
	struct json j;
};

static int start(void *ctx)
{
	struct status *s = ctx;
	json_init(&s->j, stdout, 1);
	if (s->json)
		json_array(&s->j);
	return -1;
}

static int show(void *ctx, struct sealctl_object *o)
{
	struct status *s = ctx;
	if (s->json)
		report_json(&s->j, o);
	else
		report_text(stdout, o);
	return 0;
}

static int file_end(void *ctx, const struct sealctl_file *f)
{
	struct status *s = ctx;
	const struct sealctl_file_info *fi = &f->info;

	if (f->result != SEALCTL_FILE_READ) {
		sealctl_error(f->path, "%s", f->why);
		if (s->json) {
			json_object(&s->j);
			json_kstr(&s->j, "file", f->path);
			json_kstr(&s->j, "error", f->why);
			json_end(&s->j);
		}
		return 1;
	}
	if (fi->is_archive && !s->json)
		printf("%s: %sarchive, %zu members, %zu not ELF%s\n", f->path,
		       fi->is_thin ? "thin " : "", fi->members, fi->other_members,
		       fi->members > fi->other_members ? " (ELF members above)" : "");
	return 0;
}

static int finish(void *ctx, int failed)
{
	struct status *s = ctx;
	if (s->json)
		json_finish(&s->j);
	return failed ? SEALCTL_EXIT_FAIL : SEALCTL_EXIT_OK;
}

static const struct sealctl_checker checker = {
	.command = { .name = "status", .usage = usage, .longopts = sealctl_json_longopts,
		     .option = sealctl_json_option },
	.operands = SEALCTL_FILES,
	.operand = "FILE",
	.start = start,
	.object = show,
	.file_end = file_end,
	.finish = finish,
};

int cmd_status(int argc, char **argv)
{
	struct status s = { 0 };
	return sealctl_run(&checker, &s, argc, argv);
}
