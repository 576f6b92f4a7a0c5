#!/bin/sh
# SPDX-License-Identifier: MIT
# The whole test suite, from a fresh Debian 12 machine: install what is
# needed, then build and test every configuration we support.
#   build/         GCC 12 plugin, LLVM 19 pass, sealctl, runtime: every suite
#   build-gcc11/   the GCC plugin built for and tested with GCC 11
#   build-llvmN/   the LLVM pass built for and tested with LLVM 14, 15, 16
#   build-arm64/   cross-built for arm64 (runtime, loader, the GCC plugin
#                  for aarch64-linux-gnu-gcc): the arm64 suite under qemu-user
#   build-llvm-all/ the pass for every LLVM installed, one configure; the
#                  dispatcher sealing-llvm.so tested with each clang
#   build-asan/    sealctl under ASan and UBSan
#   build-fuzz/    sealctl's fuzz targets, 20 s each
#   build-toolchains/ Debian 13's GCC 12-14, LLVM 17-19 and binutils 2.44
#                  in a debootstrap chroot (scripts/check-toolchains.sh
#                  --ci; needs root and the Debian mirror)
# SEALING_CHECK_DEBIAN=1 also rebuilds GNU hello from Debian's sources
# with the specs, with and without LTO (scripts/debian-rebuild.sh): over
# two minutes here, so not by default (docs/distro.md).
set -eu
cd "$(dirname "$0")/.."
jobs=$(nproc)

sh scripts/setup-debian.sh

configure_and_test() {
	dir=$1
	regex=$2
	shift 2
	echo "=== $dir: configure, build, test ($regex)"
	cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DSEALING_WERROR=ON "$@"
	cmake --build "$dir" -j"$jobs"
	ctest --test-dir "$dir" --output-on-failure -R "$regex"
}

configure_and_test build '.*' \
	-DLLVM_DIR=/usr/lib/llvm-19/lib/cmake/llvm
configure_and_test build-gcc11 '^(runtime|gcc-plugin)$' \
	-DCMAKE_C_COMPILER=gcc-11 -DCMAKE_CXX_COMPILER=g++-11 \
	-DSEALING_WITH_LLVM_PASS=OFF -DSEALING_WITH_SEALCTL=OFF
for v in 14 15 16; do
	configure_and_test build-llvm$v '^llvm-pass$' \
		-DLLVM_DIR=/usr/lib/llvm-$v/lib/cmake/llvm \
		-DSEALING_WITH_GCC_PLUGIN=OFF -DSEALING_WITH_SEALCTL=OFF
done
configure_and_test build-arm64 '^arm64$' \
	-DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake \
	-DSEALING_WITH_LLVM_PASS=OFF -DSEALING_WITH_SEALCTL=OFF
configure_and_test build-llvm-all '^llvm-pass/dispatch$' \
	-DSEALING_WITH_GCC_PLUGIN=OFF -DSEALING_WITH_SEALCTL=OFF
configure_and_test build-asan '^sealctl$' -DSEALCTL_SANITIZE=ON \
	-DSEALING_WITH_GCC_PLUGIN=OFF -DSEALING_WITH_LLVM_PASS=OFF
sh tests/fuzz/run.sh 20 build-fuzz -DSEALING_WERROR=ON
echo "=== build-toolchains: Debian 13's toolchains in a chroot"
sh scripts/check-toolchains.sh --ci </dev/null
if [ "${SEALING_CHECK_DEBIAN:-0}" = 1 ]; then
	echo "=== Debian package rebuilt with build/gcc-plugin/sealing.specs"
	sh scripts/debian-rebuild.sh hello
	sh scripts/debian-rebuild.sh --lto hello
fi

echo "=== every configuration passed"
