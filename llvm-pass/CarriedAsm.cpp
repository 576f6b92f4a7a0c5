// SPDX-License-Identifier: MIT
#include "CarriedAsm.h"
#include "Compat.h"
#include "Options.h"

#include "carried-asm.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCTargetOptions.h"

#include <memory>
#include <string>

using namespace llvm;

namespace {

// The marker the carried text defines first (carrier-glue/carried-asm.h).
std::string marker() {
  return std::string(".set .L") + SEALING_COMDAT_GROUP + ".carried";
}

// The text is AT&T syntax.  LLVM parses module asm in the dialect of the
// target's MCAsmInfo, which -masm=intel (-x86-asm-syntax=intel) switches;
// with -fno-integrated-as the text goes to the .s file verbatim, after the
// printer's own .intel_syntax.  Either way the dialect is the MCAsmInfo's,
// so ask the target for one; no target, no Intel.
bool parsedAsIntel(const Module &M) {
  Triple T = sealing::tripleOf(M);
  std::string Err;
  const Target *Tgt = sealing::lookupTarget(T, Err);
  if (!Tgt)
    return false;
  std::unique_ptr<MCRegisterInfo> MRI(sealing::createMCRegInfo(*Tgt, T));
  if (!MRI)
    return false;
  std::unique_ptr<MCAsmInfo> MAI(
      sealing::createMCAsmInfo(*Tgt, *MRI, T, MCTargetOptions()));
  return MAI && MAI->getAssemblerDialect() == 1;
}

} // namespace

void sealing::appendCarriedAsm(Module &M, const Settings &S) {
  bool Intel = parsedAsIntel(M);
  M.appendModuleInlineAsm(
      sealing_carried_unit(S.Policy, SEALING_CARRIER_LLVM_PASS, S.Flags, Intel));
  // An opted-out module has no core for the executable's part to serve.
  if (S.Policy != SEALING_POLICY_OFF && definesMain(M))
    M.appendModuleInlineAsm(sealing_carried_exe_unit(Intel, isExecutable(M)));
}

void sealing::appendPolicyNote(Module &M, const Settings &S) {
  if (S.Policy <= SEALING_POLICY_DEFAULT)
    return;
  M.appendModuleInlineAsm(sealing_carried_wrap(
      "a stricter unit's note",
      sealing_carried_note_group(S.Policy, SEALING_CARRIER_LLVM_PASS, S.Flags),
      parsedAsIntel(M)));
}

// The executable's entry, as the GCC carrier recognises it.
bool sealing::definesMain(const Module &M) {
  const Function *F = M.getFunction("main");
  return F && !F->isDeclaration() && !F->hasLocalLinkage();
}

// -fPIE, as the GCC carrier asks it: a linker refuses the executable's
// .preinit_array slot in a shared object, which -fPIC code may go into.
bool sealing::isExecutable(const Module &M) {
  return M.getPIELevel() != PIELevel::Default;
}

bool sealing::hasCarriedAsm(const Module &M) {
  return M.getModuleInlineAsm().find(marker()) != std::string::npos;
}
