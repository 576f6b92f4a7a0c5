/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "checker.h"
#include "commands.h"
#include "diag.h"
#include "note-edit.h"
#include "note-read.h"

#include <inttypes.h>
#include <stdio.h>

static const char usage[] =
	"usage: sealctl set-policy [--in-place] 0|1|2 FILE...\n"
	"\n"
	"Rewrite the policy byte of every sealing note in each FILE, and nothing\n"
	"else.  The file is patched in a copy in the same directory, synced and\n"
	"renamed over the original, keeping mode, owner, extended attributes and\n"
	"timestamps: a crash leaves either the old or the new file.  A symlink\n"
	"is followed and its target rewritten.\n"
	"\n"
	"  0  do not seal        1  seal, ignore failures       2  seal or die\n"
	"\n"
	"Executables and shared libraries take the new policy at their next run.\n"
	"Relocatable objects and archives (each ELF member that carries a note)\n"
	"are patched too; the policy then reaches a module only if the linker\n"
	"keeps that object's copy of the runtime, i.e. it is the first\n"
	"instrumented object on the link line.  Thin archives are refused (patch\n"
	"the member files instead), and so are files with several hard links,\n"
	"unless --in-place.\n"
	"\n"
	"A file without a sealing note, or whose note is damaged or of another\n"
	"note version, is refused and left byte-for-byte unchanged.\n"
	"\n"
	"  --in-place  write the changed bytes into the file itself (one pwrite\n"
	"           per note, then fsync): every hard link sees the change.  Not\n"
	"           atomic for processes reading the file meanwhile, no copy of\n"
	"           the old file is kept, and a crash before the sync can leave\n"
	"           some notes changed and others not (sealctl status shows it;\n"
	"           run the command again).  Capabilities, set-user-ID and times\n"
	"           are put back; a running executable cannot be written.\n"
	"  --help   this text\n"
	"\n"
	"Exit status: 0 if every FILE has the policy, 1 otherwise, 2 on usage errors.\n";

static int leading(void *plan, int argc, char **argv, int *i)
{
	struct note_edit_plan *p = plan;
	unsigned policy;

	if (sealctl_operand("set-policy", *i, argc, "policy"))
		return SEALCTL_EXIT_USAGE;
	if (!sealing_parse_policy(argv[*i], &policy)) {
		sealctl_usage_error("set-policy", "policy must be 0, 1 or 2, not '%s'", argv[*i]);
		return SEALCTL_EXIT_USAGE;
	}
	p->edit = note_edit_policy(policy);
	++*i;
	return -1;
}

static int file_end(void *plan, const struct sealctl_file *f)
{
	struct note_edit_plan *p = plan;
	unsigned policy = p->edit.value;
	struct note_edit_result r;

	if (note_edit_file_end(p, f, &r))
		return 1;
	if (r.changed == 0)
		printf("%s: policy already %u\n", f->path, policy);
	else
		printf("%s: policy %s%" PRIu32 " -> %u (%zu of %zu note%s rewritten)\n", f->path,
		       r.mixed ? "mixed, first " : "", r.old, policy, r.changed, r.notes,
		       r.notes == 1 ? "" : "s");
	return 0;
}

static const struct sealctl_checker checker = {
	.command = { .name = "set-policy",
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

int cmd_set_policy(int argc, char **argv)
{
	struct note_edit_plan plan = { 0 };
	return sealctl_run(&checker, &plan, argc, argv);
}
