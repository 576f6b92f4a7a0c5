#!/bin/sh
# SPDX-License-Identifier: MIT
# The substvars of the plugin packages, from what the build installed:
# each plugin runs inside one compiler (it links none, so shlibs finds
# nothing), and is built against that compiler's headers.  So each
# package depends on one of the compilers it has a plugin for, at least
# at the version whose headers it was built with.  No upper bound: gcc-12
# is GCC 12 by its name, and the plugin takes any 12.x
# (gcc-plugin/version.cc); clang-19 likewise for LLVM 19.
#   debian/sealing-substvars.sh      (from debian/rules, before dh_gencontrol)
set -eu
cd debian

version() { dpkg-query -W -f='${Version}' "$1"; }
# NAME... -> "NAME (>= V) | ..." newest first, VERSION_OF turning a name
# into the package whose version counts.
relations() {
	sep=""
	for name in "$@"; do
		printf '%s%s (>= %s)' "$sep" "$name" "$(version "$(version_of "$name")")"
		sep=" | "
	done
}
enhances() { echo "$@" | sed 's/ /, /g'; }
put() { # PACKAGE VAR VALUE
	echo "$2=$3" >>"$1.substvars"
}

gccs=$(ls -d gcc-sealing-plugin/usr/lib/gcc/*/*/plugin/sealing.so |
	sed 's,.*/usr/lib/gcc/[^/]*/\([0-9]*\)/.*,gcc-\1,' | sort -rV)
[ -n "$gccs" ] || { echo "sealing-substvars: gcc-sealing-plugin has no plugin" >&2; exit 1; }
version_of() { echo "$1-plugin-dev"; }
put gcc-sealing-plugin sealing:GccDepends "$(relations $gccs)"
put gcc-sealing-plugin sealing:GccEnhances "$(enhances $gccs)"

if [ -d gcc-sealing-plugin-aarch64-linux-gnu ]; then
	cross=$(ls -d gcc-sealing-plugin-aarch64-linux-gnu/usr/lib/gcc-cross/aarch64-linux-gnu/*/plugin/sealing.so |
		sed 's,.*/aarch64-linux-gnu/\([0-9]*\)/.*,gcc-\1-aarch64-linux-gnu,' | sort -rV)
	[ -n "$cross" ] || { echo "sealing-substvars: gcc-sealing-plugin-aarch64-linux-gnu has no plugin" >&2; exit 1; }
	version_of() { echo "$1" | sed 's/^gcc-\([0-9]*\)-\(.*\)/gcc-\1-plugin-dev-\2/'; }
	put gcc-sealing-plugin-aarch64-linux-gnu sealing:GccCrossDepends "$(relations $cross)"
fi

clangs=$(ls -d llvm-sealing-plugin/usr/lib/*/sealing/llvm-* | sed 's,.*/llvm-,clang-,' | sort -rV)
[ -n "$clangs" ] || { echo "sealing-substvars: llvm-sealing-plugin has no pass" >&2; exit 1; }
version_of() { echo "$1" | sed 's/^clang-/llvm-/; s/$/-dev/'; }
put llvm-sealing-plugin sealing:ClangDepends "$(relations $clangs)"
put llvm-sealing-plugin sealing:ClangEnhances "$(enhances $clangs)"

put sealctl sealing:BuiltUsing "$(dpkg-query -W -f='${source:Package} (= ${source:Version})' binutils-dev)"
