// SPDX-License-Identifier: GPL-3.0-or-later
//
// Which compilers may load this plugin.
#ifndef SEALING_GCC_VERSION_H
#define SEALING_GCC_VERSION_H

struct plugin_gcc_version;

// True if the loading compiler has the same major version and target as
// the one the plugin was built against; otherwise reports why and how to
// fix it, and returns false.
bool sealing_version_ok(const plugin_gcc_version *running);

// "sealing GCC plugin X (runtime ..., built for GCC N, TARGET)".
const char *sealing_version_line();

#endif
