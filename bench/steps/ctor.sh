#!/bin/sh
# SPDX-License-Identifier: MIT
#
# User-space instructions of one module's constructor (issue 6, item 1;
# issue 13), counted by callgrind, inclusive of everything it calls
# (getauxval, dlopen for pinning, ...), in three situations:
#   exe      an executable with no instrumented library: one constructor.
#            In process scope (the default) this constructor also seals
#            every start-up object without a note, here libc and ld.so,
#            RELRO swap included: work done on their behalf, which module
#            scope (the "-module" variants) does not do;
#   lib      an uninstrumented executable linked against one instrumented
#            library, loaded at start-up;
#   dlopen   the same library loaded by dlopen: the runtime also pins it
#            (dlopen RTLD_NOLOAD|RTLD_NODELETE) before sealing.
# for the default runtime, sealing-rt-relro-keep.o (the difference is the
# RELRO swap's user-space share), sealing-rt-module-scope.o, each plugin
# found in both scopes, and the old build's objects and plugins
# (--old-from).  The executable is also counted at every -O level for
# each current plugin (results/ctor-olevels.tsv).  Every variant is built
# from assembly with the valgrind probe removed (lib/valgrind-visible.sh);
# valgrind 3.19 does not know mseal and answers ENOSYS, which policy 1
# ignores, so the counted path is the real one up to the syscall's result.
#   results/ctor.tsv: variant situation env instructions
#   results/ctor-olevels.tsv: variant olevel instructions (typical env)
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
# note version (2 now; 1 in the old build, which --old-from measures too).
note_version=$(sed -n 's/^#define SEALING_NOTE_VERSION \([0-9][0-9]*\).*/\1/p' "$REPO/include/sealing/note.h")
[ -n "$note_version" ] || die "ctor: no SEALING_NOTE_VERSION in include/sealing/note.h"
toggles="--toggle-collect=*rt_seal_self"
v_=1
while [ "$v_" -le "$note_version" ]; do
	toggles="$toggles --toggle-collect=__sealing_rt_v$v_"
	v_=$((v_ + 1))
done

# unit VARIANT CC "FLAG" SRC OUT.o [PIC]: compile through visible assembly,
# at -O$OLEVEL (default 2).
unit() {
	"$2" -O${OLEVEL:-2} ${6:-} $3 -S "$C/$4" -o "$C/$1/$4.s"
	sh "$BENCH_DIR/lib/valgrind-visible.sh" "$C/$1/$4.s" "$C/$1/$4.v.s"
	"$2" -c "$C/$1/$4.v.s" -o "$5"
}

# build VARIANT CC "FLAG" "RUNTIME.s": exe, libbench1.so, startlib
build() {
	v=$1 cc_=$2 flag_=$3 rts=$4
	d=$C/$v
	mkdir -p "$d"
	extra=
	if [ -n "$rts" ]; then
		sh "$BENCH_DIR/lib/valgrind-visible.sh" "$rts" "$d/rt.s"
		gcc -c "$d/rt.s" -o "$d/rt.o"
		extra=$d/rt.o
		"$cc_" -O2 -c "$C/exe.c" -o "$d/exe.o"
		"$cc_" -O2 -fPIC -c "$C/bench1.c" -o "$d/bench1.o"
	else
		unit "$v" "$cc_" "$flag_" exe.c "$d/exe.o"
		unit "$v" "$cc_" "$flag_" bench1.c "$d/bench1.o" -fPIC
	fi
	"$cc_" -o "$d/exe" "$d/exe.o" $extra
	"$cc_" -shared -o "$d/libbench1.so" "$d/bench1.o" $extra
	gcc -O2 -o "$d/startlib" "$C/main1.c" -L"$d" -lbench1 -Wl,-rpath,"$d"
	# Executable and library both instrumented: the library defers.
	[ -z "$extra" ] || gcc -O2 -o "$d/startboth" "$C/main1.c" $extra \
		-L"$d" -lbench1 -Wl,-rpath,"$d"
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

# scope_flag CARRIER FLAG: the options that select module scope.  clang
# parses -mllvm before it loads a -fpass-plugin, so the pass is also
# loaded early with -fplugin (one copy: see llvm-pass/README.md).
scope_flag() {
	case $1 in
	gcc-plugin) echo "-fplugin-arg-sealing-scope=module" ;;
	llvm-*) echo "-fplugin=${2#-fpass-plugin=} -mllvm -sealing-scope=module" ;;
	esac
}

build rt gcc "" "$RT_DIR/sealing-rt.s"
build relro-keep gcc "" "$RT_DIR/sealing-rt-relro-keep.s"
build rt-module gcc "" "$RT_DIR/sealing-rt-module-scope.s"
variants="rt relro-keep rt-module"
if [ -n "${OLD_RT_DIR:-}" ]; then
	build old-rt gcc "" "$OLD_RT_DIR/sealing-rt.s"
	build old-relro-keep gcc "" "$OLD_RT_DIR/sealing-rt-relro-keep.s"
	variants="$variants old-rt old-relro-keep"
	# An old build from before module scope (171add3) has no such object.
	if [ -f "$OLD_RT_DIR/sealing-rt-module-scope.s" ]; then
		build old-rt-module gcc "" "$OLD_RT_DIR/sealing-rt-module-scope.s"
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

printf 'variant\tsituation\tenv\tinstructions\n' > "$R/ctor.tsv"
# The executable in both environments; the library cases in the typical
# one only (the environment scan costs the same everywhere).
for v in $variants; do
	for e in typical empty; do
		printf '%s\texe\t%s\t%s\n' "$v" "$e" "$(count "$e" "$C/$v/exe")"
	done
	printf '%s\tlib\ttypical\t%s\n' "$v" "$(count typical "$C/$v/startlib")"
	printf '%s\tdlopen\ttypical\t%s\n' "$v" \
		"$(count typical "$OUT/tools/dlopen-once" "$C/$v/libbench1.so")"
done >> "$R/ctor.tsv"
# The shipped objects are what the goal is about; the policy-0 path too.
for e in typical empty; do
	printf 'rt-policy0\texe\t%s\t%s\n' "$e" "$(EXTRA_ENV=SEALING_POLICY=0 count "$e" "$C/rt/exe")"
done >> "$R/ctor.tsv"

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
