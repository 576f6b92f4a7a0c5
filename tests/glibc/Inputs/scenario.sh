#!/bin/sh
# SPDX-License-Identifier: MIT
#
# scenario.sh DIR CC SEAL POLICY0 MODULE PROBE
#
# The libraries of tests/Inputs/loader-scenario.sh (SEAL and POLICY0
# instrument them, as there), plus three programs linked against the same
# start-up libraries: DIR/view (built with SEAL) and DIR/view-module
# (built with MODULE, the executable's note at scope=module) print what
# the loader did to each object (view.c); DIR/attack (SEAL) discards
# RELRO (attack.c).  An empty SEAL builds everything uninstrumented
# except the policy-0 library.  Word splitting of the flags is intended.
set -eu
d=$1 cc=$2 seal=$3 p0=$4 module=$5 probe=$6
in=$(dirname "$0")
sh "$in/../../Inputs/loader-scenario.sh" "$d" "$cc" "$seal" "$p0" "$module" "$probe"
libs="-L$d -Wl,--no-as-needed -lneeded -lplainun -lpolicy0 -Wl,-rpath,$d -ldl"
$cc -O2 $seal "$in/view.c" $libs -o "$d/view"
$cc -O2 $module "$in/view.c" $libs -o "$d/view-module"
$cc -O2 $seal "$in/attack.c" $probe $libs -o "$d/attack"
