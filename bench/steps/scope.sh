#!/bin/sh
# SPDX-License-Identifier: MIT
#
# What process scope costs (issue 12): an executable linked against N
# UNinstrumented shared libraries (gen/libs.sh, the plain set's sources),
# in four variants:
#   uninstr   nothing instrumented (baseline)
#   process   the executable linked with sealing-rt.o, process scope (the
#             default): its constructor seals every start-up object without
#             a note (the N libraries, libc, ld.so) and itself
#   module    the executable linked with sealing-rt-module-scope.o: it
#             seals only itself, the libraries stay open
#   loader    uninstr under LD_PRELOAD=libsealing-loader.so, which seals
#             every object without a note after the constructors
#   old-loader  the same with the old build's loader module (--old-from),
#             which is built from the runtime's parts too
# Measured:
#   - start-up at N = 100, every variant interleaved, paired ratios
#     (results/scope-startup.tsv);
#   - strace under SEALING_DEBUG=1: each mseal (syscall_0x1ce to strace
#     6.1, mseal to newer ones) matched to the object whose debug line
#     names its start address: exactly one per object is the goal
#     (results/scope-syscalls.tsv);
#   - the executable's constructor in user-space instructions (callgrind,
#     30-variable environment, built without the valgrind probe) at
#     N = 25, 50, 100, 200, in both scopes: the increments per library
#     show whether the walk is linear or O(N^2) (results/scope-scaling.tsv);
#     and, as "libs-self", the reverse case: an uninstrumented executable
#     with N instrumented libraries (the core alone, as a plugin gives a
#     library), each sealing itself (all constructors summed), since a
#     library's constructor also looks at the loaded objects.
#   Under valgrind the process pass also seals valgrind's preload object
#   (vgpreload_core), one small object a real run does not have; the
#   increments per library are not affected.
set -eu
. "$BENCH_DIR/lib/common.sh"
. "$BENCH_DIR/lib/env.sh"

P=$OUT/scope
R=$OUT/results
mkdir -p "$P/lib" "$P/ilib" "$R"
NS="25 50 100 200"
NMAX=200
LOADER=$BUILD_DIR/loader/libsealing-loader.so
[ -f "$LOADER" ] || die "scope: no $LOADER (build the project: the loader target)"

# --- the programs --------------------------------------------------------
sh "$BENCH_DIR/gen/libs.sh" "$P/src" "$NMAX" $NS
sh "$BENCH_DIR/lib/valgrind-visible.sh" "$RT_DIR/sealing-rt-module-scope.s" "$P/module-visible.o"
[ -f "$OUT/tools/rt-visible.o" ] && [ -f "$OUT/tools/rt-core-visible.o" ] ||
	die "scope: no rt-visible.o or rt-core-visible.o (build-sets.sh makes them)"
stamp="$(cat "$BENCH_DIR/steps/scope.sh" "$BENCH_DIR/gen/libs.sh" "$RT_DIR/sealing-rt.o" "$RT_DIR/sealing-rt-module-scope.o" \
	"$OUT/tools/rt-visible.o" "$OUT/tools/rt-core-visible.o" "$P/module-visible.o" | cksum)"
if [ "$(cat "$P/stamp" 2>/dev/null)" != "$stamp" ]; then
	rm -f "$P/stamp"
	log "scope: building $NMAX uninstrumented libraries and the programs"
	i=1
	while [ "$i" -le "$NMAX" ]; do
		{
			gcc -O2 -fPIC -shared -o "$P/lib/libbench$i.so" "$P/src/bench$i.c"
			gcc -O2 -fPIC -shared -o "$P/ilib/libbench$i.so" "$P/src/bench$i.c" "$OUT/tools/rt-core-visible.o"
		} &
		[ $((i % 2)) -eq 0 ] && wait
		i=$((i + 1))
	done
	wait
	for v in uninstr process module process-visible module-visible libs-self-visible; do
		libdir=$P/lib
		case $v in
		libs-self-visible) extra= libdir=$P/ilib ;;
		uninstr) extra= ;;
		process) extra=$RT_DIR/sealing-rt.o ;;
		module) extra=$RT_DIR/sealing-rt-module-scope.o ;;
		process-visible) extra=$OUT/tools/rt-visible.o ;;
		module-visible) extra=$P/module-visible.o ;;
		esac
		mkdir -p "$P/$v"
		for n in $NS; do
			libs=$(i=1; while [ "$i" -le "$n" ]; do printf ' -lbench%s' "$i"; i=$((i + 1)); done)
			# shellcheck disable=SC2086
			gcc -O2 -o "$P/$v/start$n" "$P/src/main$n.c" $extra -L"$libdir" \
				-Wl,--no-as-needed $libs -Wl,-rpath,"$libdir"
		done
	done
	printf '%s' "$stamp" > "$P/stamp"
fi

# --- start-up, N = 100 ------------------------------------------------------
spec=$P/spec.tsv
{
	printf 'uninstr\t-\t%s\n' "$P/uninstr/start100"
	printf 'process\t-\t%s\n' "$P/process/start100"
	printf 'module\t-\t%s\n' "$P/module/start100"
	printf 'loader\tLD_PRELOAD=%s\t%s\n' "$LOADER" "$P/uninstr/start100"
	old_loader=${OLD_RT_DIR:-}
	old_loader=${old_loader%/runtime}/loader/libsealing-loader.so
	[ -z "${OLD_RT_DIR:-}" ] || [ ! -f "$old_loader" ] ||
		printf 'old-loader\tLD_PRELOAD=%s\t%s\n' "$old_loader" "$P/uninstr/start100"
} > "$spec"
rounds=$(rounds 600 40)
budget=$(rounds 150 30)
log "scope: up to $rounds interleaved rounds of $(wc -l < "$spec") variants, at most $budget s"
"$OUT/tools/interleave" -r "$rounds" -w 5 -t "$budget" -m 20 "$spec" > "$R/scope-raw.tsv"
"$OUT/tools/summarize" uninstr < "$R/scope-raw.tsv" > "$R/scope-startup.tsv"

# --- mseal per object (strace) ------------------------------------------------
# trace VARIANT N ENV PROGRAM: one TSV line (see the header below).
trace() {
	t=$P/trace-$1-$2
	# -E: the LD_PRELOAD is for the traced program, not for strace.
	# shellcheck disable=SC2086
	SEALING_DEBUG=1 strace -f -qq ${3:+-E "$3"} -o "$t.strace" "$4" 2> "$t.debug" ||
		die "scope: strace of $1 (N = $2) failed"
	awk -v v="$1" -v n="$2" '
		FILENAME ~ /debug$/ {
			if (match($0, /sealed 0x[0-9a-f]+/)) {
				a = substr($0, RSTART + 7, RLENGTH - 7)
				mod[a] = 0; objs++
				name = $2; sub(/:$/, "", name); sub(/.*\//, "", name)
				if (name ~ /^libbench[0-9]+\.so$/) libs++
				else if (name ~ /^libc\.so/) libc++
				else if (name ~ /^ld-linux/) ld++
			}
			if (/not sealed|left open|skipped/) open_++
			next
		}
		END {
			mseal_span(objs)
			printf "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\n", v, n, objs + 0, libs + 0, libc + 0, ld + 0,
				ms + 0, lo, hi, stray + 0
		}'"$MSEAL_AWK" "$t.debug" "$t.strace"
}
{
	printf 'variant\tn\tobjects_sealed\tbench_libs_sealed\tlibc_sealed\tld_so_sealed\tmseal_calls\tmseal_per_object_min\tmseal_per_object_max\tmseal_unattributed\n'
	for n in 100 200; do
		trace process "$n" "" "$P/process/start$n"
		trace module "$n" "" "$P/module/start$n"
		trace loader "$n" "LD_PRELOAD=$LOADER" "$P/uninstr/start$n"
	done
} > "$R/scope-syscalls.tsv"

# --- the constructor's instructions against N ---------------------------
printf 'variant\tn\tctor_insns\tper_lib_increment\n' > "$R/scope-scaling.tsv"
for v in process module libs-self; do
	prev_n= prev_i=
	for n in $NS; do
		rm -f "$P/cg.out"
		in_env typical valgrind -q --tool=callgrind --callgrind-out-file="$P/cg.out" \
			--toggle-collect='*rt_seal_self' "$P/$v-visible/start$n" > /dev/null 2> "$P/cg.err" ||
			{ cat "$P/cg.err" >&2; die "scope: callgrind failed on $v-visible/start$n"; }
		i=$(sed -n 's/^totals: *//p' "$P/cg.out")
		inc=-
		[ -z "$prev_n" ] || inc=$(awk -v a="$prev_i" -v b="$i" -v m="$prev_n" -v n="$n" 'BEGIN { printf "%.1f", (b - a) / (n - m) }')
		printf '%s\t%s\t%s\t%s\n' "$v" "$n" "$i" "$inc"
		prev_n=$n prev_i=$i
	done
done >> "$R/scope-scaling.tsv"
log "scope: done"
