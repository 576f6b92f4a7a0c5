/* SPDX-License-Identifier: MIT */
/*
 * Unit test of the start-up set (runtime/rt-startset.c): link maps given
 * as names, in order, each object as "name[:soname] needed..."; the test
 * says where the set must end, or that it cannot be told.  Prints one
 * line per map and "startset: N maps, K failures".
 */
#define _POSIX_C_SOURCE 200809L
#include "rt-startset.h"

#include <stdio.h>
#include <string.h>

struct map {
	const char *what;
	const char *objects[12]; /* "path soname|- needed..." */
	int prefix;              /* where the set ends; -1: unknown */
	unsigned cap;            /* table size; 0: 256 */
};

static const struct map maps[] = {
	{ "no preload", { " - libc.so.6", "[vdso]", "/lib/libc.so.6 libc.so.6 ld.so.2",
			   "/lib64/ld.so.2 ld.so.2" }, 4, 0 },
	{ "a dlopen after start-up", { " - libc.so.6", "[vdso]", "/lib/libc.so.6 libc.so.6 ld.so.2",
					"/lib64/ld.so.2 ld.so.2", "/opt/libx.so - libc.so.6" }, 4, 0 },
	/* The order that once ended the walk early: a preload the program
	 * needs, then one it does not. */
	{ "preloads, a needed one first", { " - libz.so.1 libc.so.6", "[vdso]",
		"/lib/libz.so.1 libz.so.1 libc.so.6", "/lib/libbz2.so.1.0 libbz2.so.1.0 libc.so.6",
		"/lib/libc.so.6 libc.so.6 ld.so.2", "/lib64/ld.so.2 ld.so.2",
		"/opt/late.so - libc.so.6" }, 6, 0 },
	{ "preloads, the other order", { " - libz.so.1 libc.so.6", "[vdso]",
		"/lib/libbz2.so.1.0 libbz2.so.1.0 libc.so.6", "/lib/libz.so.1 libz.so.1 libc.so.6",
		"/lib/libc.so.6 libc.so.6 ld.so.2", "/lib64/ld.so.2 ld.so.2" }, 6, 0 },
	{ "libc preloaded: ld.so lands mid-closure", { " - libc.so.6 libfoo.so", "[vdso]",
		"/lib/libc.so.6 libc.so.6 ld.so.2", "/lib/libfoo.so - libbar.so",
		"/lib64/ld.so.2 ld.so.2", "/lib/libbar.so - libc.so.6", "/opt/late.so" }, 6, 0 },
	{ "named by file name, no soname", { " - libfoo.so", "/x/libfoo.so - libc.so.6",
		"/lib/libc.so.6 libc.so.6" }, 3, 0 },
	{ "named by a path", { " - /opt/a/libfoo.so", "/opt/a/libfoo.so - libc.so.6",
		"/lib/libc.so.6 libc.so.6" }, 3, 0 },
	{ "names one character apart", { " - libfoo.so.1", "/lib/libfoo.so.2 libfoo.so.2",
		"/lib/libfoo.so.1 libfoo.so.1" }, 3, 0 },
	{ "a program that needs nothing", { " -", "[vdso]", "/preload/libp.so" }, 1, 0 },
	/* An LD_AUDIT module's la_objsearch may give a needed name an object
	 * by another name: no prefix closes, and nobody can tell. */
	{ "a need no object answers to", { " - libc.so.6 libgone.so.1", "[vdso]",
		"/lib/libc.so.6 libc.so.6 ld.so.2", "/lib64/ld.so.2 ld.so.2",
		"/audit/libother.so libother.so" }, -1, 0 },
	{ "more names than the table holds", { " - a b c d e f", "/a a", "/b b", "/c c",
		"/d d", "/e e", "/f f" }, -1, 8 },
};

static void feed(struct rt_startset *s, const char *object)
{
	char copy[256], *save = 0, *soname;
	const char *name;

	if (!strcmp(object, "[vdso]")) {
		rt_startset_next(s);
		return;
	}
	snprintf(copy, sizeof(copy), "%s", object);
	/* The executable's path is empty, as in glibc's link map. */
	name = copy[0] == ' ' ? "" : strtok_r(copy, " ", &save);
	soname = strtok_r(copy[0] == ' ' ? copy + 1 : 0, " ", &save);
	rt_startset_name(s, name, 0);
	if (soname && strcmp(soname, "-"))
		rt_startset_name(s, soname, 0);
	for (char *n; (n = strtok_r(0, " ", &save));)
		rt_startset_name(s, n, 1);
	rt_startset_next(s);
}

int main(void)
{
	int failures = 0;
	size_t n = sizeof(maps) / sizeof(maps[0]);

	for (size_t i = 0; i < n; i++) {
		const struct map *m = &maps[i];
		uint32_t tab[256] = { 0 };
		struct rt_startset s;
		unsigned count = 0;

		rt_startset_init(&s, tab, m->cap ? m->cap : 256);
		while (count < 12 && m->objects[count])
			feed(&s, m->objects[count++]);
		int got = s.phase == RT_WALK_CLOSED ? (int)s.prefix : -1;
		/* Every object's origin agrees with where the set ends. */
		for (unsigned k = 0; k < count; k++) {
			enum rt_origin o = rt_startset_origin(&s, k);
			enum rt_origin want = m->prefix < 0 ? RT_ORIGIN_UNKNOWN :
					      (int)k < m->prefix ? RT_ORIGIN_STARTUP : RT_ORIGIN_DLOPEN;
			if (o != want)
				got = -2;
		}
		printf("%s: %s: ends at %d\n", got == m->prefix ? "ok" : "FAIL", m->what, got);
		failures += got != m->prefix;
	}
	printf("startset: %zu maps, %d failures\n", n, failures);
	return failures != 0;
}
