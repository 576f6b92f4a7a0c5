// SPDX-License-Identifier: MIT
//
// Every difference between the LLVM releases this plugin supports (14 to
// 22) lives here, so the pass itself reads as if there were only one LLVM.
#ifndef SEALING_LLVM_COMPAT_H
#define SEALING_LLVM_COMPAT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
// The pass-plugin interface moved from Passes/ to Plugins/ in LLVM 22, with
// no header left behind; the compiler's own probe finds it.
#if __has_include("llvm/Plugins/PassPlugin.h")
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif
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

// The target registry takes triples as strings until 20; lookupTarget
// takes a Triple from 21, the MC factories from 22 (the string forms are
// on their way out).
inline const llvm::Target *lookupTarget(const llvm::Triple &T, std::string &Err) {
#if LLVM_VERSION_MAJOR >= 21
  return llvm::TargetRegistry::lookupTarget(T, Err);
#else
  return llvm::TargetRegistry::lookupTarget(T.str(), Err);
#endif
}

inline llvm::MCRegisterInfo *createMCRegInfo(const llvm::Target &Tgt,
                                             const llvm::Triple &T) {
#if LLVM_VERSION_MAJOR >= 22
  return Tgt.createMCRegInfo(T);
#else
  return Tgt.createMCRegInfo(T.str());
#endif
}

inline llvm::MCAsmInfo *createMCAsmInfo(const llvm::Target &Tgt,
                                        const llvm::MCRegisterInfo &MRI,
                                        const llvm::Triple &T,
                                        const llvm::MCTargetOptions &Options) {
#if LLVM_VERSION_MAJOR >= 22
  return Tgt.createMCAsmInfo(MRI, T, Options);
#else
  return Tgt.createMCAsmInfo(MRI, T.str(), Options);
#endif
}

} // namespace sealing

namespace sealing {

// The OptimizerLast extension point, which every pipeline clang builds
// runs.  From LLVM 20 its callback also receives the LTO phase, which Fn
// gets as an LtoPhase; before 20 it gets LtoPhase::Unknown.
enum class LtoPhase { Unknown, None, ThinPreLink, FullPreLink, PostLink };

template <typename Fn>
void registerOptimizerLast(llvm::PassBuilder &PB, Fn F) {
#if LLVM_VERSION_MAJOR >= 20
  PB.registerOptimizerLastEPCallback(
      [F](llvm::ModulePassManager &MPM, llvm::OptimizationLevel,
          llvm::ThinOrFullLTOPhase Phase) {
        using P = llvm::ThinOrFullLTOPhase;
        F(MPM, Phase == P::None             ? LtoPhase::None
               : Phase == P::ThinLTOPreLink ? LtoPhase::ThinPreLink
               : Phase == P::FullLTOPreLink ? LtoPhase::FullPreLink
                                            : LtoPhase::PostLink);
      });
#else
  PB.registerOptimizerLastEPCallback(
      [F](llvm::ModulePassManager &MPM, llvm::OptimizationLevel) {
        F(MPM, LtoPhase::Unknown);
      });
#endif
}

} // namespace sealing

#endif
