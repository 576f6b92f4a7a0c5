/* SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE
#include "overrides.h"

#include "diag.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int known(const char *tag, const char *const *tags)
{
	for (; *tags; tags++)
		if (!strcmp(tag, *tags))
			return 1;
	return 0;
}

static int add(struct overrides *o, const char *glob, const char *tag, unsigned line)
{
	struct override *v = realloc(o->v, (o->n + 1) * sizeof(*v));
	if (!v)
		return -1;
	o->v = v;
	v[o->n] = (struct override){ .glob = strdup(glob), .tag = strdup(tag), .line = line };
	if (!v[o->n].glob || !v[o->n].tag) {
		free(v[o->n].glob);
		free(v[o->n].tag);
		return -1;
	}
	o->n++;
	return 0;
}

int overrides_load(struct overrides *o, const char *path, const char *const *tags)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t cap = 0;
	unsigned line = 0;
	int rc = 0;

	*o = (struct overrides){ .path = path };
	if (!f) {
		sealctl_usage_error("check", "--overrides %s: %s", path, strerror(errno));
		return -1;
	}
	while (!rc && getline(&buf, &cap, f) >= 0) {
		char glob[4096], tag[64], extra[2];
		line++;
		char *hash = strchr(buf, '#');
		if (hash)
			*hash = 0;
		int fields = sscanf(buf, "%4095s %63s %1s", glob, tag, extra);
		if (fields <= 0)
			continue;
		if (fields != 2) {
			sealctl_usage_error("check", "%s:%u: expected 'GLOB TAG'", path, line);
			rc = -1;
		} else if (!known(tag, tags)) {
			sealctl_usage_error("check", "%s:%u: unknown tag '%s'", path, line, tag);
			rc = -1;
		} else if (add(o, glob, tag, line)) {
			sealctl_usage_error("check", "%s: out of memory", path);
			rc = -1;
		}
	}
	free(buf);
	fclose(f);
	if (rc)
		overrides_free(o);
	return rc;
}

const struct override *overrides_match(struct overrides *o, const char *name, const char *tag)
{
	for (size_t i = 0; i < o->n; i++)
		if (!strcmp(o->v[i].tag, tag) && !fnmatch(o->v[i].glob, name, 0)) {
			o->v[i].used++;
			return &o->v[i];
		}
	return NULL;
}

void overrides_free(struct overrides *o)
{
	for (size_t i = 0; i < o->n; i++) {
		free(o->v[i].glob);
		free(o->v[i].tag);
	}
	free(o->v);
	o->v = NULL;
	o->n = 0;
}
