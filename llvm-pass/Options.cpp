// SPDX-License-Identifier: MIT
//
// The -sealing-* options.  Enumerated values make cl::opt reject anything
// else with an error, so a typo fails the compile instead of silently
// producing the default policy.
#include "Options.h"
#include "sealing/note.h"

#include "llvm/Support/CommandLine.h"

using namespace llvm;

namespace {

enum PolicyOpt { Off = SEALING_POLICY_OFF, Best = SEALING_POLICY_BEST,
                 Enforce = SEALING_POLICY_ENFORCE };
enum DlopenOpt { DlopenPin, DlopenSkip };
enum RelroOpt { RelroAnon, RelroKeep };
enum FreestandingOpt { FreestandingSkip, FreestandingInstrument };

cl::OptionCategory Category("sealing pass options");

cl::opt<PolicyOpt> Policy(
    "sealing-policy", cl::desc("What the module does when sealing fails"),
    cl::init(Best), cl::cat(Category),
    cl::values(clEnumValN(Off, "0", "do not seal (no mseal call)"),
               clEnumValN(Best, "1", "seal, ignore failures (default)"),
               clEnumValN(Enforce, "2", "seal, terminate on any failure")));

cl::opt<DlopenOpt> Dlopen(
    "sealing-dlopen", cl::desc("How a dlopen'd module is treated"),
    cl::init(DlopenPin), cl::cat(Category),
    cl::values(clEnumValN(DlopenPin, "pin",
                          "make it RTLD_NODELETE, then seal (default)"),
               clEnumValN(DlopenSkip, "skip",
                          "leave it unsealed so dlclose can unmap it")));

cl::opt<RelroOpt> Relro(
    "sealing-relro", cl::desc("How PT_GNU_RELRO is sealed"),
    cl::init(RelroAnon), cl::cat(Category),
    cl::values(clEnumValN(RelroAnon, "anon",
                          "make RELRO anonymous first (default)"),
               clEnumValN(RelroKeep, "keep", "seal RELRO file-backed")));

cl::opt<FreestandingOpt> Freestanding(
    "sealing-freestanding",
    cl::desc("Whether freestanding or kernel code is instrumented"),
    cl::init(FreestandingSkip), cl::cat(Category),
    cl::values(clEnumValN(FreestandingSkip, "skip",
                          "leave it alone (default)"),
               clEnumValN(FreestandingInstrument, "instrument",
                          "instrument it anyway (hosted code built with "
                          "-fno-builtin)")));

cl::opt<bool> Verbose("sealing-verbose",
                      cl::desc("Say on stderr what the pass did to each module"),
                      cl::init(false), cl::cat(Category));

} // namespace

sealing::Settings sealing::currentSettings() {
  Settings S;
  S.Policy = static_cast<uint8_t>(Policy.getValue());
  S.Flags = 0;
  if (Dlopen == DlopenSkip)
    S.Flags |= SEALING_FLAG_DLOPEN_SKIP;
  if (Relro == RelroKeep)
    S.Flags |= SEALING_FLAG_RELRO_KEEP;
  S.InstrumentFreestanding = Freestanding == FreestandingInstrument;
  S.Verbose = Verbose;
  return S;
}
