#!/bin/sh
# SPDX-License-Identifier: MIT
# The whole test suite, from a fresh Debian 12 machine: install what is
# needed, then build and test every configuration we support.
#   build/        GCC 12 plugin, LLVM 19 pass, sealctl, runtime: all suites
#   build-gcc11/  the GCC plugin against GCC 11
#   build-llvm14/ the LLVM pass against LLVM 14
#   build-asan/   sealctl under ASan and UBSan
set -eu
cd "$(dirname "$0")/.."
jobs=$(nproc)

sh scripts/setup-debian.sh

configure_and_test() {
	dir=$1
	shift
	regex=$1
	shift
	echo "=== $dir: configure, build, test ($regex)"
	cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release "$@"
	cmake --build "$dir" -j"$jobs"
	ctest --test-dir "$dir" --output-on-failure -R "$regex"
}

configure_and_test build '.*' \
	-DLLVM_DIR=/usr/lib/llvm-19/lib/cmake/llvm
