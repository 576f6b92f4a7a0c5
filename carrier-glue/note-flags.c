/* SPDX-License-Identifier: MIT */
/*
 * note-flags [KEY=VALUE...]: prints the note's flags word for these
 * options on top of the defaults, from include/sealing/note.h, so the
 * build never spells a flag's bit itself (cmake/SealingNoteFlags.cmake).
 * note-flags --group prints the COMDAT group's name, for the tests;
 * --exe-group the executable's part's.
 */
#include "sealing/note.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	uint32_t flags = SEALING_FLAGS_DEFAULT;

	if (argc == 2 && !strcmp(argv[1], "--group")) {
		puts(SEALING_COMDAT_GROUP);
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "--exe-group")) {
		puts(SEALING_EXE_COMDAT_GROUP);
		return 0;
	}
	for (int i = 1; i < argc; i++) {
		char key[64];
		const char *eq = strchr(argv[i], '=');
		size_t n = eq ? (size_t)(eq - argv[i]) : strlen(argv[i]);
		if (n >= sizeof(key) || !eq) {
			fprintf(stderr, "note-flags: expected KEY=VALUE, got '%s'\n", argv[i]);
			return 2;
		}
		memcpy(key, argv[i], n);
		key[n] = 0;
		if (sealing_parse_flag_option(key, eq + 1, &flags) != 1) {
			fprintf(stderr, "note-flags: unknown option or value '%s'\n", argv[i]);
			return 2;
		}
	}
	printf("%u\n", (unsigned)flags);
	return 0;
}
