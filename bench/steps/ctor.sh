#!/bin/sh
# SPDX-License-Identifier: MIT
#
# User-space instructions of one module's constructor (issue 6, item 1),
# counted by callgrind, inclusive of everything it calls (getauxval,
# dlopen for pinning, ...), in three situations:
#   exe      an executable with no instrumented library: one constructor;
#   lib      an uninstrumented executable linked against one instrumented
#            library, loaded at start-up;
#   dlopen   the same library loaded by dlopen: the runtime also pins it
#            (dlopen RTLD_NOLOAD|RTLD_NODELETE) before sealing.
# for the default runtime, for sealing-rt-relro-keep.o (the difference is
# the RELRO swap's user-space share), and for each plugin found.  Every
# variant is built from assembly with the valgrind probe removed
# (lib/valgrind-visible.sh); valgrind 3.19 does not know mseal and answers
# ENOSYS, which policy 1 ignores, so the counted path is the real one up
# to the syscall's result.
#   results/ctor.tsv: variant situation env instructions
set -eu
. "$BENCH_DIR/lib/common.sh"
. "$BENCH_DIR/lib/env.sh"

C=$OUT/ctor
R=$OUT/results
mkdir -p "$C" "$R"
echo 'int main(void) { return 0; }' > "$C/exe.c"
cp "$OUT/startup/src/bench1.c" "$OUT/startup/src/main1.c" "$C/"

# unit VARIANT CC "FLAG" SRC OUT.o [PIC]: compile through visible assembly.
unit() {
	"$2" -O2 ${6:-} $3 -S "$C/$4" -o "$C/$1/$4.s"
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
}

# count PROGRAM ARGS...: instructions inside the constructor(s).  GCC's
# carriers name it __sealing_rt_v1.rt_seal_self, the LLVM pass
# __sealing_rt_v1.
count() {
	which_env=$1
	shift
	f=$C/cg.out
	rm -f "$f"
	in_env "$which_env" valgrind -q --tool=callgrind --callgrind-out-file="$f" \
		--toggle-collect='*rt_seal_self' --toggle-collect='__sealing_rt_v1' \
		"$@" > /dev/null 2> "$C/cg.err" || {
		cat "$C/cg.err" >&2
		die "callgrind failed on $*"
	}
	sed -n 's/^totals: *//p' "$f"
}

build rt gcc "" "$RT_DIR/sealing-rt.s"
build relro-keep gcc "" "$RT_DIR/sealing-rt-relro-keep.s"
variants="rt relro-keep"
for id in $(carriers | cut -f1); do
	cc=$(carriers | awk -F '\t' -v id="$id" '$1 == id { print $2 }')
	flag=$(carriers | awk -F '\t' -v id="$id" '$1 == id { print $3 }')
	if build "$id" "$cc" "$flag" "" 2> "$C/$id.err"; then
		variants="$variants $id"
	else
		log "ctor: cannot build $id through visible assembly: $(head -c 300 "$C/$id.err")"
	fi
done

printf 'variant\tsituation\tenv\tinstructions\n' > "$R/ctor.tsv"
for v in $variants; do
	for e in typical empty; do
		printf '%s\texe\t%s\t%s\n' "$v" "$e" "$(count "$e" "$C/$v/exe")"
		printf '%s\tlib\t%s\t%s\n' "$v" "$e" "$(count "$e" "$C/$v/startlib")"
		printf '%s\tdlopen\t%s\t%s\n' "$v" "$e" \
			"$(count "$e" "$OUT/tools/dlopen-once" "$C/$v/libbench1.so")"
	done
done >> "$R/ctor.tsv"
# The shipped objects are what the goal is about; the policy-0 path too.
for e in typical empty; do
	printf 'rt-policy0\texe\t%s\t%s\n' "$e" "$(EXTRA_ENV=SEALING_POLICY=0 count "$e" "$C/rt/exe")"
done >> "$R/ctor.tsv"
log "ctor: done"
