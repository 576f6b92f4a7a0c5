#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Baselines (issue 6, item 5).
# 1. Loader-side lower bound: one bare mseal per object over its whole
#    map, as glibc's loader series does (src/loader-bound.c), timed in
#    process over the 100 uninstrumented libraries, and its user-space
#    instructions per object (callgrind).
# 2. The naive alternative: a constructor that finds its module with
#    dl_iterate_phdr (src/naive-ctor.c).  Instructions summed over all
#    N + 1 constructors, against ours, for N = 1, 10, 100: ours grows
#    linearly, the naive one quadratically.
# 3. Whole-process user-space instructions of each start-up variant, which
#    also shows what the dynamic loader spends on the runtime's symbol
#    references (it resolves them against every loaded object in turn).
#   results/baseline-loader.tsv, results/baseline-scaling.tsv
set -eu
. "$BENCH_DIR/lib/common.sh"
. "$BENCH_DIR/lib/env.sh"

S=$OUT/startup
R=$OUT/results
B=$OUT/baselines
mkdir -p "$B" "$R"

# callgrind_total [--toggle-collect=F]... -- PROGRAM ARGS...
callgrind_total() {
	opts=
	while [ "$1" != -- ]; do opts="$opts $1"; shift; done
	shift
	rm -f "$B/cg.out"
	# shellcheck disable=SC2086
	in_env typical valgrind -q --tool=callgrind --callgrind-out-file="$B/cg.out" $opts \
		"$@" > /dev/null 2> "$B/cg.err" || { cat "$B/cg.err" >&2; die "callgrind failed on $*"; }
	sed -n 's/^totals: *//p' "$B/cg.out"
}

# --- 1. loader-side lower bound ------------------------------------------
libs=$(i=1; while [ "$i" -le 100 ]; do printf ' %s/plain/lib/libbench%s.so' "$S" "$i"; i=$((i + 1)); done)
runs=$(rounds 41 7)
: > "$B/loader-runs.tsv"
i=0
while [ "$i" -lt "$runs" ]; do
	# shellcheck disable=SC2086
	"$OUT/tools/loader-bound" $libs >> "$B/loader-runs.tsv"
	i=$((i + 1))
done
# shellcheck disable=SC2086
insns=$(callgrind_total --toggle-collect=bench_loader_seal_one -- "$OUT/tools/loader-bound" $libs)
sort -t '	' -k2,2n "$B/loader-runs.tsv" | awk -F '\t' -v insns="$insns" -v OFS='\t' '
	{ ns[NR] = $2; obj = $1; fail += $3 }
	END {
		print "objects", "runs", "ns_per_mseal_median", "ns_p25", "ns_p75", "failures", "user_insns_per_object"
		print obj, NR, ns[int((NR + 1) / 2)], ns[int(NR / 4) + 1], ns[int(3 * NR / 4) + 1], fail, insns / obj
	}' > "$R/baseline-loader.tsv"

# --- 2 and 3. scaling, in instructions ------------------------------------
printf 'n\tvariant\tctor_insns_total\tctor_insns_per_module\tprocess_insns\n' > "$R/baseline-scaling.tsv"
for n in 1 10 100; do
	m=$((n + 1))
	p=$(callgrind_total -- "$S/plain/start$n")
	printf '%s\tuninstr\t0\t0\t%s\n' "$n" "$p"
	for v in rt-visible naive; do
		t=$(callgrind_total --toggle-collect='*rt_seal_self' --toggle-collect=bench_naive_seal_self -- "$S/$v/start$n")
		p=$(callgrind_total -- "$S/$v/start$n")
		name=$v
		[ "$v" = rt-visible ] && name=sealed
		printf '%s\t%s\t%s\t%s\t%s\n' "$n" "$name" "$t" "$((t / m))" "$p"
	done
	t=$(EXTRA_ENV=SEALING_POLICY=0 callgrind_total --toggle-collect='*rt_seal_self' -- "$S/rt-visible/start$n")
	p=$(EXTRA_ENV=SEALING_POLICY=0 callgrind_total -- "$S/rt-visible/start$n")
	printf '%s\tpolicy0\t%s\t%s\t%s\n' "$n" "$t" "$((t / m))" "$p"
	# The presence control: the runtime's bytes and note, never run.
	p=$(callgrind_total -- "$S/dead-code/start$n")
	printf '%s\tdead-code\t0\t0\t%s\n' "$n" "$p"
done >> "$R/baseline-scaling.tsv"
log "baselines: done"
