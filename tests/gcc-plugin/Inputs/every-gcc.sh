#!/bin/sh
# SPDX-License-Identifier: MIT
# every-gcc.sh DIR "N=GCC:PLUGIN ..." PROBE-ARGS...
# For each GCC and the plugin built for it: the plugin seals a program
# that GCC builds; and every other GCC of the list refuses that plugin
# with exactly one error line naming both versions and the fix, exit
# status 1 (no crash, no internal compiler error), and no object.
set -u
dir=$1
list=$2
shift 2
src=$dir/main.c
printf '#include "sealprobe.h"\nint main(void) { probe_module("exe", (const void *)main); return 0; }\n' > "$src"
plugins=0
refusals=0
bad=0
for e in $list; do
	n=${e%%=*}
	rest=${e#*=}
	gcc=${rest%%:*}
	plugin=${rest#*:}
	plugins=$((plugins + 1))
	if ! "$gcc" -O2 -fplugin="$plugin" "$src" "$@" -o "$dir/prog-$n"; then
		echo "GCC $n: its own plugin failed to build a program"
		bad=1
		continue
	fi
	echo "GCC $n: $("$dir/prog-$n")"
	for o in $list; do
		[ "$o" = "$e" ] && continue
		on=${o%%=*}
		og=${o#*=}
		og=${og%%:*}
		rm -f "$dir/x.o"
		"$og" -fplugin="$plugin" -c "$src" "$@" -o "$dir/x.o" 2> "$dir/err"
		rc=$?
		lines=$(wc -l < "$dir/err")
		if [ "$rc" -ne 1 ] || [ "$lines" -ne 1 ] || [ -e "$dir/x.o" ] ||
		   ! grep -q "plugin built for GCC $n\.[0-9.]* but loaded by GCC $on\.[0-9.]*; install the sealing plugin for GCC $on " "$dir/err"; then
			echo "GCC $on with the GCC $n plugin: exit $rc, $lines lines:"
			cat "$dir/err"
			bad=1
		else
			refusals=$((refusals + 1))
			echo "GCC $on refuses the GCC $n plugin: $(cat "$dir/err")"
		fi
	done
done
echo "$plugins plugins, $refusals refusals, bad=$bad"
exit $bad
