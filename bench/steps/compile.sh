#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Compile time (issue 6, item 3): each compiler that has a plugin, with
# and without it, on one large file, on a tree of small files (each
# file compiled on its own, one after the other: the per-unit cost of a
# plugin shows up once per file), and on a one-function unit compiled
# -O2 -fPIC -c again and again, whose paired difference per compile is the
# plugin's fixed cost per unit (issue 25's goal, in ms).  All variants of one input are
# interleaved in one interleave run; -O2, as distributions build.  Old
# plugins (old-*, --old-from) are timed in the same run against the same
# compiler's "off" variant.  A time budget caps each input's run on a
# loaded machine (at least 2 rounds; the report gives the rounds run).
#   results/compile-large.tsv, results/compile-tree.tsv,
#   results/compile-unit.tsv: per variant, the summary of src/summarize.c
#   against that compiler without the plugin
#   results/compile-unit-ms.tsv: per plugin, ms per compile of the
#   one-function unit without and with it, and the paired difference
#   (median over rounds of on - off in the same round, and its quartiles)
#   results/compile-inputs.tsv: what was compiled
set -eu
. "$BENCH_DIR/lib/common.sh"
. "$BENCH_DIR/lib/sources.sh"

K=$OUT/compile
R=$OUT/results
mkdir -p "$K" "$R"
if [ -z "$(carriers)" ]; then
	log "compile: no plugin available, nothing to compare"
	printf 'input\tunits\tdescription\n' > "$R/compile-inputs.tsv"
	exit 0
fi

large=$(large_file "$(rounds 800 150)")
tree=$(small_tree)
large_f=$(printf '%s' "$large" | cut -f1)
# The smallest unit a package has: what the plugin costs for being there.
unit_f=$K/one-function.c
echo 'int one_function(int x) { return 3 * x + 1; }' > "$unit_f"
unit_reps=$(rounds 20 5)
tree_d=$(printf '%s' "$tree" | cut -f1)
files=$(ls "$tree_d"/*.c)
[ "$QUICK" = 1 ] && files=$(echo "$files" | head -n 6)
{
	printf 'input\tunits\tdescription\n'
	printf 'large\t1\t%s\n' "$(printf '%s' "$large" | cut -f2)"
	printf 'tree\t%s\t%s\n' "$(echo "$files" | wc -l)" "$(printf '%s' "$tree" | cut -f2)"
	printf 'unit\t%s\tone function, -O2 -fPIC -c, compiled %s times in a row per sample\n' "$unit_reps" "$unit_reps"
} > "$R/compile-inputs.tsv"

# One script per variant and input, so interleave can exec it directly.
# write_script NAME CC FLAG
write_script() {
	o=$K/$1
	mkdir -p "$o"
	{
		echo '#!/bin/sh'
		echo 'set -eu'
		echo "\"$2\" -O2 $3 -c \"$large_f\" -o \"$o/large.o\""
	} > "$K/$1.large.sh"
	{
		echo '#!/bin/sh'
		echo 'set -eu'
		for f in $files; do
			echo "\"$2\" -O2 $3 -DLUA_USE_LINUX -c \"$f\" -o \"$o/$(basename "$f" .c).o\""
		done
	} > "$K/$1.tree.sh"
	{
		echo '#!/bin/sh'
		echo 'set -eu'
		i_=1
		while [ "$i_" -le "$unit_reps" ]; do
			echo "\"$2\" -O2 -fPIC $3 -c \"$unit_f\" -o \"$o/unit.o\""
			i_=$((i_ + 1))
		done
	} > "$K/$1.unit.sh"
	chmod +x "$K/$1.large.sh" "$K/$1.tree.sh" "$K/$1.unit.sh"
}
: > "$K/ids"
# An old build's plugin (old-ID, --old-from) is compared with the same
# compiler without a plugin, the "off" variant of the current carrier ID,
# timed once for both.
base_of() {
	b=${1#old-}
	if [ "$b" != "$1" ] && carriers | cut -f1 | grep -qx "$b"; then echo "$b"; else echo "$1"; fi
}
carriers | while IFS='	' read -r id cc flag; do
	[ "$(base_of "$id")" = "$id" ] && write_script "$id:off" "$cc" ""
	write_script "$id:on" "$cc" "$flag"
	# One untimed compile of a unit with the plugin: a plugin in
	# development that cannot build it drops out, with the reason.
	first=$(echo "$files" | head -n 1)
	"$cc" -O2 $flag -DLUA_USE_LINUX -c "$first" -o "$K/$id.smoke.o" 2> "$K/$id.err" &&
		"$cc" -O2 $flag -c "$large_f" -o "$K/$id.smoke.o" 2>> "$K/$id.err" ||
		{ failure compile "$id: $(head -c 400 "$K/$id.err")"; continue; }
	echo "$id" >> "$K/ids"
done
if [ ! -s "$K/ids" ]; then
	log "compile: no carrier could build the inputs"
	exit 0
fi

for input in unit large tree; do
	spec=$K/spec-$input.tsv
	: > "$spec"
	while read -r id; do
		[ "$(base_of "$id")" = "$id" ] &&
			printf '%s:off\t-\t/bin/sh %s\n' "$id" "$K/$id:off.$input.sh" >> "$spec"
		printf '%s:on\t-\t/bin/sh %s\n' "$id" "$K/$id:on.$input.sh" >> "$spec"
	done < "$K/ids"
	rounds=$(rounds 5 1) budget=$(rounds 300 0) minr=2
	[ "$input" != unit ] || { rounds=$(rounds 40 5) budget=$(rounds 150 20) minr=5; }
	log "compile: $input, up to $rounds interleaved rounds of $(wc -l < "$spec") variants, at most $budget s ($minr rounds at least)"
	"$OUT/tools/interleave" -r "$rounds" -w "$([ "$input" = unit ] && echo 1 || echo 0)" -t "$budget" -m "$minr" "$spec" > "$K/raw-$input.tsv"
	# The plugin must really have instrumented what was timed.
	while read -r id; do
		for o in "$K/$id:on"/*.o; do
			readelf -SW "$o" | grep -q '\.note\.sealing' ||
				die "compile: $o has no .note.sealing: the $id plugin did not instrument it"
		done
	done < "$K/ids"
	{
		first=1
		while read -r id; do
			b=$(base_of "$id")
			awk -F '\t' -v id="$id" -v b="$b" 'NR == 1 || $1 == b ":off" || $1 == id ":on"' "$K/raw-$input.tsv" |
				"$OUT/tools/summarize" "$b:off" > "$K/sum-$input-$id.tsv"
			# the shared baseline is listed once, with its own carrier
			[ "$b" = "$id" ] || { awk -F '\t' -v b="$b" '$1 != b ":off"' "$K/sum-$input-$id.tsv" > "$K/sum.tmp"; mv "$K/sum.tmp" "$K/sum-$input-$id.tsv"; }
			if [ "$first" = 1 ]; then cat "$K/sum-$input-$id.tsv"; first=0; else tail -n +2 "$K/sum-$input-$id.tsv"; fi
		done < "$K/ids"
	} > "$R/compile-$input.tsv"
done

# The fixed cost per unit in ms: per round, (on - off) / compiles, for
# wall and CPU time; quartiles over rounds.
quartiles() { # stdin: numbers -> "median p25 p75"
	sort -g | awk '{ v[NR] = $1 }
		function q(p,  x, i) { x = p * (NR - 1) + 1; i = int(x); return i < NR ? v[i] + (x - i) * (v[i + 1] - v[i]) : v[i] }
		END { if (NR) printf "%.2f\t%.2f\t%.2f\n", q(0.5), q(0.25), q(0.75); else print "\t\t" }'
}
{
	printf 'variant\trounds\toff_ms\ton_ms\tdiff_med_ms\tdiff_p25_ms\tdiff_p75_ms\tcpu_diff_med_ms\n'
	while read -r id; do
		b=$(base_of "$id")
		pairs=$(awk -F '\t' -v on="$id:on" -v off="$b:off" -v n="$unit_reps" '
			$1 == off { w0[$2] = $3; c0[$2] = $4 }
			$1 == on { w1[$2] = $3; c1[$2] = $4 }
			END { for (r in w1) if (r in w0) printf "%.4f %.4f %.4f %.4f\n", (w1[r] - w0[r]) / n / 1e6, (c1[r] - c0[r]) / n / 1e6, w0[r] / n / 1e6, w1[r] / n / 1e6 }' "$K/raw-unit.tsv")
		[ -n "$pairs" ] || continue
		d=$(echo "$pairs" | cut -d' ' -f1 | quartiles)
		c=$(echo "$pairs" | cut -d' ' -f2 | quartiles | cut -f1)
		off=$(echo "$pairs" | cut -d' ' -f3 | quartiles | cut -f1)
		on=$(echo "$pairs" | cut -d' ' -f4 | quartiles | cut -f1)
		printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$(echo "$pairs" | wc -l)" "$off" "$on" "$d" "$c"
	done < "$K/ids"
} > "$R/compile-unit-ms.tsv"
log "compile: done"
