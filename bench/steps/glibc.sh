#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The patched loader (glibc/patches, issue 28) against the unpatched
# build of the same Debian 13 glibc 2.41 tree (scripts/build-glibc.sh;
# SEALING_GLIBC_BUILD or REPO/build-glibc).  Not in the default steps:
# run it with  bench/run.sh --only glibc  once both trees are built.
# 100 libraries + exe (gen/libs.sh), interleaved.  Each program is
# linked with the build's ld.so as its interpreter and a run path to its
# libc, so it starts as any program does (the kernel maps it and ld.so);
# starting it through "ld.so --library-path" instead searched eleven
# directories for every library, five times the cost of the start, and
# its noise hid the loader's:
#   plain          unpatched loader, nothing instrumented (baseline)
#   loader         patched loader, nothing instrumented: glibc.rtld.seal=1
#                  seals every object, RELRO anonymous (goal <= +3 %)
#   loader-off     patched loader, glibc.rtld.seal=0: the patch's cost when
#                  it does nothing
#   ctor           unpatched loader, every module instrumented as a plugin
#                  builds it (libraries with the core, sealing-rt-core.o;
#                  the program with sealing-rt.o): the runtime's
#                  constructors do the sealing (the default row of the
#                  start-up step, on this glibc)
#   loader-ctor    patched loader, the same instrumented modules: their
#                  constructors find the work done (goal <= +4 %)
# Results: results/glibc-startup.tsv (summarize's columns, baseline
# plain); results/glibc-syscalls.tsv: system calls of one start, per
# variant, and the loader's added calls per object (goal <= 2);
# glibc.md: the table for the report.
set -eu
. "$BENCH_DIR/lib/common.sh"

G=${SEALING_GLIBC_BUILD:-$REPO/build-glibc}
P=$OUT/glibc
R=$OUT/results
mkdir -p "$P" "$R"
for f in patched unpatched; do
	[ -x "$G/$f/elf/ld.so" ] || die "glibc: no $G/$f/elf/ld.so (sh scripts/build-glibc.sh)"
done
N=100

core=$RT_DIR/sealing-rt-core.o
[ -f "$core" ] || core=$RT_DIR/sealing-rt.o # an old build, before the split
stamp="$(cat "$BENCH_DIR/steps/glibc.sh" "$BENCH_DIR/gen/libs.sh" "$RT_DIR/sealing-rt.o" "$core" | cksum)"
if [ "$(cat "$P/stamp" 2>/dev/null)" != "$stamp" ]; then
	rm -f "$P/stamp"
	log "glibc: building $N libraries, plain and instrumented"
	sh "$BENCH_DIR/gen/libs.sh" "$P/src" "$N" "$N"
	mkdir -p "$P/lib" "$P/ilib"
	i=1
	while [ "$i" -le "$N" ]; do
		gcc -O2 -fPIC -shared -o "$P/lib/libbench$i.so" "$P/src/bench$i.c" &
		gcc -O2 -fPIC -shared -o "$P/ilib/libbench$i.so" "$P/src/bench$i.c" "$core"
		wait
		i=$((i + 1))
	done
	libs=$(i=1; while [ "$i" -le "$N" ]; do printf ' -lbench%s' "$i"; i=$((i + 1)); done)
	for f in patched unpatched; do
		interp="-Wl,--dynamic-linker=$G/$f/elf/ld.so"
		# shellcheck disable=SC2086
		gcc -O2 -o "$P/start-plain-$f" "$P/src/main$N.c" -L"$P/lib" -Wl,--no-as-needed $libs \
			$interp -Wl,-rpath,"$P/lib:$G/$f"
		# shellcheck disable=SC2086
		gcc -O2 -o "$P/start-instr-$f" "$P/src/main$N.c" "$RT_DIR/sealing-rt.o" -L"$P/ilib" \
			-Wl,--no-as-needed $libs $interp -Wl,-rpath,"$P/ilib:$G/$f"
	done
	printf '%s' "$stamp" > "$P/stamp"
fi

spec=$P/spec.tsv
{
	printf 'plain\t-\t%s\n' "$P/start-plain-unpatched"
	printf 'loader\t-\t%s\n' "$P/start-plain-patched"
	printf 'loader-off\tGLIBC_TUNABLES=glibc.rtld.seal=0\t%s\n' "$P/start-plain-patched"
	printf 'ctor\t-\t%s\n' "$P/start-instr-unpatched"
	printf 'loader-ctor\t-\t%s\n' "$P/start-instr-patched"
} > "$spec"
rounds=$(rounds 600 40)
budget=$(rounds 300 30)
log "glibc: up to $rounds interleaved rounds of $(wc -l < "$spec") variants, at most $budget s"
"$OUT/tools/interleave" -r "$rounds" -w 5 -t "$budget" -m 20 "$spec" > "$R/glibc-raw.tsv"
"$OUT/tools/summarize" plain < "$R/glibc-raw.tsv" > "$R/glibc-startup.tsv"

# --- system calls of one start (strace counts them, load does not) -------
# Objects: the N libraries, the program, libc, ld.so.
objects=$((N + 3))
count() {
	# shellcheck disable=SC2046,SC2086
	env ${2:+"$2"} strace -f -qq -o "$P/trace-$1" $3 > /dev/null
	wc -l < "$P/trace-$1"
}
base=$(count plain "" "$P/start-plain-unpatched")
{
	printf 'variant\tsyscalls\tadded_per_object\tmseal\tpread64\n'
	while IFS='	' read -r v env cmd; do
		[ "$env" = - ] && env=
		n=$(count "$v" "$env" "$cmd")
		ms=$(grep -cE '^[0-9 ]*(mseal|syscall_0x1ce)\(' "$P/trace-$v" || true)
		pr=$(grep -c 'pread64(' "$P/trace-$v" || true)
		printf '%s\t%s\t%s\t%s\t%s\n' "$v" "$n" \
			"$(awk -v a="$n" -v b="$base" -v o="$objects" 'BEGIN { printf "%.2f", (a - b) / o }')" "$ms" "$pr"
	done < "$spec"
} > "$R/glibc-syscalls.tsv"

# --- the table ------------------------------------------------------------
awk -F '\t' -v objs="$objects" '
	FNR == 1 { next }
	FILENAME ~ /startup/ {
		med[$1] = $3; paired[$1] = $8; p25[$1] = $9; p75[$1] = $10; n[$1] = $2
		cpu[$1] = $14; c25[$1] = $15; c75[$1] = $16
		next
	}
	{ sc[$1] = $2; per[$1] = $3; ms[$1] = $4 }
	END {
		print "| variant | what | median start-up (µs) | paired ratio to plain, wall (IQR) | CPU time (IQR) | syscalls | added per object | mseal | goal |"
		print "|---|---|---|---|---|---|---|---|---|"
		split("plain loader loader-off ctor loader-ctor", order, " ")
		what["plain"] = "unpatched ld.so, no instrumentation"
		what["loader"] = "patched ld.so, every object sealed, RELRO anonymous, no runtime"
		what["loader-off"] = "patched ld.so, glibc.rtld.seal=0"
		what["ctor"] = "unpatched ld.so, modules with sealing-rt.o (the constructor)"
		what["loader-ctor"] = "patched ld.so, the same instrumented modules"
		goal["loader"] = "<= 1.03, <= 2 calls"
		goal["loader-ctor"] = "<= 1.04"
		for (i = 1; i <= 5; i++) {
			v = order[i]
			printf "| %s | %s | %.0f | %.4f (%.4f-%.4f) | %.4f (%.4f-%.4f) | %s | %s | %s | %s |\n", v, what[v], med[v], paired[v], p25[v], p75[v], cpu[v], c25[v], c75[v], sc[v], per[v], ms[v], goal[v]
		}
		printf "\n%d objects per start (100 libraries, the program, libc, ld.so); %d rounds.\n", objs, n["plain"]
	}' "$R/glibc-startup.tsv" "$R/glibc-syscalls.tsv" > "$P/glibc.md"
cat "$P/glibc.md" >&2
