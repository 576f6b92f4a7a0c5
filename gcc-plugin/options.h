// SPDX-License-Identifier: GPL-3.0-or-later
//
// -fplugin-arg-sealing-KEY[=VALUE]: what the user asked for.
#ifndef SEALING_GCC_OPTIONS_H
#define SEALING_GCC_OPTIONS_H

struct plugin_name_args;

struct sealing_options {
	unsigned policy = 1;      // SEALING_POLICY_BEST
	unsigned flags = 0;       // SEALING_FLAG_*
	bool verbose = false;
};

// Parse every argument; report each bad one as a compile error naming its
// key.  Returns false if any was bad.
bool sealing_parse_options(const plugin_name_args *info, sealing_options *out);

// The text printed for -fplugin-arg-sealing-help.
extern const char sealing_help_text[];

#endif
