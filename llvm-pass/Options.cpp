// SPDX-License-Identifier: MIT
//
// The -sealing-* options.  Enumerated values make cl::opt reject anything
// else with an error, so a typo fails the compile instead of silently
// producing the default policy.  The flag options, their values and help
// come from include/sealing/note.h: one option per row of its table.
#include "Options.h"
#include "sealing/build-policy.h"
#include "sealing/note.h"

#include "llvm/Support/CommandLine.h"

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

using namespace llvm;

namespace {

enum PolicyOpt { Off = SEALING_POLICY_OFF, Best = SEALING_POLICY_BEST,
                 Enforce = SEALING_POLICY_ENFORCE };
enum FreestandingOpt { FreestandingSkip, FreestandingInstrument };
enum FlagState { FlagClear, FlagSet };

cl::OptionCategory Category("sealing pass options");

cl::opt<PolicyOpt> Policy(
    "sealing-policy", cl::desc("What the module does when sealing fails"),
    cl::init(PolicyOpt(SEALING_POLICY_DEFAULT)), cl::cat(Category),
    cl::values(clEnumValN(Off, "0", "do not seal (no mseal call)"),
               clEnumValN(Best, "1", "seal, ignore failures (default)"),
               clEnumValN(Enforce, "2", "seal, terminate on any failure")));

// One -sealing-KEY=CLEAR|SET option per flag; cl::opt registers itself
// when constructed, and these live as long as the plugin.
struct FlagOption {
  const sealing_flag_option &Row;
  std::string Name;
  cl::opt<FlagState> Opt;
  explicit FlagOption(const sealing_flag_option &R)
      : Row(R), Name(std::string("sealing-") + R.key),
        Opt(StringRef(Name), cl::desc(R.help),
            cl::init(R.set_by_default ? FlagSet : FlagClear), cl::cat(Category),
            cl::values(clEnumValN(FlagClear, R.clear_value, ""),
                       clEnumValN(FlagSet, R.set_value, ""))) {}
};

std::vector<std::unique_ptr<FlagOption>> makeFlagOptions() {
  std::vector<std::unique_ptr<FlagOption>> V;
  for (const sealing_flag_option &R : sealing_flag_options)
    V.push_back(std::make_unique<FlagOption>(R));
  return V;
}

std::vector<std::unique_ptr<FlagOption>> FlagOptions = makeFlagOptions();

cl::opt<FreestandingOpt> Freestanding(
    "sealing-freestanding",
    cl::desc("Whether freestanding or kernel code is instrumented"),
    cl::init(FreestandingSkip), cl::cat(Category),
    cl::values(clEnumValN(FreestandingSkip, "skip",
                          "leave it alone (default)"),
               clEnumValN(FreestandingInstrument, "instrument",
                          "instrument it anyway (hosted code built with "
                          "-fno-builtin)")));

cl::opt<sealing::FormRequest> Form(
    "sealing-form",
    cl::desc("How the runtime is carried: precompiled assembly, or bitcode "
             "that LTO can deduplicate"),
    cl::init(sealing::FormRequest::Auto), cl::cat(Category),
    cl::values(clEnumValN(sealing::FormRequest::Auto, "auto",
                          "assembly, or bitcode for an LTO compile (default)"),
               clEnumValN(sealing::FormRequest::Asm, "asm",
                          "always the assembly the GCC plugin carries"),
               clEnumValN(sealing::FormRequest::Bitcode, "bitcode",
                          "always bitcode")));

cl::opt<bool> Verbose("sealing-verbose",
                      cl::desc("Say on stderr what the pass did to each module"),
                      cl::init(false), cl::cat(Category));

} // namespace

sealing::Settings sealing::currentSettings() {
  Settings S;
  S.Policy = static_cast<uint8_t>(Policy.getValue());
  S.Flags = 0;
  for (const auto &F : FlagOptions)
    if (F->Opt == FlagSet)
      S.Flags |= F->Row.bit;
  S.InstrumentFreestanding = Freestanding == FreestandingInstrument;
  S.Verbose = Verbose;
  S.Form = Form;
  const char *Which = nullptr, *Bad = nullptr, *BadEnd = nullptr;
  unsigned P;
  switch (sealing_env_build_policy(getenv(SEALING_BUILD_POLICY_ENV),
                                   getenv(SEALING_DEB_OPTIONS_ENV), &P, &Which,
                                   &Bad, &BadEnd)) {
  case SEALING_ENV_POLICY:
    S.Policy = static_cast<uint8_t>(P);
    break;
  case SEALING_ENV_BAD:
    S.EnvError = std::string(Which) +
                 (std::string(Which) == SEALING_BUILD_POLICY_ENV
                      ? " must be 0, 1 or 2"
                      : ": sealing= must be policy0, policy1 or policy2") +
                 " (got '" + std::string(Bad, BadEnd) + "')";
    break;
  default:
    break;
  }
  return S;
}
