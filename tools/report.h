/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Printing one object's sealing state, for people and for programs. */
#ifndef SEALCTL_REPORT_H
#define SEALCTL_REPORT_H

#include "object.h"

#include <stdio.h>

void report_text(FILE *out, const struct sealctl_object *o);
/* One JSON object, no trailing separator. */
void report_json(FILE *out, const struct sealctl_object *o);
/* "path" or "path(member)", as binutils prints archive members. */
void report_name(char *buf, size_t len, const struct sealctl_object *o);

#endif
