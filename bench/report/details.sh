#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The measurement sections of the report, to stdout, from $OUT/results.
# Every number is read from a results file; the text around them only
# says how they were taken.
set -eu
. "$BENCH_DIR/lib/common.sh"
. "$BENCH_DIR/report/query.sh"
R=$OUT/results

carrier_ids=$(carriers | cut -f1 | tr '\n' ' ')
rounds=$(awk -F '\t' 'NR > 1 && $1 == "uninstr-1" { n++ } END { print n + 0 }' "$R/startup-raw.tsv" 2>/dev/null || echo 0)

cat <<EOT
## 1. Start-up

Programs linked against N = 1, 10, 100 small shared libraries
(\`gen/libs.sh\`: each has a RELRO page and a GOT, as real libraries do).
In every instrumented variant the executable is instrumented too, so a
program with N libraries has N + 1 sealed modules.  With the link
objects, each library gets the runtime's core alone (\`sealing-rt-core.o\`,
or the variant's core), as a plugin-built library does, and the
executable the whole object (an old build without a core object: the
whole object everywhere).  Variants, all run
interleaved in one \`src/interleave.c\` run ($rounds rounds, each running
every variant once in a shuffled order; wall time per exec from
\`posix_spawn\` to \`wait4\`):

- **uninstr**: the same sources built without instrumentation (baseline);
- **policy0**: the sealed binaries with \`SEALING_POLICY=0\` (no syscall);
- **sealed**: the same binaries as they ship (\`sealing-rt.o\`, policy 1,
  process scope: the libraries leave their sealing to the executable,
  whose constructor seals them in one batch, and libc and ld.so with
  them, RELRO made anonymous);
- **relro-keep**: \`sealing-rt-relro-keep.o\` (sealing without the RELRO swap);
- **module-scope**: \`sealing-rt-module-scope.o\` (every module seals itself,
  libc and ld.so stay open: the behaviour before process scope);
- **libs-only**: the instrumented libraries under the uninstrumented
  executable (no process pass: the libraries seal themselves; since
  runtime 0.4.0 the first one to run seals the others with it in one
  batch, \`runtime/rt-startup-batch.c\`; libc and ld.so stay open);
- **naive**: \`src/naive-ctor.c\` (the dl_iterate_phdr-per-load baseline);
- **empty-ctor**: an empty constructor in every module, **dead-code**: the
  same plus as many never-executed bytes as the runtime carries and a note
  as long as its note, **note-only**: that note alone
  (\`src/presence-ctor.c\`): controls that split the policy-0 cost;
- **old-sealed**, **old-policy0**, **old-relro-keep**, **old-libs-only** and **old-*ID***: the
  same from the old build (${OLD_LABEL:-not given}: \`--old-from\`), timed in the same rounds;
- one variant per plugin found: ${carrier_ids:-none}; and at N = 100 the
  same under \`SEALING_POLICY=0\` (*ID*-policy0).

"paired" is the median over rounds of (variant / uninstr in the same
round), with its interquartile range; it cancels load changes between
rounds.  "CPU time, paired" is the same for the CPU time of each exec
(user + system): waiting for a core is not in it, so a loaded machine
moves it far less.  "µs/module" is the difference of medians against
uninstr divided by N + 1.

EOT
for n in 1 10 100; do
	echo "**N = $n** (plus the executable)"
	echo
	awk -F '\t' -v n="$n" '
		NR == 1 { for (i = 1; i <= NF; i++) idx[$i] = i; next }
		$(idx["libs"]) == n {
			v = $(idx["variant"]); sub("-" n "$", "", v)
			seen[v] = 1; med[v] = $(idx["wall_med_us"]); p25[v] = $(idx["wall_p25_us"]); p75[v] = $(idx["wall_p75_us"])
			pm[v] = $(idx["paired_med"]); pa[v] = $(idx["paired_p25"]); pb[v] = $(idx["paired_p75"]); cr[v] = $(idx["cpu_ratio"])
			cp[v] = ("cpu_paired_med" in idx) ? $(idx["cpu_paired_med"]) : ""
		}
		END {
			print "| variant | median µs | IQR µs | paired vs uninstr | paired IQR | CPU time vs uninstr | CPU time, paired | µs/module |"
			print "|---|---|---|---|---|---|---|---|"
			k = split("uninstr note-only empty-ctor dead-code policy0 sealed relro-keep naive", row, " ")
			for (i = 1; i <= k; i++) fixed[row[i]] = 1
			for (v in seen) if (!(v in fixed)) row[++k] = v
			for (i = 1; i <= k; i++) {
				v = row[i]
				if (!(v in seen)) continue
				printf "| %s | %.0f | %.0f–%.0f | %+.1f %% | %+.1f … %+.1f %% | %+.1f %% | %s | %s |\n", v, med[v], p25[v], p75[v],
					(pm[v] - 1) * 100, (pa[v] - 1) * 100, (pb[v] - 1) * 100, (cr[v] - 1) * 100,
					cp[v] == "" ? "—" : sprintf("%+.1f %%", (cp[v] - 1) * 100),
					v == "uninstr" ? "—" : sprintf("%+.2f", (med[v] - med["uninstr"]) / (n + 1))
			}
		}' "$R/startup.tsv"
	echo
done
echo '![start-up](startup.svg)'
echo
awk -F '\t' '
	NR == 1 { for (i = 1; i <= NF; i++) idx[$i] = i; next }
	$(idx["libs"]) == 100 {
		v = $(idx["variant"]); sub("-100$", "", v)
		med[v] = $(idx["wall_med_us"]); rss[v] = $(idx["maxrss_med_kib"])
	}
	END {
		if (!("sealed" in med)) exit
		m = 101
		print "Where the time goes at N = 100, per module (differences of medians, µs):"
		print ""
		printf "- the runtime being there at all (policy0 − uninstr): %+.2f\n", (med["policy0"] - med["uninstr"]) / m
		if (("empty-ctor" in med) && ("dead-code" in med)) {
			printf "  - of which a constructor at all (empty-ctor − uninstr): %+.2f\n", (med["empty-ctor"] - med["uninstr"]) / m
			if ("note-only" in med)
				printf "  - the note alone, which moves the loader'"'"'s strings (note-only − uninstr): %+.2f\n", (med["note-only"] - med["uninstr"]) / m
			printf "  - the runtime'"'"'s bytes and note, never executed (dead-code − empty-ctor): %+.2f; peak RSS %+d KiB per process\n", (med["dead-code"] - med["empty-ctor"]) / m, rss["dead-code"] - rss["empty-ctor"]
			printf "  - running the policy-0 path (policy0 − dead-code): %+.2f\n", (med["policy0"] - med["dead-code"]) / m
		}
		printf "- constructor work and the mseal (relro-keep − policy0): %+.2f\n", (med["relro-keep"] - med["policy0"]) / m
		printf "- the RELRO swap (sealed − relro-keep): %+.2f\n", (med["sealed"] - med["relro-keep"]) / m
		printf "- for comparison, the naive constructor (naive − uninstr): %+.2f\n", (med["naive"] - med["uninstr"]) / m
	}' "$R/startup.tsv"
echo
# The symbols the runtime makes a module import: each costs a lookup per
# module at load.
undef=$(sh "$BENCH_DIR/report/dyn-undef.sh" '`')
if [ -f "$R/baseline-scaling.tsv" ]; then
	awk -F '\t' -v undef="$undef" '
		NR == 1 { next }
		$1 == 100 { p[$2] = $5; c[$2] = $3 }
		END {
			if (!("policy0" in p)) exit
			extra = p["policy0"] - p["uninstr"] - c["policy0"]
			printf "User-space instructions of the whole start-up at N = 100 (callgrind, no machine noise): uninstr %d, policy0 %d, sealed %d, naive %d.  ", p["uninstr"], p["policy0"], p["sealed"], p["naive"]
			printf "Of the %d that policy 0 adds, the constructors execute %d and the rest of the process %d (%d per module).", p["policy0"] - p["uninstr"], c["policy0"], extra, extra / 101
			if ("dead-code" in p)
				printf "  The dead-code control, the runtime'"'"'s bytes and note never run, adds %d by itself (%d per module): layout, not work.  The note moves each library'"'"'s string table, which the loader'"'"'s O(N^2) matching of needed names and versions compares with an SSE2 strcmp whose path depends on where a string starts in its cache line; gen/libs.sh spreads those strings over every offset, as real libraries do (bench/README.md, \"Layout luck\").", p["dead-code"] - p["uninstr"], (p["dead-code"] - p["uninstr"]) / 101
			if (undef != "")
				printf "  The runtime makes each module import %s: every such reference is resolved at load time by searching the global scope object by object, O(N) per reference with N libraries ahead of libc, so O(N^2) per program.", undef
			else
				printf "  The runtime makes a module import no symbol, so it adds no symbol lookup to loading."
			printf "\n"
		}' "$R/baseline-scaling.tsv"
	echo
fi

cat <<'EOT'
### mseal calls and syscalls per module (strace)

Each run is traced with `strace -f` under `SEALING_DEBUG=1`; every mseal
(`syscall_0x1ce` to strace 6.1) is matched to the module whose debug line
names its start address, so the per-module figure is counted, not
averaged.  "extra syscalls/module" compares all syscalls (debug writes
excluded) with the uninstrumented program.

EOT
awk -F '\t' '
	NR == 1 { next }
	$1 == "plain" { base[$2] = $9 }
	{ row[++k] = $0 }
	END {
		print "| set | N | environment | modules sealed | mseal calls | mseal per module (min–max) | extra syscalls/module |"
		print "|---|---|---|---|---|---|---|"
		for (i = 1; i <= k; i++) {
			split(row[i], f, "\t")
			if (f[1] == "plain") continue
			printf "| %s | %s | %s | %s | %s | %s | %+.2f |\n", f[1] == "rt" ? "rt-object" : f[1], f[2], f[3], f[4], f[5],
				(f[4] > 0 ? f[6] "–" f[7] : "n/a (no debug line)"), (f[9] - base[f[2]]) / (f[2] + 1)
		}
	}' "$R/startup-syscalls.tsv"
echo

cat <<'EOT'
### Constructor instructions (callgrind)

User-space instructions executed inside one module's constructor,
everything it calls included, counted with `--toggle-collect` on the
constructor (`GROUP.rt_seal_self` from GCC's carriers and the LLVM
pass's carried assembly, `GROUP` from its bitcode form, where GROUP is
the COMDAT group of `include/sealing/note.h`: `__sealing_rt_v3` now,
older in the old build).  The runtime skips sealing under valgrind on
purpose, so every variant is rebuilt from its assembly with that probe
removed (`lib/valgrind-visible.sh`); valgrind 3.19 answers mseal with
ENOSYS, so the count stops at the syscall's result, as it would after a
successful one.  The runtime scans the environment for its two
variables: counts are given in a fixed 30-variable environment
(`lib/env.sh`, the figure the goal is judged on) and in an empty one.

- **exe**: an executable with no instrumented library.  In process scope
  (the default: rows without a suffix) its constructor also seals libc
  and ld.so, RELRO copies included: work done on their behalf, not its
  own.  The **-module** rows (`sealing-rt-module-scope.o`,
  `-fplugin-arg-sealing-scope=module`, `-mllvm -sealing-scope=module`)
  seal the executable alone;
- **lib**: an instrumented library loaded at start-up by an
  uninstrumented executable (no pinning): it seals itself;
- **lib-policy0**: the same under `SEALING_POLICY=0`;
- **lib-deferred**: the library under an instrumented executable in
  process scope, whose pass seals it: only the instructions executed in
  the library's own code, up to the end of its constructor, which runs
  before the executable's (both are `rt_seal_self`; the executable's pass
  runs from a mapping valgrind cannot name, which would count as the
  library's);
- **dlopen**: the library loaded with dlopen: pinning included.

A library is built as a plugin builds it: the core alone.  The library
cases are counted in the typical environment only.  Each cell is
callgrind's count, then, where it differs, the count with each
rep-prefixed string instruction (`rep movsq`, `rep stosq`) counted once
(`lib/cg-count.sh`: callgrind counts one per iteration, a one-page copy
is 513), and for dlopen the instructions in the library's own code, the
rest being ld.so's `dlopen` that pins it.

EOT
awk -F '\t' '
	NR == 1 { for (i = 1; i <= NF; i++) idx[$i] = i; next }
	{
		key = $1 SUBSEP $3; if (!(key in seen)) { seen[key] = 1; order[++k] = key }
		c = $(idx["instructions"]); o = ("instructions_once" in idx) ? $(idx["instructions_once"]) : ""
		cell = c; if (o != "" && o != "-" && o != c) cell = c " / " o
		if ($2 == "dlopen" && ("in_library_once" in idx) && $(idx["in_library_once"]) != "-") cell = cell " (own " $(idx["in_library_once"]) ")"
		val[$1, $3, $2] = cell
	}
	END {
		print "| variant | environment | exe | lib | lib-policy0 | lib-deferred | dlopen |"
		print "|---|---|---|---|---|---|---|"
		n = split("exe lib lib-policy0 lib-deferred dlopen", sit, " ")
		for (i = 1; i <= k; i++) {
			split(order[i], kk, SUBSEP)
			v = kk[1]; e = kk[2]
			line = "| " (v == "rt" ? "rt-object" : v) " | " e " |"
			for (j = 1; j <= n; j++) line = line " " ((v, e, sit[j]) in val ? val[v, e, sit[j]] : "—") " |"
			print line
		}
	}' "$R/ctor.tsv"
echo
if [ -s "$R/ctor-olevels.tsv" ]; then
	echo 'The executable at every -O level (typical environment), per current plugin and scope:'
	echo
	awk -F '\t' '
		NR == 1 { next }
		{ if (!($1 in seen)) { seen[$1] = 1; order[++k] = $1 }; val[$1, $2] = $3 }
		END {
			print "| variant | -O0 | -O1 | -O2 | -O3 | -Os | -Oz |"
			print "|---|---|---|---|---|---|---|"
			for (i = 1; i <= k; i++) {
				v = order[i]; line = "| " v " |"
				n = split("O0 O1 O2 O3 Os Oz", lv, " ")
				for (j = 1; j <= n; j++) line = line " " ((v, lv[j]) in val && val[v, lv[j]] != "" ? val[v, lv[j]] : "—") " |"
				print line
			}
		}' "$R/ctor-olevels.tsv"
	echo
fi

if [ -s "$R/ctor-pages.tsv" ]; then
	cat <<'EOT'
Pages of a small library's code that its constructor executes
(`lib/code-pages.sh`, callgrind with `--dump-instr`), and of those, the
pages other than the one `.init` starts on, which the loader runs in
every module anyway.  A first touch of a page costs more than the
instructions on it (§1), so this is the runtime's presence cost that the
counts above do not show.  **policy 0**: `SEALING_POLICY=0`; **deferred**:
the executable is instrumented too and seals the library in its process
pass (the default); **seals itself**: under an uninstrumented executable.

EOT
	awk -F '\t' '
		NR == 1 { next }
		{ if (!($1 in seen)) { seen[$1] = 1; order[++k] = $1 }; val[$1, $2] = $3 " (" $4 " beyond .init)" }
		END {
			print "| variant | policy 0 | deferred | seals itself |"
			print "|---|---|---|---|"
			for (i = 1; i <= k; i++) {
				v = order[i]
				printf "| %s | %s | %s | %s |\n", v == "rt" ? "rt-object" : v, val[v, "policy 0"], val[v, "deferred"], val[v, "seals itself"]
			}
		}' "$R/ctor-pages.tsv"
	echo
fi

cat <<'EOT'
## 2. The RELRO swap (issue 7 §5)

The default runtime makes RELRO anonymous before sealing (mmap, copy,
mprotect, mremap) and then seals; `sealing-rt-relro-keep.o` seals
without the swap.  Both are measured above; here side by side, per
module:

EOT
{
	sw=$(q "$R/startup-syscalls.tsv" all_syscalls set=rt n=100 env=-)
	kp=$(q "$R/startup-syscalls.tsv" all_syscalls set=relro-keep n=100 env=-)
	ms=$(q "$R/startup.tsv" wall_med_us variant=sealed-100)
	mk=$(q "$R/startup.tsv" wall_med_us variant=relro-keep-100)
	ps=$(q "$R/startup.tsv" paired_med variant=sealed-100)
	pk=$(q "$R/startup.tsv" paired_med variant=relro-keep-100)
	mu=$(q "$R/startup.tsv" wall_med_us variant=uninstr-100)
	is=$(q "$R/ctor.tsv" instructions variant=rt situation=exe env=typical)
	ik=$(q "$R/ctor.tsv" instructions variant=relro-keep situation=exe env=typical)
	echo '| | with the swap (default) | without (relro-keep) | cost of the swap |'
	echo '|---|---|---|---|'
	[ -n "$sw" ] && echo "| syscalls per module (strace, N = 100) | $(calc "($sw - $(q "$R/startup-syscalls.tsv" all_syscalls set=plain n=100 env=-)) / 101") | $(calc "($kp - $(q "$R/startup-syscalls.tsv" all_syscalls set=plain n=100 env=-)) / 101") | $(calc "($sw - $kp) / 101") |"
	[ -n "$ms" ] && echo "| start-up time per module, µs (N = 100, vs uninstr) | $(calc "($ms - $mu) / 101") | $(calc "($mk - $mu) / 101") | $(calc "($ms - $mk) / 101") µs ($(calc "($ps - $pk) * 100") points of start-up at N = 100, paired) |"
	[ -n "$is" ] && echo "| constructor instructions (exe) | $is | $ik | $((is - ik)) |"
	rs=$(q "$R/startup.tsv" maxrss_med_kib variant=sealed-100)
	rk=$(q "$R/startup.tsv" maxrss_med_kib variant=relro-keep-100)
	ru=$(q "$R/startup.tsv" maxrss_med_kib variant=uninstr-100)
	[ -n "$rs" ] && echo "| peak RSS of the N = 100 program, KiB (median; uninstr: $ru) | $rs | $rk | $((rs - rk)) KiB |"
	echo
	echo 'The swap copies the RELRO pages in user space (the runtime may not call memcpy through the GOT it is replacing), so its cost grows with the size of RELRO; these libraries have one page.  Issue 7 §2 expects the swap to cost no extra resident memory, since RELRO pages are already private and dirty after relocation; the peak-RSS row above is the measurement (101 modules).'
}
echo
if [ -s "$R/relro-swap.tsv" ]; then
	cat <<'EOT'
The swap alone, each way of doing it (`src/relro-swap.c`: 100 one-page
RELROs, file-backed and relocated as a loader leaves them, each sample a
fresh process, variants interleaved; µs per object, median and
quartiles).  The runtime keeps the atomic way (a copy built aside and
moved over with `mremap`), now with `MAP_POPULATE`; the in-place way
leaves the RELRO reading as zeros between its `mmap` and its copy back,
which another thread could see during a `dlopen`.

| way | µs per object | IQR |
|---|---|---|
EOT
	awk -F '\t' 'NR > 1 { printf "| %s | %s | %s … %s |\n", $1, $2, $3, $4 }' "$R/relro-swap.tsv"
	echo
fi

cat <<EOT
## 3. dlopen churn

\`src/churn.c\`: dlopen, dlsym, call, dlclose of one library, repeated;
time per cycle (median over interleaved runs; the first cycle excluded),
the process's mappings and RSS after the first cycle and at the end.
The sealed library pins itself on first load, so later cycles only move
a reference count: that is why it is faster than the uninstrumented one,
which is really mapped and unmapped every cycle.  "naive" seals without
pinning: every cycle leaks one copy.

EOT
awk -F '\t' '
	NR == 1 { next }
	{ row[++k] = $0; if ($1 == "uninstr") base = $3 }
	END {
		print "| variant | cycles | ns per cycle | vs uninstr | mappings after 1st | mappings at end | mappings of the library at end | RSS KiB after 1st | RSS KiB at end |"
		print "|---|---|---|---|---|---|---|---|---|"
		for (i = 1; i <= k; i++) {
			split(row[i], f, "\t")
			printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", f[1], f[2], f[3],
				(base > 0 ? sprintf("%.3f×", f[3] / base) : "n/a"), f[4], f[5], f[6], f[7], f[8]
		}
	}' "$R/churn.tsv"
echo

echo '## 4. Compile time'
echo
if [ -s "$R/compile-large.tsv" ]; then
	echo 'Each compiler that has a plugin, with and without it, -O2, all variants of one input interleaved in one run.'
	echo
	awk -F '\t' 'NR > 1 { printf "- %s: %s (%s compiled per run)\n", $1, $3, $2 == 1 ? "1 unit" : $2 " units" }' "$R/compile-inputs.tsv"
	echo
	for input in unit large tree; do
		[ -s "$R/compile-$input.tsv" ] || continue
		echo "**$input**"
		echo
		nfiles=$(q "$R/compile-inputs.tsv" units input="$input")
		nfiles=${nfiles:-1}
		awk -F '\t' -v nf="$nfiles" '
			NR == 1 { for (i = 1; i <= NF; i++) idx[$i] = i; next }
			{ v = $(idx["variant"]); row[++k] = v; med[v] = $(idx["wall_med_us"]); a[v] = $(idx["wall_p25_us"]); b[v] = $(idx["wall_p75_us"])
			  pm[v] = $(idx["paired_med"]); pa[v] = $(idx["paired_p25"]); pb[v] = $(idx["paired_p75"]); cr[v] = $(idx["cpu_ratio"]); cm[v] = $(idx["cpu_med_us"]); n[v] = $(idx["n"]) }
			END {
				print "| variant | runs | median s | IQR s | paired vs off | paired IQR | CPU s | CPU vs off | CPU ms added per unit |"
				print "|---|---|---|---|---|---|---|---|---|"
				for (i = 1; i <= k; i++) {
					v = row[i]; off = v; sub(":on$", ":off", off)
					if (!(off in cm)) sub("^old-", "", off)
					printf "| %s | %d | %.2f | %.2f–%.2f | %s | %s | %.2f | %s | %s |\n", v, n[v], med[v] / 1e6, a[v] / 1e6, b[v] / 1e6,
						v ~ /:on$/ ? sprintf("%+.1f %%", (pm[v] - 1) * 100) : "—",
						v ~ /:on$/ ? sprintf("%+.1f … %+.1f %%", (pa[v] - 1) * 100, (pb[v] - 1) * 100) : "—",
						cm[v] / 1e6, v ~ /:on$/ ? sprintf("%+.1f %%", (cr[v] - 1) * 100) : "—",
						v ~ /:on$/ ? sprintf("%.0f", (cm[v] - cm[off]) / 1000 / nf) : "—"
				}
			}' "$R/compile-$input.tsv"
		echo
	done
	if [ -s "$R/compile-unit-ms.tsv" ]; then
		echo 'The one-function unit in ms per compile: without the plugin, with it, and the paired difference (median over rounds of on − off in the same round, per compile, with its quartiles), wall and CPU:'
		echo
		table "$R/compile-unit-ms.tsv" 'variant,rounds,off_ms:ms without,on_ms:ms with,diff_med_ms:difference (median),diff_p25_ms:p25,diff_p75_ms:p75,cpu_diff_med_ms:CPU difference (median)'
		echo
	fi
else
	echo 'Not measured: no working plugin was found (see "Carriers" below).'
	echo
fi

cat <<'EOT'
## 5. Size

Allocated bytes by class (`lib/sections.sh`), instrumented minus the
same program built by the same compiler without instrumentation.
"dynamic" is what the dynamic loader reads (symbols, relocations).
"mapped" sums the PT_LOAD segments in whole pages.  large-exe is the Lua interpreter with every
unit instrumented: one runtime copy and one note must remain.

EOT
awk -F '\t' '
	NR == 1 { next }
	$3 == "plain" { for (i = 4; i <= 11; i++) base[$1, $2, i] = $i; next }
	{
		tot = 0; for (i = 4; i <= 8; i++) tot += $i - base[$1, $2, i]
		line[++k] = sprintf("| %s | %s | %+d | %+d | %+d | %+d | %+d | **%+d** | %+d | %+d | %+d |", $1, $2,
			$4 - base[$1, $2, 4], $5 - base[$1, $2, 5], $6 - base[$1, $2, 6], $7 - base[$1, $2, 7], $8 - base[$1, $2, 8],
			tot, $9 - base[$1, $2, 9], $10 - base[$1, $2, 10], $11 - base[$1, $2, 11])
	}
	END {
		print "| program | carrier | code | rodata | data | dynamic | note | all allocated | mapped | file | stripped file |"
		print "|---|---|---|---|---|---|---|---|---|---|---|"
		for (i = 1; i <= k; i++) print line[i]
	}' "$R/size.tsv"
echo
notes=$(awk -F '\t' '$1 ~ /^size_notes_in_large_/ { sub(/^size_notes_in_large_/, "", $1); printf "%s%s: %s", sep, $1, $2; sep = ", " }' "$R/metrics.tsv" 2>/dev/null || true)
[ -z "$notes" ] || { echo "Sealing notes in the instrumented large-exe (must be 1): $notes."; echo; }
awk -F '\t' 'NR > 1 && $3 == "plain" && $1 == "large-exe" && !seen++ { printf "(large-exe without instrumentation: %d bytes of code, %d of file.)\n\n", $4, $10 }' "$R/size.tsv"

cat <<'EOT'
## 6. Baselines

**Loader-side lower bound.**  What glibc's loader series must spend at
least: one bare mseal per object over the map it already knows
(`src/loader-bound.c`, in process, over the 100 libraries, median of
runs), against the runtime's cost per module at N = 100.

EOT
{
	ns=$(q "$R/baseline-loader.tsv" ns_per_mseal_median)
	ins=$(q "$R/baseline-loader.tsv" user_insns_per_object)
	ms=$(q "$R/startup.tsv" wall_med_us variant=sealed-100)
	mp=$(q "$R/startup.tsv" wall_med_us variant=policy0-100)
	mu=$(q "$R/startup.tsv" wall_med_us variant=uninstr-100)
	ct=$(q "$R/ctor.tsv" instructions variant=rt situation=lib env=typical)
	echo '| per module | loader-side lower bound | this runtime (rt-object) |'
	echo '|---|---|---|'
	echo "| user-space instructions | $ins | $ct (library constructor) |"
	echo "| time, µs | $(calc "$ns / 1000") (one mseal, $(q "$R/baseline-loader.tsv" ns_p25)–$(q "$R/baseline-loader.tsv" ns_p75) ns IQR) | $(calc "($ms - $mu) / 101") against uninstr; $(calc "($ms - $mp) / 101") against policy0 (start-up, N = 100) |"
	echo "| syscalls | 1 | see the syscall table |"
}
echo
cat <<'EOT'
**The naive alternative.**  A constructor that finds its module with
`dl_iterate_phdr` walks every module loaded before it: instructions
summed over all N + 1 constructors (callgrind, 30-variable environment),
and the whole start-up.

EOT
table "$R/baseline-scaling.tsv" 'n:N,variant,ctor_insns_total:constructor insns (all modules),ctor_insns_per_module:per module,process_insns:whole start-up insns'
echo

cat <<'EOT'
## 7. Process scope over uninstrumented libraries (issue 12)

An executable linked against N **uninstrumented** libraries
(`steps/scope.sh`; the libraries of section 1, built without the
runtime):

- **uninstr**: nothing instrumented (baseline);
- **process**: the executable linked with `sealing-rt.o` (process scope, the
  default): its constructor seals the N libraries, libc, ld.so and
  itself, RELRO made anonymous, in one batch;
- **module**: the executable linked with `sealing-rt-module-scope.o`: it seals
  itself only, and the libraries, libc and ld.so stay open;
- **loader**: the uninstrumented program under
  `LD_PRELOAD=libsealing-loader.so`, which seals every object after the
  constructors.
- **libs-self** (instruction counts only): the reverse, an uninstrumented
  executable linked against N libraries instrumented with `sealing-rt.o`;
  with no process-scope executable to defer to, each library seals
  itself; all constructors summed.

EOT
if [ -s "$R/scope-startup.tsv" ]; then
	nr=$(awk -F '\t' 'NR > 1 && $1 == "uninstr" { n++ } END { print n + 0 }' "$R/scope-raw.tsv" 2>/dev/null || echo 0)
	echo "Start-up at N = 100, interleaved ($nr rounds; paired = median over rounds of variant / uninstr in the same round):"
	echo
	awk -F '\t' '
		NR == 1 { for (i = 1; i <= NF; i++) idx[$i] = i; next }
		{ v = $(idx["variant"]); seen[v] = 1; med[v] = $(idx["wall_med_us"]); p25[v] = $(idx["wall_p25_us"]); p75[v] = $(idx["wall_p75_us"])
		  pm[v] = $(idx["paired_med"]); pa[v] = $(idx["paired_p25"]); pb[v] = $(idx["paired_p75"]); cr[v] = $(idx["cpu_ratio"])
		  cp[v] = ("cpu_paired_med" in idx) ? $(idx["cpu_paired_med"]) : "" }
		END {
			print "| variant | median µs | IQR µs | paired vs uninstr | paired IQR | CPU time vs uninstr | CPU time, paired | µs per object sealed (vs uninstr) |"
			print "|---|---|---|---|---|---|---|---|"
			k = split("uninstr process module loader old-loader", row, " ")
			objs["process"] = op; objs["module"] = om; objs["loader"] = ol; objs["old-loader"] = ol
			for (i = 1; i <= k; i++) {
				v = row[i]
				if (!(v in seen)) continue
				printf "| %s | %.0f | %.0f–%.0f | %+.1f %% | %+.1f … %+.1f %% | %+.1f %% | %s | %s |\n", v, med[v], p25[v], p75[v],
					(pm[v] - 1) * 100, (pa[v] - 1) * 100, (pb[v] - 1) * 100, (cr[v] - 1) * 100,
					cp[v] == "" ? "—" : sprintf("%+.1f %%", (cp[v] - 1) * 100),
					v == "uninstr" ? "—" : objs[v] < 10 ? "n/a (" objs[v] " object)" : sprintf("%+.2f", (med[v] - med["uninstr"]) / objs[v])
			}
		}' op="$(q "$R/scope-syscalls.tsv" objects_sealed variant=process n=100)" \
		om="$(q "$R/scope-syscalls.tsv" objects_sealed variant=module n=100)" \
		ol="$(q "$R/scope-syscalls.tsv" objects_sealed variant=loader n=100)" "$R/scope-startup.tsv"
	echo
	echo '(Objects sealed, from the strace table below: process, the 100 libraries, libc, ld.so and the executable; module, the executable alone; loader, the same as process plus the loader module itself.)'
	echo
fi
if [ -s "$R/scope-syscalls.tsv" ]; then
	cat <<'EOT'
mseal per object (strace under `SEALING_DEBUG=1`; each mseal, `syscall_0x1ce`
to strace 6.1 and `mseal` to newer ones, is matched to the object whose
debug line names its start address; "unattributed" counts mseal calls
that match no object):

EOT
	table "$R/scope-syscalls.tsv" 'variant,n:N,objects_sealed:objects sealed,bench_libs_sealed:of the N libraries,libc_sealed:libc,ld_so_sealed:ld.so,mseal_calls:mseal calls,mseal_per_object_min:per object min,mseal_per_object_max:per object max,mseal_unattributed:unattributed'
	echo
fi
if [ -s "$R/scope-scaling.tsv" ]; then
	cat <<'EOT'
The executable's constructor against the number of uninstrumented
libraries (callgrind, user-space instructions, 30-variable environment,
built without the valgrind probe).  A walk that is O(N²) would show an
increment per library that grows with N; a linear one keeps it constant.

EOT
	table "$R/scope-scaling.tsv" 'variant,n:N libraries,ctor_insns:constructor instructions,per_lib_increment:per library since the previous N'
	echo
	awk -F '\t' '$1 == "libs-self" && $4 != "-" { if (f == "") f = $4; l = $4; n = $2; t = $3 }
		END { if (f != "" && l > f * 1.10) printf "**The libs-self case is not linear**: the increment per library grows from %s to %s instructions (%.1f×) between the first and the last step, so the constructors together are O(N²); at N = %s they execute %s instructions, %.0f per library.  Each library'"'"'s constructor walks the link map up to itself (runtime/rt-startup.c, rt_load_kind: dl_iterate_phdr, matching every object before it against the names needed so far) to tell whether it was loaded at start-up or by dlopen, i.e. whether to pin it; it does so whenever the executable carries no note or seals only itself (module scope), so the module-scope set of section 1 pays it too.\n\n", f, l, l / f, n, t, t / n }' "$R/scope-scaling.tsv"
fi

if [ -s "$R/packages.tsv" ]; then
	cat <<'EOT'
## 8. Package builds (issue 25)

Real Debian source packages rebuilt with `scripts/debian-rebuild.sh`
(`steps/packages.sh`, run with `--only packages`): **none** is
`--carrier none`, **gcc** the current build's specs, **old** the old
build's; one after the other, the order rotating from package to
package and round to round.  Seconds of `dpkg-buildpackage` alone (the
package's own test suite included, apt not), `parallel=2`: wall clock,
and CPU time (user + system of all its processes) after the slash.
The verdict column is the script's: `pass` means built, own tests
passed, every ELF file instrumented and sealed at run time.

EOT
	awk -F '\t' '
		NR == 1 { next }
		function r(a, b) { return (a > 0 && b > 0) ? sprintf("%+.1f %%", (a / b - 1) * 100) : "—" }
		function cell(a, b) { return (a != "" ? a : "—") " / " (b != "" ? b : "—") }
		{ k = $1 SUBSEP $2; if (!(k in seen)) { seen[k] = 1; order[++n] = k }; t[$1, $2, $3] = $4; c[$1, $2, $3] = $5; v[$1, $2, $3] = $6 }
		END {
			print "| package | round | none s (wall / CPU) | gcc s | gcc ÷ none (wall / CPU) | old s | old ÷ none (wall / CPU) | verdicts (none, gcc, old) |"
			print "|---|---|---|---|---|---|---|---|"
			for (i = 1; i <= n; i++) {
				split(order[i], kk, SUBSEP); p = kk[1]; q = kk[2]
				printf "| %s | %s | %s | %s | %s / %s | %s | %s / %s | %s, %s, %s |\n", p, q,
					cell(t[p, q, "none"], c[p, q, "none"]), cell(t[p, q, "gcc"], c[p, q, "gcc"]),
					r(t[p, q, "gcc"], t[p, q, "none"]), r(c[p, q, "gcc"], c[p, q, "none"]),
					cell(t[p, q, "old"], c[p, q, "old"]),
					r(t[p, q, "old"], t[p, q, "none"]), r(c[p, q, "old"], c[p, q, "none"]),
					v[p, q, "none"], v[p, q, "gcc"], ((p, q, "old") in v ? v[p, q, "old"] : "—")
			}
		}' "$R/packages.tsv"
	echo
fi
