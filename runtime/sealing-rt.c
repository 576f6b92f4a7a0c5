/* SPDX-License-Identifier: MIT */
/*
 * The sealing runtime's core: the translation unit every carrier puts in
 * every module (sealing-rt-exe.c is the executable's part, which only the
 * unit defining main adds).
 *
 * The carriers need it as one unit: one block of assembly for the GCC
 * plugin and sealing-rt.o, one bitcode module for the LLVM pass, in which
 * everything is file-local and lives in one COMDAT group.  So this file
 * includes the parts, each of which has one job and also compiles on its
 * own (rt.h).
 */
#include "rt.h"

/*
 * The note lives beside the code, in the same COMDAT group.  Its
 * descriptor takes three assembler symbols that whoever emits this unit
 * defines: .Lsealing_policy, .Lsealing_carrier and .Lsealing_flags; the
 * state field is the link-time distance to the module's state byte.  The
 * LLVM pass builds the note as IR instead and defines
 * SEALING_RT_NOTE_EXTERNAL.
 */
#ifndef SEALING_RT_NOTE_EXTERNAL
__asm__(".pushsection " SEALING_NOTE_SECTION ",\"aG\",%note," SEALING_COMDAT_GROUP ",comdat\n"
	"\t.balign 4\n"
	"\t.type __sealing_note, %object\n"
	/* The group's one non-local symbol, weak and hidden: linkers and LTO
	 * resolve the group by this name (see llvm-pass/RuntimeModule.cpp). */
	"\t.weak " SEALING_COMDAT_GROUP "\n"
	"\t.hidden " SEALING_COMDAT_GROUP "\n"
	SEALING_COMDAT_GROUP ":\n"
	"__sealing_note:\n"
	"\t.long " SEALING_STR(SEALING_NOTE_NAMESZ) ", " SEALING_STR(SEALING_NOTE_DESCSZ) ", " SEALING_STR(SEALING_NOTE_TYPE) "\n"
	"\t.asciz \"" SEALING_NOTE_NAME "\"\n"
	"\t.byte " SEALING_STR(SEALING_NOTE_VERSION) ", .Lsealing_policy, .Lsealing_carrier, 0\n"
	"\t.long .Lsealing_flags\n"
	"\t.long rt_state - .\n"
	"\t.long " SEALING_STR(SEALING_RUNTIME_VERSION) "\n"
	"\t.size __sealing_note, . - __sealing_note\n"
	"\t.popsection\n");
#endif

/* The core defines only some of what rt.h declares. */
#pragma GCC diagnostic ignored "-Wunused-function"

#ifdef SEALING_RT_MODULE_INLINE
/* The module part linked in whole (the LLVM pass's bitcode form). */
#include "rt-module-part.h"
#else
/* The module part lives in the module's file (sealing-rt-module.c): the
 * core needs what finds that file. */
#include "rt-process.c"
#include "rt-config.c"
#include "rt-object.c"
#include "rt-linkmap.c"
#include "rt-fetch.c"
#endif
#include "rt-ctor.c"
