// SPDX-License-Identifier: MIT
//
// Turns the runtime bitcode into the LLVM form of the one COMDAT group that
// every carrier emits (include/sealing/note.h).  The shape is the one clang
// gives a C++ inline variable with a dynamic initialiser, because that is
// the shape every linker and every LTO mode has long handled correctly:
//
//  - the note is the group's only non-local symbol, hidden, named
//    "__sealing_rt_vN" like the group.  Symbol resolution of that one name
//    is how a linker (and LTO) learns that another object's copy of the
//    group won; the losing IR copy is then dropped, its constructor entry
//    with it.  In a full-LTO module the note is plain linkonce: full LTO
//    keeps a losing linkonce_odr copy as available_externally, and LLVM 14
//    and 15 then keep the constructor its entry still names, as dead code
//    beside the winning copy, while a losing linkonce is not linked at
//    all.  Elsewhere it is linkonce_odr: ThinLTO back ends (LLVM 16 and
//    later) drop a losing ODR group whole, and with ld.bfd keep a losing
//    plain linkonce one's constructor code;
//  - the llvm.global_ctors entry is keyed on the note.  AsmPrinter puts a
//    keyed .init_array slot into a group named after the key's symbol, so
//    the slot lands in group "__sealing_rt_v2" too (vN from the note version), and is dropped whenever
//    the note is;
//  - the constructor and everything else stay internal or private, renamed
//    into the reserved "__sealing_rt_v2." namespace like the GCC carrier's
//    symbols, so nothing can clash with a user's names.
#include "RuntimeModule.h"
#include "CarriedAsm.h"
#include "Compat.h"
#include "sealing/note.h"
#include "Options.h"
#include "RuntimeBitcode.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Comdat.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace {

constexpr const char *CtorSource = "rt_seal_self";
constexpr const char *NoteSource = "__sealing_note";
constexpr const char *StateSource = "rt_state";
constexpr const char *ProcessNoteSource = "__sealing_process_note";
constexpr const char *ExeStateSource = "rt_exe_state";
constexpr const char *ExeEntrySource = "rt_exe_entry";
constexpr const char *ExeClaimSource = "rt_exe_claim";

Error fail(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

bool isInt(Type *T, unsigned Bits) { return T->isIntegerTy(Bits); }

// The runtime's struct sealing_note, checked field by field so that a
// runtime whose note.h drifted is refused instead of emitting a bad note.
Error checkNoteType(StructType *Ty, const DataLayout &DL) {
  if (!Ty || Ty->getNumElements() != 5 ||
      DL.getTypeAllocSize(Ty) != sizeof(struct sealing_note))
    return fail("the runtime's struct sealing_note does not match note.h");
  for (unsigned I = 0; I < 3; I++)
    if (!isInt(Ty->getElementType(I), 32))
      return fail("the runtime's note header is not three 32-bit words");
  auto *NameTy = dyn_cast<ArrayType>(Ty->getElementType(3));
  if (!NameTy || NameTy->getNumElements() != SEALING_NOTE_NAMESZ ||
      !isInt(NameTy->getElementType(), 8))
    return fail("the runtime's note name is not char[SEALING_NOTE_NAMESZ]");
  auto *DescTy = dyn_cast<StructType>(Ty->getElementType(4));
  if (!DescTy || DescTy->getNumElements() != 7 ||
      !isInt(DescTy->getElementType(4), 32) ||
      !isInt(DescTy->getElementType(5), 32) ||
      !isInt(DescTy->getElementType(6), 32))
    return fail("the runtime's note descriptor does not match note.h");
  for (unsigned I = 0; I < 4; I++)
    if (!isInt(DescTy->getElementType(I), 8))
      return fail("the runtime's note descriptor does not match note.h");
  return Error::success();
}

// A descriptor field holding the link-time distance from itself to
// Target: a PC-relative difference that needs no dynamic relocation, as
// the carried assembly's ".long rt_state - .".  Field is the descriptor's
// element number, the descriptor the note's element 4.
Constant *offsetTo(GlobalVariable *Note, StructType *Ty, unsigned Field, GlobalValue *Target) {
  LLVMContext &Ctx = Note->getContext();
  Type *I32 = Type::getInt32Ty(Ctx), *I64 = Type::getInt64Ty(Ctx);
  Constant *At = ConstantExpr::getInBoundsGetElementPtr(
      Ty, Note,
      ArrayRef<Constant *>{ConstantInt::get(I32, 0), ConstantInt::get(I32, 4),
                           ConstantInt::get(I32, Field)});
  Constant *Diff = ConstantExpr::getSub(ConstantExpr::getPtrToInt(Target, I64),
                                        ConstantExpr::getPtrToInt(At, I64));
  return ConstantExpr::getTrunc(Diff, I32);
}

// The note's section, linkage and group: one shape for both notes.
void placeNote(GlobalVariable *N, Comdat *Group, bool FullLto, StringRef Name) {
  N->setConstant(true);
  N->setExternallyInitialized(false);
  // LLVM types sections named .note* SHT_NOTE, as the format requires.
  N->setSection(SEALING_NOTE_SECTION);
  N->setAlignment(Align(4));
  N->setLinkage(FullLto ? GlobalValue::LinkOnceAnyLinkage
                        : GlobalValue::LinkOnceODRLinkage);
  N->setVisibility(GlobalValue::HiddenVisibility);
  N->setUnnamedAddr(GlobalValue::UnnamedAddr::None);
  N->setComdat(Group);
  N->setName(Name);
}

// The runtime declares the note; give it its bytes, section and group.
Error defineNote(Module &R, Comdat *Group, const sealing::Settings &S,
                 bool FullLto) {
  GlobalVariable *N = R.getGlobalVariable(NoteSource);
  if (!N || !N->isDeclaration())
    return fail("the runtime bitcode does not declare __sealing_note "
                "(compile it with -DSEALING_RT_NOTE_EXTERNAL)");
  GlobalVariable *State = R.getGlobalVariable(StateSource, true);
  if (!State || State->isDeclaration())
    return fail("the runtime bitcode has no state byte rt_state");
  auto *Ty = dyn_cast<StructType>(N->getValueType());
  if (Error E = checkNoteType(Ty, R.getDataLayout()))
    return E;
  auto *DescTy = cast<StructType>(Ty->getElementType(4));
  auto U = [](Type *T, uint64_t V) { return ConstantInt::get(T, V); };

  Constant *Desc = ConstantStruct::get(
      DescTy, {U(DescTy->getElementType(0), SEALING_NOTE_VERSION),
               U(DescTy->getElementType(1), S.Policy),
               U(DescTy->getElementType(2), SEALING_CARRIER_LLVM_PASS),
               U(DescTy->getElementType(3), 0),
               U(DescTy->getElementType(4), S.Flags),
               offsetTo(N, Ty, 5, State),
               U(DescTy->getElementType(6), SEALING_RUNTIME_VERSION)});
  Constant *Name = ConstantDataArray::getString(R.getContext(),
                                                SEALING_NOTE_NAME, true);
  N->setInitializer(ConstantStruct::get(
      Ty, {U(Ty->getElementType(0), SEALING_NOTE_NAMESZ),
           U(Ty->getElementType(1), SEALING_NOTE_DESCSZ),
           U(Ty->getElementType(2), SEALING_NOTE_TYPE), Name, Desc}));
  placeNote(N, Group, FullLto, sealing::GroupName);
  return Error::success();
}

// The executable's part gets its NT_SEALING_PROCESS note from here, as
// struct sealing_process_note lays it out (nothing in its C source refers
// to the note: the core finds it by its group's name).
Error defineProcessNote(Module &R, Comdat *Group, bool FullLto) {
  LLVMContext &Ctx = R.getContext();
  GlobalVariable *State = R.getGlobalVariable(ExeStateSource, true);
  Function *Entry = R.getFunction(ExeEntrySource);
  if (!State || State->isDeclaration() || !Entry || Entry->isDeclaration())
    return fail("the executable part's bitcode has no state byte or entry");
  Type *I8 = Type::getInt8Ty(Ctx), *I32 = Type::getInt32Ty(Ctx);
  // The flags byte and two reserved ones, all 0: in this form the part's
  // code is linked in, not in .sealing.exe.
  auto *Reserved = ArrayType::get(I8, 3);
  auto *DescTy = StructType::get(Ctx, {I8, Reserved, I32, I32});
  auto *Ty = StructType::get(Ctx, {I32, I32, I32, ArrayType::get(I8, SEALING_NOTE_NAMESZ), DescTy});
  if (R.getDataLayout().getTypeAllocSize(Ty) != sizeof(struct sealing_process_note))
    return fail("struct sealing_process_note is not laid out as note.h says");
  auto *N = new GlobalVariable(R, Ty, true, GlobalValue::ExternalLinkage, nullptr,
                               ProcessNoteSource);
  auto U = [](Type *T, uint64_t V) { return ConstantInt::get(T, V); };
  Constant *Desc = ConstantStruct::get(
      DescTy, {U(DescTy->getElementType(0), SEALING_NOTE_VERSION),
               ConstantAggregateZero::get(Reserved),
               offsetTo(N, Ty, 2, State), offsetTo(N, Ty, 3, Entry)});
  Constant *Name = ConstantDataArray::getString(R.getContext(),
                                                SEALING_NOTE_NAME, true);
  N->setInitializer(ConstantStruct::get(
      Ty, {U(Ty->getElementType(0), SEALING_NOTE_NAMESZ),
           U(Ty->getElementType(1), SEALING_PROCESS_DESCSZ),
           U(Ty->getElementType(2), SEALING_PROCESS_NOTE_TYPE), Name, Desc}));
  placeNote(N, Group, FullLto, sealing::ExeGroupName);
  return Error::success();
}

// The runtime must never show up in a profile or a sanitizer's view: it
// runs before their runtimes may be initialised, and it is not the user's.
void shieldFromInstrumentation(Function &F) {
  F.addFnAttr(Attribute::NoProfile);
  F.addFnAttr(Attribute::NoSanitizeCoverage);
  F.addFnAttr(Attribute::DisableSanitizerInstrumentation);
}

// The runtime arrives optimised (-Os, by the clang that built the plugin)
// and is only carried as bitcode into LTO links, whose code generator then
// compiles it at the link's level, whatever -O the unit was compiled with.
// It is not optnone: that would make every code generator compile it as
// at -O0.  optsize stays, so the link's optimiser treats it as the -Os
// code it is, and noinline keeps its functions as the -Os compile shaped
// them (nothing outside the runtime calls them anyway).
void keepAsCompiled(Function &F) {
  F.removeFnAttr(Attribute::OptimizeNone);
  F.removeFnAttr(Attribute::AlwaysInline);
  F.addFnAttr(Attribute::OptimizeForSize);
  F.addFnAttr(Attribute::NoInline);
}

Error placeInGroup(Module &R, Comdat *Group, StringRef GroupName) {
  if (!R.alias_empty() || !R.ifunc_empty())
    return fail("the runtime bitcode defines aliases or ifuncs");
  for (Function &F : R) {
    if (F.isDeclaration())
      continue;
    if (!F.hasLocalLinkage())
      return fail("runtime function " + F.getName() + " is not static");
    F.setComdat(Group);
    shieldFromInstrumentation(F);
    keepAsCompiled(F);
    F.setName(Twine(GroupName) + "." + F.getName());
  }
  for (GlobalVariable &G : R.globals()) {
    if (G.isDeclaration() || G.hasComdat())
      continue; // declarations (the other part's note), and the note placed already
    if (!G.hasLocalLinkage())
      return fail("runtime variable " + G.getName() + " is not static");
    G.setComdat(Group);
    // A named section and a significant address keep ConstantMerge from
    // folding a user's identical constant (a string like "error") into
    // this one: the user's code would then point into the group, and into
    // nothing once the linker drops this copy of the group.  The state
    // byte, the one writable variable, goes to the group's .bss.
    G.setSection((Twine(G.isConstant() ? ".rodata." : ".bss.") + GroupName).str());
    G.setUnnamedAddr(GlobalValue::UnnamedAddr::None);
    if (!G.hasPrivateLinkage())
      G.setName(Twine(GroupName) + "." + G.getName());
  }
  return Error::success();
}

// What the runtime module carries that must not reach the user's module:
// its own constructor list (replaced by a keyed one), used-lists, and module
// flags.  Linking the runtime's flags would, for instance, mark a module
// built without -fcf-protection as CET-enabled; the user's flags decide
// the codegen of the runtime instead, endbr64 included.
void stripModuleLevelState(Module &R) {
  for (const char *Name : {"llvm.global_ctors", "llvm.used", "llvm.compiler.used"})
    if (GlobalVariable *G = R.getGlobalVariable(Name))
      G->eraseFromParent();
  if (NamedMDNode *Flags = R.getModuleFlagsMetadata())
    R.eraseNamedMetadata(Flags);
  if (NamedMDNode *Ident = R.getNamedMetadata("llvm.ident"))
    R.eraseNamedMetadata(Ident);
}

// One llvm.global_ctors entry, keyed on the note.  appendToGlobalCtors is
// not used: with typed pointers (LLVM 14) it cannot take the constructor,
// whose (argc, argv, envp) signature is not void (void).
void registerCtor(Module &R, Function *Ctor, GlobalVariable *Key) {
  LLVMContext &Ctx = R.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  PointerType *FnPtr =
      sealing::pointerTo(FunctionType::get(Type::getVoidTy(Ctx), false));
  PointerType *DataPtr = sealing::pointerTo(Type::getInt8Ty(Ctx));
  StructType *EntryTy = StructType::get(I32, FnPtr, DataPtr);
  Constant *Entry = ConstantStruct::get(
      EntryTy, {ConstantInt::get(I32, 65535),
                ConstantExpr::getPointerCast(Ctor, FnPtr),
                ConstantExpr::getPointerCast(Key, DataPtr)});
  ArrayType *ListTy = ArrayType::get(EntryTy, 1);
  new GlobalVariable(R, ListTy, false, GlobalValue::AppendingLinkage,
                     ConstantArray::get(ListTy, {Entry}), "llvm.global_ctors");
}

} // namespace

// Lazily, for the bitcode forms only (the filter reads the target from
// RuntimeBitcode.h): linking materialises what it takes.
Expected<std::unique_ptr<Module>> sealing::loadRuntime(LLVMContext &Ctx) {
  MemoryBufferRef Buf(runtimeBitcode(), "sealing-rt.bc");
  return getLazyBitcodeModule(Buf, Ctx);
}

Expected<std::unique_ptr<Module>> sealing::loadExePart(LLVMContext &Ctx) {
  MemoryBufferRef Buf(exePartBitcode(), "sealing-rt-exe.bc");
  return getLazyBitcodeModule(Buf, Ctx);
}

Error sealing::prepareRuntime(Module &R, const Module &Dest, const Settings &S,
                              bool FullLto) {
  if (Error E = R.materializeAll())
    return E;
  Function *Ctor = R.getFunction(CtorSource);
  if (!Ctor || Ctor->isDeclaration())
    return fail("the runtime bitcode has no constructor " + Twine(CtorSource));
  stripModuleLevelState(R);
  Comdat *Group = R.getOrInsertComdat(GroupName);
  Group->setSelectionKind(Comdat::Any);
  if (Error E = defineNote(R, Group, S, FullLto))
    return E;
  if (Error E = placeInGroup(R, Group, GroupName))
    return E;
  // Keyed on the note: the .init_array slot joins the group, and whoever
  // drops the group's note drops the slot with it.
  registerCtor(R, Ctor, R.getGlobalVariable(GroupName));
  // The vendor field may differ (--target=x86_64-linux-gnu); the filter
  // has checked that the architecture and data layout agree.
  R.setTargetTriple(Dest.getTargetTriple());
  return Error::success();
}

Error sealing::prepareExePart(Module &R, const Module &Dest, bool FullLto) {
  if (Error E = R.materializeAll())
    return E;
  stripModuleLevelState(R);
  Comdat *Group = R.getOrInsertComdat(ExeGroupName);
  Group->setSelectionKind(Comdat::Any);
  if (Error E = defineProcessNote(R, Group, FullLto))
    return E;
  Function *Claim = R.getFunction(ExeClaimSource);
  if (!Claim || Claim->isDeclaration())
    return fail("the executable part's bitcode has no " + Twine(ExeClaimSource));
  if (Error E = placeInGroup(R, Group, ExeGroupName))
    return E;
  // The entry is reached only through the note's offset.  The claim only
  // through .preinit_array, which a linker refuses in a shared object:
  // only for a -fPIE module, as the assembly form (carried-asm.h).
  if (isExecutable(Dest)) {
    auto *Slot = new GlobalVariable(R, Claim->getType(), false, GlobalValue::InternalLinkage,
                                    Claim, Twine(ExeGroupName) + ".preinit");
    Slot->setSection(".preinit_array");
    Slot->setComdat(Group);
    Slot->setAlignment(Align(8));
    appendToCompilerUsed(R, {Slot});
  }
  R.setTargetTriple(Dest.getTargetTriple());
  return Error::success();
}
