#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The closing note: for each goal that was missed, by how much and why,
# decomposed from the measurements themselves (so the explanation stays
# true when the numbers change); then what this suite does not cover.
set -eu
. "$BENCH_DIR/lib/common.sh"
. "$BENCH_DIR/report/query.sh"
R=$OUT/results

echo '## Closing note'
echo

# Constructor.
t=$(q "$R/ctor.tsv" instructions variant=rt situation=exe env=typical)
tm=$(q "$R/ctor.tsv" instructions variant=rt-module situation=exe env=typical)
tme=$(q "$R/ctor.tsv" instructions variant=rt-module situation=exe env=empty)
k=$(q "$R/ctor.tsv" instructions variant=relro-keep situation=exe env=typical)
d=$(q "$R/ctor.tsv" instructions variant=rt situation=dlopen env=typical)
l=$(q "$R/ctor.tsv" instructions variant=rt situation=lib env=typical)
if [ -n "$t" ] && [ -n "$tm" ] && [ "$tm" -gt 600 ]; then
	cat <<EOT
**Constructor: $t instructions in an executable in process scope, $tm in
module scope; the goal is 600: missed by $((t - 600)) and $((tm - 600)).**
Process scope does work on behalf of libc and ld.so: it seals them too,
RELRO made anonymous, and $((t - tm)) instructions are that work.  With
relro=keep the process-scope constructor executes $k, so the RELRO copies
and their syscalls account for $((t - k)) of it, and the rest goes to
walking and inspecting the loaded objects.  In module scope, $((tm - tme)) are the scan of a
30-variable environment for the runtime's variables (empty environment:
$tme); the rest is finding the module, reading the note and auxv, the
RELRO swap of its own page and the seal.  A library adds pinning when
dlopen'd: $d instructions against $l at start-up.
EOT
	p0=$(q "$R/ctor.tsv" instructions variant=rt-policy0 situation=exe env=typical)
	[ -z "$p0" ] || echo "With SEALING_POLICY=0 the constructor executes $p0 instructions."
	echo
fi

# Start-up.
ps=$(q "$R/startup.tsv" paired_med variant=sealed-100)
if [ -n "$ps" ] && awk -v p="$ps" 'BEGIN { exit !(p > 1.12) }'; then
	awk -F '\t' '
		NR == 1 { next }
		$1 == 100 { v = $2; sub("-100$", "", v); med[v] = $4; pm[v] = $9 }
		END {
			printf "**Start-up with 100 libraries: %+.1f %% (paired median), the goal is 12 %%: missed by %.1f points.**  ", (pm["sealed"] - 1) * 100, (pm["sealed"] - 1.12) * 100
			printf "Per module (101), against the uninstrumented build: %.1f µs just for the runtime being linked in (policy 0, no syscall), %.1f µs for the constructors and the mseal calls, %.1f µs for the RELRO swap (differences of medians); module scope, which leaves libc and ld.so open and seals module by module, is at %+.1f %%.\n\n", (med["policy0"] - med["uninstr"]) / 101, (med["relro-keep"] - med["policy0"]) / 101, (med["sealed"] - med["relro-keep"]) / 101, (pm["module-scope"] - 1) * 100
		}' "$R/startup.tsv"
fi

# Process scope and O(N^2) (issue 12).
if [ -s "$R/scope-scaling.tsv" ]; then
	awk -F '\t' '$4 != "-" && $1 != "module" { if (!($1 in f)) f[$1] = $4; l[$1] = $4; n[$1] = $2; t[$1] = $3 }
		END {
			if ("process" in f) printf "**Process scope over uninstrumented libraries** costs %s instructions per library in the executable'"'"'s constructor, constant from 25 to 200 libraries (%s at the last step): linear, one mseal per object (section 7).  ", f["process"], l["process"]
			if ("libs-self" in f && l["libs-self"] > f["libs-self"] * 1.10)
				printf "**But instrumented libraries under an uninstrumented executable are O(N²)**: each library'"'"'s constructor walks every loaded object, the increment per library grows from %s to %s instructions, and at N = %s the constructors execute %s instructions together.", f["libs-self"], l["libs-self"], n["libs-self"], t["libs-self"]
			printf "\n\n"
		}' "$R/scope-scaling.tsv"
fi

# Compile time.
for input in large tree; do
	limit=1.02
	[ "$input" = tree ] && limit=1.05
	for id in $(carriers | cut -f1 | grep -v '^old-'); do
		pm=$(q "$R/compile-$input.tsv" paired_med variant="$id:on")
		[ -n "$pm" ] || continue
		cr=$(q "$R/compile-$input.tsv" cpu_ratio variant="$id:on")
		pa=$(q "$R/compile-$input.tsv" paired_p25 variant="$id:on")
		# Missed only when even the lower quartile is over (as in goals.sh),
		# and only with 3 rounds or more.
		[ "$(q "$R/compile-$input.tsv" n variant="$id:on")" -ge 3 ] || continue
		if awk -v p="$pa" -v l="$limit" 'BEGIN { exit !(p > l) }'; then
			why="the plugin pastes its runtime ($(wc -l < "$BUILD_DIR/carrier-glue/sealing-rt-carried.s") lines of assembly) into every unit, which the assembler then processes"
			case $id in llvm-*) why="the pass adds the runtime to every unit (precompiled assembly for ordinary compiles, bitcode under LTO)" ;; esac
			echo "**Compile time, $input, $id: $(pct "$pm") wall (CPU $(pct "$cr")), goal $(calc "($limit - 1) * 100") %: missed by $(calc "($pm - $limit) * 100") points.**  The cost is per unit: $why, so it weighs most on small files; section 4 gives it in CPU ms per unit."
			echo
		fi
	done
done

# Size.
sz=$(awk -F '\t' '
	$1 == "small-lib" && $2 == "rt-object" && $3 == "plain" { for (i = 4; i <= 8; i++) b += $i; for (i = 4; i <= 8; i++) bb[i] = $i }
	$1 == "small-lib" && $2 == "rt-object" && $3 == "sealed" { for (i = 4; i <= 8; i++) { s += $i; d[i] = $i - bb[i] } ; f = 1 }
	END { if (f) printf "%d %d %d %d %d %d", s - b, d[4], d[5], d[6], d[7], d[8] }' "$R/size.tsv" 2>/dev/null || true)
if [ -n "$sz" ]; then
	set -- $sz
	if [ "$1" -gt 2048 ]; then
		echo "**Size: $1 bytes added per module (rt-object), the goal is 2,048: missed by $(($1 - 2048)) B ($(calc "$1 / 2048")×).**  Code is $2 B of it, read-only data $3 B, dynamic-linking data $5 B, data $4 B, the note $6 B (section 5)."
		echo
	fi
fi

cat <<'EOT'
**Not covered, or covered only in part.**

- The large file is generated (`gen/large-c.sh`), sized to compile in a
  few seconds at -O2 so that the whole run fits in about 15 minutes on two
  cores; it is smaller than an SQLite amalgamation, so the per-unit cost
  of a plugin weighs more here than it would on SQLite.
- Start-up variants built by clang plugins are compared with the
  GCC-built uninstrumented programs; the libraries are so small that the
  compiler makes no measurable difference to loading, but it is not the
  same-compiler baseline the compile-time section uses.
- Instruction counts end at mseal's result under valgrind (ENOSYS); a
  successful mseal returns through the same path.  Kernel time is only in
  the wall-time figures.
- Only x86_64, one kernel, glibc; no musl, no 16K/64K pages.
- Under valgrind, valgrind's own preload object (vgpreload_core) is a
  start-up object without a note, so a process-scope constructor counted
  by callgrind seals one more small object than in a real run (one RELRO
  page; about the per-library increment of section 7, some 3,400
  instructions).  Module-scope counts and the per-library increments are
  not affected.
- The goal's old figures for llvm-15 and llvm-16 do not exist: the old
  build had one LLVM per tree, and only LLVM 19 and 14 were built.
EOT
