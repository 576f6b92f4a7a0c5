/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Who sealed an object.  Its note's state byte records what happened to
 * it in this process (include/sealing/note.h, SEALING_STATE_*), and only
 * the byte tells a loader's seal (glibc/ marks SEALING_STATE_LOADER) from
 * the runtime's: the kernel shows the same "sl" either way.  Read out of
 * the process through /proc/PID/mem, which takes the right to ptrace it,
 * as the link map does (ps-linkmap.c): the object's load address from the
 * link map, plus the note's target at link time (note_state_target),
 * which note-state.c has already checked lands in the object's writable
 * data.
 */
#include "ps.h"

#include "note-read.h"
#include "note-state.h"

#include <fcntl.h>
#include <stdint.h>
#include <unistd.h>

void ps_read_states(struct ps_process *ps)
{
	int fd = ps->links ? proc_openat(&ps->proc, "mem") : -1;

	if (fd < 0)
		return;
	for (size_t i = 0; i < ps->nobj; i++) {
		struct ps_object *o = &ps->obj[i];

		if (!o->read || !o->have_link_addr)
			continue;
		for (size_t k = 0; k < o->file.nnotes; k++) {
			const struct sealctl_note *n = &o->file.notes[k];
			const struct sealing_desc_view *v = &n->v;
			unsigned char b;

			if (!v->decoded || note_desc_damage(v) || !n->have_vaddr || !v->d.state)
				continue;
			uint64_t at = (o->link_addr + note_state_target(&o->file, n)) &
				      (o->file.elf64 ? UINT64_MAX : UINT32_MAX);
			if (at > (uint64_t)INT64_MAX || pread(fd, &b, 1, (off_t)at) != 1)
				continue;
			/* Every note of a module leads to its own byte; any says. */
			o->state_known = 1;
			o->state |= b;
		}
	}
	close(fd);
}
