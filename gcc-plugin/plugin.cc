// SPDX-License-Identifier: GPL-3.0-or-later
//
// sealing.so: the GCC plugin's entry point.  It only wires things up: the
// version check, the options, and one callback that adds the runtime to
// each translation unit that should have it.
#include "gcc-includes.h"

#include "emit.h"
#include "options.h"
#include "scope.h"
#include "version.h"

SEALING_PLUGIN_EXPORT int plugin_is_GPL_compatible;

namespace {

sealing_options options;
bool instrumented; // this unit got the runtime's core

// PLUGIN_START_UNIT, not FINISH_UNIT: the runtime must be in the symbol
// table before the unit is finalized to be streamed into LTO IR, and this
// is the point at which adding to the symbol table is known to be safe,
// with or without -flto.
void start_unit(void *, void *)
{
	sealing_unit_verdict v = sealing_unit_verdict_now();
	if (v.why && v.uninstrumentable &&
	    sealing_uninstrumentable_is_error(options.policy)) {
		// Policy 2 promises a sealed module or a failure, never neither.
		error("sealing: cannot instrument %s under policy 2: %s",
		      main_input_filename, v.why);
		return;
	}
	if (v.why) {
		if (options.verbose)
			inform(UNKNOWN_LOCATION, "sealing: %s: not instrumented: %s",
			       main_input_filename, v.why);
		return;
	}
	sealing_emit_runtime(options);
	// An opted-out unit carries its note alone: no core, so no
	// executable's part either.
	instrumented = options.policy != SEALING_POLICY_OFF;
	char desc[160];
	if (options.verbose)
		inform(UNKNOWN_LOCATION, "sealing: %s: %s (%s)", main_input_filename,
		       instrumented ? "runtime added" : "opted out: a policy-0 note, no runtime",
		       sealing_describe(desc, sizeof desc, options.policy, options.flags));
}

// The executable's part goes only into the unit that defines main, so the
// other units of a program, and every unit of a library, carry the core
// alone.  An executable whose main the plugin never saw (assembly, a unit
// built without it) still gets the core, which seals it in module scope
// and says so; sealctl check --strict reports it.
void ipa_start(void *, void *)
{
	if (!instrumented || !sealing_unit_defines_main())
		return;
	sealing_emit_exe_part();
	if (options.verbose)
		inform(UNKNOWN_LOCATION, "sealing: %s: defines main: the process pass added",
		       main_input_filename);
}

plugin_info info_text = {
	SEALING_VERSION,
	"-fplugin-arg-sealing-help lists the options",
};

} // namespace

SEALING_PLUGIN_EXPORT int plugin_init(plugin_name_args *info, plugin_gcc_version *version)
{
	// A refusal is one error line that names both versions and the fix;
	// returning non-zero would add GCC's generic "fail to initialize
	// plugin" under it, so leave the way a failed compile does.
	if (!sealing_version_ok(version))
		exit(FATAL_EXIT_CODE);
	register_callback(info->base_name, PLUGIN_INFO, nullptr, &info_text);
	// A bad option has been reported as an error, which fails the
	// compile; nothing is registered so the unit is not half-done.
	if (!sealing_parse_options(info, &options))
		return 0;
	register_callback(info->base_name, PLUGIN_START_UNIT, start_unit, nullptr);
	register_callback(info->base_name, PLUGIN_ALL_IPA_PASSES_START, ipa_start, nullptr);
	return 0;
}
