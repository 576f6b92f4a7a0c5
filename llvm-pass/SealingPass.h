// SPDX-License-Identifier: MIT
//
// The transformation: link the sealing runtime, its note and its
// constructor into a module, as one COMDAT group.
#ifndef SEALING_LLVM_SEALING_PASS_H
#define SEALING_LLVM_SEALING_PASS_H

#include "llvm/IR/PassManager.h"

namespace sealing {

class SealingPass : public llvm::PassInfoMixin<SealingPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  // Not an optimisation: -O0, optnone and opt-bisect must not skip it.
  static bool isRequired() { return true; }
};

} // namespace sealing

#endif
