/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "scan-internal.h"

#include <stdlib.h>
#include <string.h>

static int is_libc_start(const char *name)
{
	static const char want[] = "__libc_start_main";
	size_t n = sizeof(want) - 1;
	/* BFD may append the symbol version to a dynamic symbol's name. */
	return name && !strncmp(name, want, n) && (name[n] == 0 || name[n] == '@');
}

/* 1: a symbol table names __libc_start_main; 0: it has symbols, not that
 * one; -1: no symbols to tell. */
static int scan_symbols(bfd *abfd, int dynamic, int *found)
{
	long size = dynamic ? bfd_get_dynamic_symtab_upper_bound(abfd)
			    : bfd_get_symtab_upper_bound(abfd);
	if (size <= (long)sizeof(asymbol *))
		return -1;
	asymbol **syms = malloc((size_t)size);
	if (!syms)
		return -1;
	long n = dynamic ? bfd_canonicalize_dynamic_symtab(abfd, syms)
			 : bfd_canonicalize_symtab(abfd, syms);
	for (long i = 0; i < n; i++)
		if (is_libc_start(bfd_asymbol_name(syms[i])))
			*found = 1;
	free(syms);
	return n > 0 ? 0 : -1;
}

/* A part's head (the module part's, the executable's): its magic and
 * the note version. */
static int part_head(bfd *abfd, asection *s, const char *magic)
{
	unsigned char head[sizeof(SEALING_MODULE_MAGIC)];

	_Static_assert(sizeof(SEALING_MODULE_MAGIC) == sizeof(SEALING_EXE_MAGIC), "magics");

	if (sc_section_size(abfd, s) < sizeof(head) ||
	    !bfd_get_section_contents(abfd, s, head, 0, sizeof(head)))
		return -1;
	return !memcmp(head, magic, sizeof(head) - 1) &&
	       head[sizeof(head) - 1] == SEALING_NOTE_VERSION ? 1 : -1;
}

void sealctl_scan_traits(bfd *abfd, struct sealctl_object *o)
{
	int sections = 0, loaded = 0;

	for (asection *s = abfd->sections; s; s = s->next) {
		const char *name = sc_section_name(abfd, s);
		flagword f = sc_section_flags(abfd, s);
		sections++;
		if (name && !strcmp(name, SEALING_MODULE_SECTION) && o->module_part <= 0)
			o->module_part = part_head(abfd, s, SEALING_MODULE_MAGIC);
		if (name && !strcmp(name, SEALING_EXE_SECTION) && o->exe_part <= 0)
			o->exe_part = part_head(abfd, s, SEALING_EXE_MAGIC);
		if (name && !strcmp(name, ".note.ABI-tag"))
			o->abi_tag = 1;
		if (name && (!strcmp(name, ".go.buildinfo") || !strcmp(name, ".note.go.buildid")))
			o->go = 1;
		/* objcopy --only-keep-debug keeps the notes' bytes and makes
		 * every other allocated section NOBITS. */
		if ((f & SEC_ALLOC) && (f & SEC_HAS_CONTENTS) && !(name && !strncmp(name, ".note", 5)))
			loaded = 1;
	}
	o->debug_only = sections && !loaded && o->kind != SEALCTL_KIND_RELOCATABLE;

	/* Reading a symbol table costs; only an executable without libc's
	 * start files can need it. */
	o->libc_start = -1;
	if ((o->kind != SEALCTL_KIND_EXECUTABLE && o->kind != SEALCTL_KIND_PIE) || o->abi_tag)
		return;
	int found = 0;
	int s = scan_symbols(abfd, 0, &found);
	int d = o->dyn.present ? scan_symbols(abfd, 1, &found) : -1;
	o->libc_start = found ? 1 : (s == 0 || d == 0) ? 0 : -1;
}
