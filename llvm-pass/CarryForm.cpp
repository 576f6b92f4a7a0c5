// SPDX-License-Identifier: MIT
//
// Is this compile an LTO pre-link one?  The pass runs at PipelineStart,
// which the pre-link pipelines of -flto and -flto=thin share with the
// ordinary ones, so the answer comes from two other places:
//
//  - the module flags clang's back end adds when it is about to write LTO
//    bitcode.  clang (14 to 22, BackendUtil.cpp) builds the whole pass
//    pipeline, then, for -flto=thin, adds "EnableSplitLTOUnit" and queues
//    ThinLTOBitcodeWriterPass, and for -flto adds "ThinLTO" = 0 and
//    "EnableSplitLTOUnit" and queues BitcodeWriterPass with a summary, and
//    only then runs the pipeline: so the flags are there when this pass
//    runs, although no front end has emitted them yet.  -funified-lto
//    (clang 17 and later) sets "UnifiedLTO" in the front end.  An ordinary
//    compile, -emit-llvm without -flto included, has none of them;
//  - from LLVM 20, the ThinOrFullLTOPhase the pass builder passes to the
//    OptimizerLast callback (Plugin.cpp), which covers front ends that do
//    not add the flags and `opt -passes=lto-pre-link<O2>`.
//
// Either one is enough for bitcode.  A wrong "bitcode" costs compile time
// only; a wrong "asm" could leave two runtimes in an lld LTO link, so
// only the absence of every sign gives the assembly.
#include "CarryForm.h"
#include "Options.h"

#include "sealing/note.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"

using namespace llvm;

sealing::FormChoice sealing::chooseForm(const Module &M, const PipelineInfo &P,
                                        const Settings &S) {
  // An opted-out module carries a note and no code: text no LTO link can
  // double into a second runtime, so the same in every compile.
  if (S.Policy == SEALING_POLICY_OFF)
    return {Form::Asm, "a policy-0 note alone (opted out), as assembly"};
  if (S.Form == FormRequest::Asm)
    return {Form::Asm, "assembly, as -sealing-form=asm asks"};
  if (S.Form == FormRequest::Bitcode)
    return {Form::Bitcode, "bitcode, as -sealing-form=bitcode asks"};
  // clang sets "ThinLTO" to 0 for full LTO only; ThinLTO modules get a
  // summary without the flag.
  auto *Thin = mdconst::extract_or_null<ConstantInt>(M.getModuleFlag("ThinLTO"));
  if (Thin && Thin->isZero())
    return {Form::BitcodeFullLto, "bitcode for LTO (module flag ThinLTO = 0)"};
  for (const char *Flag : {"EnableSplitLTOUnit", "UnifiedLTO", "ThinLTO"})
    if (M.getModuleFlag(Flag))
      return {Form::Bitcode, std::string("bitcode for ThinLTO (module flag ") +
                                 Flag + ")"};
  if (P.Phase == LtoPhase::FullPreLink)
    return {Form::BitcodeFullLto, "bitcode for LTO (full LTO pre-link pipeline)"};
  if (P.Phase == LtoPhase::ThinPreLink)
    return {Form::Bitcode, "bitcode for ThinLTO (ThinLTO pre-link pipeline)"};
  return {Form::Asm, "assembly (not an LTO compile)"};
}
