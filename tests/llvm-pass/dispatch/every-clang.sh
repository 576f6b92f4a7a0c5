#!/bin/sh
# SPDX-License-Identifier: MIT
# every-clang.sh DISPATCHER OUTDIR "VERSIONS" SOURCE PROBE-ARGS...
# For each LLVM version N: clang-N compiles, links and runs SOURCE through
# the one dispatcher path, with -fpass-plugin= and -fplugin= together and a
# -mllvm -sealing-* option; opt-N runs the pass through it too.  Fails on
# the first version that does not load its own build, does not seal, or
# does not carry the option's policy.  Prints one line per version.
set -eu
disp=$1 out=$2 versions=$3 src=$4
shift 4
mkdir -p "$out"
for n in $versions; do
	bin=/usr/lib/llvm-$n/bin
	prog=$out/prog-$n
	SEALING_LLVM_DISPATCH_DEBUG=1 "$bin/clang" -fpass-plugin="$disp" -fplugin="$disp" \
		-mllvm -sealing-policy=2 -O2 "$src" "$@" -o "$prog" 2> "$out/err-$n"
	# The build for this LLVM, loaded once although named twice.
	grep -c "^sealing: LLVM $n: loaded .*/llvm-$n/sealing-llvm-$n.so\$" "$out/err-$n" |
		grep -qx 1 || { echo "llvm-$n: not loaded exactly once:"; cat "$out/err-$n"; exit 1; }
	"$prog" > "$out/run-$n"
	grep -Eq '^exe: ([0-9]+)/\1 mappings sealed$' "$out/run-$n" ||
		{ echo "llvm-$n: not sealed:"; cat "$out/run-$n"; exit 1; }
	# Policy 2 from -mllvm: descriptor bytes 03 02 03 00 (version 3).
	readelf -x .note.sealing "$prog" | grep -q ' 03020300 ' ||
		{ echo "llvm-$n: policy 2 not in the note"; exit 1; }
	"$bin/clang" -O2 -S -emit-llvm "$src" -I"$(dirname "$0")/../../helpers" -o "$out/ir-$n.ll"
	"$bin/opt" -load-pass-plugin="$disp" -passes=sealing -S "$out/ir-$n.ll" -o "$out/ir-$n.out.ll"
	grep -q 'carried, 1' "$out/ir-$n.out.ll" ||
		{ echo "llvm-$n: opt did not run the pass"; exit 1; }
	echo "llvm-$n: $(cat "$out/run-$n")"
done
