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

// The group signature, and the name of the note that keys it.
constexpr const char *GroupName = SEALING_COMDAT_GROUP;

// Reads the embedded bitcode into Ctx, lazily: prepareRuntime loads the rest.
llvm::Expected<std::unique_ptr<llvm::Module>> loadRuntime(llvm::LLVMContext &Ctx);

// Gives the runtime its note, puts every runtime symbol into the one
// COMDAT group and makes it ready to be linked into Dest, a full-LTO
// module or not (the note's linkage differs, RuntimeModule.cpp).
llvm::Error prepareRuntime(llvm::Module &Runtime, const llvm::Module &Dest,
                           const Settings &S, bool FullLto);

} // namespace sealing

#endif
