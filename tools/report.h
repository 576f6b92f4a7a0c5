/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Printing one object's sealing state, for people and for programs. */
#ifndef SEALCTL_REPORT_H
#define SEALCTL_REPORT_H

#include "json.h"
#include "object.h"

#include <stdio.h>

void report_text(FILE *out, const struct sealctl_object *o);
/* One JSON object. */
void report_json(struct json *j, const struct sealctl_object *o);
/* "path" or "path(member)", as binutils prints archive members. */
void report_name(char *buf, size_t len, const struct sealctl_object *o);

/* "0x4 (dlopen=pin, relro=anon, scope=process, vdso=open)", from the
 * flag table of <sealing/note.h>. */
void report_flags(FILE *out, uint32_t flags);
/* {"dlopen": "pin", ...}: the same, as a JSON object. */
void report_json_flags(struct json *j, uint32_t flags);
/* GNU_PROPERTY_MEMORY_SEAL in words: "yes", "no (no GNU property note)"... */
const char *report_memory_seal(const struct sealctl_object *o);
/* The same for JSON: true, false, or null when the note is malformed. */
void report_json_memory_seal(struct json *j, const struct sealctl_object *o);

#endif
