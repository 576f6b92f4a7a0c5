// SPDX-License-Identifier: MIT
//
// A guard at the end of the optimisation pipeline: a module that got the
// runtime must still have its constructor registered, or it would load
// unsealed without anyone noticing.
#ifndef SEALING_LLVM_SEALING_CHECK_PASS_H
#define SEALING_LLVM_SEALING_CHECK_PASS_H

#include "llvm/IR/PassManager.h"

namespace sealing {

class SealingCheckPass : public llvm::PassInfoMixin<SealingCheckPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace sealing

#endif
