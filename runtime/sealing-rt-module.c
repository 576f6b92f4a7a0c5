/* SPDX-License-Identifier: MIT */
/*
 * The module part: what a module needs to seal itself, the third
 * translation unit.  No carrier puts it in a module's image: the carriers
 * put it, as position-independent bytes with no relocation, in a section
 * of the core's COMDAT group that the loader does not map
 * (.sealing.module, runtime/module-part.cmake), and the core maps it
 * from the module's file when it must (rt-fetch.c).  The executable's
 * part's code is built the same way (sealing-rt-exe-part.c).
 *
 * Everything the code needs of the module comes in the call
 * (struct sealing_rt_call): its note, state byte, ELF header and
 * SEALING_MUTABLE pages.  It writes nothing but its stack and what call
 * points to.
 */
/* The executable's headers and r_debug, read once (struct rt_process):
 * a module sealing itself asks for them half a dozen times.  Only here,
 * outside every image: the core asks once, and the executable's part
 * would pay some 270 bytes in every executable for a few hundred
 * instructions in its pass. */
#define RT_CACHE_EXE 1

#include "rt.h"

#include "rt-module-part.h"

/* The entry, first in the section (runtime/module-part.ld). */
__attribute__((section(".text.sealing_module_entry"), used)) static int
rt_module_part_entry(const struct sealing_rt_call *call, const struct rt_process *core)
{
	return rt_module_run(call, core);
}
