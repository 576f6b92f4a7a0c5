#!/bin/sh
# SPDX-License-Identifier: MIT
#
# verdict.sh DIR CC SEAL SKIP MODULE PROBE [EXTRA...]
#
# Builds verdict.c's libraries into DIR with one carrier, and its program
# in every condition the start-up/dlopen verdict is tested under:
#   SEAL    what instruments a module
#   SKIP    what instruments a module with dlopen=skip
#   MODULE  what instruments an executable with scope=module
#   PROBE   %probe
#   EXTRA   flags for the programs only (e.g. -fsanitize=address)
# Programs: prog-O0, prog-O2 (process scope), prog-module, prog-plain
# (no runtime in the executable).  Word splitting is intended.
set -eu
d=$1 cc=$2 seal=$3 skip=$4 module=$5 probe=$6
shift 6
in=$(dirname "$0")
mkdir -p "$d"
lib() {
	name=$1; shift
	$cc -O2 -shared -fPIC "$in/verdict.c" $probe "$@" -o "$d/lib$name.so"
}
lib ctor $seal -DFN=ctor_fn
lib start $seal -DROLE_START -ldl
lib skipstart $skip -DFN=skipstart_fn
lib pre $seal -DFN=pre_fn
lib main $seal -DFN=main_fn
lib thread $seal -DFN=thread_fn
lib skip $skip -DFN=skip_fn
prog() {
	out=$1; shift
	$cc "$@" "$in/verdict.c" $probe -L"$d" -Wl,--no-as-needed -lstart \
		-lskipstart -Wl,-rpath,"$d" -ldl -pthread -o "$d/$out"
}
prog prog-O0 -O0 $seal "$@"
prog prog-O2 -O2 $seal "$@"
prog prog-module -O2 $module "$@"
prog prog-plain -O2 "$@"
