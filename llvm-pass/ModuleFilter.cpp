// SPDX-License-Identifier: MIT
//
// The pass instruments hosted Linux code only.  Kernels, firmware and
// libc itself are built freestanding and must get neither a constructor
// nor references to libc; device code (CUDA, OpenMP offload) and other
// ABIs cannot take the host-compiled runtime at all.
#include "ModuleFilter.h"
#include "CarriedAsm.h"
#include "Compat.h"
#include "Options.h"
#include "RuntimeBitcode.h"
#include "RuntimeModule.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CodeGen.h"

using namespace llvm;

namespace {

// clang has no IR marker for -ffreestanding; what it does leave is the
// "no-builtins" attribute on every function it emits.  -fno-builtin alone
// leaves the same mark, which is why -sealing-freestanding=instrument
// exists; a hosted program needs only one instrumented TU anyway.
bool isFreestanding(const Module &M) {
  bool AnyDefinition = false;
  for (const Function &F : M) {
    if (F.isDeclaration())
      continue;
    AnyDefinition = true;
    if (!F.hasFnAttribute("no-builtins"))
      return false;
  }
  return AnyDefinition;
}

// The group's names are reserved to the runtime: any of them means the
// module already carries it (a second run of the pass, the runtime's own
// source, or a module whose copy LTO has renamed or internalised), and so
// does the carried assembly's marker.
bool hasRuntime(const Module &M) {
  if (sealing::hasCarriedAsm(M))
    return true;
  const std::string Prefix = std::string(sealing::GroupName) + ".";
  for (const GlobalValue &GV : M.global_values())
    if (GV.getName() == sealing::GroupName ||
        sealing::startsWith(GV.getName(), Prefix))
      return true;
  return false;
}

bool isKernelCodeModel(const Module &M) {
  auto *CM = mdconst::extract_or_null<ConstantInt>(M.getModuleFlag("Code Model"));
  return CM && CM->getZExtValue() == CodeModel::Kernel;
}

} // namespace

sealing::Decision sealing::classifyModule(const Module &M, const Settings &S) {
  if (hasRuntime(M))
    return {Verdict::Skip, "already instrumented"};

  Triple T = tripleOf(M);
  Triple RT(runtimeTriple());
  if (!T.isOSLinux() || !T.isOSBinFormatELF())
    return {Verdict::Skip, "not a Linux ELF target (" + T.str() + ")"};

  if (!S.InstrumentFreestanding) {
    if (isKernelCodeModel(M))
      return {Verdict::Skip, "kernel code model"};
    if (isFreestanding(M))
      return {Verdict::Skip,
              "freestanding (every function has \"no-builtins\": "
              "-ffreestanding or -fno-builtin)"};
  }

  if (T.getArch() != RT.getArch() ||
      M.getDataLayoutStr() != runtimeDataLayout())
    return {Verdict::Unsupported,
            "the embedded runtime was compiled for " + RT.str() +
                " and this module targets " + T.str() +
                " with a different ABI or data layout"};
  return {Verdict::Instrument, ""};
}
