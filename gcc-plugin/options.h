// SPDX-License-Identifier: GPL-3.0-or-later
//
// -fplugin-arg-sealing-KEY[=VALUE]: what the user asked for.
#ifndef SEALING_GCC_OPTIONS_H
#define SEALING_GCC_OPTIONS_H

struct plugin_name_args;

#include "sealing/note.h"

#include <string>

struct sealing_options {
	unsigned policy = SEALING_POLICY_DEFAULT;
	uint32_t flags = SEALING_FLAGS_DEFAULT;
	bool verbose = false;
};

// Parse every argument; report each bad one as a compile error naming its
// key.  Returns false if any was bad.
bool sealing_parse_options(const plugin_name_args *info, sealing_options *out);

// The text printed for -fplugin-arg-sealing-help.
std::string sealing_help_text();

#endif
