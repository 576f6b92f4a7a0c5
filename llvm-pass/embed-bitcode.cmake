# SPDX-License-Identifier: MIT
#
# cmake -DIN=sealing-rt.bc -DOUT=RuntimeBitcode.cpp -P embed-bitcode.cmake
# Turns the runtime bitcode into a C++ array, without depending on xxd.
if(NOT IN OR NOT OUT)
  message(FATAL_ERROR "embed-bitcode.cmake: pass -DIN=<bitcode> -DOUT=<source>")
endif()
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" len)
if(len EQUAL 0)
  message(FATAL_ERROR "embed-bitcode.cmake: ${IN} is empty")
endif()
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "((0x..,){16})" "\\1\n" bytes "${bytes}")
file(WRITE "${OUT}" "// SPDX-License-Identifier: MIT
// Generated from ${IN} by embed-bitcode.cmake; do not edit.
#include \"RuntimeBitcode.h\"

alignas(4) static const unsigned char Bitcode[] = {
${bytes}
};

llvm::StringRef sealing::runtimeBitcode() {
  return llvm::StringRef(reinterpret_cast<const char *>(Bitcode), sizeof Bitcode);
}
")
