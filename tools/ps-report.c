/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ps.h"

#include "note-read.h"
#include "report.h"

#include <string.h>

static const char *scope_of(const struct sealctl_note *n)
{
	const struct sealing_flag_option *f = sealing_find_flag_option("scope");
	return sealing_flag_value(f, n->v.decoded ? n->v.d.flags : 0);
}

static void note_text(FILE *out, const struct ps_object *o)
{
	const struct sealctl_note *n = o->read ? sealctl_deciding_note(&o->file) : NULL;

	if (!o->vdso && !o->read)
		fputs("note unknown", out);
	else if (!n)
		fputs("no note", out);
	else if (!n->v.decoded)
		fprintf(out, "note damaged (%s), applied as policy %u, scope=%s", n->v.damage,
			n->v.applied, scope_of(n));
	else
		fprintf(out, "note: policy %u, scope=%s", n->v.applied, scope_of(n));
}

static void header(FILE *out, const struct ps_process *ps)
{
	fprintf(out, "pid %d: %s", ps->proc.pid, ps->exe ? ps->exe->path : "(executable not found)");
	if (!ps->env_known)
		fputs(" (environment not readable: SEALING_POLICY, SEALING_EXEMPT and LD_PRELOAD unknown, judged by the notes alone)",
		      out);
	if (ps->secure)
		fputs(" (secure execution: SEALING_POLICY may only raise, SEALING_EXEMPT ignored)",
		      out);
	if (ps->env_policy)
		fprintf(out, " (SEALING_POLICY=%s)", ps->env_policy);
	if (ps->env_exempt)
		fprintf(out, " (SEALING_EXEMPT=%s)", ps->env_exempt);
	if (ps->loader)
		fprintf(out, " (%s is loaded)", PS_LOADER_MODULE);
	if (!ps->links)
		fprintf(out, " (link map not readable: %s; start-up guessed from LD_PRELOAD, /etc/ld.so.preload and DT_NEEDED)",
			strerror(ps->link_map_errno));
	fputc('\n', out);
}

/* The patched loader (glibc/) sealed it: its state byte says so, and
 * the kernel shows it sealed. */
static int sealed_by_loader(const struct ps_object *o)
{
	return o->state_known && (o->state & SEALING_STATE_LOADER) && o->nsealed;
}

void ps_report_text(FILE *out, const struct ps_process *ps)
{
	size_t count[3] = { 0 }, expected = 0;

	header(out, ps);
	for (size_t i = 0; i < ps->nobj; i++) {
		const struct ps_object *o = &ps->obj[i];
		const char *state = ps_state(o);
		count[state[0] == 's' ? 0 : state[0] == 'p' ? 1 : 2]++;
		expected += o->expected == 1;
		fprintf(out, "  %s: %s%s; ", o->path, state,
			sealed_by_loader(o) ? " by the loader" : "");
		note_text(out, o);
		fprintf(out, "; %s (%s)%s\n",
			o->expected == 1 ? "expected sealed" :
			o->expected == 0 ? "not expected" : "expectation unknown",
			o->reason, !ps_object_fails(ps, o) ? "" :
				   o->expected == 1 ? "; NOT SEALED" : "; NOT SEALED (--strict)");
	}
	fprintf(out, "pid %d: %zu objects: %zu sealed, %zu partly, %zu open; ", ps->proc.pid,
		ps->nobj, count[0], count[1], count[2]);
	fprintf(out, "expected sealed %zu, not (fully) sealed %zu", expected, ps->failing);
	if (ps->strict)
		fprintf(out, "; --strict: %zu not fully sealed besides the vdso", ps->strict_failing);
	fputc('\n', out);
}

static void object_json(struct json *j, const struct ps_process *ps, const struct ps_object *o)
{
	const struct sealctl_note *n = o->read ? sealctl_deciding_note(&o->file) : NULL;

	json_object(j);
	json_kstr(j, "path", o->path);
	json_kstr(j, "state", ps_state(o));
	json_kint(j, "mappings", (long long)o->nmaps);
	json_kint(j, "sealed_mappings", (long long)o->nsealed);
	json_kbool(j, "startup", o->origin == RT_ORIGIN_STARTUP);
	json_kstr(j, "loader_name", o->link_name);
	json_kstr(j, "origin", o->origin == RT_ORIGIN_STARTUP ? "startup" :
			       o->origin == RT_ORIGIN_DLOPEN ? "dlopen" : "unknown");
	json_kint_if(j, "state_byte", o->state_known, o->state);
	json_kbool_if(j, "sealed_by_loader", o->state_known, sealed_by_loader(o));
	json_kbool(j, "note_known", o->vdso || o->read);
	json_kstr(j, "file_error", o->vdso || o->read ? NULL : o->why);
	json_key(j, "note");
	if (n) {
		json_object(j);
		json_kint(j, "version", n->v.d.version);
		json_kint(j, "policy", n->v.applied);
		json_kstr(j, "damaged", note_desc_damage(&n->v));
		json_kint(j, "flags", n->v.decoded ? n->v.d.flags : 0);
		json_key(j, "options");
		report_json_flags(j, n->v.decoded ? n->v.d.flags : 0);
		json_end(j);
	} else {
		json_null(j);
	}
	json_key(j, "memory_seal");
	if (o->read)
		report_json_memory_seal(j, &o->file);
	else
		json_null(j);
	json_key(j, "expected");
	if (o->expected < 0)
		json_null(j);
	else
		json_bool(j, o->expected);
	json_kstr(j, "reason", o->reason);
	json_kbool(j, "rule", o->by_rule);
	json_kbool(j, "ok", !ps_object_fails(ps, o));
	json_end(j);
}

void ps_report_json(struct json *j, const struct ps_process *ps)
{
	json_object(j);
	json_kint(j, "pid", ps->proc.pid);
	json_kstr(j, "exe", ps->exe ? ps->exe->path : NULL);
	json_kbool(j, "environment_readable", ps->env_known);
	json_kstr(j, "sealing_policy", ps->env_policy);
	json_kstr(j, "sealing_exempt", ps->env_exempt);
	json_kbool_if(j, "secure", ps->secure_known, ps->secure);
	json_kbool(j, "loader_module", ps->loader);
	json_kbool(j, "link_map", ps->links != NULL);
	json_kstr(j, "link_map_error", ps->links ? NULL : strerror(ps->link_map_errno));
	json_key(j, "objects");
	json_array(j);
	for (size_t i = 0; i < ps->nobj; i++)
		object_json(j, ps, &ps->obj[i]);
	json_end(j);
	json_kint(j, "failing", (long long)ps->failing);
	json_kbool(j, "strict", ps->strict);
	json_kint(j, "strict_failing", (long long)ps->strict_failing);
	json_kbool(j, "ok", !ps_fails(ps));
	json_end(j);
}
