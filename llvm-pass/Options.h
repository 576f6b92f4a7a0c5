// SPDX-License-Identifier: MIT
//
// Per-compile settings.  They are LLVM command-line options because that
// is the one channel every supported clang forwards to a pass plugin
// (-mllvm), and opt takes them directly; see README.md for the spellings.
#ifndef SEALING_LLVM_OPTIONS_H
#define SEALING_LLVM_OPTIONS_H

#include <cstdint>
#include <string>

namespace sealing {

// The form the runtime takes in a module (CarryForm.h): chosen from the
// compile (Auto), or forced, for tests and for build systems that hand
// LLVM's output to an LTO link in ways the pass cannot see.
enum class FormRequest { Auto, Asm, Bitcode };

struct Settings {
  uint8_t Policy;     // enum sealing_policy
  uint32_t Flags;     // SEALING_FLAG_*
  bool InstrumentFreestanding;
  bool Verbose;
  FormRequest Form;
  // The environment's policy could not be read: the one-line reason, which
  // fails the compile (include/sealing/build-policy.h).
  std::string EnvError;
};

// The settings for this compile, from the command line, then the
// package's word in the environment (SEALING_BUILD_POLICY,
// DEB_BUILD_MAINT_OPTIONS), which wins.
Settings currentSettings();

} // namespace sealing

#endif
