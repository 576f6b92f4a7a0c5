// SPDX-License-Identifier: MIT
//
// Which form the runtime takes in a module.  A compile that clang turns
// into an object gets the precompiled assembly the GCC plugin carries
// (nothing is code-generated per file); a compile whose output is bitcode
// for an LTO link gets the runtime as bitcode, because lld keeps every
// COMDAT group of its LTO output objects (their symbols were resolved on
// the IR already), so only IR symbol resolution can keep one copy there.
#ifndef SEALING_LLVM_CARRY_FORM_H
#define SEALING_LLVM_CARRY_FORM_H

#include "Compat.h"

#include <string>

namespace llvm {
class Module;
}

namespace sealing {

struct Settings;

// The bitcode form comes in two flavours (RuntimeModule.cpp): the note is
// linkonce for full LTO, linkonce_odr for ThinLTO and outside LTO.
enum class Form { Asm, Bitcode, BitcodeFullLto };

// What the pass builder told us about the pipeline the pass runs in.  One
// per PassBuilder: filled in while clang builds the pipeline, read when the
// pass runs, which is after the whole pipeline has been built.
struct PipelineInfo {
  // LLVM 20 and later name the LTO phase to the OptimizerLast callback.
  LtoPhase Phase = LtoPhase::Unknown;
};

struct FormChoice {
  Form F;
  std::string Why;
};

FormChoice chooseForm(const llvm::Module &M, const PipelineInfo &P,
                      const Settings &S);

} // namespace sealing

#endif
