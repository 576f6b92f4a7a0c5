#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The goals table of the report (issue 6, "Goals the report is read
# against"), to stdout.  A timing goal is "met" only when the upper
# quartile of the paired ratio is within it, "missed" when the lower
# quartile is beyond it, and "within noise" otherwise: on a shared machine
# a median alone would claim more than the data shows.
set -eu
. "$BENCH_DIR/lib/common.sh"
. "$BENCH_DIR/report/query.sh"
R=$OUT/results

# verdict_ratio P25 MED P75 LIMIT_PERCENT
verdict_ratio() {
	awk -v a="$1" -v m="$2" -v b="$3" -v g="$4" 'BEGIN {
		lim = 1 + g / 100
		if (m == "") { print "not measured"; exit }
		if (b <= lim) print "**met**"
		else if (a > lim) printf "**missed** by %.1f points\n", (m - lim) * 100
		else printf "within noise (median %s the goal)\n", (m > lim ? "above" : "within")
	}'
}
ratio_cell() { # ratio_cell MED P25 P75
	awk -v m="$1" -v a="$2" -v b="$3" 'BEGIN {
		if (m == "") print "n/a"; else printf "%+.1f %% (IQR %+.1f … %+.1f)\n", (m - 1) * 100, (a - 1) * 100, (b - 1) * 100 }'
}

echo '| Goal | Target | Carrier | Measured | Verdict |'
echo '|---|---|---|---|---|'

# mseal per module, at N = 100 (101 modules).
for set in rt $(carriers | cut -f1); do
	lo=$(q "$R/startup-syscalls.tsv" mseal_per_module_min set="$set" n=100 env=-)
	hi=$(q "$R/startup-syscalls.tsv" mseal_per_module_max set="$set" n=100 env=-)
	mods=$(q "$R/startup-syscalls.tsv" modules_sealed set="$set" n=100 env=-)
	[ -n "$lo" ] || continue
	name=$set
	[ "$set" = rt ] && name=rt-object
	if [ "$lo" = 1 ] && [ "$hi" = 1 ] && [ "$mods" = 101 ]; then v='**met**'; else v="**missed**: $lo to $hi per module, $mods of 101 modules sealed"; fi
	echo "| mseal calls per module (strace, 100 libraries + executable) | = 1 | $name | $( [ "$lo" = "$hi" ] && echo "$lo" || echo "$lo–$hi") on each of $mods modules | $v |"
done

# Constructor instructions in an executable.
for v in rt $(carriers | cut -f1); do
	t=$(q "$R/ctor.tsv" instructions variant="$v" situation=exe env=typical)
	[ -n "$t" ] || continue
	e=$(q "$R/ctor.tsv" instructions variant="$v" situation=exe env=empty)
	name=$v
	[ "$v" = rt ] && name=rt-object
	if [ "$t" -le 1000 ]; then verdict='**met**'; else verdict="**missed** by $((t - 1000)) ($(calc "$t/1000")×)"; fi
	echo "| Constructor, executable (callgrind, 30-variable environment) | ≤ 1,000 instructions | $name | $t ($e with an empty environment) | $verdict |"
done
l=$(q "$R/ctor.tsv" instructions variant=rt situation=lib env=typical)
d=$(q "$R/ctor.tsv" instructions variant=rt situation=dlopen env=typical)
[ -z "$d" ] || echo "| Constructor, shared library (reported, no goal) | — | rt-object | $l loaded at start-up; $d when dlopen'd, pinning included | — |"

# Start-up with 100 libraries.
for v in sealed $(carriers | cut -f1); do
	m=$(q "$R/startup.tsv" paired_med variant="$v-100")
	[ -n "$m" ] || continue
	a=$(q "$R/startup.tsv" paired_p25 variant="$v-100")
	b=$(q "$R/startup.tsv" paired_p75 variant="$v-100")
	name=$v
	[ "$v" = sealed ] && name=rt-object
	echo "| Start-up overhead, 100 libraries (wall, paired per round) | ≤ 2 % | $name | $(ratio_cell "$m" "$a" "$b") | $(verdict_ratio "$a" "$m" "$b" 2) |"
done

# Compile time.
for input in large tree; do
	limit=2
	label="Compile time, large file"
	[ "$input" = tree ] && limit=5 label="Compile time, small-file tree"
	for id in $(carriers | cut -f1); do
		m=$(q "$R/compile-$input.tsv" paired_med variant="$id:on")
		[ -n "$m" ] || continue
		a=$(q "$R/compile-$input.tsv" paired_p25 variant="$id:on")
		b=$(q "$R/compile-$input.tsv" paired_p75 variant="$id:on")
		c=$(q "$R/compile-$input.tsv" cpu_ratio variant="$id:on")
		echo "| $label (wall, paired per round) | ≤ $limit % | $id | $(ratio_cell "$m" "$a" "$b"); CPU time $(pct "$c") | $(verdict_ratio "$a" "$m" "$b" "$limit") |"
	done
done

# Size: everything allocated that one module gains.
for c in rt-object $(carriers | cut -f1); do
	for p in small-lib small-exe; do
		line=$(awk -F '\t' -v p="$p" -v c="$c" '
			$1 == p && $2 == c && $3 == "plain" { for (i = 4; i <= 8; i++) base += $i }
			$1 == p && $2 == c && $3 == "sealed" { for (i = 4; i <= 8; i++) s += $i; code = $4; found = 1 }
			END { if (found) print s - base }' "$R/size.tsv" 2>/dev/null)
		[ -n "$line" ] || continue
		if [ "$line" -le 1024 ]; then v='**met**'; else v="**missed** by $((line - 1024)) B ($(calc "$line/1024")×)"; fi
		echo "| Code and data added per module ($p: all allocated sections) | ≤ 1 KiB | $c | $line B | $v |"
		break
	done
done
