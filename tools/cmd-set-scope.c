/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "checker.h"
#include "commands.h"
#include "diag.h"
#include "note-edit.h"
#include "note-read.h"

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

struct set_scope {
	const struct sealing_flag_option *flag;
	uint32_t value;
	struct note_edit edit;
	struct note_edit_plan plan;
};

static int leading(void *ctx, int argc, char **argv, int *i)
{
	struct set_scope *s = ctx;
	const struct sealing_flag_option *f = s->flag = sealing_find_flag_option("scope");

	if (sealctl_operand("set-scope", *i, argc, "scope"))
		return SEALCTL_EXIT_USAGE;
	if (sealing_parse_flag_option(f->key, argv[*i], &s->value) != 1) {
		sealctl_usage_error("set-scope", "scope must be %s or %s, not '%s'", f->set_value,
				    f->clear_value, argv[*i]);
		return SEALCTL_EXIT_USAGE;
	}
	s->edit = note_edit_scope(s->value);
	++*i;
	return -1;
}

static void file_begin(void *ctx, const char *path)
{
	struct set_scope *s = ctx;
	note_edit_begin(&s->plan, &s->edit, path);
}

static int object(void *ctx, struct sealctl_object *o)
{
	struct set_scope *s = ctx;
	return note_edit_object(&s->plan, o);
}

static int file_end(void *ctx, const struct sealctl_file *f)
{
	struct set_scope *s = ctx;
	const unsigned exe = 1u << SEALCTL_KIND_EXECUTABLE | 1u << SEALCTL_KIND_PIE;
	struct note_edit_result r;

	if (note_edit_file_end(&s->plan, f, &r))
		return 1;
	const char *remark = r.kinds & ~exe ? "; scope only matters in an executable's note" : "";
	if (r.changed == 0)
		printf("%s: scope already %s%s\n", f->path, sealing_flag_value(s->flag, s->value),
		       remark);
	else
		printf("%s: scope %s%s -> %s (%zu of %zu note%s rewritten)%s\n", f->path,
		       r.mixed ? "mixed, first " : "", sealing_flag_value(s->flag, r.old),
		       sealing_flag_value(s->flag, s->value), r.changed, r.notes,
		       r.notes == 1 ? "" : "s", remark);
	return 0;
}

static const struct sealctl_checker checker = {
	.command = { .name = "set-scope", .usage = usage },
	.operands = SEALCTL_FILES,
	.operand = "FILE",
	.leading = leading,
	.file_begin = file_begin,
	.object = object,
	.file_end = file_end,
};

int cmd_set_scope(int argc, char **argv)
{
	struct set_scope s = { 0 };
	return sealctl_run(&checker, &s, argc, argv);
}
