#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The benchmark suite of issue 6, in one command.  See README.md.
#   usage: bench/run.sh [--quick] [--out DIR] [--only STEPS]
#                       [--carriers-from DIR]... [--old-from DIR]...
#                       [--gcc-plugin PATH]
#                       [--llvm-plugin [CLANG=]PATH]... [BUILD_DIR]
# GCC_PLUGIN, LLVM_PLUGINS, CARRIERS_FROM and OLD_FROM are read by
# lib/discover.sh:
# shellcheck disable=SC2034
set -eu
BENCH_ARGS=$*
BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$BENCH_DIR/.." && pwd)
. "$BENCH_DIR/lib/common.sh"
. "$BENCH_DIR/lib/discover.sh"

usage() {
	sed -n 's/^#   //p' "$0" | sed -n '1,5p' >&2
	exit 2
}

QUICK=0
OUT=
ONLY=
CARRIERS_FROM=
OLD_FROM=
GCC_PLUGIN=${SEALING_BENCH_GCC_PLUGIN:-}
LLVM_PLUGINS=${SEALING_BENCH_LLVM_PLUGINS:-}
BUILD_DIR=
while [ $# -gt 0 ]; do
	case $1 in
	--quick) QUICK=1 ;;
	--out) OUT=$2; shift ;;
	--only) ONLY=$2; shift ;;
	--carriers-from)
		[ -d "${2:-}" ] || die "--carriers-from: no directory ${2:-}"
		CARRIERS_FROM="$CARRIERS_FROM $(cd "$2" && pwd)"
		shift
		;;
	--old-from)
		[ -d "${2:-}" ] || die "--old-from: no directory ${2:-}"
		OLD_FROM="$OLD_FROM $(cd "$2" && pwd)"
		shift
		;;
	--gcc-plugin) GCC_PLUGIN=$2; shift ;;
	--llvm-plugin) LLVM_PLUGINS="$LLVM_PLUGINS $2"; shift ;;
	-h | --help) usage ;;
	-*) echo "bench: unknown option $1" >&2; usage ;;
	*) [ -z "$BUILD_DIR" ] || usage; BUILD_DIR=$1 ;;
	esac
	shift
done
BUILD_DIR=${BUILD_DIR:-$REPO/build}
[ -d "$BUILD_DIR" ] || die "no build directory $BUILD_DIR: cmake -S . -B build && cmake --build build"
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
RT_DIR=$BUILD_DIR/link-object
[ -f "$RT_DIR/sealing-rt.o" ] ||
	die "no $RT_DIR/sealing-rt.o: build the project first (cmake -S . -B build && cmake --build build)"
if [ -z "$OUT" ]; then
	if [ "$QUICK" = 1 ]; then OUT=$REPO/build-bench/quick; else OUT=$REPO/build-bench/full; fi
fi
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
case $OUT in
*" "*) die "the output directory must not contain spaces: $OUT" ;;
esac
# The old code measured beside the current one (--old-from, see
# old-build.sh): its link objects come from the first such tree that has
# them; its plugins are carriers named old-* (lib/discover.sh).
OLD_RT_DIR=
OLD_LABEL=
for t in $OLD_FROM; do
	# link-object/ since the carriers got their own directories; runtime/
	# in older trees.
	for d in "$t/link-object" "$t/runtime"; do
		if [ -z "$OLD_RT_DIR" ] && [ -f "$d/sealing-rt.o" ]; then
			OLD_RT_DIR=$d
		fi
	done
	if [ -z "$OLD_LABEL" ] && [ -f "$t/bench-commit" ]; then
		OLD_LABEL="commit $(cat "$t/bench-commit")"
	fi
done
[ -z "$OLD_FROM" ] || [ -n "$OLD_LABEL" ] || OLD_LABEL=$(echo $OLD_FROM)
export BENCH_DIR BENCH_ARGS REPO OUT QUICK BUILD_DIR RT_DIR OLD_RT_DIR OLD_LABEL

need gcc strace valgrind gnuplot readelf size awk
STEPS=${ONLY:-"machine startup scope ctor baselines churn compile size relro-swap"}
log "output in $OUT ($([ "$QUICK" = 1 ] && echo quick || echo full) run), runtime from $RT_DIR"

# Results of the steps about to run start afresh; with --only, those of
# the other steps are kept.
if [ -z "$ONLY" ]; then
	rm -f "$OUT/results/metrics.tsv" "$OUT/results/failures.tsv"
elif [ -f "$OUT/results/failures.tsv" ]; then
	for s in $STEPS; do
		grep -v "^$s	" "$OUT/results/failures.tsv" > "$OUT/results/failures.tmp" || true
		mv "$OUT/results/failures.tmp" "$OUT/results/failures.tsv"
	done
fi
discover_carriers
for t in interleave summarize churn loader-bound dlopen-once relro-swap; do
	build_tool "$t"
done
case " $STEPS " in
*" startup "* | *" scope "* | *" ctor "* | *" baselines "*) sh "$BENCH_DIR/steps/build-sets.sh" ;;
esac

started=$(date +%s)
for s in $STEPS; do
	log "step $s"
	sh "$BENCH_DIR/steps/$s.sh"
done
sh "$BENCH_DIR/report/write.sh"
log "done in $(( $(date +%s) - started )) s: $OUT/report.md"
if [ "$QUICK" = 0 ] && [ -z "$ONLY" ]; then
	mkdir -p "$BENCH_DIR/results"
	cp "$OUT/report.md" "$BENCH_DIR/results/report.md"
	if [ -f "$OUT/startup.svg" ]; then
		cp "$OUT/startup.svg" "$BENCH_DIR/results/startup.svg"
	fi
	log "published to $BENCH_DIR/results/"
fi
