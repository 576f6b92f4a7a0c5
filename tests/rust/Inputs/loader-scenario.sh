#!/bin/sh
# SPDX-License-Identifier: MIT
#
# loader-scenario.sh DIR RUSTC CC SEAL POLICY0 MODULE PROBE
#
# glibc's tst-dl_mseal scenario with every library a Rust cdylib
# (lib.rs here), the program the shared C one (tests/Inputs/
# loader-scenario.c, expected output tests/Inputs/loader-scenario.check):
#   SEAL     the runtime object: added to each library with -C link-arg,
#            and to the program
#   POLICY0  the runtime object at policy 0, for libpolicy0.so
#   MODULE   the runtime object with scope=module, for prog-module
#   PROBE    %probe (sealprobe.h's include flag and object)
# Word splitting of PROBE is intended.
set -eu
d=$1 rustc=$2 cc=$3 seal=$4 p0=$5 module=$6 probe=$7
here=$(dirname "$0")
lib() {
	name=$1
	shift
	$rustc --crate-type cdylib --cfg "name=\"$name\"" "$here/lib.rs" "$@" \
		-o "$d/lib$name.so"
}
mkdir -p "$d"
lib dep -C link-arg="$seal"
lib needed --cfg dep -L "$d" -l dylib=dep -C link-arg=-Wl,-rpath,"$d" -C link-arg="$seal"
lib policy0 -C link-arg="$p0"
lib plainun
lib preload -C link-arg="$seal"
lib nodelete -C link-arg="$seal"
lib plain -C link-arg="$seal"
prog() {
	out=$1
	shift
	$cc -O2 "$@" "$here/../../Inputs/loader-scenario.c" $probe -L"$d" \
		-Wl,--no-as-needed -lneeded -lplainun -lpolicy0 -Wl,-rpath,"$d" \
		-ldl -o "$d/$out"
}
prog prog "$seal"
prog prog-module "$module"
prog prog-plain
