/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A small JSON writer that owns its separators: callers open and close
 * containers and emit keys and values; the writer puts every comma,
 * colon and line break, so no command prints a "," of its own.
 *
 * Items of the outermost `wrap` containers go on lines of their own,
 * deeper ones stay on one line: one entry per line, readable and
 * greppable, and still one JSON document.
 */
#ifndef SEALCTL_JSON_H
#define SEALCTL_JSON_H

#include <stdint.h>
#include <stdio.h>

#define JSON_DEPTH_MAX 16

struct json {
	FILE *out;
	int wrap, depth, after_key;
	unsigned char items[JSON_DEPTH_MAX]; /* items so far, per open container */
	char close[JSON_DEPTH_MAX];          /* ']' or '}' */
};

void json_init(struct json *j, FILE *out, int wrap);
void json_object(struct json *j);
void json_array(struct json *j);
void json_end(struct json *j); /* closes the innermost container */
/* Ends the document: closes what is still open, then a newline. */
void json_finish(struct json *j);

void json_key(struct json *j, const char *key);
/* Bytes that are not valid UTF-8 (file names need not be) become
 * \u00XX escapes of the raw byte.  NULL is written as null. */
void json_str(struct json *j, const char *s);
void json_int(struct json *j, long long v);
void json_u64(struct json *j, uint64_t v);
/* As a "0x..." string: JSON numbers lose precision above 2^53. */
void json_hex(struct json *j, uint64_t v);
void json_bool(struct json *j, int v);
void json_null(struct json *j);

/* A key and its value, the common case. */
void json_kstr(struct json *j, const char *key, const char *s);
void json_kint(struct json *j, const char *key, long long v);
void json_kbool(struct json *j, const char *key, int v);
/* The same where the value may be unknown: null unless known. */
void json_kint_if(struct json *j, const char *key, int known, long long v);
void json_kbool_if(struct json *j, const char *key, int known, int v);

/* Just the string escaping, for a caller writing a lone string. */
void json_write_string(FILE *out, const char *s);

#endif
