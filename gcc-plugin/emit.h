// SPDX-License-Identifier: GPL-3.0-or-later
//
// Putting the runtime into the translation unit.
#ifndef SEALING_GCC_EMIT_H
#define SEALING_GCC_EMIT_H

struct sealing_options;

// Queue the runtime's core, with a note carrying OPTIONS, as top-level
// asm.  Must run before the unit is finalized (PLUGIN_START_UNIT).
void sealing_emit_runtime(const sealing_options &options);

// Does this unit define main?  Only once its functions are in the symbol
// table (PLUGIN_ALL_IPA_PASSES_START).
bool sealing_unit_defines_main();

// Queue the executable's part of the runtime (the process pass), for the
// unit that defines main: top-level asm, still streamed into LTO IR when
// queued from PLUGIN_ALL_IPA_PASSES_START.  With its .preinit_array slot
// when the unit is compiled -fPIE.
void sealing_emit_exe_part();

#endif
