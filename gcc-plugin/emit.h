// SPDX-License-Identifier: GPL-3.0-or-later
//
// Putting the runtime into the translation unit.
#ifndef SEALING_GCC_EMIT_H
#define SEALING_GCC_EMIT_H

struct sealing_options;

// Queue the runtime, with a note carrying OPTIONS, as top-level asm.
// Must run before the unit is finalized (PLUGIN_START_UNIT).
void sealing_emit_runtime(const sealing_options &options);

#endif
