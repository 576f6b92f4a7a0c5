#!/bin/sh
# SPDX-License-Identifier: MIT
#
# $OUT/startup.svg: (left) start-up overhead against the uninstrumented
# build for N = 1, 10, 100 libraries, paired median with its interquartile
# range; (right) constructor instructions summed over all modules, this
# runtime against the naive dl_iterate_phdr constructor (log-log: a slope
# of 1 is linear in the number of modules, 2 quadratic).
set -eu
. "$BENCH_DIR/lib/common.sh"
R=$OUT/results
P=$OUT/plot
mkdir -p "$P"

variants="policy0 sealed relro-keep module-scope naive old-sealed $(carriers | cut -f1 | tr '\n' ' ')"
plots=
for v in $variants; do
	awk -F '\t' -v v="$v" 'NR > 1 && $2 == v "-" $1 {
		printf "%s\t%.3f\t%.3f\t%.3f\n", $1, ($9 - 1) * 100, ($10 - 1) * 100, ($11 - 1) * 100 }' \
		"$R/startup.tsv" | sort -n > "$P/overhead-$v.dat"
	[ -s "$P/overhead-$v.dat" ] || continue
	plots="$plots${plots:+, }'$P/overhead-$v.dat' using 1:2:3:4 with yerrorlines title '$v'"
done
for v in sealed naive; do
	awk -F '\t' -v v="$v" 'NR > 1 && $2 == v { print $1 + 1 "\t" $3 }' "$R/baseline-scaling.tsv" > "$P/insns-$v.dat" 2>/dev/null || true
done

gnuplot <<EOG
set terminal svg size 1100,460 dynamic font 'sans,11'
set output '$OUT/startup.svg'
set multiplot layout 1,2 title "sealing start-up cost ($(sed -n 's/^date\t//p' "$R/machine.tsv"))"
set logscale x
set xrange [0.7:150]
set xtics ("1" 1, "10" 10, "100" 100)
set grid
set key top left
set xlabel 'instrumented libraries (N, plus the executable)'
set ylabel 'wall time vs uninstrumented, % (paired median, IQR)'
set yrange [*:*]
set arrow 1 from 0.7,12 to 150,12 nohead dashtype 2 lc rgb 'red'
set label 1 'dashed: goal at N = 100, 12 %' at 12,-7 tc rgb 'red'
plot $plots
unset arrow 1
unset label 1
set logscale xy
set xrange [1.5:150]
set xtics ("2" 2, "11" 11, "101" 101)
set xlabel 'modules (N + 1)'
set ylabel 'constructor instructions, all modules'
set format y '%.0s%c'
set key top left
plot '$P/insns-sealed.dat' using 1:2 with linespoints title 'this runtime (sealed)', \
     '$P/insns-naive.dat' using 1:2 with linespoints title 'naive: dl\\_iterate\\_phdr per load'
unset multiplot
EOG
