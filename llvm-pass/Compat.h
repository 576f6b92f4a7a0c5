// SPDX-License-Identifier: MIT
//
// Every difference between the LLVM releases this plugin supports (14 to
// 19, with 20 and 21 expected) lives here, so the pass itself reads as if
// there were only one LLVM.
#ifndef SEALING_LLVM_COMPAT_H
#define SEALING_LLVM_COMPAT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Module.h"
#if LLVM_VERSION_MAJOR >= 16
#include "llvm/TargetParser/Triple.h"
#else
#include "llvm/ADT/Triple.h"
#endif

#if LLVM_VERSION_MAJOR < 14
#error "sealing-llvm needs LLVM 14 or newer (the new pass manager's plugin API as of 14)"
#endif

namespace sealing {

// startswith was deprecated in 18 and removed in 19; starts_with appeared in 16.
inline bool startsWith(llvm::StringRef S, llvm::StringRef Prefix) {
#if LLVM_VERSION_MAJOR >= 16
  return S.starts_with(Prefix);
#else
  return S.startswith(Prefix);
#endif
}

// Module::getTargetTriple() returns a Triple from 21, a string before.
inline llvm::Triple tripleOf(const llvm::Module &M) {
  return llvm::Triple(M.getTargetTriple());
}

// A pointer to Pointee: typed before LLVM 17 (and the default in 14), opaque
// after.  PointerType::get(Type *, AS) is on its way out in 20+.
inline llvm::PointerType *pointerTo(llvm::Type *Pointee) {
#if LLVM_VERSION_MAJOR >= 17
  return llvm::PointerType::get(Pointee->getContext(), 0);
#else
  return llvm::PointerType::get(Pointee, 0);
#endif
}

} // namespace sealing

// From 20 the OptimizerLast callback also receives the LTO phase.  The
// macro spells the parameter list so the registration compiles on both sides.
#if LLVM_VERSION_MAJOR >= 20
#define SEALING_OPTIMIZER_LAST_PARAMS                                          \
  llvm::ModulePassManager &MPM, llvm::OptimizationLevel, llvm::ThinOrFullLTOPhase
#else
#define SEALING_OPTIMIZER_LAST_PARAMS                                          \
  llvm::ModulePassManager &MPM, llvm::OptimizationLevel
#endif

#endif
