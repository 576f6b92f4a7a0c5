#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs a program under the glibc that scripts/build-glibc.sh built,
# from the host: its ld.so, with --library-path to its libc (and the
# rest of its libraries), so the program's own PT_INTERP is not used.
#
# usage: glibc/testrun.sh [--unpatched] PROGRAM [ARGS...]
#   --unpatched     Debian's glibc as it ships, for comparisons
# SEALING_GLIBC_BUILD: the build directory (default: build-glibc/ beside
# this script's directory).  Environment variables such as LD_PRELOAD and
# GLIBC_TUNABLES reach the loader as usual.
set -eu
flavour=patched
if [ "${1:-}" = --unpatched ]; then
	flavour=unpatched
	shift
fi
if [ $# -eq 0 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
	sed -n '3,/^set -eu/{/^set -eu/d;s/^# \{0,1\}//;p}' "$0"
	[ $# -eq 0 ] && exit 2
	exit 0
fi
top=${SEALING_GLIBC_BUILD:-$(cd "$(dirname "$0")/.." && pwd)/build-glibc}
b=$top/$flavour
if [ ! -x "$b/elf/ld.so" ]; then
	echo "testrun.sh: no $flavour glibc in $top (sh scripts/build-glibc.sh)" >&2
	exit 127
fi
# The directories glibc's own testrun.sh puts on the path.
path=$b:$b/math:$b/elf:$b/dlfcn:$b/nss:$b/nis:$b/rt:$b/resolv:$b/mathvec:$b/support:$b/nptl
exec "$b/elf/ld.so" --library-path "$path" "$@"
