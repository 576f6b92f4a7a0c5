/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "checker.h"
#include "commands.h"
#include "diag.h"
#include "note-edit.h"
#include "note-read.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
	"usage: sealctl set-scope [--in-place] process|module FILE...\n"
	"\n"
	"Rewrite the scope flag (scope=process or scope=module) of every sealing\n"
	"note in each FILE, and nothing else, crash-safely in place like\n"
	"set-policy: same copy, sync and rename, same kept metadata, same\n"
	"refusals (no note, damaged or other-version note, thin archive, several\n"
	"hard links unless --in-place, which writes the file itself as\n"
	"set-policy --in-place does: see sealctl set-policy --help).\n"
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
	"  --in-place  write the changed bytes into the file itself\n"
	"  --help   this text\n"
	"\n"
	"Exit status: 0 if every FILE has the scope, 1 otherwise, 2 on usage errors.\n";

static int leading(void *plan, int argc, char **argv, int *i)
{
	struct note_edit_plan *p = plan;
	const struct sealing_flag_option *f = sealing_find_flag_option("scope");
	uint32_t scope = 0; /* read-modify-write: the parser only sets or clears its bit */

	if (sealctl_operand("set-scope", *i, argc, "scope"))
		return SEALCTL_EXIT_USAGE;
	if (sealing_parse_flag_option(f->key, argv[*i], &scope) != 1) {
		sealctl_usage_error("set-scope", "scope must be %s or %s, not '%s'", f->set_value,
				    f->clear_value, argv[*i]);
		return SEALCTL_EXIT_USAGE;
	}
	p->edit = note_edit_scope(scope);
	++*i;
	return -1;
}

static int file_end(void *plan, const struct sealctl_file *f)
{
	struct note_edit_plan *p = plan;
	const struct sealing_flag_option *scope = sealing_find_flag_option("scope");
	const char *want = sealing_flag_value(scope, p->edit.value);
	const unsigned exe = 1u << SEALCTL_KIND_EXECUTABLE | 1u << SEALCTL_KIND_PIE;
	struct note_edit_result r;

	if (note_edit_file_end(p, f, &r))
		return 1;
	const char *remark = r.kinds & ~exe ? "; scope only matters in an executable's note" : "";
	if (r.changed == 0)
		printf("%s: scope already %s%s\n", f->path, want, remark);
	else
		printf("%s: scope %s%s -> %s (%zu of %zu note%s rewritten)%s\n", f->path,
		       r.mixed ? "mixed, first " : "", sealing_flag_value(scope, r.old), want,
		       r.changed, r.notes, r.notes == 1 ? "" : "s", remark);
	return 0;
}

static const struct sealctl_checker checker = {
	.command = { .name = "set-scope",
		     .usage = usage,
		     .shortopts = "",
		     .longopts = note_edit_longopts,
		     .option = note_edit_option },
	.operands = SEALCTL_FILES,
	.operand = "FILE",
	.leading = leading,
	.file_begin = note_edit_file_begin,
	.object = note_edit_object,
	.file_end = file_end,
};

int cmd_set_scope(int argc, char **argv)
{
	struct note_edit_plan plan = { 0 };
	return sealctl_run(&checker, &plan, argc, argv);
}
