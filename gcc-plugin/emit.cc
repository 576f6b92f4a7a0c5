// SPDX-License-Identifier: GPL-3.0-or-later
//
// The runtime goes in as top-level asm (what `asm("...")` at file scope
// makes), not as text written at PLUGIN_FINISH_UNIT, because top-level asm
// is streamed into LTO IR: an -flto build then carries the runtime to the
// link-time compilation whether or not the plugin is on the link line, so
// no LTO link can lose it.
//
// The cost of that route, and the answers here:
// - LTRANS concatenates the top-level asm of every unit into one file, so
//   the same labels would be defined many times.  The text is wrapped in
//   .ifndef on a marker it defines: the assembler keeps the first copy of
//   a file and skips the rest; the linker's COMDAT rule keeps the first of
//   a module.  Either way the first instrumented unit decides the policy.
// - GCC does not know the asm switches sections; .pushsection/.popsection
//   hand back the section GCC thinks it is in.
// - The text is AT&T syntax (GCC's default dialect, which the runtime was
//   compiled in); a unit compiled with -masm=intel is switched back after.
// - Raw text keeps %note as the note's section type; a VAR_DECL in a
//   COMDAT would come out as %progbits.
#include "gcc-includes.h"

#include "carried-asm.h"
#include "emit.h"
#include "sealing/note.h"
#include "options.h"

#include <string>

namespace {

bool unit_is_intel_syntax()
{
#ifdef SEALING_TARGET_X86_64
	return ix86_asm_dialect == ASM_INTEL;
#else
	return false;
#endif
}

} // namespace

void sealing_emit_runtime(const sealing_options &o)
{
	bool intel = unit_is_intel_syntax();
	std::string s;

	s += "# sealing: runtime added by the GCC plugin\n";
	s += "\t.pushsection .text\n";
	if (intel)
		s += "\t.att_syntax prefix\n";
	s += "\t.ifndef .L" SEALING_COMDAT_GROUP ".carried\n";
	s += "\t.set .L" SEALING_COMDAT_GROUP ".carried, 1\n";
	s += "\t.set .Lsealing_policy, " + std::to_string(o.policy) + "\n";
	s += "\t.set .Lsealing_carrier, " +
	     std::to_string(unsigned(SEALING_CARRIER_GCC_PLUGIN)) + "\n";
	s += "\t.set .Lsealing_flags, " + std::to_string(o.flags) + "\n";
	s += sealing_carried_asm;
	s += "\t.endif\n";
	if (intel)
		s += "\t.intel_syntax noprefix\n";
	s += "\t.popsection\n";
	symtab->finalize_toplevel_asm(build_string(int(s.size()), s.c_str()));
}
