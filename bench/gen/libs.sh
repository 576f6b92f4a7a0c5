#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Writes the sources of the start-up benchmark into DIR: bench1.c ..
# benchN.c, one small shared library each, and mainK.c for every K given,
# a program that calls into libraries 1..K (so each stays DT_NEEDED).
# Each library holds a table of pointers to strings, which lands in RELRO,
# and calls strlen through its GOT: like real libraries, every one has
# at least one RELRO page for the runtime to make anonymous.
#
# Each library also exports a symbol whose name is 0 to 63 bytes longer
# than the last's (37 i mod 64), so the strings ld.so compares for every
# library (its DT_NEEDED "libc.so.6" and its version names) sit at every
# offset in a cache line, as in a real set of libraries.  With 100
# identical layouts, anything that moves .dynstr (sealing's 36-byte note
# moves it by 32) moved all of them at once across the line offset at
# which ld.so's SSE2 strcmp takes its slower path: +2.8 % of a start-up
# at 100 libraries, one draw of layout luck counted a hundred times
# (bench/README.md, "Layout").
#   usage: libs.sh DIR N K...
set -eu
dir=$1
n=$2
shift 2
mkdir -p "$dir"
i=1
while [ "$i" -le "$n" ]; do
	pad=$(printf '%*s' $((i * 37 % 64)) '' | tr ' ' x)
	cat > "$dir/bench$i.c" <<EOC
#include <string.h>
const char bench_pad_$pad = 0;
static const char *const names[] = { "alpha$i", "beta", "gamma", "delta" };
int bench_f$i(int x)
{
	return x + (int)strlen(names[x & 3]);
}
EOC
	i=$((i + 1))
done
for k in "$@"; do
	{
		i=1
		while [ "$i" -le "$k" ]; do
			echo "int bench_f$i(int);"
			i=$((i + 1))
		done
		echo "int main(int argc, char **argv)"
		echo "{"
		echo "	int s = 0;"
		echo "	(void)argv;"
		i=1
		while [ "$i" -le "$k" ]; do
			echo "	s += bench_f$i(argc);"
			i=$((i + 1))
		done
		echo "	return s == 0;"
		echo "}"
	} > "$dir/main$k.c"
done
