// SPDX-License-Identifier: MIT
//
// The transformation: give a module the sealing runtime, its note and its
// constructor, as one COMDAT group, in the form CarryForm.h chooses.
#ifndef SEALING_LLVM_SEALING_PASS_H
#define SEALING_LLVM_SEALING_PASS_H

#include "CarryForm.h"

#include "llvm/IR/PassManager.h"

#include <memory>

namespace sealing {

// Where in the pipeline the pass runs.  The assembly form goes in at the
// start (the optimiser never looks into module asm); the bitcode form at
// OptimizerLast, after the pre-link optimiser, so that only the LTO link
// optimises and compiles the runtime, at its own level, whatever -O the
// unit had.  opt's -passes=sealing does whichever the module needs.
enum class Stage { PipelineStart, OptimizerLast, Any };

class SealingPass : public llvm::PassInfoMixin<SealingPass> {
public:
  // Info is what the pass builder said about the pipeline; opt's
  // -passes=sealing has none.
  explicit SealingPass(std::shared_ptr<const PipelineInfo> Info =
                           std::make_shared<PipelineInfo>(),
                       Stage At = Stage::Any)
      : Info(std::move(Info)), At(At) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  // Not an optimisation: -O0, optnone and opt-bisect must not skip it.
  static bool isRequired() { return true; }

private:
  std::shared_ptr<const PipelineInfo> Info;
  Stage At;
};

} // namespace sealing

#endif
