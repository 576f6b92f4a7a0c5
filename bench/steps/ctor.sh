#!/bin/sh
# SPDX-License-Identifier: MIT
#
# User-space instructions of one module's constructor (issue 6, item 1;
# issues 13 and 25), counted by callgrind, inclusive of everything it
# calls (dlopen for pinning, ...), in these situations:
#   exe          an executable with no instrumented library: one
#                constructor.  In process scope (the default) this
#                constructor also seals every start-up object without a
#                note, here libc and ld.so, RELRO swap included: work done
#                on their behalf, which module scope (the "-module"
#                variants) does not do;
#   lib          an uninstrumented executable linked against one
#                instrumented library, loaded at start-up: the library
#                seals itself;
#   lib-policy0  the same under SEALING_POLICY=0;
#   lib-deferred an instrumented executable (process scope) linked
#                against the library: the library leaves its sealing to
#                the executable's pass.  Both constructors are called
#                rt_seal_self, so only the instructions in the library's
#                own code are counted (it calls nothing on this path).
#                A plugin's executable (its main compiled -fPIE) has
#                claimed the library before it runs (.preinit_array), so
#                the library learns it from its own state byte; one
#                linked with a runtime object has not, and the library
#                reads the executable's note;
#   dlopen       the library loaded by dlopen: the runtime also pins it
#                (dlopen RTLD_NOLOAD|RTLD_NODELETE) before sealing.
# Each count is given as callgrind counts it and with every rep-prefixed
# string instruction counted once (lib/cg-count.sh), and for the library
# situations also in the library's own code alone.  A library gets what
# a plugin-built one gets: the core alone (sealing-rt-core.s, or the
# variant's NAME.s.core) when the build has it; the old build's whole
# object otherwise.
# for the default runtime, sealing-rt-relro-keep.o (the difference is the
# RELRO swap's user-space share), sealing-rt-module-scope.o, each plugin
# found in both scopes, and the old build's objects and plugins
# (--old-from).  The executable is also counted at every -O level for
# each current plugin (results/ctor-olevels.tsv).  Every variant is built
# from assembly with the valgrind probe removed (lib/valgrind-visible.sh);
# valgrind 3.19 does not know mseal and answers ENOSYS, which policy 1
# ignores, so the counted path is the real one up to the syscall's result.
#   results/ctor.tsv: variant situation env instructions instructions_once
#     in_library in_library_once (the last two for the library situations)
#   results/ctor-olevels.tsv: variant olevel instructions (typical env)
# ctor.tsv also holds the floor of the policy-0 rule (variant rule-floor,
# src/policy-floor.c) and the shipped library's policy-0 path, both in
# the typical and the empty environment (with SEALING_POLICY=0 added).
set -eu
. "$BENCH_DIR/lib/common.sh"
. "$BENCH_DIR/lib/env.sh"

C=$OUT/ctor
R=$OUT/results
mkdir -p "$C" "$R"
echo 'int main(void) { return 0; }' > "$C/exe.c"
cp "$OUT/startup/src/bench1.c" "$OUT/startup/src/main1.c" "$C/"

# The constructor's symbols: GCC's carriers and the carried assembly name
# it GROUP.rt_seal_self, the LLVM pass's bitcode form GROUP, where GROUP
# is the COMDAT group of include/sealing/note.h, "__sealing_rt_v" plus the
# note version (3 now; older in an old build, which --old-from measures
# too).
note_version=$(sed -n 's/^#define SEALING_NOTE_VERSION \([0-9][0-9]*\).*/\1/p' "$REPO/include/sealing/note.h")
[ -n "$note_version" ] || die "ctor: no SEALING_NOTE_VERSION in include/sealing/note.h"
toggles="--toggle-collect=*rt_seal_self"
v_=1
while [ "$v_" -le "$note_version" ]; do
	toggles="$toggles --toggle-collect=__sealing_rt_v$v_"
	v_=$((v_ + 1))
done

# unit VARIANT CC "FLAG" SRC OUT.o [PIC]: compile at -O$OLEVEL (default
# 2) and take the valgrind probe out of the object (the plugins carry the
# runtime as data, so only its bytes show it).  build runs inside an "if",
# where set -e does not apply: every step says whether it failed, so a
# probe left in (the skip path, cheaper) can never be counted.
unit() {
	"$2" -O${OLEVEL:-2} ${6:-} $3 -c "$C/$4" -o "$5.probe" &&
		sh "$BENCH_DIR/lib/valgrind-visible.sh" --object "$5.probe" "$5"
}

# build VARIANT CC "FLAG" "RUNTIME.s" ["LIBRARY'S RUNTIME.s"]: exe,
# libbench1.so, startlib (uninstrumented executable), startboth (both
# instrumented: the library defers)
build() {
	v=$1 cc_=$2 flag_=$3 rts=$4 librts=${5:-$4}
	d=$C/$v
	rm -rf "$d"
	mkdir -p "$d"
	extra='' libextra=''
	if [ -n "$rts" ]; then
		sh "$BENCH_DIR/lib/valgrind-visible.sh" "$rts" "$d/rt.o" &&
			sh "$BENCH_DIR/lib/valgrind-visible.sh" "$librts" "$d/rt-lib.o" || return 1
		extra=$d/rt.o libextra=$d/rt-lib.o
		"$cc_" -O2 -c "$C/exe.c" -o "$d/exe.o" &&
			"$cc_" -O2 -c "$C/main1.c" -o "$d/main1.o" &&
			"$cc_" -O2 -fPIC -c "$C/bench1.c" -o "$d/bench1.o" || return 1
	else
		unit "$v" "$cc_" "$flag_" exe.c "$d/exe.o" &&
			unit "$v" "$cc_" "$flag_" main1.c "$d/main1.o" &&
			unit "$v" "$cc_" "$flag_" bench1.c "$d/bench1.o" -fPIC || return 1
	fi
	"$cc_" -o "$d/exe" "$d/exe.o" $extra &&
		"$cc_" -shared -o "$d/libbench1.so" "$d/bench1.o" $libextra &&
		gcc -O2 -o "$d/startlib" "$C/main1.c" -L"$d" -lbench1 -Wl,-rpath,"$d" &&
		"$cc_" -o "$d/startboth" "$d/main1.o" $extra -L"$d" -lbench1 -Wl,-rpath,"$d"
}

# lib_asm DIR NAME: the assembly a library gets for the variant NAME of
# the build in DIR (see the header).
lib_asm() {
	if [ "$2" = sealing-rt ] && [ -f "$1/sealing-rt-core.s" ]; then
		echo "$1/sealing-rt-core.s"
	elif [ -f "$1/$2.s.core" ] && [ -f "$1/sealing-rt-core.s" ]; then
		echo "$1/$2.s.core"
	else
		echo "$1/$2.s"
	fi
}

# callgrind OUT ENV PROGRAM ARGS...: run under callgrind with $toggles
# (above) and $CG_OPTS, into OUT.
callgrind() {
	f=$1 which_env=$2
	shift 2
	rm -f "$f"
	# shellcheck disable=SC2086 # words on purpose
	in_env "$which_env" valgrind -q --tool=callgrind --callgrind-out-file="$f" \
		${CG_OPTS:-} $toggles \
		"$@" > /dev/null 2> "$C/cg.err" || {
		cat "$C/cg.err" >&2
		die "callgrind failed on $*"
	}
}

# count ENV PROGRAM ARGS...: instructions inside the constructor(s).
count() {
	callgrind "$C/cg.out" "$@"
	sed -n 's/^totals: *//p' "$C/cg.out"
}

# count_lib OBJECT ENV PROGRAM ARGS...: instructions inside the
# constructor(s), TAB-separated as lib/cg-count.sh prints them, with
# OBJECT's own code apart.
count_lib() {
	o_=$1
	shift
	CG_OPTS="--dump-instr=yes --collect-jumps=yes --compress-strings=no --compress-pos=no" \
		callgrind "$C/cg.out" "$@"
	sh "$BENCH_DIR/lib/cg-count.sh" "$C/cg.out" "$o_"
}

# count_lib_first OBJECT ENV PROGRAM ARGS...: as count_lib, up to the end
# of the first constructor to return only (callgrind dumps after each, the
# first into OUT.1).  Under an instrumented executable the library's
# constructor runs first; the executable's process pass, which runs from
# a mapping of its file that valgrind cannot name (runtime/rt-exe-entry.c),
# would otherwise count as the library's unnamed code (lib/cg-count.sh).
count_lib_first() {
	o_=$1
	shift
	rm -f "$C/cg.out".*
	CG_OPTS="--dump-instr=yes --collect-jumps=yes --compress-strings=no --compress-pos=no --dump-after=*rt_seal_self" \
		callgrind "$C/cg.out" "$@"
	[ -f "$C/cg.out.1" ] || die "callgrind wrote no dump after the first constructor: $*"
	sh "$BENCH_DIR/lib/cg-count.sh" "$C/cg.out.1" "$o_"
}

# scope_flag CARRIER FLAG: the options that select module scope.  clang
# parses -mllvm before it loads a -fpass-plugin, so the pass is also
# loaded early with -fplugin (one copy: see llvm-pass/README.md).
scope_flag() {
	case $1 in
	gcc-plugin) echo "-fplugin-arg-sealing-scope=module" ;;
	llvm-*) echo "-fplugin=${2#-fpass-plugin=} -mllvm -sealing-scope=module" ;;
	esac
}

build rt gcc "" "$RT_DIR/sealing-rt.s" "$(lib_asm "$RT_DIR" sealing-rt)"
build relro-keep gcc "" "$RT_DIR/sealing-rt-relro-keep.s" "$(lib_asm "$RT_DIR" sealing-rt-relro-keep)"
build rt-module gcc "" "$RT_DIR/sealing-rt-module-scope.s" "$(lib_asm "$RT_DIR" sealing-rt-module-scope)"
variants="rt relro-keep rt-module"
if [ -n "${OLD_RT_DIR:-}" ]; then
	build old-rt gcc "" "$OLD_RT_DIR/sealing-rt.s" "$(lib_asm "$OLD_RT_DIR" sealing-rt)"
	build old-relro-keep gcc "" "$OLD_RT_DIR/sealing-rt-relro-keep.s" \
		"$(lib_asm "$OLD_RT_DIR" sealing-rt-relro-keep)"
	variants="$variants old-rt old-relro-keep"
	# An old build from before module scope (171add3) has no such object.
	if [ -f "$OLD_RT_DIR/sealing-rt-module-scope.s" ]; then
		build old-rt-module gcc "" "$OLD_RT_DIR/sealing-rt-module-scope.s" \
			"$(lib_asm "$OLD_RT_DIR" sealing-rt-module-scope)"
		variants="$variants old-rt-module"
	fi
fi
plugin_variants=
for id in $(carriers | cut -f1); do
	cc=$(carriers | awk -F '\t' -v id="$id" '$1 == id { print $2 }')
	flag=$(carriers | awk -F '\t' -v id="$id" '$1 == id { print $3 }')
	if build "$id" "$cc" "$flag" "" 2> "$C/$id.err"; then
		variants="$variants $id"
	else
		log "ctor: cannot build $id through visible assembly: $(head -c 300 "$C/$id.err")"
		continue
	fi
	case $id in old-*) ;; *) plugin_variants="$plugin_variants $id" ;; esac
	if build "$id-module" "$cc" "$flag $(scope_flag "${id#old-}" "$flag")" "" 2> "$C/$id-module.err"; then
		variants="$variants $id-module"
		case $id in old-*) ;; *) plugin_variants="$plugin_variants $id-module" ;; esac
	else
		# An old plugin from before module scope rejects the option.
		log "ctor: cannot build $id in module scope: $(head -c 300 "$C/$id-module.err")"
	fi
done

printf 'variant\tsituation\tenv\tinstructions\tinstructions_once\tin_library\tin_library_once\n' > "$R/ctor.tsv"
# The executable in both environments; the library cases in the typical
# one only (the environment scan costs the same everywhere).
# shellcheck disable=SC2046 # count_lib's four numbers, split on purpose
for v in $variants; do
	lib=$C/$v/libbench1.so
	for e in typical empty; do
		set -- $(count_lib "" "$e" "$C/$v/exe")
		printf '%s\texe\t%s\t%s\t%s\t-\t-\n' "$v" "$e" "$1" "$2"
	done
	set -- $(count_lib "$lib" typical "$C/$v/startlib")
	printf '%s\tlib\ttypical\t%s\t%s\t%s\t%s\n' "$v" "$1" "$2" "$3" "$4"
	set -- $(EXTRA_ENV=SEALING_POLICY=0 count_lib "$lib" typical "$C/$v/startlib")
	printf '%s\tlib-policy0\ttypical\t%s\t%s\t%s\t%s\n' "$v" "$1" "$2" "$3" "$4"
	# The library's constructor alone: it runs before the executable's.
	set -- $(count_lib_first "$lib" typical "$C/$v/startboth")
	printf '%s\tlib-deferred\ttypical\t%s\t%s\t%s\t%s\n' "$v" "$3" "$4" "$3" "$4"
	set -- $(count_lib "$lib" typical "$OUT/tools/dlopen-once" "$lib")
	printf '%s\tdlopen\ttypical\t%s\t%s\t%s\t%s\n' "$v" "$1" "$2" "$3" "$4"
done >> "$R/ctor.tsv"
# The shipped objects are what the goal is about; the policy-0 path too.
# shellcheck disable=SC2046 # as above
for e in typical empty; do
	set -- $(EXTRA_ENV=SEALING_POLICY=0 count_lib "" "$e" "$C/rt/exe")
	printf 'rt-policy0\texe\t%s\t%s\t%s\t-\t-\n' "$e" "$1" "$2"
done >> "$R/ctor.tsv"

# The policy-0 rule's floor (src/policy-floor.c), and the shipped
# library's policy-0 path in the empty environment too: the two slopes
# over the environment's 30 variables say what the goal can admit.
#   variant rule-floor, situation lib-policy0, env typical|empty
gcc -std=c11 -O2 -fPIC -Wall -Wextra -Werror -shared -o "$C/libpolicyfloor.so" \
	"$BENCH_DIR/src/policy-floor.c"
gcc -O2 -o "$C/startfloor" "$C/exe.c" -L"$C" -Wl,--no-as-needed -lpolicyfloor -Wl,-rpath,"$C"
# shellcheck disable=SC2046 # as above
{
	for e in typical empty; do
		n=$(toggles=--toggle-collect=bench_policy_floor EXTRA_ENV=SEALING_POLICY=0 \
			count "$e" "$C/startfloor")
		printf 'rule-floor\tlib-policy0\t%s\t%s\t%s\t%s\t%s\n' "$e" "$n" "$n" "$n" "$n"
	done
	set -- $(EXTRA_ENV=SEALING_POLICY=0 count_lib "$C/rt/libbench1.so" empty "$C/rt/startlib")
	printf 'rt\tlib-policy0\tempty\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4"
} >> "$R/ctor.tsv"

# Pages of the library's code its constructor executes (lib/code-pages.sh),
# for the shipped object and the old one: stopping at policy 0, deferring
# to an instrumented executable (the default), sealing itself.
#   results/ctor-pages.tsv: variant situation pages beyond-init
# page_row VARIANT SITUATION PROGRAM: one row, for the variant's library.
# (callgrind here, not count: these runs also dump every address.)
page_row() {
	CG_OPTS="--dump-instr=yes --dump-line=no --compress-strings=no --compress-pos=no" \
		callgrind "$C/cg-pages.out" typical "$3"
	printf '%s\t%s\t%s\n' "$1" "$2" \
		"$(sh "$BENCH_DIR/lib/code-pages.sh" "$C/cg-pages.out" "$C/$1/libbench1.so")"
}
printf 'variant\tsituation\tpages\tbeyond-init\n' > "$R/ctor-pages.tsv"
for v in rt old-rt; do
	[ -f "$C/$v/startboth" ] || continue
	EXTRA_ENV=SEALING_POLICY=0 page_row "$v" "policy 0" "$C/$v/startlib"
	page_row "$v" deferred "$C/$v/startboth"
	page_row "$v" "seals itself" "$C/$v/startlib"
done >> "$R/ctor-pages.tsv"

# The goal holds "at every -O level": the executable, built at each level
# by every current plugin (-O2 is the table above), in module scope, the
# constructor's own work; process scope adds the same work for libc and
# ld.so at every level (BENCH_OLEVELS_BOTH=1 counts both scopes).
printf 'variant\tolevel\tinstructions\n' > "$R/ctor-olevels.tsv"
for v in $plugin_variants; do
	case $v in *-module) ;; *) [ "${BENCH_OLEVELS_BOTH:-0}" = 1 ] || continue ;; esac
	id=${v%-module}
	cc=$(carriers | awk -F '\t' -v id="$id" '$1 == id { print $2 }')
	flag=$(carriers | awk -F '\t' -v id="$id" '$1 == id { print $3 }')
	[ "$v" = "$id" ] || flag="$flag $(scope_flag "$id" "$flag")"
	for o in 0 1 2 3 s z; do
		d=$C/$v/O$o
		mkdir -p "$d"
		if [ "$o" = 2 ]; then
			n=$(count typical "$C/$v/exe")
		elif OLEVEL=$o unit "$v/O$o" "$cc" "$flag" exe.c "$d/exe.o" 2> "$d/err" &&
			"$cc" -o "$d/exe" "$d/exe.o" 2>> "$d/err"; then
			n=$(count typical "$d/exe")
		else
			n=
			log "ctor: $v at -O$o failed: $(head -c 200 "$d/err")"
		fi
		printf '%s\tO%s\t%s\n' "$v" "$o" "$n"
	done
done >> "$R/ctor-olevels.tsv"
log "ctor: done"
