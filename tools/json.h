/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Just enough JSON output: strings from file names must be escaped. */
#ifndef SEALCTL_JSON_H
#define SEALCTL_JSON_H

#include <stdio.h>

/* Writes s as a JSON string; bytes that are not valid UTF-8 (file names
 * need not be) become \u00XX escapes of the raw byte. */
void json_string(FILE *out, const char *s);

#endif
