// SPDX-License-Identifier: MIT
//
// Which modules the pass must leave alone.
#ifndef SEALING_LLVM_MODULE_FILTER_H
#define SEALING_LLVM_MODULE_FILTER_H

#include <string>

namespace llvm {
class Module;
}

namespace sealing {

struct Settings;

enum class Verdict {
  Instrument,
  Skip,        // not ours to instrument: say why only when asked
  Unsupported, // a hosted Linux module we cannot instrument
};

struct Decision {
  Verdict V;
  std::string Why;
};

// Against the embedded runtime's target (RuntimeBitcode.h), as compiled
// for the build host.
Decision classifyModule(const llvm::Module &M, const Settings &S);

} // namespace sealing

#endif
