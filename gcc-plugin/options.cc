// SPDX-License-Identifier: GPL-3.0-or-later
//
// Argument parsing.  Every key is checked even after an error, so one
// compile reports all the mistakes on a command line.  A bad key is an
// error, not a warning: a distribution that mistypes "policy" in its
// CFLAGS must find out at once, not ship binaries with the default.
// The flag options, their values and help come from include/sealing/note.h.
#include "gcc-includes.h"

#include "options.h"
#include "version.h"

#include "sealing/build-policy.h"

#include <cstdlib>
#include <cstring>

namespace {

bool want_no_value(const plugin_argument &a)
{
	if (!a.value)
		return true;
	error("sealing: option %qs takes no value (got %qs)", a.key, a.value);
	return false;
}

bool parse_flag(const plugin_argument &a, uint32_t *flags)
{
	const sealing_flag_option *o = sealing_find_flag_option(a.key);
	if (sealing_parse_flag_option(a.key, a.value, flags) == 1)
		return true;
	error("sealing: option %qs must be %qs or %qs (got %qs)", a.key,
	      o->clear_value, o->set_value, a.value ? a.value : "");
	return false;
}

bool parse_policy(const plugin_argument &a, unsigned *policy)
{
	if (sealing_parse_policy(a.value, policy))
		return true;
	error("sealing: option %qs must be 0, 1 or 2 (got %qs)", a.key,
	      a.value ? a.value : "");
	return false;
}

// The package's word through the environment, which wins over the flags
// (include/sealing/build-policy.h says why).
bool apply_environment(sealing_options *out)
{
	const char *which = nullptr, *bad = nullptr, *bad_end = nullptr;
	unsigned policy;
	switch (sealing_env_build_policy(getenv(SEALING_BUILD_POLICY_ENV),
					 getenv(SEALING_DEB_OPTIONS_ENV), &policy, &which,
					 &bad, &bad_end)) {
	case SEALING_ENV_POLICY:
		out->policy = policy;
		return true;
	case SEALING_ENV_BAD:
		error(which == std::string(SEALING_BUILD_POLICY_ENV) ?
			      "sealing: %s must be 0, 1 or 2 (got %qs)" :
			      "sealing: %s: sealing= must be policy0, policy1 or policy2 (got %qs)",
		      which, std::string(bad, bad_end).c_str());
		return false;
	default:
		return true;
	}
}

std::string known_keys()
{
	std::string s = "policy";
	for (const sealing_flag_option &o : sealing_flag_options)
		s += std::string(", ") + o.key;
	return s + ", verbose, help, version";
}

} // namespace

std::string sealing_help_text()
{
	std::string s =
		"sealing: seal every module built with this plugin (mseal(2) at load time)\n"
		"  -fplugin-arg-sealing-policy=0|1|2   0 off, 1 best effort (default), 2 fatal on failure\n";
	for (const sealing_flag_option &o : sealing_flag_options) {
		std::string opt = std::string("  -fplugin-arg-sealing-") + o.key + "=" +
				  o.clear_value + "|" + o.set_value;
		opt.resize(opt.size() < 38 ? 38 : opt.size() + 1, ' ');
		s += opt + o.help + " (default: " +
		     (o.set_by_default ? o.set_value : o.clear_value) + ")\n";
	}
	s += "  -fplugin-arg-sealing-verbose        say for each translation unit what was done\n"
	     "  -fplugin-arg-sealing-help           this text\n"
	     "  -fplugin-arg-sealing-version        the plugin's version and the GCC it was built for\n"
	     "Build time: SEALING_BUILD_POLICY=0|1|2, or DEB_BUILD_MAINT_OPTIONS with\n"
	     "  hardening=-sealing or sealing=policyN, overrides the policy option.\n"
	     "Run time: SEALING_POLICY=0|1|2 overrides the policy, SEALING_DEBUG=1 reports.\n";
	return s;
}

bool sealing_parse_options(const plugin_name_args *info, sealing_options *out)
{
	bool ok = true;
	for (int i = 0; i < info->argc; i++) {
		const plugin_argument &a = info->argv[i];
		if (!strcmp(a.key, "policy")) {
			ok &= parse_policy(a, &out->policy);
		} else if (sealing_find_flag_option(a.key)) {
			ok &= parse_flag(a, &out->flags);
		} else if (!strcmp(a.key, "verbose")) {
			ok &= want_no_value(a);
			out->verbose = true;
		} else if (!strcmp(a.key, "help")) {
			ok &= want_no_value(a);
			fputs(sealing_help_text().c_str(), stderr);
		} else if (!strcmp(a.key, "version")) {
			ok &= want_no_value(a);
			fprintf(stderr, "%s\n", sealing_version_line());
		} else {
			error("sealing: unknown option %qs (known: %s)", a.key,
			      known_keys().c_str());
			ok = false;
		}
	}
	return apply_environment(out) && ok;
}
