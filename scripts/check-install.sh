#!/bin/sh
# SPDX-License-Identifier: MIT
# What other builds get from "cmake --install": sealing.pc and
# find_package(Sealing), checked against a real install into a prefix of
# its own (BUILD/prefix, nothing outside it is touched).
#   scripts/check-install.sh [BUILD]      (default build-install)
# BUILD is configured with the newest LLVM, the default GCC and every
# cross GCC with plugin headers, and the default prefix (/usr/local), then
# installed with "cmake --install --prefix BUILD/prefix".  Then:
#   - every file installed (install_manifest.txt) is under that prefix,
#     the GCC plugins included (lib/gcc/<triplet>/<N>/plugin below it);
#   - every pkg-config variable names a file that exists, the per-version
#     gcc_plugin_<N> and gcc_specs_<N> of every GCC in gcc_versions too,
#     and Cflags finds <sealing.h>;
#   - each cross GCC's installed sealing.specs (lib/gcc-cross/<triplet>/
#     <N>/plugin) builds a program with the note, which runs the runtime
#     under qemu-user (arm64);
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
	-DCMAKE_INSTALL_PREFIX=/usr/local -DLLVM_DIR="$llvm_dir" \
	-DSEALING_GCC_VERSIONS="$gcc_n" -USEALING_GCC_PLUGIN_DIR \
	-DSEALING_WITH_SEALCTL=OFF >"$b/check-install.configure.log" 2>&1 ||
	{ cat "$b/check-install.configure.log"; exit 1; }
nice cmake --build "$b" -j"$(nproc)" >"$b/check-install.build.log" 2>&1 ||
	{ tail -n 50 "$b/check-install.build.log"; exit 1; }
rm -rf "$prefix"
cmake --install "$b" --prefix "$prefix" >"$b/check-install.install.log" 2>&1 ||
	{ cat "$b/check-install.install.log"; exit 1; }

echo "=== cmake --install --prefix $prefix: every file below it"
# The other GCCs' plugins are installed by their own builds, each with a
# manifest of its own.
manifest=$b/check-install.manifest
# (CMake ends a manifest without a newline.)
for f in "$b/install_manifest.txt" "$b"/gcc-plugin/*/install_manifest*.txt; do
	[ -f "$f" ] && cat "$f" && echo
done | grep -v '^$' >"$manifest" || true
outside=$(grep -v "^$prefix/" "$manifest" || true)
[ -z "$outside" ] || bad "installed outside the prefix: $outside"
grep -q "^$prefix/lib/gcc/[^/]*/$gcc_n/plugin/sealing.so\$" "$manifest" ||
	bad "no GCC $gcc_n plugin below the prefix"
echo "$(grep -c '' "$manifest") files, $(grep -c '/plugin/sealing.so$' "$manifest") GCC plugins"

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
gccs=$(pkg-config --variable=gcc_versions sealing)
echo "gcc_versions=$gccs"
echo " $gccs " | grep -q " $gcc_n " || bad "gcc_versions '$gccs' lacks $gcc_n"
for v in $gccs; do
	for f in plugin specs; do
		p=$(pkg-config --variable=gcc_${f}_$v sealing)
		[ -n "$p" ] && [ -f "$p" ] && echo "gcc_${f}_$v=$p" || bad "pkg-config variable gcc_${f}_$v='$p' is not a file"
	done
done
# The cross GCCs' plugins (not in sealing.pc, which is this architecture's):
# <triplet>-<N> for each lib/gcc-cross/<triplet>/<N>/plugin/sealing.so.
cross=$(sed -n "s,^$prefix/lib/gcc-cross/\([^/]*\)/\([0-9]*\)/plugin/sealing.so\$,\1-\2,p" "$manifest")
echo "cross GCCs with a plugin: ${cross:-none}"
for x in /usr/bin/aarch64-linux-gnu-gcc-[0-9]*; do
	n=${x##*-}
	[ -f "$(aarch64-linux-gnu-gcc-$n -print-file-name=plugin)/include/gcc-plugin.h" ] || continue
	echo " $cross " | grep -q " aarch64-linux-gnu-$n " || bad "no plugin for aarch64-linux-gnu-gcc-$n, which has plugin headers"
done
[ "$(pkg-config --variable=gcc_specs_$gcc_n sealing)" = "$(pkg-config --variable=gcc_specs sealing)" ] ||
	bad "gcc_specs_$gcc_n is not gcc_specs"
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
build_run() { # NAME COMPILER ARGS...: build $t/NAME, then run_sealed it
	name=$1
	shift
	if "$@" -o "$t/$name"; then run_sealed "$name"; else bad "$name: $* failed"; fi
}
rt=$(pkg-config --variable=rt_object sealing)
build_run pc-rt-gcc gcc $cflags -O2 "$in/main.c" "$rt"
build_run pc-rt-clang clang-$llvm_n $cflags -O2 "$in/main.c" "$rt"
specs=$(pkg-config --variable=gcc_specs sealing)
build_run pc-specs gcc $cflags -O2 -specs="$specs" "$in/main.c" -specs="$specs"
for k in $cross; do
	triplet=${k%-*}
	specs=$prefix/lib/gcc-cross/$triplet/${k##*-}/plugin/sealing.specs
	if $triplet-gcc-${k##*-} $cflags -O2 -specs="$specs" "$in/main.c" -specs="$specs" -o "$t/pc-cross-$k" &&
		readelf -nW "$t/pc-cross-$k" | grep -q SEALING; then
		echo "pc-cross-$k: the note"
	else
		bad "$triplet-gcc-${k##*-} -specs=$specs: no program with the note"
	fi
	# qemu-user has no mseal: the runtime runs and says ENOSYS.
	case $triplet in aarch64-linux-gnu)
		if command -v qemu-aarch64 >/dev/null; then
			SEALING_DEBUG=1 qemu-aarch64 -L /usr/$triplet "$t/pc-cross-$k" 2>&1 |
				grep "policy 1 (executable).*ENOSYS" || bad "pc-cross-$k: the runtime did not run under qemu"
		fi ;;
	esac
done
lp=$(pkg-config --variable=llvm_plugin sealing)
build_run pc-llvm clang-$llvm_n $cflags -O2 -fpass-plugin="$lp" -fplugin="$lp" "$in/main.c"
lc=$(pkg-config --variable=llvm_config sealing)
build_run pc-llvm-cfg clang-$llvm_n --config="$lc" $cflags -O2 "$in/main.c"
lc=$(dirname "$lp")/llvm-$llvm_n/sealing.cfg
build_run pc-llvm-$llvm_n-cfg clang-$llvm_n --config="$lc" $cflags -O2 "$in/main.c"

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
