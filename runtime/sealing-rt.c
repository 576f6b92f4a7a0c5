/* SPDX-License-Identifier: MIT */
/*
 * The sealing runtime: the one translation unit every carrier ships.
 *
 * It is built as a single TU (the parts below are #included, each with one
 * job) because the carriers need it as one unit: one block of assembly for
 * the GCC plugin and sealing-rt.o, one bitcode module for the LLVM pass,
 * in which everything is file-local and lives in one COMDAT group.
 *
 * Rules for code in this directory: C11; no reference to any libc symbol
 * (rt-process.c says why; glibc's headers supply types and constants),
 * no allocation, no stdio, no writable static data, syscalls through
 * rt-syscall.h, and every name file-local.
 */
#define _GNU_SOURCE 1

#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <link.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/auxv.h>
#include <sys/mman.h>

#include "sealing/note.h"
#include "rt-syscall.h"

/*
 * The note lives beside the code, in the same COMDAT group.  Its
 * descriptor takes three assembler symbols that whoever emits this unit
 * defines: .Lsealing_policy, .Lsealing_carrier and .Lsealing_flags.  The
 * LLVM pass builds the note as IR instead and defines SEALING_RT_NOTE_EXTERNAL.
 */
extern const struct sealing_note __sealing_note __attribute__((visibility("hidden")));

#ifndef SEALING_RT_NOTE_EXTERNAL
#define RT_STR2(x) #x
#define RT_STR(x) RT_STR2(x)
__asm__(".pushsection " SEALING_NOTE_SECTION ",\"aG\",%note," SEALING_COMDAT_GROUP ",comdat\n"
	"\t.balign 4\n"
	"\t.type __sealing_note, %object\n"
	"\t.size __sealing_note, 28\n"
	/* The group's one non-local symbol, weak and hidden: linkers and LTO
	 * resolve the group by this name (see llvm-pass/RuntimeModule.cpp). */
	"\t.weak " SEALING_COMDAT_GROUP "\n"
	"\t.hidden " SEALING_COMDAT_GROUP "\n"
	SEALING_COMDAT_GROUP ":\n"
	"__sealing_note:\n"
	"\t.long " RT_STR(SEALING_NOTE_NAMESZ) ", " RT_STR(SEALING_NOTE_DESCSZ) ", " RT_STR(SEALING_NOTE_TYPE) "\n"
	"\t.asciz \"" SEALING_NOTE_NAME "\"\n"
	"\t.byte " RT_STR(SEALING_NOTE_VERSION) ", .Lsealing_policy, .Lsealing_carrier, 0\n"
	"\t.long .Lsealing_flags\n"
	"\t.popsection\n");
#endif

#include "rt-report.c"
#include "rt-process.c"
#include "rt-linkmap.c"
#include "rt-module.c"
#include "rt-policy.c"
#include "rt-seal.c"
#include "rt-dlopen.c"
#include "rt-valgrind.c"
#include "rt-ctor.c"
