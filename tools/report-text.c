/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "report.h"

#include "note-read.h"

#include <inttypes.h>

void report_name(char *buf, size_t len, const struct sealctl_object *o)
{
	if (o->member)
		snprintf(buf, len, "%s(%s)", o->path, o->member);
	else
		snprintf(buf, len, "%s", o->path);
}

void report_flags(FILE *out, uint32_t flags)
{
	fprintf(out, "0x%" PRIx32 " (", flags);
	for (size_t i = 0; i < SEALING_FLAG_OPTION_COUNT; i++) {
		const struct sealing_flag_option *f = &sealing_flag_options[i];
		fprintf(out, "%s%s=%s", i ? ", " : "", f->key, sealing_flag_value(f, flags));
	}
	if (flags & ~SEALING_FLAGS_KNOWN)
		fprintf(out, ", unknown 0x%" PRIx32, flags & ~SEALING_FLAGS_KNOWN);
	fputc(')', out);
}

static void note_line(FILE *out, const struct sealctl_note *n)
{
	const struct sealing_desc_view *v = &n->v;

	if (!v->decoded) {
		fprintf(out, "damaged: %s; applied as policy %u", v->damage, v->applied);
		return;
	}
	fprintf(out, "policy %u (%s), carrier %s, flags ", v->d.policy,
		sealing_policy_name(v->d.policy), sealing_carrier_name(v->d.carrier));
	report_flags(out, v->d.flags);
	/* The offset only means something in memory: say whether the
	 * static linker has filled it in, nothing more. */
	fprintf(out, ", state %s", v->d.state ? "linked" : "unlinked");
	char rel[24];
	const char *rt = sealing_runtime_name(v->d.runtime, rel, sizeof(rel));
	fprintf(out, ", runtime %s", rt ? rt : "before 0.2");
	if (note_desc_damage(v))
		fprintf(out, " [damaged: %s; applied as policy %u]", v->damage, v->applied);
}

const char *report_memory_seal(const struct sealctl_object *o)
{
	if (!o->prop.present)
		return "no (no GNU property note)";
	if (o->prop.malformed)
		return "unknown (malformed GNU property note)";
	return o->prop.memory_seal ? "yes" : "no";
}

static void seal_line(FILE *out, const struct sealctl_object *o, int eff)
{
	if (eff <= 0) {
		fprintf(out, "  seals: nothing%s\n", eff == 0 ? " (policy 0)" : "");
		return;
	}
	fprintf(out, "  seals:");
	for (size_t i = 0; i < o->nseal; i++)
		fprintf(out, "%s 0x%" PRIx64 "-0x%" PRIx64, i ? "," : "", o->seal[i].lo,
			o->seal[i].hi);
	if (o->nseal == 0)
		fprintf(out, " nothing (all pages are mutable)");
	if (o->kind == SEALCTL_KIND_PIE || o->kind == SEALCTL_KIND_SHARED)
		fprintf(out, " (plus load address)");
	if (o->page_size)
		fprintf(out, ", page size %" PRIu64 "\n", o->page_size);
	else
		fprintf(out, ", rounded out to the kernel's page size at run time (kernels for this machine differ in it)\n");
	if (o->has_mutable)
		fprintf(out, "  mutable: 0x%" PRIx64 "-0x%" PRIx64 " left unsealed%s\n",
			o->mutable_pages.lo, o->mutable_pages.hi,
			o->page_size ? "" : " (rounded out to the page size)");
}

void report_text(FILE *out, const struct sealctl_object *o)
{
	char name[4096];
	report_name(name, sizeof(name), o);
	fprintf(out, "%s: %s, ELF%d %s-endian, %s\n", name, sealctl_kind_name(o->kind),
		o->elf64 ? 64 : 32, o->big_endian ? "big" : "little",
		o->arch ? o->arch : "unknown");

	int eff = sealctl_effective_policy(o);
	if (eff < 0) {
		fprintf(out, "  instrumented: no\n");
	} else if (o->nnotes == 1) {
		fprintf(out, "  instrumented: yes\n  note: ");
		note_line(out, &o->notes[0]);
		fputc('\n', out);
	} else {
		fprintf(out, "  instrumented: yes, %zu notes%s; effective policy %d (%s)\n",
			o->nnotes, o->notes_truncated ? " (and more)" : "", eff,
			sealing_policy_name((unsigned)eff));
		for (size_t i = 0; i < o->nnotes; i++) {
			fprintf(out, "  note %zu at 0x%" PRIx64 ": ", i + 1, o->notes[i].offset);
			note_line(out, &o->notes[i]);
			fputc('\n', out);
		}
	}
	if (o->section_damage[0])
		fprintf(out, "  note damaged: %s\n", o->section_damage);
	if (o->note_damage)
		fprintf(out, "  warning: a note section does not parse (%s)\n", o->note_damage);
	if (eff >= 0 && (o->kind == SEALCTL_KIND_EXECUTABLE || o->kind == SEALCTL_KIND_PIE))
		fprintf(out, "  process pass: %s\n",
			sealctl_process_pass(o) == SEALCTL_PASS_NOTE ? "yes" :
			sealctl_process_pass(o) == SEALCTL_PASS_V2 ?
				"yes (a version 2 runtime, which every unit carried whole)" :
				"no (the unit defining main was not instrumented: the executable seals only itself)");
	switch (o->kind == SEALCTL_KIND_EXECUTABLE || o->kind == SEALCTL_KIND_PIE ?
			sealctl_exe_part(o) : SEALCTL_EXE_PART_NA) {
	case SEALCTL_EXE_PART_FILE:
		fprintf(out, "  process pass code: in the file, outside the image\n");
		break;
	case SEALCTL_EXE_PART_IMAGE:
		fprintf(out, "  process pass code: in the image\n");
		break;
	case SEALCTL_EXE_PART_MISSING:
		fprintf(out, "  process pass code: missing (" SEALING_EXE_SECTION " was removed: the "
			     "executable seals only itself, its libraries themselves)\n");
		break;
	case SEALCTL_EXE_PART_DAMAGED:
		fprintf(out, "  process pass code: damaged (" SEALING_EXE_SECTION
			     " does not start with its magic)\n");
		break;
	}
	switch (sealctl_module_part(o)) {
	case 1:
		fprintf(out, "  module part: yes (in the file, outside the image)\n");
		break;
	case 0:
		fprintf(out, "  module part: no (the LLVM pass under LTO links it into the image; "
			     "otherwise the module cannot seal itself after dlopen or under a program "
			     "without the process pass)\n");
		break;
	case -1:
		fprintf(out, "  module part: damaged (" SEALING_MODULE_SECTION
			     " does not start with its magic)\n");
		break;
	}
	/* Right below our note: the other way a module asks to be sealed. */
	fprintf(out, "  memory-seal: %s\n", report_memory_seal(o));
	if (o->linked)
		seal_line(out, o, eff);
}
