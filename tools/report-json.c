/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "report.h"

#include "json.h"
#include "note.h"

#include <inttypes.h>

static void range(FILE *out, const struct sealctl_range *r)
{
	/* Hex strings: JSON numbers lose precision above 2^53. */
	fprintf(out, "{\"start\": \"0x%" PRIx64 "\", \"end\": \"0x%" PRIx64 "\"}",
		r->lo, r->hi);
}

static void note(FILE *out, const struct sealctl_note *n)
{
	fprintf(out,
		"{\"offset\": %" PRIu64 ", \"version\": %u, \"policy\": %u, "
		"\"carrier\": %u, \"carrier_name\": ",
		n->offset, n->desc.version, n->desc.policy, n->desc.carrier);
	json_string(out, sealing_carrier_name(n->desc.carrier));
	fprintf(out, ", \"flags\": %" PRIu32 ", \"dlopen_skip\": %s, \"relro_keep\": %s, "
		"\"damaged\": ",
		n->desc.flags, n->desc.flags & SEALING_FLAG_DLOPEN_SKIP ? "true" : "false",
		n->desc.flags & SEALING_FLAG_RELRO_KEEP ? "true" : "false");
	if (n->damage)
		json_string(out, n->damage);
	else
		fputs("null", out);
	fputc('}', out);
}

void report_json(FILE *out, const struct sealctl_object *o)
{
	int eff = sealctl_effective_policy(o);

	fputs("{\"file\": ", out);
	json_string(out, o->path);
	fputs(", \"member\": ", out);
	if (o->member)
		json_string(out, o->member);
	else
		fputs("null", out);
	fprintf(out, ", \"type\": \"%s\", \"class\": %d, \"endian\": \"%s\", \"arch\": ",
		sealctl_kind_name(o->kind), o->elf64 ? 64 : 32,
		o->big_endian ? "big" : "little");
	json_string(out, o->arch ? o->arch : "unknown");
	fprintf(out, ", \"instrumented\": %s, \"policy\": ", eff >= 0 ? "true" : "false");
	if (eff >= 0)
		fprintf(out, "%d", eff);
	else
		fputs("null", out);
	fputs(", \"notes\": [", out);
	for (size_t i = 0; i < o->nnotes; i++) {
		if (i)
			fputs(", ", out);
		note(out, &o->notes[i]);
	}
	fprintf(out, "], \"notes_truncated\": %s, \"note_warning\": ",
		o->notes_truncated ? "true" : "false");
	if (o->note_damage)
		json_string(out, o->note_damage);
	else
		fputs("null", out);
	fprintf(out, ", \"gnu_property_note\": %s, \"memory_seal\": ",
		o->prop.present ? "true" : "false");
	fputs(!o->prop.present ? "false" : o->prop.malformed ? "null"
			       : o->prop.memory_seal ? "true" : "false", out);
	fprintf(out, ", \"linked\": %s", o->linked ? "true" : "false");
	if (o->linked) {
		fprintf(out, ", \"relative_to_load_address\": %s, \"page_size\": %" PRIu64
			", \"seal_ranges\": [",
			o->kind == SEALCTL_KIND_PIE || o->kind == SEALCTL_KIND_SHARED
				? "true" : "false",
			o->page_size);
		for (size_t i = 0; eff > 0 && i < o->nseal; i++) {
			if (i)
				fputs(", ", out);
			range(out, &o->seal[i]);
		}
		fputs("], \"mutable_range\": ", out);
		if (o->has_mutable)
			range(out, &o->mutable_pages);
		else
			fputs("null", out);
	}
	fputc('}', out);
}
