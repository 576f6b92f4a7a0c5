#!/bin/sh
# SPDX-License-Identifier: MIT
# Compiles examples/hello.c with every carrier of a build tree and runs it
# with SEALING_DEBUG=1, so each run shows the runtime's own line and the
# kernel's view of the program's mappings.
#   sh examples/run-examples.sh [BUILD_DIR]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-build}" && pwd)
out=$build/examples
mkdir -p "$out"

run() {
	name=$1
	shift
	echo
	echo "== $name: $*"
	"$@" "$here/hello.c" -o "$out/$name"
	SEALING_DEBUG=1 "$out/$name"
}

run hello-unsealed gcc -O2
run hello-linkobject gcc -O2 "$build/link-object/sealing-rt.o"

plugin=$build/gcc-plugin/sealing.so
if [ ! -f "$plugin" ]; then
	echo "run-examples: $plugin was not built (see cmake's component summary)" >&2
	exit 1
fi
run hello-gcc gcc -O2 -fplugin="$plugin"

llvm=$build/llvm-pass/sealing-llvm.so
if [ ! -f "$llvm" ]; then
	echo "run-examples: $llvm was not built (see cmake's component summary)" >&2
	exit 1
fi
clang=$(sed -n 's/^SEALING_LLVM_CLANG:FILEPATH=//p' "$build/CMakeCache.txt")
run hello-clang "${clang:-clang}" -O2 -fpass-plugin="$llvm"
