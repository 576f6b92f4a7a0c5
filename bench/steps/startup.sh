#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Start-up cost (issue 6, item 1): wall time per exec of the programs from
# build-sets.sh, every variant and every N interleaved in one run, and
# the syscalls each module makes, counted by strace.
#   results/startup-raw.tsv      every sample (interleave)
#   results/startup.tsv          per variant: median, spread, ratios
#   results/startup-syscalls.tsv per set and N: mseal and all syscalls
set -eu
. "$BENCH_DIR/lib/common.sh"

S=$OUT/startup
R=$OUT/results
mkdir -p "$R"

built_carriers() {
	for id in $(carriers | cut -f1); do
		[ -f "$S/$id/stamp" ] && echo "$id"
	done
	return 0
}

# --- timing -------------------------------------------------------------
spec=$S/spec.tsv
{
	for n in 1 10 100; do
		printf 'uninstr-%s\t-\t%s\n' "$n" "$S/plain/start$n"
		printf 'policy0-%s\tSEALING_POLICY=0\t%s\n' "$n" "$S/rt/start$n"
		printf 'sealed-%s\t-\t%s\n' "$n" "$S/rt/start$n"
		printf 'relro-keep-%s\t-\t%s\n' "$n" "$S/relro-keep/start$n"
		printf 'naive-%s\t-\t%s\n' "$n" "$S/naive/start$n"
		printf 'empty-ctor-%s\t-\t%s\n' "$n" "$S/empty-ctor/start$n"
		printf 'dead-code-%s\t-\t%s\n' "$n" "$S/dead-code/start$n"
		printf 'note-only-%s\t-\t%s\n' "$n" "$S/note-only/start$n"
		printf 'module-scope-%s\t-\t%s\n' "$n" "$S/rt-module/start$n"
		printf 'libs-only-%s\t-\t%s\n' "$n" "$S/libs-only/start$n"
		if [ -f "$S/old-rt/stamp" ]; then
			printf 'old-policy0-%s\tSEALING_POLICY=0\t%s\n' "$n" "$S/old-rt/start$n"
			printf 'old-sealed-%s\t-\t%s\n' "$n" "$S/old-rt/start$n"
			printf 'old-relro-keep-%s\t-\t%s\n' "$n" "$S/old-relro-keep/start$n"
			printf 'old-libs-only-%s\t-\t%s\n' "$n" "$S/old-libs-only/start$n"
		fi
		for id in $(built_carriers); do
			printf '%s-%s\t-\t%s\n' "$id" "$n" "$S/$id/start$n"
			# Policy 0 per carrier (issue 25's goal), at N = 100 only: the
			# interleave tool takes 64 variants at most.
			[ "$n" != 100 ] ||
				printf '%s-policy0-%s\tSEALING_POLICY=0\t%s\n' "$id" "$n" "$S/$id/start$n"
		done
	done
} > "$spec"
rounds=$(rounds 800 40)
budget=$(rounds 420 60)
log "start-up: up to $rounds interleaved rounds of $(wc -l < "$spec") variants, at most $budget s"
"$OUT/tools/interleave" -r "$rounds" -w 5 -t "$budget" -m 20 "$spec" > "$R/startup-raw.tsv"
# One summary per N, each against its own uninstrumented baseline.
for n in 1 10 100; do
	awk -F '\t' -v n="$n" 'NR == 1 || $1 ~ "-" n "$"' "$R/startup-raw.tsv" |
		"$OUT/tools/summarize" "uninstr-$n" | awk -F '\t' -v n="$n" -v OFS='\t' \
		'NR == 1 { print "libs", $0; next } { print n, $0 }' > "$S/summary-$n.tsv"
done
{
	cat "$S/summary-1.tsv"
	tail -n +2 "$S/summary-10.tsv"
	tail -n +2 "$S/summary-100.tsv"
} > "$R/startup.tsv"

# --- syscalls, from strace ---------------------------------------------
# mseal is syscall_0x1ce to strace 6.1 and "mseal" to newer ones.  Each
# mseal is matched to the module whose SEALING_DEBUG line names its start
# address, so "per module" is counted, not averaged.
count_trace() { # count_trace SET N ENV -> one TSV line
	set_=$1 n=$2 env_=$3
	t=$S/trace-$set_-$n
	env $env_ SEALING_DEBUG=1 strace -f -qq -o "$t.strace" "$S/$set_/start$n" 2> "$t.debug" ||
		die "strace of $set_/start$n failed"
	awk -v set="$set_" -v n="$n" -v env="$env_" '
		FILENAME ~ /debug$/ {
			if (match($0, /sealed 0x[0-9a-f]+/)) {
				mod[substr($0, RSTART + 7, RLENGTH - 7)] = 0; mods++
			}
			next
		}
		# The debug lines themselves are not the runtime'"'"'s cost.
		!/^[0-9]+ +write\(2, "sealing: / { calls++ }
		END {
			mseal_span(mods)
			printf "%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\n", set, n, env == "" ? "-" : env,
				mods + 0, ms + 0, lo, hi, stray + 0, calls + 0
		}'"$MSEAL_AWK" "$t.debug" "$t.strace"
}
{
	printf 'set\tn\tenv\tmodules_sealed\tmseal_calls\tmseal_per_module_min\tmseal_per_module_max\tmseal_unattributed\tall_syscalls\n'
	for n in 1 10 100; do
		count_trace plain "$n" ""
		count_trace rt "$n" "SEALING_POLICY=0"
		count_trace rt "$n" ""
		count_trace relro-keep "$n" ""
		count_trace naive "$n" ""
		count_trace rt-module "$n" ""
		if [ -f "$S/old-rt/stamp" ]; then
			count_trace old-rt "$n" ""
			count_trace old-relro-keep "$n" ""
		fi
		for id in $(built_carriers); do
			count_trace "$id" "$n" ""
		done
	done
} > "$R/startup-syscalls.tsv"
log "start-up: done"
