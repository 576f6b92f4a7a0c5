#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Writes the sources of the start-up benchmark into DIR: bench1.c ..
# benchN.c, one small shared library each, and mainK.c for every K given,
# a program that calls into libraries 1..K (so each stays DT_NEEDED).
# Each library holds a table of pointers to strings, which lands in RELRO,
# and calls strlen through its GOT: like real libraries, every one has
# at least one RELRO page for the runtime to make anonymous.
#   usage: libs.sh DIR N K...
set -eu
dir=$1
n=$2
shift 2
mkdir -p "$dir"
i=1
while [ "$i" -le "$n" ]; do
	cat > "$dir/bench$i.c" <<EOC
#include <string.h>
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
