/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "checker.h"
#include "commands.h"
#include "diag.h"
#include "json.h"
#include "ps.h"

#include <stdio.h>

static const char usage[] =
	"usage: sealctl ps [--strict] [--json] PID...\n"
	"\n"
	"Show what is sealed in running processes, object by object: every ELF\n"
	"object mapped in process PID (its mappings grouped by backing file, and\n"
	"the vdso), with\n"
	"  - whether all its mappings are sealed (VmFlags 'sl' in\n"
	"    /proc/PID/smaps): sealed, partly or open;\n"
	"  - the policy and scope of its sealing note, read from the mapped file,\n"
	"    or 'no note';\n"
	"  - whether it is expected to be sealed, and why: by its note (and\n"
	"    SEALING_POLICY from the process's environment), by the executable's\n"
	"    scope=process for start-up objects without a note (less those\n"
	"    SEALING_EXEMPT names, and the vdso unless vdso=seal), or by\n"
	"    libsealing-loader.so when it is loaded.\n"
	"Objects without a note are judged by the runtime's own rule, in the\n"
	"words of its SEALING_DEBUG lines.  The start-up set comes from the\n"
	"process's link map (read from /proc/PID/mem), as the runtime computes\n"
	"it; when that cannot be read, it is guessed from LD_PRELOAD,\n"
	"/etc/ld.so.preload and DT_NEEDED, and the header says so.\n"
	"\n"
	"  --strict  fail when any object other than the vdso is not fully\n"
	"            sealed, whatever was expected of it (its line ends\n"
	"            'NOT SEALED (--strict)'): for a process that must be sealed\n"
	"            whole, e.g. one whose notes say policy 0 by mistake\n"
	"  --json    one JSON array, one entry per PID\n"
	"  --help    this text\n"
	"\n"
	"A PID that cannot be inspected (gone, another user's process, a kernel\n"
	"thread) gets one line on stderr; the other PIDs are still reported.\n"
	"\n"
	"Exit status: 0 if every object expected to be sealed is (with --strict:\n"
	"every object but the vdso is fully sealed), 1 if one is not or a PID\n"
	"could not be inspected, 2 on usage errors.\n";

struct ps_command {
	int json, strict;
	struct json j;
};

enum { OPT_JSON = 'j', OPT_STRICT = 's' };

static int option(int key, const char *arg, void *ctx)
{
	struct ps_command *c = ctx;
	(void)arg;
	if (key == OPT_STRICT)
		c->strict = 1;
	else
		c->json = 1;
	return 0;
}

static const struct option longopts[] = {
	{ "json", no_argument, NULL, OPT_JSON },
	{ "strict", no_argument, NULL, OPT_STRICT },
	{ 0 },
};

static int start(void *ctx)
{
	struct ps_command *c = ctx;
	json_init(&c->j, stdout, 3);
	if (c->json)
		json_array(&c->j);
	return -1;
}

static int process(void *ctx, int pid)
{
	struct ps_command *c = ctx;
	struct ps_process ps;
	char err[SEALCTL_ERRLEN], name[32];
	int fails = 1;

	if (ps_load(&ps, pid, err)) {
		snprintf(name, sizeof(name), "pid %d", pid);
		sealctl_error(name, "%s", err);
		if (c->json) {
			json_object(&c->j);
			json_kint(&c->j, "pid", pid);
			json_kstr(&c->j, "error", err);
			json_end(&c->j);
		}
	} else {
		ps.strict = c->strict;
		ps_judge(&ps);
		if (c->json)
			ps_report_json(&c->j, &ps);
		else
			ps_report_text(stdout, &ps);
		fails = ps_fails(&ps);
	}
	ps_free(&ps);
	return fails;
}

static int finish(void *ctx, int failed)
{
	struct ps_command *c = ctx;
	if (c->json)
		json_finish(&c->j);
	return failed ? SEALCTL_EXIT_FAIL : SEALCTL_EXIT_OK;
}

static const struct sealctl_checker checker = {
	.command = { .name = "ps", .usage = usage, .longopts = longopts, .option = option },
	.operands = SEALCTL_PIDS,
	.operand = "PID",
	.start = start,
	.process = process,
	.finish = finish,
};

int cmd_ps(int argc, char **argv)
{
	struct ps_command c = { 0 };
	return sealctl_run(&checker, &c, argc, argv);
}
