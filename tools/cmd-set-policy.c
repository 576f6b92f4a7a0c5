/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "commands.h"
#include "diag.h"
#include "object.h"
#include "report.h"
#include "rewrite.h"
#include "scan.h"

#include <stdio.h>
#include <sys/stat.h>
#include <string.h>

static const char usage[] =
	"usage: sealctl set-policy 0|1|2 FILE...\n"
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
	"the member files instead), and so are files with several hard links.\n"
	"\n"
	"A file without a sealing note, or whose note is damaged, is refused\n"
	"and left byte-for-byte unchanged.\n"
	"\n"
	"Exit status: 0 if every FILE has the policy, 1 otherwise, 2 on usage errors.\n";

struct plan {
	unsigned policy;
	size_t notes, npatch;
	int too_many, damaged, unpatchable, old_max;
	char where[SEALCTL_ERRLEN];
	struct sealctl_patch patch[SEALCTL_PATCH_MAX];
};

static int collect(const struct sealctl_object *o, void *arg)
{
	struct plan *p = arg;
	for (size_t i = 0; i < o->nnotes; i++) {
		const struct sealctl_note *n = &o->notes[i];
		p->notes++;
		if (n->damage && !p->damaged) {
			p->damaged = 1;
			report_name(p->where, sizeof(p->where), o);
			snprintf(p->where + strlen(p->where), sizeof(p->where) - strlen(p->where),
				 ": note at offset %llu is damaged (%s)",
				 (unsigned long long)n->offset, n->damage);
		}
		if ((int)n->desc.policy > p->old_max)
			p->old_max = n->desc.policy;
		if (n->desc.policy == p->policy)
			continue;
		if (p->npatch == SEALCTL_PATCH_MAX) {
			p->too_many = 1;
			continue;
		}
		struct sealctl_patch *pt = &p->patch[p->npatch++];
		pt->offset = n->desc_offset + 1; /* struct sealing_note_desc.policy */
		pt->len = 1;
		pt->old[0] = n->desc.policy;
		pt->new[0] = (uint8_t)p->policy;
	}
	if (o->notes_truncated)
		p->too_many = 1;
	if (!o->patchable && o->nnotes && !p->unpatchable) {
		p->unpatchable = 1;
		report_name(p->where, sizeof(p->where), o);
	}
	return 0;
}

static int set_one(const char *path, unsigned policy)
{
	struct plan p = { .policy = policy, .old_max = -1 };
	struct sealctl_file_info fi;
	char err[SEALCTL_ERRLEN];
	struct stat before;
	int have_before = !stat(path, &before);

	enum sealctl_scan_result r = sealctl_scan(path, collect, &p, &fi, err);
	if (r != SEALCTL_SCAN_OK) {
		sealctl_error(path, "%s; file left unchanged", err);
		return -1;
	}
	if (fi.is_thin) {
		sealctl_error(path, "thin archive: run set-policy on its member files; file left unchanged");
		return -1;
	}
	if (p.notes == 0) {
		sealctl_error(path, "not instrumented (no sealing note); file left unchanged");
		return -1;
	}
	if (p.damaged) {
		sealctl_error(path, "%s; refusing to guess its layout, file left unchanged", p.where);
		return -1;
	}
	if (p.unpatchable) {
		sealctl_error(path, "%s: note is in a compressed section; file left unchanged", p.where);
		return -1;
	}
	if (p.too_many) {
		sealctl_error(path, "more than %d sealing notes; file left unchanged", SEALCTL_PATCH_MAX);
		return -1;
	}
	if (p.npatch == 0) {
		printf("%s: policy already %u\n", path, policy);
		return 0;
	}
	if (sealctl_rewrite(path, p.patch, p.npatch, have_before ? &before : NULL, err)) {
		sealctl_error(path, "%s", err);
		return -1;
	}
	printf("%s: policy %d -> %u (%zu of %zu note%s rewritten)\n", path, p.old_max,
	       policy, p.npatch, p.notes, p.notes == 1 ? "" : "s");
	return 0;
}

int cmd_set_policy(int argc, char **argv)
{
	int i, rc = SEALCTL_EXIT_OK;
	int done = no_options("set-policy", usage, argc, argv, &i);

	if (done >= 0)
		return done;
	if (i == argc) {
		sealctl_usage_error("set-policy", "no policy given");
		return SEALCTL_EXIT_USAGE;
	}
	const char *pol = argv[i++];
	if (strlen(pol) != 1 || pol[0] < '0' || pol[0] > '2') {
		sealctl_usage_error("set-policy", "policy must be 0, 1 or 2, not '%s'", pol);
		return SEALCTL_EXIT_USAGE;
	}
	if (i == argc) {
		sealctl_usage_error("set-policy", "no FILE given");
		return SEALCTL_EXIT_USAGE;
	}
	for (; i < argc; i++)
		if (set_one(argv[i], (unsigned)(pol[0] - '0')))
			rc = SEALCTL_EXIT_FAIL;
	return rc;
}
