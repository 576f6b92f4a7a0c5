// SPDX-License-Identifier: MIT
//
// Registered at PipelineStart and at OptimizerLast, which every pipeline
// clang builds runs: -O0 to -O3/-Os/-Oz and the pre-link halves of -flto
// and -flto=thin.  An ordinary compile gets the precompiled assembly, at
// PipelineStart; an LTO one gets bitcode, of which the LTO link keeps one
// copy through symbol resolution (CarryForm.cpp says why), at
// OptimizerLast, so the pre-link optimiser never changes it.
#include "SealingPass.h"
#include "CarriedAsm.h"
#include "ModuleFilter.h"
#include "Options.h"
#include "RuntimeModule.h"

#include "sealing/note.h"

#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace sealing;

namespace {

void say(const Settings &S, const Module &M, const Twine &What) {
  if (S.Verbose)
    errs() << "sealing: " << M.getModuleIdentifier() << ": " << What << "\n";
}

bool linkInto(Module &M, std::unique_ptr<Module> R, Error Prepared) {
  LLVMContext &Ctx = M.getContext();
  if (Prepared) {
    Ctx.emitError("sealing: " + toString(std::move(Prepared)));
    return false;
  }
  if (Linker::linkModules(M, std::move(R))) {
    Ctx.emitError("sealing: linking the runtime into " +
                  M.getModuleIdentifier() + " failed");
    return false;
  }
  return true;
}

// The core, and in the module that defines main the executable's part.
bool linkBitcode(Module &M, std::unique_ptr<Module> R, const Settings &S,
                 bool FullLto) {
  Error E = prepareRuntime(*R, M, S, FullLto);
  if (!linkInto(M, std::move(R), std::move(E)))
    return false;
  if (!definesMain(M))
    return true;
  Expected<std::unique_ptr<Module>> X = loadExePart(M.getContext());
  if (!X) {
    M.getContext().emitError("sealing: cannot read the embedded executable part: " +
                             toString(X.takeError()));
    return false;
  }
  Error EX = prepareExePart(**X, M, FullLto);
  return linkInto(M, std::move(*X), std::move(EX));
}

} // namespace

PreservedAnalyses SealingPass::run(Module &M, ModuleAnalysisManager &) {
  const Settings S = currentSettings();
  LLVMContext &Ctx = M.getContext();
  if (!S.EnvError.empty()) {
    // Once per compile: PipelineStart runs first.
    if (At == Stage::PipelineStart)
      Ctx.emitError("sealing: " + S.EnvError);
    return PreservedAnalyses::all();
  }
  // The other registration does this module's form.
  FormChoice C = chooseForm(M, *Info, S);
  if ((At == Stage::PipelineStart && C.F != Form::Asm) ||
      (At == Stage::OptimizerLast && C.F == Form::Asm))
    return PreservedAnalyses::all();

  Decision D = classifyModule(M, S);
  if (D.V == Verdict::Unsupported && sealing_uninstrumentable_is_error(S.Policy)) {
    // Policy 2 promises a sealed module or a failure, never a quiet neither.
    Ctx.emitError("sealing: cannot instrument " + M.getModuleIdentifier() +
                  ": " + D.Why);
    return PreservedAnalyses::all();
  }
  if (D.V != Verdict::Instrument) {
    say(S, M, "left alone: " + D.Why);
    return PreservedAnalyses::all();
  }

  if (C.F == Form::Asm) {
    appendCarriedAsm(M, S);
  } else {
    // Only the bitcode forms read the bitcode: the assembly form has its
    // code as text, and reading even lazily cost every compile 3.5
    // million instructions.
    Expected<std::unique_ptr<Module>> R = loadRuntime(Ctx);
    if (!R) {
      Ctx.emitError("sealing: cannot read the embedded runtime bitcode: " +
                    toString(R.takeError()));
      return PreservedAnalyses::all();
    }
    if (!linkBitcode(M, std::move(*R), S, C.F == Form::BitcodeFullLto))
      return PreservedAnalyses::all();
    appendPolicyNote(M, S);
  }
  char Desc[160];
  say(S, M, Twine("instrumented, ") + C.Why + " (" +
                sealing_describe(Desc, sizeof Desc, S.Policy, S.Flags) + ")");
  return PreservedAnalyses::none();
}
