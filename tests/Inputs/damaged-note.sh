#!/bin/sh
# SPDX-License-Identifier: MIT
#
# damaged-note.sh DIR LOADER: for each field of libdamaged.so's note in
# DIR, a copy with that field damaged, loaded on every path a note is
# read on; prints "== FIELD=VALUE PATH: exit N" and what each run said.
#   process   start-up library of an executable with process scope
#   plain     start-up library of an executable without a runtime
#   loader    the same under libsealing-loader.so
#   dlopen    dlopen'd by an executable with process scope
set -u
d=$1 loader=$2
for m in version=7 policy=9 reserved=0x5a flags=0xff000000 state=0x7ff00000 state=-0x40000000 \
	 namesz=9 descsz=4 type=5; do
	mkdir -p "$d/$m"
	python3 "$(dirname "$0")/mutate-note.py" "$d/libdamaged.so" "$d/$m/libdamaged.so" \
		"${m%%=*}" "${m#*=}" || exit 1
	for path in process plain loader dlopen; do
		case $path in
		process) set -- "$d/prog-process" ;;
		plain) set -- "$d/prog-plain" ;;
		loader) set -- env LD_PRELOAD="$loader" "$d/prog-plain" ;;
		dlopen) set -- "$d/prog-dlopen" "$d/$m/libdamaged.so" ;;
		esac
		out=$(env SEALING_DEBUG=1 LD_LIBRARY_PATH="$d/$m" "$@" 2>&1)
		echo "== $m $path: exit $?"
		echo "$out"
	done
done
