# SPDX-License-Identifier: MIT
#
# Which instrumenting compilers ("carriers") are available (sourced by
# run.sh).  Writes $OUT/carriers.tsv (ID, compiler, flag; see carriers()
# in common.sh) and $OUT/carriers-missing.txt (one line per carrier that
# could not be used, with the reason).
#
# Where plugins are looked for, in order (the first working plugin per
# compiler wins):
#   1. explicit: --gcc-plugin PATH, --llvm-plugin [CLANG=]PATH, or the
#      environment: SEALING_BENCH_GCC_PLUGIN, SEALING_BENCH_LLVM_PLUGINS
#      (space-separated [CLANG=]PATH entries);
#   2. BUILD_DIR and every --carriers-from DIR, in the layout of the CMake
#      project: gcc-plugin/sealing.so, llvm-pass/sealing-llvm.so, plus any
#      llvm-pass*/**/sealing-llvm.so should a tree ever hold several LLVMs;
#   3. every --old-from DIR (OLD_FROM): a build of an older commit, whose
#      carriers get the ID prefix "old-" (old-gcc-plugin, old-llvm-19...)
#      and are measured beside the current ones in the same run.
# The compilers for a plugin come from that tree's CMakeCache.txt
# (SEALING_GCC_PLUGIN_GCC; SEALING_LLVM_CLANG_<major> for each LLVM a
# multi-LLVM tree dispatches to, else SEALING_LLVM_CLANG) when there is
# one; otherwise every installed clang is tried.  A plugin is a carrier
# for every one of those clangs it works with (the current sealing-llvm.so
# dispatches to the pass built for the clang that loads it).  A plugin counts only if a
# smoke compile with it succeeds *and* leaves a .note.sealing in the
# object: a plugin that loads but instruments nothing would make every
# figure look free.

cache_value() { # cache_value TREE KEY
	[ -f "$1/CMakeCache.txt" ] || return 0
	sed -n "s/^$2:[A-Z]*=//p" "$1/CMakeCache.txt" | head -n 1
}

clang_major() {
	"$1" --version 2>/dev/null | sed -n 's/.*clang version \([0-9][0-9]*\).*/\1/p' | head -n 1
}

installed_clangs() {
	for c in /usr/lib/llvm-*/bin/clang; do
		[ -x "$c" ] && echo "$c"
	done | sort -t- -k2 -n -r
}

# smoke COMPILER FLAG: does COMPILER FLAG instrument a unit?
smoke() {
	d=$OUT/discover
	mkdir -p "$d"
	echo 'int bench_smoke(void) { return 1; }' > "$d/smoke.c"
	rm -f "$d/smoke.o"
	"$1" $2 -O2 -c "$d/smoke.c" -o "$d/smoke.o" 2> "$d/smoke.err" &&
		readelf -SW "$d/smoke.o" | grep -q '\.note\.sealing'
}

where_looked() { # where_looked SUBDIR: the directories searched, for messages
	printf '%s' "$BUILD_DIR/$1"
	for t in $CARRIERS_FROM; do printf ', %s' "$t/$1"; done
}

discover_carriers() {
	: > "$OUT/carriers.tsv"
	: > "$OUT/carriers-missing.txt"
	found_ids=" "

	add() { # add ID COMPILER FLAG
		case $found_ids in *" $1 "*) return 0 ;; esac
		printf '%s\t%s\t%s\n' "$1" "$2" "$3" >> "$OUT/carriers.tsv"
		found_ids="$found_ids$1 "
		log "carrier $1: $2 $3"
	}
	reject() {
		echo "$1" >> "$OUT/carriers-missing.txt"
		log "not usable: $1"
	}

	try_gcc() { # try_gcc PLUGIN [TREE]
		gcc_=$(cache_value "${2:-/nonexistent}" SEALING_GCC_PLUGIN_GCC)
		gcc_=${gcc_:-gcc}
		if smoke "$gcc_" "-fplugin=$1"; then
			add "${prefix_}gcc-plugin" "$gcc_" "-fplugin=$1"
		else
			reject "gcc-plugin $1: smoke compile failed or left no note ($(head -c 200 "$OUT/discover/smoke.err" | tr '\n' ' '))"
		fi
	}
	try_llvm() { # try_llvm PLUGIN [TREE] [CLANG]
		clangs=${3:-}
		if [ -z "$clangs" ] && [ -f "${2:-/nonexistent}/CMakeCache.txt" ]; then
			clangs=$(sed -n 's/^SEALING_LLVM_CLANG_[0-9]*:[A-Z]*=//p' "$2/CMakeCache.txt" |
				sort -u | while read -r c; do echo "$(clang_major "$c") $c"; done | sort -rn | cut -d' ' -f2)
			clangs=${clangs:-$(cache_value "$2" SEALING_LLVM_CLANG)}
		fi
		clangs=${clangs:-$(installed_clangs)}
		ok_=0
		for c in $clangs; do
			m=$(clang_major "$c")
			if smoke "$c" "-fpass-plugin=$1"; then
				add "${prefix_}llvm-$m" "$c" "-fpass-plugin=$1"
				ok_=1
			fi
		done
		[ "$ok_" = 1 ] || reject "${prefix_}llvm pass $1: no installed clang loads it and instruments with it"
	}
	tree_plugins() { # tree_plugins TREE
		[ -f "$1/gcc-plugin/sealing.so" ] && try_gcc "$1/gcc-plugin/sealing.so" "$1"
		for p in "$1"/llvm-pass*/sealing-llvm.so "$1"/llvm-pass*/*/sealing-llvm.so; do
			[ -f "$p" ] && try_llvm "$p" "$1"
		done
		return 0
	}

	prefix_=
	[ -n "${GCC_PLUGIN:-}" ] && try_gcc "$GCC_PLUGIN"
	for e in ${LLVM_PLUGINS:-}; do
		case $e in
		*=*) try_llvm "${e#*=}" "" "${e%%=*}" ;;
		*) try_llvm "$e" ;;
		esac
	done
	for t in "$BUILD_DIR" $CARRIERS_FROM; do
		tree_plugins "$t"
	done
	prefix_=old-
	for t in ${OLD_FROM:-}; do
		tree_plugins "$t"
	done
	prefix_=

	# Say what is missing, per compiler the machine has.
	case $found_ids in
	*" gcc-plugin "*) ;;
	*) reject "gcc-plugin: no working sealing.so in $(where_looked gcc-plugin) (nor --gcc-plugin)" ;;
	esac
	for c in $(installed_clangs); do
		m=$(clang_major "$c")
		case $found_ids in
		*" llvm-$m "*) ;;
		*) reject "llvm-$m: clang $m is installed ($c), but no working sealing-llvm.so for it was found in $(where_looked llvm-pass) (nor --llvm-plugin)" ;;
		esac
	done
}
