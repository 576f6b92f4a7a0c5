#!/bin/sh
# SPDX-License-Identifier: MIT
#
# dlopen churn (issue 6, item 2): CYCLES dlopen/dlsym/call/dlclose cycles
# of one library (src/churn.c), variants interleaved run by run:
#   uninstr      libbench1.so without the runtime
#   sealed       with sealing-rt.o: pins itself, so dlclose keeps it
#   policy0      the same library with SEALING_POLICY=0 (no pin, no seal)
#   dlopen-skip  with sealing-rt-dlopen-skip.o: a dlopen'd copy stays
#                unsealed and is really unloaded every cycle
#   naive        sealed by src/naive-ctor.c, which does not pin: what the
#                runtime's pinning prevents (run for CYCLES/10 only, since
#                every cycle leaks a copy)
#   results/churn.tsv: variant, cycles, ns per cycle (median over runs),
#   mappings and RSS after the first cycle and at the end
set -eu
. "$BENCH_DIR/lib/common.sh"

S=$OUT/startup
D=$OUT/churn
R=$OUT/results
mkdir -p "$D" "$R"
gcc -O2 -fPIC -shared -o "$D/libskip.so" "$S/src/bench1.c" "$RT_DIR/sealing-rt-dlopen-skip.o"

cycles=$(rounds 10000 2000)
runs=$(rounds 5 2)
lib_of() {
	case $1 in
	uninstr) echo "$S/plain/lib/libbench1.so" ;;
	sealed | policy0) echo "$S/rt/lib/libbench1.so" ;;
	dlopen-skip) echo "$D/libskip.so" ;;
	naive) echo "$S/naive/lib/libbench1.so" ;;
	esac
}
: > "$D/runs.tsv"
r=0
while [ "$r" -lt "$runs" ]; do
	for v in uninstr sealed policy0 dlopen-skip naive; do
		c=$cycles
		[ "$v" = naive ] && c=$((cycles / 10))
		pol=
		[ "$v" = policy0 ] && pol=SEALING_POLICY=0
		printf '%s\t' "$v" >> "$D/runs.tsv"
		env $pol "$OUT/tools/churn" "$(lib_of "$v")" "$c" >> "$D/runs.tsv"
	done
	r=$((r + 1))
done
# Median ns per cycle per variant; mappings and RSS from the last run.
{
	printf 'variant\tcycles\tns_per_cycle\tmaps_after_1\tmaps_end\tlib_maps_end\trss_kib_after_1\trss_kib_end\n'
	for v in uninstr sealed policy0 dlopen-skip naive; do
		awk -F '\t' -v v="$v" '$1 == v' "$D/runs.tsv" | sort -t '	' -k3,3n | awk -F '\t' -v OFS='\t' '
			{ ns[NR] = $3; last = $0; split($0, f, "\t") }
			END { print f[1], f[2], ns[int((NR + 1) / 2)], f[4], f[5], f[6], f[7], f[8] }'
	done
} > "$R/churn.tsv"
log "churn: done"
