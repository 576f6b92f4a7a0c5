#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Builds an older commit of the project into the git-ignored build-bench/,
# so that bench/run.sh --old-from measures the old code beside the current
# one in the same interleaved run (old and new ratios from one run, under
# the same load):
#   build-bench/old-src/       the commit's files (git archive: no worktree,
#                              nothing written to the repository)
#   build-bench/old/           runtime, GCC plugin, LLVM pass for LLVM 19,
#                              loader module
#   build-bench/old-llvm14/    the LLVM pass for LLVM 14 (before the
#                              multi-LLVM configure, one LLVM per tree)
# then prints the options to pass to run.sh.
#   usage: bench/old-build.sh [COMMIT]     (default 171add3: the commit of
#          the last report before the process-scope runtime, issue 13)
#   BENCH_OLD_LLVMS="19" leaves out the LLVM 14 tree, when only the LLVM 19
#   carriers are compared (a run's time grows with every carrier).
set -eu
BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$BENCH_DIR/.." && pwd)
. "$BENCH_DIR/lib/common.sh"
commit=$(git -C "$REPO" rev-parse --short "${1:-171add3}")
B=$REPO/build-bench
src=$B/old-src
if [ "$(cat "$src/.bench-commit" 2>/dev/null)" != "$commit" ]; then
	rm -rf "$src"
	mkdir -p "$src"
	git -C "$REPO" archive "$commit" | tar -x -C "$src"
	echo "$commit" > "$src/.bench-commit"
fi
trees=
for llvm in ${BENCH_OLD_LLVMS:-19 14}; do
	t=$B/old
	extra=
	[ "$llvm" = 19 ] || { t=$B/old-llvm$llvm; extra=-DSEALING_WITH_GCC_PLUGIN=OFF; }
	[ -d "/usr/lib/llvm-$llvm/lib/cmake/llvm" ] || { log "no LLVM $llvm: $t skipped"; continue; }
	log "configuring $t (commit $commit, LLVM $llvm)"
	cmake -S "$src" -B "$t" -DSEALING_WITH_SEALCTL=OFF -DSEALING_WERROR=OFF $extra \
		-DLLVM_DIR="/usr/lib/llvm-$llvm/lib/cmake/llvm" > "$t.cmake.log" 2>&1 ||
		die "configure of $t failed: $t.cmake.log"
	targets="sealing-llvm"
	# The loader module too: the runtime's parts are compiled into it, so
	# its start-up cost changes with them (scope.sh times old beside new).
	[ "$llvm" = 19 ] && targets="sealing-runtime sealing-gcc-plugin sealing-llvm sealing-loader"
	# shellcheck disable=SC2086
	cmake --build "$t" -j2 --target $targets > "$t.build.log" 2>&1 ||
		die "build of $t failed: $t.build.log"
	echo "$commit" > "$t/bench-commit"
	trees="$trees --old-from $t"
done
echo "bench/run.sh$trees"
