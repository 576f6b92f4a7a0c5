// SPDX-License-Identifier: MIT
// An LD_PRELOAD library that does what the patched loader (glibc/) does to
// the executable it sealed: SEALING_STATE_LOADER in the state byte its
// note points to.  Its constructor runs after .preinit_array and before
// the executable's, so the executable's runtime meets the mark as it
// would under that loader (tests/gcc-plugin/exe-part.test).  It seals
// nothing itself.
#define _GNU_SOURCE
#include <link.h>
#include <stdint.h>
#include <string.h>

#include "sealing/note.h"

static int mark(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	(void)data;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_NOTE)
			continue;
		const char *p = (const char *)(info->dlpi_addr + ph->p_vaddr), *end = p + ph->p_memsz;
		while (p + sizeof(ElfW(Nhdr)) <= end) {
			const ElfW(Nhdr) *n = (const ElfW(Nhdr) *)p;
			const char *name = p + sizeof(*n);
			const char *desc = name + ((n->n_namesz + 3) & ~3u);
			if (n->n_type == SEALING_NOTE_TYPE && n->n_namesz == SEALING_NOTE_NAMESZ &&
			    !memcmp(name, SEALING_NOTE_NAME, SEALING_NOTE_NAMESZ)) {
				const struct sealing_note_desc *d = (const void *)desc;
				volatile unsigned char *state =
					(volatile unsigned char *)((uintptr_t)&d->state + (intptr_t)d->state);
				*state |= SEALING_STATE_LOADER;
			}
			p = desc + ((n->n_descsz + 3) & ~3u);
		}
	}
	return 1; /* the executable only: it comes first */
}

__attribute__((constructor)) static void mark_executable(void)
{
	dl_iterate_phdr(mark, 0);
}
