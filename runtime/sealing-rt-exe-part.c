/* SPDX-License-Identifier: MIT */
/*
 * The executable's part, its code: the fourth translation unit.  Like
 * the module part (sealing-rt-module.c) no carrier puts it in an image:
 * runtime/module-part.cmake makes it position-independent bytes with no
 * relocation in .sealing.exe, a section of the executable's COMDAT group
 * that the loader does not map, and the executable's entries in its image
 * map it from its file (rt-exe-entry.c).  Its writable state comes in the
 * call (struct rt_exe_call); it writes nothing else but its stack and the
 * process it seals.
 */
#include "rt-pass.h"

#include "rt-report.c"
#include "rt-process.c"
#include "rt-config.c"
#include "rt-object.c"
#include "rt-linkmap.c"
#include "rt-self.c"
#include "rt-startset.c"
#include "rt-exe-pass.c"
#include "rt-startup.c"
#include "rt-decide.c"
#include "rt-pin.c"
#include "rt-seal.c"
#include "rt-relro.c"
#include "rt-batch.c"
#include "rt-sweep.c"
#include "rt-scope.c"
#include "rt-claim.c"
#include "rt-exe.c"

/* The entry, first in the section (runtime/module-part.ld). */
__attribute__((section(".text.sealing_module_entry"), used)) static int
rt_exe_part_run(const struct rt_exe_call *x)
{
	return rt_exe_run(x);
}
