// SPDX-License-Identifier: GPL-3.0-or-later
//
// Which translation units get the runtime.
#ifndef SEALING_GCC_SCOPE_H
#define SEALING_GCC_SCOPE_H

// nullptr if this translation unit is to be instrumented, otherwise the
// reason it is left alone (for -fplugin-arg-sealing-verbose).
const char *sealing_skip_reason();

#endif
