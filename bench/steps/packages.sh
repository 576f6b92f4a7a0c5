#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Package build time (issue 25): five real Debian source packages built
# with scripts/debian-rebuild.sh, sealed (--carrier gcc, the current
# build's specs; the old build's too with --old-from) and --carrier none,
# one after the other in an order that rotates from package to package
# and round to round, so that a change in load does not always land on
# the same carrier.  Timed: dpkg-buildpackage alone (the line the script
# writes into its log), not apt, which the first build of a package pays
# for the build dependencies and the later ones do not; wall clock, and
# CPU time (user + system of all its processes), which the other work on
# a shared machine disturbs far less.
#
# Not in the default steps: five packages built two or three times take
# 15 to 25 minutes here.  Run it with --only packages; the report keeps
# its results until it is run again.  Needs root for apt, and a deb-src
# entry (debian-rebuild.sh adds one if there is none).
#   BENCH_PACKAGES         the packages (default below: small C libraries
#                          with test suites, under two minutes each here)
#   BENCH_PACKAGE_ROUNDS   rounds (default 1)
#   results/packages.tsv: package round carrier seconds cpu_seconds verdict
set -eu
. "$BENCH_DIR/lib/common.sh"

R=$OUT/results
W=$OUT/packages
mkdir -p "$R" "$W"
packages=${BENCH_PACKAGES:-"zlib bzip2 cjson libyaml popt"}
nrounds=${BENCH_PACKAGE_ROUNDS:-$(rounds 1 1)}
specs=$BUILD_DIR/gcc-plugin/sealing.specs
[ -f "$specs" ] || die "packages: no $specs (build the GCC plugin)"
carriers_=none:$specs
old_specs=
if [ -n "${OLD_RT_DIR:-}" ] && [ -f "${OLD_RT_DIR%/*}/gcc-plugin/sealing.specs" ]; then
	old_specs=${OLD_RT_DIR%/*}/gcc-plugin/sealing.specs
	carriers_="$carriers_ old:$old_specs"
fi
carriers_="$carriers_ gcc:$specs"

printf 'package\tround\tcarrier\tseconds\tcpu_seconds\tverdict\n' > "$R/packages.tsv"
r=1
k=0
while [ "$r" -le "$nrounds" ]; do
	for pkg in $packages; do
		# zlib's 32-bit flavour needs gcc-multilib, which conflicts with
		# the cross compilers (scripts/check.sh runs it the same way).
		profiles=
		[ "$pkg" = zlib ] && profiles="--profiles nobiarch"
		# Rotate the order: k-th package starts with the k-th carrier.
		set -- $carriers_
		i=0
		while [ "$i" -lt "$k" ]; do
			first=$1
			shift
			set -- "$@" "$first"
			i=$((i + 1))
		done
		for c in "$@"; do
			name=${c%%:*} sp=${c#*:}
			carrier=gcc
			[ "$name" = none ] && carrier=none
			wd=$W/$name
			mkdir -p "$wd"
			log "packages: $pkg, round $r, $name"
			# shellcheck disable=SC2086 # the profile option, two words
			sh "$REPO/scripts/debian-rebuild.sh" --carrier "$carrier" --specs "$sp" \
				--workdir "$wd" $profiles "$pkg" > "$wd/$pkg.out" 2>&1 || true
			dir=$wd/$pkg
			[ "$carrier" = none ] && dir=$wd/$pkg-none
			line=$(zcat "$dir/build.log.gz" 2>/dev/null |
				sed -n 's/^debian-rebuild: dpkg-buildpackage ran \([0-9.]*\) s, CPU \([0-9.]*\) s$/\1 \2/p' | tail -n 1)
			s=${line% *} cpu=${line#* }
			verdict=$(awk -F '\t' 'NR > 1 { v = $13 } END { print v }' "$wd/results.tsv" 2>/dev/null)
			[ -n "$s" ] || failure packages "$pkg ($name): no build time in the log: $(tail -n 1 "$wd/$pkg.out")"
			printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$pkg" "$r" "$name" "${s:--}" "${cpu:--}" "${verdict:--}" >> "$R/packages.tsv"
		done
		k=$((k + 1))
	done
	r=$((r + 1))
done
log "packages: done"
