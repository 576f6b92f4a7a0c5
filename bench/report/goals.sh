#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The goals table of the report (issue 13, with issue 12's process-scope
# goals), to stdout: per metric and carrier, the old figure measured in
# this same run (the build given with --old-from), the old figure of the
# committed report made at 171add3 (report/old-171add3.tsv, quoted, not
# measured here), the new figure, the goal and the verdict.  A timing goal
# is "met" only when the upper quartile of the paired ratio is within it,
# "missed" when the lower quartile is beyond it, and "within noise"
# otherwise: on a shared machine a median alone would claim more than the
# data shows.
set -eu
. "$BENCH_DIR/lib/common.sh"
. "$BENCH_DIR/report/query.sh"
R=$OUT/results
OLDREP=$BENCH_DIR/report/old-171add3.tsv

new_ids=$(carriers | cut -f1 | grep -v '^old-' || true)
have_old() { carriers | cut -f1 | grep -qx "old-$1"; }
committed() { # committed METRIC CARRIER
	v=$(q "$OLDREP" value metric="$1" carrier="$2")
	echo "${v:-—}"
}

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
short_ratio() { # short_ratio MED
	awk -v m="$1" 'BEGIN { if (m == "") print "—"; else printf "%+.1f %%\n", (m - 1) * 100 }'
}
verdict_max() { # verdict_max VALUE LIMIT UNIT
	if [ -z "$1" ]; then echo "not measured"
	elif [ "$1" -le "$2" ]; then echo '**met**'
	else echo "**missed** by $(( $1 - $2 ))$3 ($(calc "$1/$2")×)"; fi
}
thousands() { # 12345 -> 12,345
	echo "$1" | awk '{ s = $1; r = ""; while (length(s) > 3) { r = "," substr(s, length(s) - 2) r; s = substr(s, 1, length(s) - 3) } print s r }'
}

echo "Old figures: **old (this run)** is the build of ${OLD_LABEL:-(none: run without --old-from)} measured in this same interleaved run; **old (committed)** quotes \`bench/results/report.md\` as committed at 171add3 (a different run, on another day's load)."
echo
echo '| Metric | Carrier | Old (this run) | Old (committed, 171add3) | New | Goal | Verdict |'
echo '|---|---|---|---|---|---|---|'

# --- start-up, paired ratios against uninstr ----------------------------
startup_row() { # startup_row LABEL CARRIER NEWVAR OLDVAR COMMITTEDKEY LIMIT
	m=$(q "$R/startup.tsv" paired_med variant="$3-100")
	[ -n "$m" ] || return 0
	a=$(q "$R/startup.tsv" paired_p25 variant="$3-100")
	b=$(q "$R/startup.tsv" paired_p75 variant="$3-100")
	o=$(q "$R/startup.tsv" paired_med variant="$4-100")
	echo "| $1 | $2 | $(short_ratio "$o") | $(committed "$5" "$2") | $(ratio_cell "$m" "$a" "$b") | ≤ +$6 % | $(verdict_ratio "$a" "$m" "$b" "$6") |"
}
startup_row "Start-up, 100 libraries + exe, default settings (process scope, RELRO made anonymous)" rt-object sealed old-sealed startup 12
for id in $new_ids; do
	startup_row "Start-up, 100 libraries + exe, default settings (process scope, RELRO made anonymous)" "$id" "$id" "old-$id" startup 12
done
startup_row "Start-up, 100 libraries + exe, relro=keep" rt-object relro-keep old-relro-keep relro-keep 4
startup_row "Start-up, 100 libraries + exe, policy 0 (SEALING_POLICY=0)" rt-object policy0 old-policy0 policy0 1

# --- constructor instructions, executable ----------------------------------
# At -O2 from ctor.tsv; for the plugins, the largest over -O0 … -Oz too.
ctor_row() { # ctor_row CARRIER VARIANT OLDVARIANT SCOPE-LABEL
	t=$(q "$R/ctor.tsv" instructions variant="$2" situation=exe env=typical)
	[ -n "$t" ] || return 0
	o=$(q "$R/ctor.tsv" instructions variant="$3" situation=exe env=typical)
	mx=$(awk -F '\t' -v v="$2" 'NR > 1 && $1 == v && $3 != "" { if ($3 > m) { m = $3; l = $2 } } END { if (m) print m, l }' "$R/ctor-olevels.tsv" 2>/dev/null || true)
	cell="$(thousands "$t") at -O2"
	worst=$t
	if [ -n "$mx" ]; then
		set -- "$@" $mx
		cell="$cell; at most $(thousands "$5") (-$6) over -O0 … -Oz"
		[ "$5" -le "$worst" ] || worst=$5
	fi
	case $4 in
	process) label="Constructor instructions, executable, **process scope** (default: also seals libc and ld.so, RELRO copies included)" ;;
	*) label="Constructor instructions, executable, **module scope** (itself only)" ;;
	esac
	oc=—
	[ "$4" = process ] && oc=$(committed ctor "$1")
	echo "| $label | $1 | $( [ -n "$o" ] && thousands "$o" || echo —) | $oc | $cell | ≤ 600 | $(verdict_max "$worst" 600 '') |"
}
ctor_row rt-object rt old-rt process
for id in $new_ids; do ctor_row "$id" "$id" "old-$id" process; done
ctor_row rt-object rt-module old-rt-module module
for id in $new_ids; do ctor_row "$id" "$id-module" "old-$id-module" module; done

# --- size ----------------------------------------------------------------------
size_of() { # size_of CARRIER: all allocated bytes added to small-lib
	awk -F '\t' -v c="$1" '
		$1 == "small-lib" && $2 == c && $3 == "plain" { for (i = 4; i <= 8; i++) base += $i }
		$1 == "small-lib" && $2 == c && $3 == "sealed" { for (i = 4; i <= 8; i++) s += $i; found = 1 }
		END { if (found) print s - base }' "$R/size.tsv" 2>/dev/null || true
}
for c in rt-object $new_ids; do
	n=$(size_of "$c")
	[ -n "$n" ] || continue
	o=$(size_of "old-$c")
	echo "| Allocated bytes added per module (a small library) | $c | $( [ -n "$o" ] && echo "$(thousands "$o") B" || echo —) | $(committed size "$c") | $(thousands "$n") B | ≤ 2,048 B | $(verdict_max "$n" 2048 ' B') |"
done

# --- compile time -------------------------------------------------------------
for input in tree large; do
	limit=5 label="Compile time, small-file tree (wall, paired per round)"
	[ "$input" = large ] && limit=2 label="Compile time, large file (wall, paired per round)"
	for id in $new_ids; do
		m=$(q "$R/compile-$input.tsv" paired_med variant="$id:on")
		[ -n "$m" ] || continue
		a=$(q "$R/compile-$input.tsv" paired_p25 variant="$id:on")
		b=$(q "$R/compile-$input.tsv" paired_p75 variant="$id:on")
		c=$(q "$R/compile-$input.tsv" cpu_ratio variant="$id:on")
		o=$(q "$R/compile-$input.tsv" paired_med variant="old-$id:on")
		nr=$(q "$R/compile-$input.tsv" n variant="$id:on")
		# Fewer than 3 rounds (the time budget on a loaded machine): a
		# quartile of two samples decides nothing.
		if [ "${nr:-0}" -lt 3 ]; then verdict="inconclusive: $nr rounds only (time budget on a loaded machine)"; else verdict=$(verdict_ratio "$a" "$m" "$b" "$limit"); fi
		echo "| $label | $id | $(short_ratio "$o") | $(committed "compile-$input" "$id") | $(ratio_cell "$m" "$a" "$b"); CPU $(pct "$c"); $nr rounds | ≤ +$limit % | $verdict |"
	done
done

# --- mseal per module -----------------------------------------------------------
mseal_cell() { # mseal_cell SET -> "LO[–HI] on each of M modules" or empty
	lo=$(q "$R/startup-syscalls.tsv" mseal_per_module_min set="$1" n=100 env=-)
	[ -n "$lo" ] || return 0
	hi=$(q "$R/startup-syscalls.tsv" mseal_per_module_max set="$1" n=100 env=-)
	mods=$(q "$R/startup-syscalls.tsv" modules_sealed set="$1" n=100 env=-)
	echo "$( [ "$lo" = "$hi" ] && echo "$lo" || echo "$lo–$hi") on each of $mods modules"
}
for set in rt $new_ids; do
	cell=$(mseal_cell "$set")
	[ -n "$cell" ] || continue
	name=$set
	[ "$set" = rt ] && name=rt-object
	lo=$(q "$R/startup-syscalls.tsv" mseal_per_module_min set="$set" n=100 env=-)
	hi=$(q "$R/startup-syscalls.tsv" mseal_per_module_max set="$set" n=100 env=-)
	mods=$(q "$R/startup-syscalls.tsv" modules_sealed set="$set" n=100 env=-)
	# 101 instrumented modules, plus (process scope) libc and ld.so.
	if [ "$lo" = 1 ] && [ "$hi" = 1 ] && [ "$mods" -ge 101 ]; then v='**met**'; else v="**missed**: $lo to $hi per module, $mods modules sealed"; fi
	oc=$(mseal_cell "old-$set")
	echo "| mseal calls per module (strace, 100 libraries + exe; process scope also seals libc and ld.so) | $name | ${oc:-—} | $(committed mseal "$name") | $cell | = 1 | $v |"
done

# --- issue 12: process scope over uninstrumented libraries -------------------
for v in process loader; do
	lo=$(q "$R/scope-syscalls.tsv" mseal_per_object_min variant="$v" n=100)
	[ -n "$lo" ] || continue
	hi=$(q "$R/scope-syscalls.tsv" mseal_per_object_max variant="$v" n=100)
	objs=$(q "$R/scope-syscalls.tsv" objects_sealed variant="$v" n=100)
	st=$(q "$R/scope-syscalls.tsv" mseal_unattributed variant="$v" n=100)
	if [ "$lo" = 1 ] && [ "$hi" = 1 ] && [ "$st" = 0 ]; then verdict='**met**'; else verdict="**missed**: $lo to $hi per object, $st unattributed"; fi
	what="process scope (exe linked with sealing-rt.o)"
	[ "$v" = loader ] && what="loader module (LD_PRELOAD)"
	echo "| mseal calls per object, 100 uninstrumented libraries, $what | — | — | — | $( [ "$lo" = "$hi" ] && echo "$lo" || echo "$lo–$hi") on each of $objs objects | = 1 | $verdict |"
done
for v in process libs-self; do
	inc=$(awk -F '\t' -v v="$v" '$1 == v && $4 != "-" { printf "%s%s", sep, $4; sep = ", " }' "$R/scope-scaling.tsv" 2>/dev/null || true)
	[ -n "$inc" ] || continue
	# Linear: the increment per library does not grow with N (within 10 %).
	verdict=$(awk -F '\t' -v v="$v" '$1 == v && $4 != "-" { if (first == "") first = $4; last = $4 }
		END { if (last <= first * 1.10) print "**met** (linear)"; else printf "**missed**: the increment per library grows %.2f× from the first step to the last (O(N²))\n", last / first }' "$R/scope-scaling.tsv")
	what="Process-scope constructor of the executable, per uninstrumented library"
	[ "$v" = libs-self ] && what="Instrumented libraries under an uninstrumented executable, all constructors, per library"
	echo "| $what (callgrind; increments 25→50→100→200 libraries) | rt-object | — | — | $inc instructions per library | no O(N²) walk: constant increment | $verdict |"
done
