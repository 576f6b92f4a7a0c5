// SPDX-License-Identifier: MIT
#include "SealingCheckPass.h"
#include "CarriedAsm.h"
#include "RuntimeModule.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace {

bool ctorRegistered(const Module &M, const GlobalVariable *Note) {
  const GlobalVariable *List = M.getGlobalVariable("llvm.global_ctors");
  if (!List || !List->hasInitializer())
    return false;
  auto *Entries = dyn_cast<ConstantArray>(List->getInitializer());
  if (!Entries)
    return false;
  for (const Use &U : Entries->operands()) {
    auto *Entry = dyn_cast<ConstantStruct>(U.get());
    if (Entry && Entry->getNumOperands() >= 3 &&
        Entry->getOperand(2)->stripPointerCasts() == Note &&
        isa<Function>(Entry->getOperand(1)->stripPointerCasts()))
      return true;
  }
  return false;
}

} // namespace

PreservedAnalyses sealing::SealingCheckPass::run(Module &M,
                                                 ModuleAnalysisManager &) {
  // The assembly form is text the optimiser does not look into: its
  // constructor and .init_array slot are there as long as the text is.
  if (hasCarriedAsm(M))
    return PreservedAnalyses::all();
  const GlobalVariable *Note = M.getGlobalVariable(GroupName, /*AllowInternal=*/true);
  // No runtime here (skipped, or a losing copy LTO already dropped): nothing
  // to check.
  if (!Note || Note->isDeclarationForLinker())
    return PreservedAnalyses::all();
  if (!ctorRegistered(M, Note))
    M.getContext().emitError("sealing: " + M.getModuleIdentifier() +
                             ": the sealing constructor was dropped from "
                             "llvm.global_ctors during optimisation; the "
                             "module would load unsealed");
  return PreservedAnalyses::all();
}
