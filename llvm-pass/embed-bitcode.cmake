# SPDX-License-Identifier: MIT
#
# cmake -DIN=sealing-rt.bc -DIN_EXE=sealing-rt-exe.bc -DOUT=RuntimeBitcode.cpp
#       -P embed-bitcode.cmake
# Turns the runtime's two bitcode modules into C++ arrays, without xxd.
if(NOT IN OR NOT IN_EXE OR NOT OUT)
  message(FATAL_ERROR "embed-bitcode.cmake: pass -DIN=<bitcode> -DIN_EXE=<bitcode> -DOUT=<source>")
endif()
function(bytes_of var file)
  file(READ "${file}" hex HEX)
  string(LENGTH "${hex}" len)
  if(len EQUAL 0)
    message(FATAL_ERROR "embed-bitcode.cmake: ${file} is empty")
  endif()
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," b "${hex}")
  string(REGEX REPLACE "((0x..,){16})" "\\1\n" b "${b}")
  set(${var} "${b}" PARENT_SCOPE)
endfunction()
bytes_of(core "${IN}")
bytes_of(exe "${IN_EXE}")
file(WRITE "${OUT}" "// SPDX-License-Identifier: MIT
// Generated from ${IN} and ${IN_EXE} by embed-bitcode.cmake; do not edit.
#include \"RuntimeBitcode.h\"

alignas(4) static const unsigned char Bitcode[] = {
${core}
};

alignas(4) static const unsigned char ExeBitcode[] = {
${exe}
};

llvm::StringRef sealing::runtimeBitcode() {
  return llvm::StringRef(reinterpret_cast<const char *>(Bitcode), sizeof Bitcode);
}

llvm::StringRef sealing::exePartBitcode() {
  return llvm::StringRef(reinterpret_cast<const char *>(ExeBitcode), sizeof ExeBitcode);
}
")
