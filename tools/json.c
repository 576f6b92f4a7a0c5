/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "json.h"

#include <inttypes.h>

/* Length of the valid UTF-8 sequence at s, or 0. */
static int utf8_len(const unsigned char *s)
{
	int n;
	unsigned min;
	unsigned cp;

	if (s[0] < 0x80)
		return 1;
	if ((s[0] & 0xe0) == 0xc0) {
		n = 2, cp = s[0] & 0x1f, min = 0x80;
	} else if ((s[0] & 0xf0) == 0xe0) {
		n = 3, cp = s[0] & 0x0f, min = 0x800;
	} else if ((s[0] & 0xf8) == 0xf0) {
		n = 4, cp = s[0] & 0x07, min = 0x10000;
	} else {
		return 0;
	}
	for (int i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

void json_write_string(FILE *out, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;

	fputc('"', out);
	while (*s) {
		int n = utf8_len(s);
		if (n == 1 && *s >= 0x20 && *s != '"' && *s != '\\' && *s != 0x7f) {
			fputc(*s++, out);
		} else if (n > 1) {
			fwrite(s, 1, (size_t)n, out);
			s += n;
		} else if (*s == '"' || *s == '\\') {
			fprintf(out, "\\%c", *s++);
		} else if (*s == '\n') {
			fputs("\\n", out), s++;
		} else if (*s == '\t') {
			fputs("\\t", out), s++;
		} else {
			fprintf(out, "\\u%04x", *s++);
		}
	}
	fputc('"', out);
}

void json_init(struct json *j, FILE *out, int wrap)
{
	*j = (struct json){ .out = out, .wrap = wrap };
}

static void indent(struct json *j, int depth)
{
	fputc('\n', j->out);
	for (int i = 0; i < depth; i++)
		fputs("  ", j->out);
}

/* Whatever must come before the next key or value. */
static void separate(struct json *j)
{
	if (j->after_key) {
		j->after_key = 0;
		return;
	}
	if (j->depth == 0)
		return;
	unsigned char *items = &j->items[j->depth - 1];
	if (*items)
		fputc(',', j->out);
	if (j->depth <= j->wrap)
		indent(j, j->depth);
	else if (*items)
		fputc(' ', j->out);
	*items = 1;
}

static void open_container(struct json *j, char open, char close)
{
	separate(j);
	fputc(open, j->out);
	/* Deeper than any document sealctl writes: stay flat, stay valid. */
	if (j->depth == JSON_DEPTH_MAX)
		return;
	j->items[j->depth] = 0;
	j->close[j->depth] = close;
	j->depth++;
}

void json_object(struct json *j)
{
	open_container(j, '{', '}');
}

void json_array(struct json *j)
{
	open_container(j, '[', ']');
}

void json_end(struct json *j)
{
	if (j->depth == 0)
		return;
	j->depth--;
	if (j->items[j->depth] && j->depth < j->wrap)
		indent(j, j->depth);
	fputc(j->close[j->depth], j->out);
}

void json_finish(struct json *j)
{
	while (j->depth)
		json_end(j);
	fputc('\n', j->out);
}

void json_key(struct json *j, const char *key)
{
	separate(j);
	json_write_string(j->out, key);
	fputs(": ", j->out);
	j->after_key = 1;
}

void json_str(struct json *j, const char *s)
{
	if (!s) {
		json_null(j);
		return;
	}
	separate(j);
	json_write_string(j->out, s);
}

void json_int(struct json *j, long long v)
{
	separate(j);
	fprintf(j->out, "%lld", v);
}

void json_u64(struct json *j, uint64_t v)
{
	separate(j);
	fprintf(j->out, "%" PRIu64, v);
}

void json_hex(struct json *j, uint64_t v)
{
	separate(j);
	fprintf(j->out, "\"0x%" PRIx64 "\"", v);
}

void json_bool(struct json *j, int v)
{
	separate(j);
	fputs(v ? "true" : "false", j->out);
}

void json_null(struct json *j)
{
	separate(j);
	fputs("null", j->out);
}

void json_kstr(struct json *j, const char *key, const char *s)
{
	json_key(j, key);
	json_str(j, s);
}

void json_kint(struct json *j, const char *key, long long v)
{
	json_key(j, key);
	json_int(j, v);
}

void json_kbool(struct json *j, const char *key, int v)
{
	json_key(j, key);
	json_bool(j, v);
}

void json_kint_if(struct json *j, const char *key, int known, long long v)
{
	json_key(j, key);
	if (known)
		json_int(j, v);
	else
		json_null(j);
}

void json_kbool_if(struct json *j, const char *key, int known, int v)
{
	json_key(j, key);
	if (known)
		json_bool(j, v);
	else
		json_null(j);
}
