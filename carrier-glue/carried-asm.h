// SPDX-License-Identifier: MIT
//
// The runtime as the GCC plugin carries it: the assembly that
// carrier-glue/CMakeLists.txt makes from runtime/sealing-rt.c and sealing-rt-exe.c
// (sealing-rt-carried.cc),
// wrapped to be pasted into any translation unit's assembly as top-level
// asm, which LTO hands on to the link-time compilation, so no LTO link can
// lose the runtime.  (The LLVM pass carries bitcode instead: lld ignores
// the COMDAT groups of LTO output objects, so asm copies would not be
// merged there.)
//
// - LTO concatenates the asm of every unit it merges, so the same labels
//   would be defined many times: the text is wrapped in .ifndef on a
//   marker it defines, so the assembler keeps the first copy of a file and
//   the linker's COMDAT rule the first of a module.  A policy the first
//   unit does not have survives in a note group of its own (below).
// - The compiler does not know the asm switches sections: .pushsection and
//   .popsection hand back the section they think they are in.
// - The text is AT&T syntax (GCC's default, in which the runtime was
//   compiled); a unit compiled with -masm=intel is switched back after.
#ifndef SEALING_CARRIED_ASM_H
#define SEALING_CARRIED_ASM_H

#include "sealing/note.h"

#include <string>

extern const char sealing_carried_asm[];
extern const char sealing_carried_exe_asm[];

/* One group's text, assembled once per file whatever LTO concatenated. */
inline std::string sealing_carried_group(const std::string &group, const std::string &prologue,
					 const char *text)
{
	std::string s = "\t.ifndef .L" + group + ".carried\n";
	s += "\t.set .L" + group + ".carried, 1\n";
	s += prologue;
	s += text;
	s += "\t.endif\n";
	return s;
}

/* Text wrapped to be pasted anywhere in a unit's assembly. */
inline std::string sealing_carried_wrap(const std::string &what, const std::string &body,
					bool host_is_intel)
{
	std::string s = "# sealing: " + what + ", carried by a compiler plugin\n"
			"\t.pushsection .text\n";
	if (host_is_intel)
		s += "\t.att_syntax prefix\n";
	s += body;
	if (host_is_intel)
		s += "\t.intel_syntax noprefix\n";
	s += "\t.popsection\n";
	return s;
}

/*
 * A note of POLICY and nothing else, in a group of its own,
 * SEALING_COMDAT_GROUP "_pN": what an opted-out unit (policy 0) carries
 * instead of the runtime.  The note keeps process scope and the loader
 * module away from the module (an object without a note they would
 * seal); with no constructor, no runtime byte lands in the module.  The
 * state byte is there because every reader checks that the note leads to
 * one; nothing ever writes it.  Nothing references the note, so the
 * section is marked SHF_GNU_RETAIN ("R") to survive --gc-sections.  Its
 * own signature keeps it from displacing the runtime's group in a module
 * whose other units are sealed: the strictest note applies
 * (docs/note-format.md, "Several notes in one module").
 */
inline std::string sealing_carried_note_group(unsigned policy, unsigned carrier, unsigned flags)
{
	const std::string g = SEALING_COMDAT_GROUP "_p" + std::to_string(policy);
	return sealing_carried_group(
		g,
		"\t.pushsection " SEALING_NOTE_SECTION ",\"aGR\",%note," + g + ",comdat\n"
		"\t.balign 4\n"
		".L" + g + ".note:\n"
		"\t.long " + std::to_string(SEALING_NOTE_NAMESZ) + ", " +
			std::to_string(SEALING_NOTE_DESCSZ) + ", " +
			std::to_string(SEALING_NOTE_TYPE) + "\n"
		"\t.asciz \"" SEALING_NOTE_NAME "\"\n"
		"\t.byte " + std::to_string(SEALING_NOTE_VERSION) + ", " + std::to_string(policy) +
			", " + std::to_string(carrier) + ", 0\n"
		"\t.long " + std::to_string(flags) + "\n"
		"\t.long .L" + g + ".state - .\n"
		"\t.long " + std::to_string(SEALING_RUNTIME_VERSION) + "\n"
		"\t.popsection\n"
		"\t.pushsection .bss." + g + ",\"awG\",%nobits," + g + ",comdat\n"
		".L" + g + ".state:\n"
		"\t.zero 1\n"
		"\t.popsection\n",
		"");
}

/*
 * The core, which every instrumented unit carries; at policy 0 the note
 * alone.  A unit above the default policy also carries its note in a
 * group of its own: the core's group keeps the first unit's note, and
 * this one keeps the stricter policy in the module whatever the order of
 * the link line (the runtime and every reader apply the strictest note).
 */
inline std::string sealing_carried_unit(unsigned policy, unsigned carrier,
					unsigned flags, bool host_is_intel)
{
	if (policy == SEALING_POLICY_OFF)
		return sealing_carried_wrap("an opted-out module's note",
					    sealing_carried_note_group(policy, carrier, flags),
					    host_is_intel);
	return sealing_carried_wrap(
		"the runtime",
		sealing_carried_group(SEALING_COMDAT_GROUP,
				      "\t.set .Lsealing_policy, " + std::to_string(policy) + "\n" +
				      "\t.set .Lsealing_carrier, " + std::to_string(carrier) + "\n" +
				      "\t.set .Lsealing_flags, " + std::to_string(flags) + "\n",
				      sealing_carried_asm) +
			(policy > SEALING_POLICY_DEFAULT ?
				 sealing_carried_note_group(policy, carrier, flags) : ""),
		host_is_intel);
}

/*
 * The executable's .preinit_array slot for rt_exe_claim
 * (runtime/rt-exe-entry.c), in the part's group, so that it goes wherever
 * the part goes.  Only for a unit known to be linked into an executable:
 * a linker refuses .preinit_array in a shared object, and the unit
 * defining main may be linked into one (a library's main, an object set
 * shared by a program and a library), which is why the part itself has no
 * slot.
 */
inline std::string sealing_carried_preinit()
{
	const std::string g = SEALING_EXE_COMDAT_GROUP;
	return sealing_carried_group(
		g + ".preinit",
		"\t.pushsection .preinit_array,\"awG\",%preinit_array," + g + ",comdat\n"
		"\t.balign 8\n"
		"\t.8byte " + g + ".rt_exe_claim\n"
		"\t.popsection\n",
		"");
}

/*
 * The executable's part, which only the unit defining main carries; with
 * its .preinit_array slot when the carrier knows the unit goes into an
 * executable (compiled -fPIE).
 */
inline std::string sealing_carried_exe_unit(bool host_is_intel, bool executable)
{
	return sealing_carried_wrap(
		"the executable's part of the runtime",
		sealing_carried_group(SEALING_EXE_COMDAT_GROUP, "", sealing_carried_exe_asm) +
			(executable ? sealing_carried_preinit() : ""),
		host_is_intel);
}

#endif
