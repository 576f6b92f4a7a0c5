#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Pages of code a constructor executes in one object, from a callgrind
# run with --dump-instr=yes --compress-strings=no --compress-pos=no (every
# executed instruction's object-relative address under its "ob=" line).
# A first touch of a page costs far more than the instructions on it
# (report §1: 1.5 to 2.2 µs on this VM), so this is the runtime's share of
# start-up that instruction counts do not show.  Printed, TAB-separated:
#   pages        distinct 4 KiB pages of OBJECT's code executed
#   beyond-init  of those, pages other than the one .init starts on, which
#                the loader runs in every module anyway (DT_INIT)
#   usage: code-pages.sh CALLGRIND_OUT OBJECT
set -eu
out=$1
obj=$2
init=$(readelf -SW "$obj" | awk '$2 == ".init" { print $4; exit }')
[ -n "$init" ] || { echo "code-pages: no .init section in $obj" >&2; exit 1; }
# A 4 KiB page is a hex address without its last three digits: no
# arithmetic, which mawk could not do on 64-bit addresses anyway.
awk -v obj="$obj" -v init="$init" '
	function page(a) {
		sub(/^0x/, "", a)
		a = tolower(a)
		sub(/^0+/, "", a)
		return length(a) > 3 ? substr(a, 1, length(a) - 3) : "0"
	}
	/^ob=/ { inobj = (substr($0, 4) == obj); next }
	inobj && /^0x[0-9a-fA-F]+ / { pages[page($1)] = 1 }
	END {
		ip = page(init)
		for (p in pages) { n++; if (p != ip) beyond++ }
		printf "%d\t%d\n", n, beyond
	}' "$out"
