#!/bin/sh
# SPDX-License-Identifier: MIT
#
# What the admin's exempt file (/etc/sealing/exempt) costs at start-up,
# paired: one small program with five libraries, under the loader module,
# with the file absent, with 50 rules for other programs, and with 50
# rules of which one names a library of this program; interleaved rounds
# (bench/src/interleave.c), ratios against the absent file
# (bench/src/summarize.c).  A ratio, not a timed assertion.  Also counts,
# with strace, the system calls the absent file costs (one failed open).
#
#   bench/exempt-file.sh [BUILD_DIR [BASE_LOADER]]
#   BASE_LOADER: another libsealing-loader.so (a build of the commit before
#   the file existed) run in the same rounds, to show the absent file
#   costs what no file support costs.
# Output: build-bench/exempt-file/summary.tsv, printed too.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$(cd "${1:-$ROOT/build}" && pwd)
BASE=${2:-}
OUT=$ROOT/build-bench/exempt-file
LOADER=$BUILD/loader/libsealing-loader.so
CC=${CC:-cc}
mkdir -p "$OUT"

for tool in interleave summarize; do
	$CC -O2 -Wall -Wextra -Werror -o "$OUT/$tool" "$ROOT/bench/src/$tool.c"
done
for i in 1 2 3 4 5; do
	printf 'int lib%s_fn(void) { return %s; }\n' "$i" "$i" > "$OUT/lib$i.c"
	$CC -O2 -shared -fPIC "$OUT/lib$i.c" -o "$OUT/libb$i.so"
done
printf 'int lib1_fn(void), lib2_fn(void), lib3_fn(void), lib4_fn(void), lib5_fn(void);\n%s\n' \
	'int main(void) { return lib1_fn() + lib2_fn() + lib3_fn() + lib4_fn() + lib5_fn() != 15; }' \
	> "$OUT/prog.c"
$CC -O2 "$OUT/prog.c" -L"$OUT" -lb1 -lb2 -lb3 -lb4 -lb5 -Wl,-rpath,"$OUT" -o "$OUT/prog"

: > "$OUT/rules-other"
i=0
while [ $i -lt 50 ]; do
	printf '/usr/bin/other%s libfoo%s.so.1  # a program that is not this one\n' "$i" "$i" >> "$OUT/rules-other"
	i=$((i + 1))
done
{ cat "$OUT/rules-other"; echo '*/prog libb3.so'; } > "$OUT/rules-match"

{
	printf 'absent\tLD_PRELOAD=%s SEALING_EXEMPT_FILE=%s/none\t%s/prog\n' "$LOADER" "$OUT" "$OUT"
	printf 'other-rules\tLD_PRELOAD=%s SEALING_EXEMPT_FILE=%s/rules-other\t%s/prog\n' "$LOADER" "$OUT" "$OUT"
	printf 'matching-rule\tLD_PRELOAD=%s SEALING_EXEMPT_FILE=%s/rules-match\t%s/prog\n' "$LOADER" "$OUT" "$OUT"
	printf 'no-loader\t-\t%s/prog\n' "$OUT"
	[ -n "$BASE" ] && printf 'base-loader\tLD_PRELOAD=%s\t%s/prog\n' "$BASE" "$OUT"
} > "$OUT/spec.tsv"

"$OUT/interleave" -r 400 -w 20 -t 120 -m 50 "$OUT/spec.tsv" > "$OUT/raw.tsv"
"$OUT/summarize" absent < "$OUT/raw.tsv" > "$OUT/summary.tsv"
cat "$OUT/summary.tsv"

if command -v strace > /dev/null; then
	env LD_PRELOAD="$LOADER" SEALING_EXEMPT_FILE="$OUT/none" \
		strace -f -qq -e trace=openat,readlink -o "$OUT/strace.txt" "$OUT/prog"
	echo "absent file, its system calls:"
	grep -e "$OUT/none" -e readlink "$OUT/strace.txt" || echo "(none)"
fi
