# SPDX-License-Identifier: MIT
#
# Helpers shared by run.sh and the steps (sourced, not run).  The steps
# share state only through files under $OUT, so any step can be rerun
# alone against an existing output directory:
#   $OUT/tools/          the C tools of bench/src, built here
#   $OUT/results/*.tsv   measurements, one file per step
#   $OUT/results/metrics.tsv   key <TAB> value, single figures
#   $OUT/results/failures.tsv  what could not be built or run

log() {
	printf '[bench %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2
}

die() {
	printf 'bench: %s\n' "$*" >&2
	exit 1
}

need() {
	for t in "$@"; do
		command -v "$t" >/dev/null 2>&1 ||
			die "$t not found: apt-get install $(pkg_of "$t")"
	done
}

pkg_of() {
	case $1 in
	gnuplot) echo gnuplot-nox ;;
	readelf | size | strip) echo binutils ;;
	callgrind_annotate) echo valgrind ;;
	*) echo "$1" ;;
	esac
}

# build_tool NAME [LIBS...]: bench/src/NAME.c -> $OUT/tools/NAME
build_tool() {
	name=$1
	shift
	mkdir -p "$OUT/tools"
	gcc -std=c11 -O2 -Wall -Wextra -Werror \
		-o "$OUT/tools/$name" "$BENCH_DIR/src/$name.c" "$@"
}

# metric KEY VALUE: record a single figure for the report.
metric() {
	mkdir -p "$OUT/results"
	printf '%s\t%s\n' "$1" "$2" >> "$OUT/results/metrics.tsv"
}

# metric_get KEY: the last value recorded for KEY, or empty.
metric_get() {
	[ -f "$OUT/results/metrics.tsv" ] || return 0
	awk -F '\t' -v k="$1" '$1 == k { v = $2 } END { if (v != "") print v }' \
		"$OUT/results/metrics.tsv"
}

# carriers: the instrumenting compilers found by lib/discover.sh, one per
# line: ID <TAB> COMPILER <TAB> FLAG
carriers() {
	[ -f "$OUT/carriers.tsv" ] && cat "$OUT/carriers.tsv" || true
}

# rounds FULL QUICK: the repetition count for the current mode.
rounds() {
	if [ "$QUICK" = 1 ]; then echo "$2"; else echo "$1"; fi
}

# Formatting for the report.
pct() { # ratio -> signed percentage, e.g. 1.0213 -> +2.13 %
	awk -v r="$1" 'BEGIN { if (r == "") print "n/a"; else printf "%+.2f %%", (r - 1) * 100 }'
}

# failure STEP WHAT: a variant that could not be built or run; the run goes
# on without it and the report lists it.
failure() {
	mkdir -p "$OUT/results"
	printf '%s\t%s\n' "$1" "$2" | tr -s '\n' ' ' >> "$OUT/results/failures.tsv"
	echo >> "$OUT/results/failures.tsv"
	log "FAILED ($1): $2"
}

# awk text shared by the steps that match each mseal in an strace log to
# the modules whose SEALING_DEBUG lines announced an address in the range
# it sealed (strace 6.1 prints syscall_0x1ce, newer ones mseal): one call
# may seal several modules that lie side by side (runtime/rt-batch.c).
# The step's own rules fill mod[address] = 0 from the debug lines; this
# counts ms (calls), mod[address] (calls that covered the module) and
# stray (calls that covered none), and mseal_span(n) sets lo and hi, the
# fewest and most calls that covered one module (lo 0 when n, the modules
# announced, is 0).  Addresses are read digit by digit: mawk has no
# strtonum, and a 47-bit address is exact in a double.
MSEAL_AWK='
function hexval(s,  i, v) {
	s = tolower(s); sub(/^0x/, "", s); v = 0
	for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
	return v
}
/^[0-9]+ +(syscall_0x1ce|mseal)\(/ {
	ms++
	a = $0; sub(/^[0-9]+ +[a-z_0-9]+\(/, "", a)
	split(a, arg, /, */)
	lo_ = hexval(arg[1]); hi_ = lo_ + (arg[2] ~ /^0x/ ? hexval(arg[2]) : arg[2] + 0); hit = 0
	for (k in mod) { v_ = hexval(k); if (v_ >= lo_ && v_ < hi_) { mod[k]++; hit = 1 } }
	if (!hit) stray++
}
function mseal_span(n,  k) {
	lo = 1e9; hi = 0
	for (k in mod) { if (mod[k] < lo) lo = mod[k]; if (mod[k] > hi) hi = mod[k] }
	if (!n) lo = 0
}'
