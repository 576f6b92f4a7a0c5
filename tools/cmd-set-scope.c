/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "commands.h"
#include "diag.h"
#include "note-edit.h"
#include "note-read.h"
#include "object.h"
#include "options.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
	"usage: sealctl set-scope process|module FILE...\n"
	"\n"
	"Rewrite the scope flag (scope=process or scope=module) of every sealing\n"
	"note in each FILE, and nothing else, crash-safely in place like\n"
	"set-policy: same copy, sync and rename, same kept metadata, same\n"
	"refusals (no note, damaged or other-version note, thin archive, several\n"
	"hard links).\n"
	"\n"
	"  process  the executable also seals every object loaded at start-up\n"
	"           that has no note of its own (libc, ld.so, uninstrumented and\n"
	"           LD_PRELOAD libraries), except those SEALING_EXEMPT names\n"
	"  module   the executable seals only itself\n"
	"\n"
	"Scope only matters in an executable's note: a shared library's is\n"
	"ignored, and an object's or archive member's counts once it is linked\n"
	"into an executable (as the first instrumented object on the link line).\n"
	"\n"
	"  --help   this text\n"
	"\n"
	"Exit status: 0 if every FILE has the scope, 1 otherwise, 2 on usage errors.\n";

static const struct sealctl_command command = { .name = "set-scope", .usage = usage };

static int set_one(const char *path, const struct sealing_flag_option *f, uint32_t value)
{
	const struct note_edit e = note_edit_scope(value);
	const unsigned exe = 1u << SEALCTL_KIND_EXECUTABLE | 1u << SEALCTL_KIND_PIE;
	struct note_edit_result r;

	if (note_edit_file(path, &e, &r))
		return -1;
	const char *remark = r.kinds & ~exe ? "; scope only matters in an executable's note" : "";
	if (r.changed == 0) {
		printf("%s: scope already %s%s\n", path, sealing_flag_value(f, value), remark);
		return 0;
	}
	printf("%s: scope %s%s -> %s (%zu of %zu note%s rewritten)%s\n", path,
	       r.mixed ? "mixed, first " : "", sealing_flag_value(f, r.old), sealing_flag_value(f, value),
	       r.changed, r.notes, r.notes == 1 ? "" : "s", remark);
	return 0;
}

int cmd_set_scope(int argc, char **argv)
{
	int i, rc = SEALCTL_EXIT_OK;
	const struct sealing_flag_option *f = sealing_find_flag_option("scope");
	uint32_t value = 0;
	int done = sealctl_options(&command, argc, argv, NULL, &i);

	if (done >= 0)
		return done;
	if (sealctl_operand("set-scope", i, argc, "scope"))
		return SEALCTL_EXIT_USAGE;
	if (sealing_parse_flag_option(f->key, argv[i], &value) != 1) {
		sealctl_usage_error("set-scope", "scope must be %s or %s, not '%s'", f->set_value,
				    f->clear_value, argv[i]);
		return SEALCTL_EXIT_USAGE;
	}
	if (sealctl_operand("set-scope", ++i, argc, "FILE"))
		return SEALCTL_EXIT_USAGE;
	for (; i < argc; i++)
		if (set_one(argv[i], f, value))
			rc = SEALCTL_EXIT_FAIL;
	return rc;
}
