// SPDX-License-Identifier: MIT
//
// Registration only: where the passes go in clang's pipelines, and the
// names opt's -passes= accepts.
#include "Compat.h"
#include "SealingCheckPass.h"
#include "SealingPass.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"

#include <memory>

using namespace llvm;

#ifndef SEALING_VERSION
#error "SEALING_VERSION must be defined by the build"
#endif

namespace {

void registerCallbacks(PassBuilder &PB) {
  // The runtime makes its syscalls in inline asm.  clang registers every
  // asm parser, but flang-new does not, and the object writer cannot emit
  // inline asm without one.  The runtime is host code, so the host's parser
  // is the one it needs; registering it twice is harmless.  The target's
  // MC layer tells which dialect module asm is parsed in (CarriedAsm.cpp).
  InitializeNativeTarget();
  InitializeNativeTargetAsmParser();
  // What the pass builder tells about the pipeline it builds.  Pipelines
  // are built whole before they run, so the pass added at PipelineStart
  // sees what OptimizerLast learnt (CarryForm.cpp).
  auto Info = std::make_shared<sealing::PipelineInfo>();
  // PipelineStart and OptimizerLast are extension points that every
  // pipeline clang builds runs once, -O0 and the LTO and ThinLTO pre-link
  // halves included: the assembly form goes in at the first, the bitcode
  // form at the second (SealingPass.h), and the guard checks the result.
  PB.registerPipelineStartEPCallback(
      [Info](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(sealing::SealingPass(Info, sealing::Stage::PipelineStart));
      });
  sealing::registerOptimizerLast(
      PB, [Info](ModulePassManager &MPM, sealing::LtoPhase Phase) {
        Info->Phase = Phase;
        MPM.addPass(sealing::SealingPass(Info, sealing::Stage::OptimizerLast));
        MPM.addPass(sealing::SealingCheckPass());
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "sealing") {
          MPM.addPass(sealing::SealingPass());
          return true;
        }
        if (Name == "sealing-check") {
          MPM.addPass(sealing::SealingCheckPass());
          return true;
        }
        return false;
      });
}

} // namespace

// The one symbol the plugin exports (the rest is hidden, see exports.map).
extern "C" LLVM_ATTRIBUTE_WEAK __attribute__((visibility("default")))
PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "sealing", SEALING_VERSION, registerCallbacks};
}
