// SPDX-License-Identifier: MIT
//
// The embedded runtime, turned into what gets linked into each module.
#ifndef SEALING_LLVM_RUNTIME_MODULE_H
#define SEALING_LLVM_RUNTIME_MODULE_H

#include "sealing/note.h"

#include "llvm/Support/Error.h"

#include <memory>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace sealing {

struct Settings;

// The group signatures, and the names of the notes that key them.
constexpr const char *GroupName = SEALING_COMDAT_GROUP;
constexpr const char *ExeGroupName = SEALING_EXE_COMDAT_GROUP;

// Reads the embedded bitcode into Ctx, lazily: prepareRuntime loads the rest.
llvm::Expected<std::unique_ptr<llvm::Module>> loadRuntime(llvm::LLVMContext &Ctx);

// Gives the runtime its note, puts every runtime symbol into the one
// COMDAT group and makes it ready to be linked into Dest, a full-LTO
// module or not (the note's linkage differs, RuntimeModule.cpp).
llvm::Error prepareRuntime(llvm::Module &Runtime, const llvm::Module &Dest,
                           const Settings &S, bool FullLto);

// The executable's part (the process pass), for a module that defines
// main: its own group and NT_SEALING_PROCESS note.
llvm::Expected<std::unique_ptr<llvm::Module>> loadExePart(llvm::LLVMContext &Ctx);
llvm::Error prepareExePart(llvm::Module &ExePart, const llvm::Module &Dest, bool FullLto);

} // namespace sealing

#endif
