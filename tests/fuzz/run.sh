#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Build the sealctl fuzz targets with clang's libFuzzer and run each for a
# bounded time.  Usage:
#   tests/fuzz/run.sh [SECONDS_PER_TARGET] [BUILD_DIR] [CMAKE_OPTION...]
# Defaults: 60 seconds, build-fuzz/; CMAKE_OPTIONs go to configure.
# Exit status 0 when no target found a crash; crash inputs are left in
# BUILD_DIR/fuzz-artifacts/.
set -eu

secs=${1:-60}
src=$(cd "$(dirname "$0")/../.." && pwd)
build=${2:-$src/build-fuzz}
[ $# -ge 2 ] && shift 2 || shift $#
cc=${FUZZ_CC:-clang-14}

cmake -S "$src" -B "$build" -DCMAKE_C_COMPILER="$cc" -DSEALCTL_FUZZ=ON \
	-DSEALING_WITH_GCC_PLUGIN=OFF -DSEALING_WITH_LLVM_PASS=OFF \
	-DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
cmake --build "$build" -j2 --target sealctl-fuzz-note sealctl-fuzz-status sealctl-fuzz-rewrite

# Seeds: real notes and real ELF files, so the fuzzer starts past the
# magic numbers.  sealing-rt.o is built by this same configuration.
cmake --build "$build" -j2 --target sealing-runtime >/dev/null 2>&1 || true
corpus=$build/fuzz-corpus
art=$build/fuzz-artifacts
mkdir -p "$corpus/note" "$corpus/status" "$corpus/rewrite" "$art"
for f in "$build"/link-object/sealing-rt*.o /bin/true "$src"/tests/sealctl/Inputs/*.s; do
	[ -f "$f" ] || continue
	case $f in
	*.s) tmp=$(mktemp) && "$cc" -c -x assembler "$f" -o "$tmp" && \
		cp "$tmp" "$corpus/status/$(basename "$f").o"; rm -f "$tmp" ;;
	*) cp "$f" "$corpus/status/" ;;
	esac
done
# A note seed: mode byte 0 (4-aligned, little-endian) + a 32-byte version-2
# note (namesz 8, descsz 12, type 1, "SEALING", version 2, policy 1,
# carrier 1, flags 4, state 0).
printf '\000\010\000\000\000\014\000\000\000\001\000\000\000SEALING\000\002\001\001\000\004\000\000\000\000\000\000\000' \
	> "$corpus/note/sealing"

# Rewrite seeds: instrumented files that set-policy and set-scope really
# patch (objects, an archive, a program, a library), each behind the mode
# byte that picks the edit: 0x04 set-policy 2, 0x01 set-scope module.
seeds=$(mktemp -d)
printf 'int main(void) { return 0; }\n' > "$seeds/main.c"
if [ -f "$build/link-object/sealing-rt.o" ]; then
	"$cc" "$seeds/main.c" "$build/link-object/sealing-rt.o" -o "$seeds/prog" || true
	"$cc" -shared -fPIC "$seeds/main.c" "$build/link-object/sealing-rt.o" -o "$seeds/lib.so" || true
	ar rc "$seeds/lib.a" "$build/link-object/sealing-rt.o" || true
fi
for f in "$build"/link-object/sealing-rt*.o "$corpus"/status/*.s.o "$seeds/prog" "$seeds/lib.so" "$seeds/lib.a"; do
	[ -f "$f" ] || continue
	{ printf '\004'; cat "$f"; } > "$corpus/rewrite/policy-$(basename "$f")"
	{ printf '\001'; cat "$f"; } > "$corpus/rewrite/scope-$(basename "$f")"
done
rm -rf "$seeds"

# The rewrite target renames files in a private directory under TMPDIR:
# on tmpfs its fsync calls cost nothing.
if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then
	TMPDIR=/dev/shm
	export TMPDIR
fi

rc=0
for t in note status rewrite; do
	echo "fuzzing $t for ${secs}s"
	"$build/tools/fuzz/sealctl-fuzz-$t" -max_total_time="$secs" -max_len=65536 \
		-artifact_prefix="$art/$t-" -print_final_stats=1 "$corpus/$t" \
		2>"$build/fuzz-$t.log" || rc=1
	grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb)|^==[0-9]+==ERROR|^SUMMARY' \
		"$build/fuzz-$t.log" || true
	# A sanitizer report is a failure even if the process carried on.
	if grep -q -E '^SUMMARY: |runtime error:' "$build/fuzz-$t.log"; then
		rc=1
	fi
done
[ $rc -eq 0 ] && echo "fuzz: no crash" || echo "fuzz: crash, see $art and $build/fuzz-*.log"
exit $rc
