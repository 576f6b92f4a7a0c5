/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "commands.h"
#include "diag.h"
#include "json.h"
#include "options.h"
#include "ps.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

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

struct ps_options {
	int json, strict;
};

enum { OPT_JSON = 'j', OPT_STRICT = 's' };

static int option(int key, const char *arg, void *ctx)
{
	struct ps_options *o = ctx;
	(void)arg;
	if (key == OPT_STRICT)
		o->strict = 1;
	else
		o->json = 1;
	return 0;
}

static const struct option longopts[] = {
	{ "json", no_argument, NULL, OPT_JSON },
	{ "strict", no_argument, NULL, OPT_STRICT },
	{ 0 },
};
static const struct sealctl_command command = {
	.name = "ps", .usage = usage, .longopts = longopts, .option = option,
};

static int parse_pid(const char *s, int *pid)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || end == s || *end || v <= 0 || v > INT_MAX)
		return -1;
	*pid = (int)v;
	return 0;
}

int cmd_ps(int argc, char **argv)
{
	struct ps_options opt = { 0 };
	int i, rc = SEALCTL_EXIT_OK;
	int done = sealctl_options(&command, argc, argv, &opt, &i);
	int json = opt.json;
	struct json j;

	if (done >= 0)
		return done;
	if (sealctl_operand("ps", i, argc, "PID"))
		return SEALCTL_EXIT_USAGE;
	for (int k = i; k < argc; k++) {
		int pid;
		if (parse_pid(argv[k], &pid)) {
			sealctl_usage_error("ps", "not a process ID: '%s'", argv[k]);
			return SEALCTL_EXIT_USAGE;
		}
	}
	json_init(&j, stdout, 3);
	if (json)
		json_array(&j);
	for (; i < argc; i++) {
		struct ps_process ps;
		char err[SEALCTL_ERRLEN], name[32];
		int pid = 0; /* every operand parsed above */
		parse_pid(argv[i], &pid);
		if (ps_load(&ps, pid, err)) {
			snprintf(name, sizeof(name), "pid %d", pid);
			sealctl_error(name, "%s", err);
			if (json) {
				json_object(&j);
				json_kint(&j, "pid", pid);
				json_kstr(&j, "error", err);
				json_end(&j);
			}
			rc = SEALCTL_EXIT_FAIL;
			ps_free(&ps);
			continue;
		}
		ps.strict = opt.strict;
		ps_judge(&ps);
		if (json)
			ps_report_json(&j, &ps);
		else
			ps_report_text(stdout, &ps);
		if (ps_fails(&ps))
			rc = SEALCTL_EXIT_FAIL;
		ps_free(&ps);
	}
	if (json)
		json_finish(&j);
	return rc;
}
