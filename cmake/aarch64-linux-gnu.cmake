# SPDX-License-Identifier: MIT
#
# Cross-building for arm64 on a Debian x86_64 machine:
#   cmake -S . -B build-arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
# Needs gcc-aarch64-linux-gnu and libc6-dev-arm64-cross; for the GCC
# plugin also g++ and gcc-12-plugin-dev-aarch64-linux-gnu; qemu-user to
# run the arm64 test suite (tests/arm64/).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

# Either may be given (-DCMAKE_C_COMPILER=aarch64-linux-gnu-gcc-12: a
# versioned cross GCC, as gcc-plugin/cross-gccs.cmake builds for).
if(NOT CMAKE_C_COMPILER)
  set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
endif()
# The only C++ in the project for a cross build is the GCC plugin, and a
# plugin for the cross compiler runs where that compiler runs: inside
# aarch64-linux-gnu-gcc's cc1, on this x86_64 machine.  So C++ is the
# build machine's own g++ (the plugin's CMakeLists checks its major
# version matches the cross GCC's).
if(NOT CMAKE_CXX_COMPILER)
  set(CMAKE_CXX_COMPILER g++)
endif()

# Libraries and headers from the arm64 tree, programs from the build machine.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# The test suite builds with the cross compiler (tests/CMakeLists.txt
# keeps this over its own search for gcc); tests/arm64 runs what it
# builds under qemu-aarch64 -L /usr/aarch64-linux-gnu.
set(SEALING_GCC aarch64-linux-gnu-gcc CACHE FILEPATH "C compiler the tests build with")
