#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Size (issue 6, item 4): what instrumentation adds to one module, by
# class (lib/sections.sh), for
#   small-exe   a hello-world program
#   small-lib   libbench1.so of the start-up benchmark
#   large-exe   the Lua 5.4 interpreter from the compile benchmark's tree,
#               all of its units instrumented (one runtime copy must remain)
# each built by every carrier, against the same compiler without it; the
# old build's link object and plugins (--old-from) too.  With the link
# object, the library gets what a plugin-built library gets since issue
# 25, the core alone (sealing-rt-core.o), and the programs the whole
# object; an old build without a core object gives its whole object to
# both.
#   results/size.tsv: program carrier + the columns of lib/sections.sh for
#   the plain and the instrumented build
set -eu
. "$BENCH_DIR/lib/common.sh"
. "$BENCH_DIR/lib/sources.sh"

Z=$OUT/size
R=$OUT/results
mkdir -p "$Z"
cat > "$Z/hello.c" <<'EOC'
#include <stdio.h>
int main(void)
{
	puts("hello");
	return 0;
}
EOC
tree_d=$(small_tree | cut -f1)
lua_units=
for u in "$tree_d"/*.c; do
	case $u in */luac.c) ;; *) lua_units="$lua_units $u" ;; esac
done
[ -f "$tree_d/lua.c" ] || lua_units=   # the generated fallback is no program

# The Lua objects compile.sh already made with the same compiler and flags
# (-O2 -DLUA_USE_LINUX), when it made all of them: DIR -> object list.
compiled_objs() {
	[ -n "$1" ] && [ -d "$1" ] || return 1
	objs_=
	for u in $lua_units; do
		o_=$1/$(basename "$u" .c).o
		[ -f "$o_" ] || return 1
		objs_="$objs_ $o_"
	done
	echo "$objs_"
}

# build CC "FLAG" "EXTRA" DIR [COMPILED] ["LIBRARY'S EXTRA"]: hello,
# libbench1.so, lua (when available; from compile.sh's objects in
# COMPILED when it has them all).
# Called in a condition, where sh ignores set -e: hence the explicit returns.
build() {
	cc_=$1 flag_=$2 extra_=$3 d=$4 libextra_=${6-$3}
	mkdir -p "$d/obj"
	"$cc_" -O2 $flag_ -o "$d/small-exe" "$Z/hello.c" $extra_ 2> "$d/err" || return 1
	"$cc_" -O2 -fPIC -shared $flag_ -o "$d/small-lib" "$OUT/startup/src/bench1.c" $libextra_ 2> "$d/err" || return 1
	[ -n "$lua_units" ] || return 0
	if objs=$(compiled_objs "${5:-}"); then
		"$cc_" -o "$d/large-exe" $objs $extra_ -lm 2> "$d/err" || return 1
		return 0
	fi
	objs=
	for u in $lua_units; do
		o=$d/obj/$(basename "$u" .c).o
		"$cc_" -O2 $flag_ -DLUA_USE_LINUX -c "$u" -o "$o" 2> "$d/err" || return 1
		objs="$objs $o"
	done
	"$cc_" -o "$d/large-exe" $objs $extra_ -lm 2> "$d/err" || return 1
}
try_build() { # try_build CARRIER CC "FLAG" "EXTRA" DIR [COMPILED] ["LIBRARY'S EXTRA"]
	rm -rf "$5"
	build "$2" "$3" "$4" "$5" "${6:-}" "${7-$4}" ||
		failure size "$1: building the size programs failed: $(head -c 400 "$5/err")"
}

printf 'program\tcarrier\tstate\tcode\trodata\tdata\tdynamic\tnote\tmapped\tfile\tstripped\n' > "$R/size.tsv"
record() { # record CARRIER PLAINDIR SEALEDDIR
	for p in small-exe small-lib large-exe; do
		[ -f "$2/$p" ] && [ -f "$3/$p" ] || continue
		printf '%s\t%s\tplain\t%s\n' "$p" "$1" "$(sh "$BENCH_DIR/lib/sections.sh" "$2/$p")"
		printf '%s\t%s\tsealed\t%s\n' "$p" "$1" "$(sh "$BENCH_DIR/lib/sections.sh" "$3/$p")"
	done >> "$R/size.tsv"
}

log "size: building with gcc and sealing-rt.o"
K=$OUT/compile
try_build gcc gcc "" "" "$Z/gcc-off" "$K/gcc-plugin:off"
core=$RT_DIR/sealing-rt-core.o
[ -f "$core" ] || core=$RT_DIR/sealing-rt.o
try_build rt-object gcc "" "$RT_DIR/sealing-rt.o" "$Z/rt" "$K/gcc-plugin:off" "$core"
record rt-object "$Z/gcc-off" "$Z/rt"
if [ -n "${OLD_RT_DIR:-}" ]; then
	core=$OLD_RT_DIR/sealing-rt-core.o
	[ -f "$core" ] || core=$OLD_RT_DIR/sealing-rt.o
	try_build old-rt-object gcc "" "$OLD_RT_DIR/sealing-rt.o" "$Z/old-rt" "$K/gcc-plugin:off" "$core"
	record old-rt-object "$Z/gcc-off" "$Z/old-rt"
fi
carriers | while IFS='	' read -r id cc flag; do
	log "size: building with $id"
	# An old build's plugin is compared with the current carrier's
	# uninstrumented build by the same compiler.
	off=$Z/$id-off
	b=${id#old-}
	if [ "$b" != "$id" ] && [ -d "$Z/$b-off" ]; then
		off=$Z/$b-off
	else
		try_build "$id-off" "$cc" "" "" "$off" "$K/$id:off"
	fi
	try_build "$id" "$cc" "$flag" "" "$Z/$id" "$K/$id:on"
	record "$id" "$off" "$Z/$id"
	if [ -f "$Z/$id/large-exe" ]; then
		n=$(readelf -SW "$Z/$id/large-exe" | grep -c '\.note\.sealing' || true)
		metric "size_notes_in_large_$id" "$n"
	fi
done
log "size: done"
