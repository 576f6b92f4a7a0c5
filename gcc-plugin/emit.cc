// SPDX-License-Identifier: GPL-3.0-or-later
//
// The runtime goes in as top-level asm (what `asm("...")` at file scope
// makes), not as text written at PLUGIN_FINISH_UNIT, because top-level asm
// is streamed into LTO IR: an -flto build then carries the runtime to the
// link-time compilation whether or not the plugin is on the link line, so
// no LTO link can lose it.  carrier-glue/carried-asm.h explains the wrapping.
// Raw text also keeps %note as the note's section type; a VAR_DECL in a
// COMDAT would come out as %progbits.
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

// -fPIE (Debian's default) means an executable; -fPIC may mean a shared
// object, in which a linker refuses .preinit_array.  Under -flto the part
// is queued at compile time too, so it is the unit's own -fPIE.
bool unit_is_executable()
{
	return flag_pie != 0;
}

void queue(const std::string &s)
{
	symtab->finalize_toplevel_asm(build_string(int(s.size()), s.c_str()));
}

} // namespace

void sealing_emit_runtime(const sealing_options &o)
{
	queue(sealing_carried_unit(o.policy, SEALING_CARRIER_GCC_PLUGIN, o.flags,
				   unit_is_intel_syntax()));
}

// main as the executable's entry: a public definition named main, from
// C, C++ (extern "C" by rule) or a Fortran main program.
bool sealing_unit_defines_main()
{
	cgraph_node *n = cgraph_node::get_for_asmname(get_identifier("main"));
	return n && n->definition && TREE_PUBLIC(n->decl);
}

void sealing_emit_exe_part()
{
	queue(sealing_carried_exe_unit(unit_is_intel_syntax(), unit_is_executable()));
}
