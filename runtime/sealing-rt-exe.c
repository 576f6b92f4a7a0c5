/* SPDX-License-Identifier: MIT */
/*
 * The executable's part of the sealing runtime, the second translation
 * unit the carriers ship: the process pass.  Only the unit that defines
 * main carries it (and sealing-rt.o), in its own COMDAT group; a library
 * never pays for it.  Like sealing-rt.c it includes the parts it needs,
 * which the static linker keeps once per module whichever carriers
 * contributed: the same parts appear in both units, file-local to each.
 */
#include "rt.h"

/*
 * The NT_SEALING_PROCESS note, the group's signature symbol: the core
 * constructor finds the entry through it, libraries the state byte.
 * The LLVM pass builds the note as IR instead (SEALING_RT_NOTE_EXTERNAL).
 */
#ifndef SEALING_RT_NOTE_EXTERNAL
__asm__(".pushsection " SEALING_NOTE_SECTION ",\"aG\",%note," SEALING_EXE_COMDAT_GROUP ",comdat\n"
	"\t.balign 4\n"
	"\t.type __sealing_process_note, %object\n"
	"\t.weak " SEALING_EXE_COMDAT_GROUP "\n"
	"\t.hidden " SEALING_EXE_COMDAT_GROUP "\n"
	SEALING_EXE_COMDAT_GROUP ":\n"
	"__sealing_process_note:\n"
	"\t.long " SEALING_STR(SEALING_NOTE_NAMESZ) ", " SEALING_STR(SEALING_PROCESS_DESCSZ) ", " SEALING_STR(SEALING_PROCESS_NOTE_TYPE) "\n"
	"\t.asciz \"" SEALING_NOTE_NAME "\"\n"
	"\t.byte " SEALING_STR(SEALING_NOTE_VERSION) ", 0, 0, 0\n"
	"\t.long rt_exe_state - .\n"
	"\t.long rt_exe_entry - .\n"
	"\t.size __sealing_process_note, . - __sealing_process_note\n"
	"\t.popsection\n");
#endif

#include "rt-report.c"
#include "rt-process.c"
#include "rt-config.c"
#include "rt-object.c"
#include "rt-linkmap.c"
#include "rt-self.c"
#include "rt-startset.c"
#include "rt-exe-pass.c"
#include "rt-startup.c"
#include "rt-decide.c"
#include "rt-pin.c"
#include "rt-seal.c"
#include "rt-relro.c"
#include "rt-batch.c"
#include "rt-sweep.c"
#include "rt-scope.c"
#include "rt-claim.c"
#include "rt-exe.c"
