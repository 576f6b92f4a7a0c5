#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Builds the start-up programs, one "set" per way of instrumenting them,
# each in $OUT/startup/SET: lib/libbenchI.so (I = 1..100) and startN
# (N = 1, 10, 100), a program linked against libraries 1..N.  In every
# instrumented set the executable is instrumented too, as it would be in a
# distribution: a program with N libraries is N + 1 sealed modules.
#   plain        no instrumentation (the baseline)
#   rt           + build/link-object/sealing-rt.o    (the default runtime:
#                  process scope, so the executable also seals libc and
#                  ld.so, and the libraries leave their sealing to it)
#   relro-keep   + sealing-rt-relro-keep.o           (no RELRO swap)
#   rt-module    + sealing-rt-module-scope.o         (every module seals
#                  itself, as before process scope)
#   old-rt, old-relro-keep   the same two from the old build (--old-from)
# Since issue 25 the runtime is split: the executable gets the whole
# object (the core and the executable's part), each library the core alone
# (sealing-rt-core.o, or the variant's core with its own note, which the
# build leaves beside the object as NAME.s.core), as a plugin-built
# library would.  An old build without a core object links the whole
# object into every module, as it always did.
#   naive        + bench/src/naive-ctor.c            (dl_iterate_phdr per load)
#   empty-ctor   + bench/src/presence-ctor.c         (an empty constructor)
#   dead-code    + the same with as many never-executed bytes as the
#                  runtime's allocated sections and a note as long as
#                  its note (the cost of size and layout alone)
#   note-only    + that note alone: no constructor, no bytes (layout alone)
#   rt-visible   + sealing-rt.o (libraries: the core) without its valgrind
#                  probe, for callgrind (lib/valgrind-visible.sh); never timed
#   <carrier>    compiled with each plugin found (lib/discover.sh)
# The rt set also serves SEALING_POLICY=0: same binaries, sealing off.
set -eu
. "$BENCH_DIR/lib/common.sh"

NMAX=100
src=$OUT/startup/src
sh "$BENCH_DIR/gen/libs.sh" "$src" "$NMAX" 1 10 100
gcc -std=c11 -O2 -fPIC -Wall -Wextra -Werror -c "$BENCH_DIR/src/naive-ctor.c" \
	-o "$OUT/tools/naive-ctor.o"
gcc -std=c11 -O2 -fPIC -Wall -Wextra -Werror -c "$BENCH_DIR/src/presence-ctor.c" \
	-o "$OUT/tools/empty-ctor.o"
# lib_object NAME: the link object a library gets for the variant NAME
# (sealing-rt, sealing-rt-relro-keep...) of the build in $2 (default
# RT_DIR): its core alone when the build has one, else the whole object.
lib_object() {
	d_=${2:-$RT_DIR}
	if [ "$1" = sealing-rt ] && [ -f "$d_/sealing-rt-core.o" ]; then
		echo "$d_/sealing-rt-core.o"
	elif [ -f "$d_/$1.s.core" ] && [ -f "$d_/sealing-rt-core.o" ]; then
		# Assembled every time (it is quick and gives the same bytes), so
		# a rebuilt runtime is never missed.
		o_=$OUT/tools/$(echo "$d_" | cksum | cut -d' ' -f1)-$1-core.o
		gcc -c -x assembler "$d_/$1.s.core" -o "$o_"
		echo "$o_"
	else
		echo "$d_/$1.o"
	fi
}
# Allocated bytes of what a library carries (code, constants, state), and
# its note's, whose 12-byte header and 4-byte name the control's note keeps.
sizes=$(size -A "$(lib_object sealing-rt)" | awk '
	$1 == ".note.sealing" { note = $2; next }
	$1 ~ /^\.(text|rodata|data|bss|init_array)/ { n += $2 }
	END { print n + 0, note + 0 }')
rt_bytes=${sizes% *} note_bytes=${sizes#* }
[ "$rt_bytes" -gt 0 ] && [ "$note_bytes" -ge 16 ] ||
	die "no allocated sections or no .note.sealing in $RT_DIR/sealing-rt.o"
gcc -std=c11 -O2 -fPIC -Wall -Wextra -Werror -DBENCH_DEAD_BYTES="$rt_bytes" \
	-DBENCH_NOTE_DESC_BYTES=$((note_bytes - 16)) \
	-c "$BENCH_DIR/src/presence-ctor.c" -o "$OUT/tools/dead-code.o"
gcc -std=c11 -O2 -fPIC -Wall -Wextra -Werror -DBENCH_NOTE_ONLY \
	-DBENCH_NOTE_DESC_BYTES=$((note_bytes - 16)) \
	-c "$BENCH_DIR/src/presence-ctor.c" -o "$OUT/tools/note-only.o"

# build_set SET CC "CFLAGS" "EXTRA_LINK_OBJECTS" ["LIBRARIES' OBJECTS"]
build_set() {
	set_=$1 cc_=$2 cflags_=$3 extra_=$4 libextra_=${5-$4}
	d=$OUT/startup/$set_
	mkdir -p "$d/lib" "$d/obj"
	: > "$d/err"
	# Rebuild when the compiler, flags, runtime object, plugin or generator
	# change: the runtime and plugins are rebuilt under us while we work.
	# A plugin may load others beside it: sealing-llvm.so dispatches to
	# the pass built for each LLVM (llvm-N/sealing-llvm-N.so), which
	# changes with the runtime while the dispatcher does not.
	plugins_=
	for w in $cflags_; do
		case $w in
		-f*plugin=*)
			p_=${w#*=}
			plugins_="$plugins_ $p_ $(find "$(dirname "$p_")" -name '*.so' ! -path "$p_" | sort | tr '\n' ' ')"
			;;
		esac
	done
	stamp="$cc_ $cflags_ $extra_ $libextra_ $(cat $extra_ $libextra_ $plugins_ "$BENCH_DIR/gen/libs.sh" | cksum)"
	if [ -f "$d/stamp" ] && [ "$(cat "$d/stamp")" = "$stamp" ]; then
		return 0
	fi
	log "start-up: building set $set_"
	rm -f "$d/stamp"
	i=1
	while [ "$i" -le "$NMAX" ]; do
		# Two at a time: the machine has two cores.
		{
			"$cc_" -O2 -fPIC $cflags_ -c "$src/bench$i.c" -o "$d/obj/bench$i.o" &&
				"$cc_" -shared -o "$d/lib/libbench$i.so" "$d/obj/bench$i.o" $libextra_
		} 2>> "$d/err" &
		if [ $((i % 2)) -eq 0 ]; then wait; fi
		i=$((i + 1))
	done
	wait
	for n in 1 10 100; do
		libs=$(i=1; while [ "$i" -le "$n" ]; do printf ' -lbench%s' "$i"; i=$((i + 1)); done)
		"$cc_" -O2 $cflags_ -c "$src/main$n.c" -o "$d/obj/main$n.o" 2>> "$d/err" &&
			"$cc_" -o "$d/start$n" "$d/obj/main$n.o" $extra_ -L"$d/lib" \
				-Wl,--no-as-needed $libs -Wl,-rpath,'$ORIGIN/lib' 2>> "$d/err" ||
			return 1
	done
	printf '%s' "$stamp" > "$d/stamp"
}

build_set plain gcc "" ""
build_set rt gcc "" "$RT_DIR/sealing-rt.o" "$(lib_object sealing-rt)"
build_set relro-keep gcc "" "$RT_DIR/sealing-rt-relro-keep.o" "$(lib_object sealing-rt-relro-keep)"
build_set rt-module gcc "" "$RT_DIR/sealing-rt-module-scope.o" "$(lib_object sealing-rt-module-scope)"
# Instrumented libraries under an uninstrumented executable: no process
# pass, so the libraries seal themselves (since 0.4.0 the first one seals
# the others with it, in one batch).
build_set libs-only gcc "" "" "$(lib_object sealing-rt)"
if [ -n "${OLD_RT_DIR:-}" ]; then
	build_set old-rt gcc "" "$OLD_RT_DIR/sealing-rt.o" "$(lib_object sealing-rt "$OLD_RT_DIR")"
	build_set old-relro-keep gcc "" "$OLD_RT_DIR/sealing-rt-relro-keep.o" \
		"$(lib_object sealing-rt-relro-keep "$OLD_RT_DIR")"
	build_set old-libs-only gcc "" "" "$(lib_object sealing-rt "$OLD_RT_DIR")"
fi
build_set naive gcc "" "$OUT/tools/naive-ctor.o"
build_set empty-ctor gcc "" "$OUT/tools/empty-ctor.o"
build_set dead-code gcc "" "$OUT/tools/dead-code.o"
build_set note-only gcc "" "$OUT/tools/note-only.o"
# Remade only when they change, so the sets' stamps stay put.
visible() { # visible IN.s NAME
	sh "$BENCH_DIR/lib/valgrind-visible.sh" "$1" "$OUT/tools/$2.o.new"
	if cmp -s "$OUT/tools/$2.o.new" "$OUT/tools/$2.o"; then
		rm -f "$OUT/tools/$2.o.new"
	else
		mv "$OUT/tools/$2.o.new" "$OUT/tools/$2.o"
	fi
}
visible "$RT_DIR/sealing-rt.s" rt-visible
core_s=$RT_DIR/sealing-rt-core.s
[ -f "$core_s" ] || core_s=$RT_DIR/sealing-rt.s
visible "$core_s" rt-core-visible
build_set rt-visible gcc "" "$OUT/tools/rt-visible.o" "$OUT/tools/rt-core-visible.o"
# Carriers still in development may fail; the run goes on without them.
# startup.sh times only the sets that have a stamp.
carriers | while IFS='	' read -r id cc flag; do
	build_set "$id" "$cc" "$flag" "" ||
		failure startup "$id: building the start-up set failed: $(head -c 400 "$OUT/startup/$id/err")"
done
