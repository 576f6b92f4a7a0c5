#!/bin/sh
# SPDX-License-Identifier: MIT
#
# loader-scenario.sh DIR CC SEAL POLICY0 MODULE PROBE
#
# Builds glibc's tst-dl_mseal scenario into DIR with one carrier, for the
# loader-scenario test of each suite (the expected output is in
# loader-scenario.check):
#   SEAL     what instruments a module (-fplugin=..., or a runtime object)
#   POLICY0  what instruments a module at policy 0
#   MODULE   what instruments an executable with scope=module
#   PROBE    %probe (sealprobe.h's include flag and object)
# Word splitting of the four flag arguments is intended.
set -eu
d=$1 cc=$2 seal=$3 p0=$4 module=$5 probe=$6
in=$(dirname "$0")
lib() { name=$1; shift; $cc -O2 -shared -fPIC "$in/lib.c" "$@" -o "$d/lib$name.so"; }
mkdir -p "$d"
lib dep $seal -DFN=dep_fn
lib needed $seal -DFN=needed_fn -DDEP=dep_fn -L"$d" -ldep -Wl,-rpath,"$d"
lib policy0 $p0 -DFN=policy0_fn
lib plainun -DFN=plainun_fn
lib preload $seal -DFN=preload_fn
lib nodelete $seal -DFN=nodelete_fn
lib plain $seal -DFN=plain_fn
prog() {
	out=$1; shift
	$cc -O2 "$@" "$in/loader-scenario.c" $probe -L"$d" -Wl,--no-as-needed \
		-lneeded -lplainun -lpolicy0 -Wl,-rpath,"$d" -ldl -o "$d/$out"
}
prog prog $seal
prog prog-module $module
prog prog-plain
