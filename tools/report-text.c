/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "report.h"

#include "note.h"

#include <inttypes.h>

void report_name(char *buf, size_t len, const struct sealctl_object *o)
{
	if (o->member)
		snprintf(buf, len, "%s(%s)", o->path, o->member);
	else
		snprintf(buf, len, "%s", o->path);
}

static void flag_names(FILE *out, uint32_t flags)
{
	const char *sep = " (";
	if (flags & SEALING_FLAG_DLOPEN_SKIP) {
		fprintf(out, "%sdlopen-skip", sep);
		sep = ", ";
	}
	if (flags & SEALING_FLAG_RELRO_KEEP) {
		fprintf(out, "%srelro-keep", sep);
		sep = ", ";
	}
	if (flags & ~SEALING_FLAGS_KNOWN) {
		fprintf(out, "%sunknown 0x%" PRIx32, sep, flags & ~SEALING_FLAGS_KNOWN);
		sep = ", ";
	}
	if (sep[0] == ',')
		fputc(')', out);
}

static void note_line(FILE *out, const struct sealctl_note *n)
{
	fprintf(out, "policy %u (%s), carrier %s, flags 0x%" PRIx32,
		n->desc.policy, sealing_policy_name(n->desc.policy),
		sealing_carrier_name(n->desc.carrier), n->desc.flags);
	flag_names(out, n->desc.flags);
	if (n->damage)
		fprintf(out, " [damaged: %s, version %u; applied as policy 1]",
			n->damage, n->desc.version);
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
	if (o->note_damage)
		fprintf(out, "  warning: a note section does not parse (%s)\n", o->note_damage);

	if (!o->prop.present)
		fprintf(out, "  memory-seal: no (no GNU property note)\n");
	else if (o->prop.malformed)
		fprintf(out, "  memory-seal: unknown (malformed GNU property note)\n");
	else
		fprintf(out, "  memory-seal: %s\n", o->prop.memory_seal ? "yes" : "no");

	if (!o->linked)
		return;
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
	fprintf(out, ", page size %" PRIu64 "\n", o->page_size);
	if (o->has_mutable)
		fprintf(out, "  mutable: 0x%" PRIx64 "-0x%" PRIx64 " left unsealed\n",
			o->mutable_pages.lo, o->mutable_pages.hi);
}
