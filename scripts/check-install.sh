#!/bin/sh
# SPDX-License-Identifier: MIT
# What other builds get from "cmake --install": sealing.pc and
# find_package(Sealing), checked against a real install into a prefix of
# its own (BUILD/prefix, nothing outside it is touched).
#   scripts/check-install.sh [BUILD]      (default build-install)
# BUILD is configured for that prefix with the newest LLVM and the default
# GCC only, its GCC plugin under the prefix too.  Then:
#   - every pkg-config variable names a file that exists, and Cflags finds
#     <sealing.h>;
#   - programs built from those variables alone (the rt object with any
#     compiler, gcc -specs=gcc_specs, clang with llvm_plugin) run sealed;
#   - tests/Inputs/cmake-consumer, built with GCC and with clang through
#     find_package(Sealing) and sealing_seal_target(), runs sealed, and its
#     unsealed control does not.
set -eu
cd "$(dirname "$0")/.."
src=$PWD
b=${1:-build-install}
case $b in /*) ;; *) b=$src/$b ;; esac
prefix=$b/prefix
start=$(date +%s)
fail=0
bad() { echo "FAIL: $*"; fail=1; }

llvm_dir=$(ls -d /usr/lib/llvm-*/lib/cmake/llvm | sort -V | tail -n 1)
llvm_n=$(echo "$llvm_dir" | sed 's,/usr/lib/llvm-\([0-9]*\)/.*,\1,')
gcc_n=$(gcc -dumpversion | cut -d. -f1)
echo "=== $b: configure for prefix $prefix (LLVM $llvm_n, GCC $gcc_n)"
mkdir -p "$b"
nice cmake -S . -B "$b" -DCMAKE_BUILD_TYPE=Release -DSEALING_WERROR=ON \
	-DCMAKE_INSTALL_PREFIX="$prefix" -DLLVM_DIR="$llvm_dir" \
	-DSEALING_GCC_VERSIONS="$gcc_n" -DSEALING_GCC_PLUGIN_DIR="$prefix/lib/sealing/gcc" \
	-DSEALING_WITH_SEALCTL=OFF >"$b/check-install.configure.log" 2>&1 ||
	{ cat "$b/check-install.configure.log"; exit 1; }
nice cmake --build "$b" -j"$(nproc)" >"$b/check-install.build.log" 2>&1 ||
	{ tail -n 50 "$b/check-install.build.log"; exit 1; }
rm -rf "$prefix"
cmake --install "$b" >"$b/check-install.install.log" 2>&1 || { cat "$b/check-install.install.log"; exit 1; }

echo "=== pkg-config"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
for v in rt_object gcc_plugin gcc_specs llvm_plugin llvm_config loader; do
	p=$(pkg-config --variable=$v sealing)
	if [ -n "$p" ] && [ -f "$p" ]; then
		echo "$v=$p"
	else
		bad "pkg-config variable $v='$p' is not a file"
	fi
done
cflags=$(pkg-config --cflags sealing)
[ "$(echo $cflags)" = "-I$prefix/include" ] && [ -f "$prefix/include/sealing.h" ] &&
	[ -f "$prefix/include/sealing/note.h" ] || bad "Cflags '$cflags'"

t=$b/consumers
rm -rf "$t"
mkdir -p "$t"
in=$src/tests/Inputs/cmake-consumer
run_sealed() { # NAME: the program must report all its mappings sealed
	if out=$("$t/$1"); then echo "$out"; else bad "$1 not sealed: $out"; fi
}
rt=$(pkg-config --variable=rt_object sealing)
gcc $cflags -O2 "$in/main.c" "$rt" -o "$t/pc-rt-gcc" && run_sealed pc-rt-gcc
clang-$llvm_n $cflags -O2 "$in/main.c" "$rt" -o "$t/pc-rt-clang" && run_sealed pc-rt-clang
specs=$(pkg-config --variable=gcc_specs sealing)
gcc $cflags -O2 -specs="$specs" "$in/main.c" -specs="$specs" -o "$t/pc-specs" && run_sealed pc-specs
lp=$(pkg-config --variable=llvm_plugin sealing)
clang-$llvm_n $cflags -O2 -fpass-plugin="$lp" -fplugin="$lp" "$in/main.c" -o "$t/pc-llvm" && run_sealed pc-llvm
lc=$(pkg-config --variable=llvm_config sealing)
clang-$llvm_n --config="$lc" $cflags -O2 "$in/main.c" -o "$t/pc-llvm-cfg" && run_sealed pc-llvm-cfg

echo "=== find_package(Sealing)"
for cc in gcc clang-$llvm_n; do
	d=$t/cmake-$cc
	if cmake -S "$in" -B "$d" -DCMAKE_C_COMPILER=$cc -DCMAKE_PREFIX_PATH="$prefix" \
		-DCMAKE_C_FLAGS="-Wall -Wextra -Werror" >"$d.log" 2>&1 &&
		cmake --build "$d" --verbose >>"$d.log" 2>&1; then
		for p in linked compiled from-static; do
			run_sealed cmake-$cc/$p
		done
		if "$d/plain" >/dev/null; then bad "cmake-$cc/plain is sealed"; fi
		grep -q -- "-fplugin-arg-sealing-policy=2\|-sealing-policy=2" "$d.log" ||
			bad "cmake-$cc: compiled not built with policy 2"
	else
		cat "$d.log"
		bad "the consumer project with $cc"
	fi
done

echo "=== check-install: $(( $(date +%s) - start ))s, $([ $fail = 0 ] && echo passed || echo FAILED)"
exit $fail
