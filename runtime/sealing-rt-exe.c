/* SPDX-License-Identifier: MIT */
/*
 * The executable's part of the sealing runtime, the second translation
 * unit the carriers ship: the process pass.  Only the unit that defines
 * main carries it (and sealing-rt.o), in its own COMDAT group; a library
 * never pays for it.  What goes into the image is its note, its state and
 * its entries (rt-exe-entry.c), which map its code from the file
 * (sealing-rt-exe-part.c, in .sealing.exe), or, where there is no such
 * section (SEALING_RT_MODULE_INLINE), link it in.  Like sealing-rt.c it
 * includes the parts it needs, which the static linker keeps once per
 * module whichever carriers contributed: the same parts appear in both
 * units, file-local to each.
 */
#include "rt.h"

/*
 * The NT_SEALING_PROCESS note, the group's signature symbol: the core
 * constructor finds the entry through it, libraries the state byte.
 * The LLVM pass builds the note as IR instead (SEALING_RT_NOTE_EXTERNAL).
 */
/* The note's flags, spelt for the assembler. */
#ifdef SEALING_RT_MODULE_INLINE
#define RT_EXE_NOTE_FLAGS 0
#else
#define RT_EXE_NOTE_FLAGS 1
_Static_assert(RT_EXE_NOTE_FLAGS == SEALING_PROCESS_FLAG_CODE_IN_FILE, "the note's flags");
#endif
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
	"\t.byte " SEALING_STR(SEALING_NOTE_VERSION) ", " SEALING_STR(RT_EXE_NOTE_FLAGS) ", 0, 0\n"
	"\t.long rt_exe_state - .\n"
	"\t.long rt_exe_entry - .\n"
	"\t.size __sealing_process_note, . - __sealing_process_note\n"
	"\t.popsection\n");
#endif

#ifdef SEALING_RT_MODULE_INLINE
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
#else
/* Only what finds the part's code in the file, and maps it. */
#pragma GCC diagnostic ignored "-Wunused-function"
#include "sealing-rt-exe-part.h" /* runtime/module-part.cmake */
#include "sealing-rt-module-part.h"
/* rt_fetch_find knows a block by its size. */
_Static_assert(SEALING_RT_EXE_PART_SIZE != SEALING_RT_MODULE_PART_SIZE,
	       "the two parts in the file must differ in size");
#define RT_BLOCK_SIZE SEALING_RT_EXE_PART_SIZE
#define RT_BLOCK_MAGIC SEALING_RT_EXE_PART_MAGIC
#define RT_BLOCK_DIGEST SEALING_RT_EXE_PART_DIGEST
#define RT_BLOCK_ENTRY SEALING_RT_EXE_PART_ENTRY
#include "rt-process.c"
#include "rt-config.c"
#include "rt-object.c"
#include "rt-linkmap.c"
#include "rt-fetch.c"
#endif
#include "rt-exe-entry.c"
