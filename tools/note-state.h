/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Where each sealing note's state offset points.  The runtime follows it
 * in other modules' notes, and writes through it (rt_note_state: the
 * executable's process pass reads each library's state byte, and a
 * library's walk marks the start-up modules), so a damaged offset means
 * a stray read or write in every process that loads the module.
 */
#ifndef SEALCTL_NOTE_STATE_H
#define SEALCTL_NOTE_STATE_H

#include "object.h"

/*
 * In a linked object (ET_EXEC, ET_DYN), the address of each decoded
 * note's state field plus the offset must land inside a PT_LOAD with
 * PF_W, within its p_memsz, and outside PT_GNU_RELRO (which the loader
 * makes read-only before any constructor writes the byte); an offset of
 * 0 (left for the static linker) is only valid in a relocatable object.  A note that breaks the rule
 * gets the reason in its v.damage.  Notes whose address is unknown (in
 * no allocated section and no PT_NOTE) are left alone.
 */
void note_check_states(struct sealctl_object *o);

/* The link-time address of note n's state byte (n decoded, have_vaddr):
 * add the load bias for where it is in a process. */
uint64_t note_state_target(const struct sealctl_object *o, const struct sealctl_note *n);

#endif
