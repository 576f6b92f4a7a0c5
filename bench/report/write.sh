#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Assembles $OUT/report.md (and the plot, $OUT/startup.svg) from
# $OUT/results: conditions of the run, the goals table, the measurement
# sections (details.sh), what failed or was missing, and a closing note
# that explains each missed goal from the measured breakdown.
set -eu
. "$BENCH_DIR/lib/common.sh"
. "$BENCH_DIR/report/query.sh"
R=$OUT/results
# machine.tsv has no header line; give it one for q.
{ printf 'key\tvalue\n'; cat "$R/machine.tsv"; } > "$R/machine.kv"
m() { q "$R/machine.kv" value key="$1"; }

sh "$BENCH_DIR/report/plot.sh" || log "plot failed (gnuplot?)"

{
cat <<EOT
<!-- SPDX-License-Identifier: MIT -->
# sealing: benchmark report

Produced by \`bench/run.sh\` ($(m mode)) on $(m date), commit $(m commit).
Benchmarks, not tests: nothing here is asserted anywhere.

| | |
|---|---|
| CPU | $(m cpu) |
| cores | $(m cores) |
| memory | $(m memory) |
| kernel | $(m kernel) |
| OS, libc, linker | $(m os); glibc $(m glibc | sed 's/.*) //'); $(m binutils) |
| GCC | $(m gcc) |
EOT
awk -F '\t' '$1 == "compiler" { printf "| clang | %s |\n", $2 }' "$R/machine.tsv"
awk -F '\t' '$1 == "artifact" { printf "| measured | %s |\n", $2 }' "$R/machine.tsv"
cat <<EOT
| tools | $(m valgrind), $(m strace), $(m gnuplot) |
| load average (1, 5, 15 min) | $(m load_start) at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end |

**Conditions.** The machine is shared: two virtual cores on which other
people were compiling during the run (see the load average).  Timings are
therefore noisy; every timing below is interleaved across variants and
reported as a median with its interquartile range, and the goals are
judged on ratios taken within the same round.  Instruction counts
(callgrind), syscall counts (strace) and sizes do not depend on load.

**Old code measured beside the new** (\`--old-from\`, \`bench/old-build.sh\`): ${OLD_LABEL:-none in this run; the goals table quotes the committed report of 171add3 only}.  Its variants and carriers are named old-*.

**Carriers measured** (lib/discover.sh): sealing-rt.o (always)$(carriers | awk -F '\t' '{ printf ", %s (%s %s)", $1, $2, $3 }').

EOT
if [ -s "$OUT/carriers-missing.txt" ]; then
	echo '**Carriers missing or unusable:**'
	echo
	sed 's/^/- /' "$OUT/carriers-missing.txt"
	echo
fi
if [ -s "$R/failures.tsv" ]; then
	echo '**Failures during the run** (the variant was left out where it failed):'
	echo
	awk -F '\t' 'NF { printf "- %s: %s\n", $1, $2 }' "$R/failures.tsv"
	echo
fi
echo '## Goals'
echo
sh "$BENCH_DIR/report/goals.sh"
echo
sh "$BENCH_DIR/report/details.sh"
sh "$BENCH_DIR/report/closing.sh"
cat <<EOT

## Reproducing

$( [ -z "${OLD_LABEL:-}" ] || printf '    bench/old-build.sh %s\n' "${OLD_LABEL#commit }")
$( [ ! -s "$R/packages.tsv" ] || printf '    BENCH_PACKAGE_ROUNDS=%s bench/run.sh --only packages%s\n' \
	"$(awk -F '\t' 'NR > 1 && $2 > n { n = $2 } END { print n + 0 }' "$R/packages.tsv")" \
	"$(echo " ${BENCH_ARGS:-}" | sed 's/ --only [^ ]*//')")
    bench/run.sh ${BENCH_ARGS:-}

(run from the top of the repository; BUILD_DIR: $(m build_dir)).

Raw samples and per-step results are in \`$OUT/results/\` of the run that
wrote this report; \`bench/README.md\` describes them.
EOT
} > "$OUT/report.md"
