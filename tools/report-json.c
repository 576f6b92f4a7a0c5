/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "report.h"

#include "note-read.h"

static void range(struct json *j, const struct sealctl_range *r)
{
	json_object(j);
	json_key(j, "start");
	json_hex(j, r->lo);
	json_key(j, "end");
	json_hex(j, r->hi);
	json_end(j);
}

void report_json_flags(struct json *j, uint32_t flags)
{
	json_object(j);
	for (size_t i = 0; i < SEALING_FLAG_OPTION_COUNT; i++) {
		const struct sealing_flag_option *f = &sealing_flag_options[i];
		json_kstr(j, f->key, sealing_flag_value(f, flags));
	}
	json_end(j);
}

void report_json_memory_seal(struct json *j, const struct sealctl_object *o)
{
	if (o->prop.present && o->prop.malformed)
		json_null(j);
	else
		json_bool(j, o->prop.present && o->prop.memory_seal);
}

static void note(struct json *j, const struct sealctl_note *n)
{
	const struct sealing_desc_view *v = &n->v;

	json_object(j);
	json_key(j, "offset");
	json_u64(j, n->offset);
	json_kint(j, "version", v->d.version);
	json_kint(j, "applied_policy", v->applied);
	json_kstr(j, "damaged", note_desc_damage(v));
	if (v->decoded) {
		json_kint(j, "policy", v->d.policy);
		json_kint(j, "carrier", v->d.carrier);
		json_kstr(j, "carrier_name", sealing_carrier_name(v->d.carrier));
		json_kint(j, "flags", v->d.flags);
		json_key(j, "options");
		report_json_flags(j, v->d.flags);
		json_kbool(j, "state_linked", v->d.state != 0);
		char rel[24];
		json_kstr(j, "runtime", sealing_runtime_name(v->d.runtime, rel, sizeof(rel)));
	}
	json_end(j);
}

void report_json(struct json *j, const struct sealctl_object *o)
{
	int eff = sealctl_effective_policy(o);

	json_object(j);
	json_kstr(j, "file", o->path);
	json_kstr(j, "member", o->member);
	json_kstr(j, "type", sealctl_kind_name(o->kind));
	json_kint(j, "class", o->elf64 ? 64 : 32);
	json_kstr(j, "endian", o->big_endian ? "big" : "little");
	json_kstr(j, "arch", o->arch ? o->arch : "unknown");
	json_kbool(j, "instrumented", eff >= 0);
	json_kint_if(j, "policy", eff >= 0, eff);
	json_key(j, "notes");
	json_array(j);
	for (size_t i = 0; i < o->nnotes; i++)
		note(j, &o->notes[i]);
	json_end(j);
	json_kbool(j, "notes_truncated", o->notes_truncated);
	/* The note's damage, or its section's when no note was left. */
	json_kstr(j, "damaged", sealctl_object_damage(o));
	json_kstr(j, "note_warning", o->note_damage);
	json_kbool(j, "process_pass", sealctl_process_pass(o) != SEALCTL_PASS_NONE);
	/* null where the question does not arise (sealctl_module_part). */
	int mp = sealctl_module_part(o);
	json_kstr(j, "module_part", mp == 1 ? "file" : mp == 0 ? "none" : mp == -1 ? "damaged" : NULL);
	/* null where there is no process note. */
	static const char *const exe_part[] = {
		[SEALCTL_EXE_PART_FILE] = "file", [SEALCTL_EXE_PART_IMAGE] = "image",
		[SEALCTL_EXE_PART_MISSING] = "missing", [SEALCTL_EXE_PART_DAMAGED] = "damaged",
	};
	json_kstr(j, "process_pass_code", exe_part[sealctl_exe_part(o)]);
	json_kbool(j, "gnu_property_note", o->prop.present);
	json_key(j, "memory_seal");
	report_json_memory_seal(j, o);
	json_kbool(j, "linked", o->linked);
	if (o->linked) {
		json_kbool(j, "relative_to_load_address",
			   o->kind == SEALCTL_KIND_PIE || o->kind == SEALCTL_KIND_SHARED);
		json_kint_if(j, "page_size", o->page_size != 0, (long long)o->page_size);
		json_key(j, "seal_ranges");
		json_array(j);
		for (size_t i = 0; eff > 0 && i < o->nseal; i++)
			range(j, &o->seal[i]);
		json_end(j);
		json_key(j, "mutable_range");
		if (o->has_mutable)
			range(j, &o->mutable_pages);
		else
			json_null(j);
	}
	json_end(j);
}
