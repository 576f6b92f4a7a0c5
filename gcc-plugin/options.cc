// SPDX-License-Identifier: GPL-3.0-or-later
//
// Argument parsing.  Every key is checked even after an error, so one
// compile reports all the mistakes on a command line.  A bad key is an
// error, not a warning: a distribution that mistypes "policy" in its
// CFLAGS must find out at once, not ship binaries with the default.
#include "gcc-includes.h"

#include "options.h"
#include "sealing/note.h"
#include "version.h"

#include <cstring>

const char sealing_help_text[] =
	"sealing: seal every module built with this plugin (mseal(2) at load time)\n"
	"  -fplugin-arg-sealing-policy=0|1|2   0 off, 1 best effort (default), 2 fatal on failure\n"
	"  -fplugin-arg-sealing-dlopen=pin|skip pin a dlopen'd module then seal it (default),\n"
	"                                      or leave it unsealed so dlclose can unmap it\n"
	"  -fplugin-arg-sealing-relro=anon|keep make RELRO anonymous before sealing (default),\n"
	"                                      or keep it file-backed\n"
	"  -fplugin-arg-sealing-verbose        say for each translation unit what was done\n"
	"  -fplugin-arg-sealing-help           this text\n"
	"  -fplugin-arg-sealing-version        the plugin's version and the GCC it was built for\n"
	"Run time: SEALING_POLICY=0|1|2 overrides the policy, SEALING_DEBUG=1 reports.\n";

namespace {

bool want_no_value(const plugin_argument &a)
{
	if (!a.value)
		return true;
	error("sealing: option %qs takes no value (got %qs)", a.key, a.value);
	return false;
}

// KEY=VALUE where VALUE picks one of two flag states.
bool parse_choice(const plugin_argument &a, const char *off, const char *on,
		  unsigned flag, unsigned *flags)
{
	if (a.value && !strcmp(a.value, off)) {
		*flags &= ~flag;
		return true;
	}
	if (a.value && !strcmp(a.value, on)) {
		*flags |= flag;
		return true;
	}
	error("sealing: option %qs must be %qs or %qs (got %qs)", a.key, off, on,
	      a.value ? a.value : "");
	return false;
}

bool parse_policy(const plugin_argument &a, unsigned *policy)
{
	const char *v = a.value;
	if (v && v[0] >= '0' && v[0] <= '2' && v[1] == '\0') {
		*policy = unsigned(v[0] - '0');
		return true;
	}
	error("sealing: option %qs must be 0, 1 or 2 (got %qs)", a.key, v ? v : "");
	return false;
}

} // namespace

bool sealing_parse_options(const plugin_name_args *info, sealing_options *out)
{
	bool ok = true;
	for (int i = 0; i < info->argc; i++) {
		const plugin_argument &a = info->argv[i];
		if (!strcmp(a.key, "policy")) {
			ok &= parse_policy(a, &out->policy);
		} else if (!strcmp(a.key, "dlopen")) {
			ok &= parse_choice(a, "pin", "skip", SEALING_FLAG_DLOPEN_SKIP,
					   &out->flags);
		} else if (!strcmp(a.key, "relro")) {
			ok &= parse_choice(a, "anon", "keep", SEALING_FLAG_RELRO_KEEP,
					   &out->flags);
		} else if (!strcmp(a.key, "verbose")) {
			ok &= want_no_value(a);
			out->verbose = true;
		} else if (!strcmp(a.key, "help")) {
			ok &= want_no_value(a);
			fputs(sealing_help_text, stderr);
		} else if (!strcmp(a.key, "version")) {
			ok &= want_no_value(a);
			fprintf(stderr, "%s\n", sealing_version_line());
		} else {
			error("sealing: unknown option %qs (known: policy, dlopen, relro, "
			      "verbose, help, version)", a.key);
			ok = false;
		}
	}
	return ok;
}
