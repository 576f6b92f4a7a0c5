// SPDX-License-Identifier: MIT
//
// The runtime as module-level inline assembly: the very text the GCC
// plugin pastes into every unit (carrier-glue/carried-asm.h), so objects from
// either compiler carry byte-identical runtimes and clang code-generates
// nothing of it.
#ifndef SEALING_LLVM_CARRIED_ASM_H
#define SEALING_LLVM_CARRIED_ASM_H

namespace llvm {
class Module;
}

namespace sealing {

struct Settings;

// Appends the carried runtime, with this compile's policy and flags, to
// the module's inline assembly; and its executable's part when the module
// defines main.
void appendCarriedAsm(llvm::Module &M, const Settings &S);

// Appends, above the default policy, the note that keeps this compile's
// stricter policy in a module whose units disagree: for the bitcode form,
// whose own note LTO may replace by another unit's (the assembly form
// carries it already).
void appendPolicyNote(llvm::Module &M, const Settings &S);

// Does the module define main (and so get the executable's part)?
bool definesMain(const llvm::Module &M);

// Is the module compiled for an executable (-fPIE)?  Then the executable's
// part also gets its .preinit_array slot.
bool isExecutable(const llvm::Module &M);

// Does the module's inline assembly already carry the runtime?
bool hasCarriedAsm(const llvm::Module &M);

} // namespace sealing

#endif
