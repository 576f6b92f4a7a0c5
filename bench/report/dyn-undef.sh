#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The dynamic symbols a library imports because it carries the runtime:
# the undefined entries of the instrumented libbench1.so that the
# uninstrumented one does not have, comma-separated, each wrapped in
# QUOTE.  Each costs a symbol lookup per module at load time.
#   usage: dyn-undef.sh QUOTE
set -eu
q=$1
und() {
	readelf --dyn-syms -W "$1" 2>/dev/null |
		awk '$7 == "UND" && $8 != "" { sub(/@.*/, "", $8); print $8 }' | sort -u
}
s=$OUT/startup
[ -f "$s/rt/lib/libbench1.so" ] && [ -f "$s/plain/lib/libbench1.so" ] || exit 0
und "$s/plain/lib/libbench1.so" > "$OUT/undef-plain.txt"
und "$s/rt/lib/libbench1.so" | comm -13 "$OUT/undef-plain.txt" - |
	awk -v q="$q" '{ printf "%s%s%s%s", sep, q, $0, q; sep = ", " }'
