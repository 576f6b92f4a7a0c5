# SPDX-License-Identifier: MIT
#
# cmake -DIN=sealing-rt.bc -DIN_EXE=sealing-rt-exe.bc -DIN_TEXT=sealing-rt.ll
#       -DOUT=RuntimeBitcode.cpp -P embed-bitcode.cmake
# Turns the runtime's two bitcode modules into C++ arrays, without xxd,
# and the core's target triple and data layout (from the same compile as
# text) into strings: reading them out of the bitcode, even lazily, cost
# every compile 3.5 million instructions, for the assembly form too.
if(NOT IN OR NOT IN_EXE OR NOT IN_TEXT OR NOT OUT)
  message(FATAL_ERROR "embed-bitcode.cmake: pass -DIN=<bitcode> -DIN_EXE=<bitcode> -DIN_TEXT=<.ll> -DOUT=<source>")
endif()
foreach(what triple datalayout)
  file(STRINGS "${IN_TEXT}" line REGEX "^target ${what} = \"[^\"]*\"$")
  if(NOT line MATCHES "^target ${what} = \"([^\"]*)\"$")
    message(FATAL_ERROR "embed-bitcode.cmake: no target ${what} line in ${IN_TEXT}")
  endif()
  set(${what} "${CMAKE_MATCH_1}")
endforeach()
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

llvm::StringRef sealing::runtimeTriple() { return \"${triple}\"; }

llvm::StringRef sealing::runtimeDataLayout() { return \"${datalayout}\"; }

llvm::StringRef sealing::exePartBitcode() {
  return llvm::StringRef(reinterpret_cast<const char *>(ExeBitcode), sizeof ExeBitcode);
}
")
