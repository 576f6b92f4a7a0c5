#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The conditions of the run: machine, software versions, what was
# measured with which carrier and what was missing.  Machine load is
# sampled at the start here and at the end by the report writer: the
# numbers of a run on a busy machine must say so.
#   results/machine.tsv: key value
set -eu
. "$BENCH_DIR/lib/common.sh"

R=$OUT/results
mkdir -p "$R"
first_line() { "$@" 2>&1 | head -n 1; }
{
	printf 'date\t%s\n' "$(date -u '+%Y-%m-%d %H:%M UTC')"
	printf 'cpu\t%s\n' "$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1)"
	printf 'cores\t%s online (%s)\n' "$(nproc)" \
		"$(lscpu 2>/dev/null | sed -n 's/^Hypervisor vendor: *//p' | sed 's/^\(.\)/virtualised, &/;s/^$/bare metal?/')"
	printf 'memory\t%s MiB\n' "$(awk '/^MemTotal/ { print int($2 / 1024) }' /proc/meminfo)"
	printf 'kernel\t%s\n' "$(uname -sr)"
	printf 'os\t%s\n' "$(. /etc/os-release && echo "$PRETTY_NAME")"
	printf 'glibc\t%s\n' "$(first_line ldd --version | sed 's/^ldd //')"
	printf 'binutils\t%s\n' "$(first_line ld --version)"
	printf 'gcc\t%s\n' "$(first_line gcc --version)"
	for c in $(carriers | cut -f2 | sort -u); do
		case $c in *gcc | */cc) ;; *) printf 'compiler\t%s: %s\n' "$c" "$(first_line "$c" --version)" ;; esac
	done
	printf 'valgrind\t%s\n' "$(first_line valgrind --version)"
	printf 'strace\t%s\n' "$(first_line strace -V)"
	printf 'gnuplot\t%s\n' "$(first_line gnuplot --version)"
	printf 'load_start\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
	printf 'mode\t%s\n' "$([ "$QUICK" = 1 ] && echo 'quick (development run: few repetitions, small inputs)' || echo full)"
	printf 'build_dir\t%s\n' "$BUILD_DIR"
	# Which runtime and plugins were measured, exactly: they change often.
	stamp_of() { printf '%s, built %s, cksum %s' "$1" "$(date -u -r "$1" '+%Y-%m-%d %H:%M:%S')" "$(cksum < "$1" | cut -d' ' -f1)"; }
	printf 'artifact\t%s\n' "$(stamp_of "$RT_DIR/sealing-rt.o")"
	[ -z "${OLD_RT_DIR:-}" ] || printf 'artifact\t%s (old build, %s)\n' "$(stamp_of "$OLD_RT_DIR/sealing-rt.o")" "${OLD_LABEL:-}"
	for w in $(carriers | cut -f3); do
		p=${w#*=}
		# A plugin embeds the runtime as it was when the plugin was built.
		older=
		[ -n "$(find "$p" ! -newer "$RT_DIR/sealing-rt.o" ! -samefile "$RT_DIR/sealing-rt.o" 2>/dev/null)" ] &&
			older=' (OLDER than sealing-rt.o: it may carry an older runtime)'
		printf 'artifact\t%s%s\n' "$(stamp_of "$p")" "$older"
	done
	printf 'commit\t%s%s\n' "$(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo unknown)" \
		"$(git -C "$REPO" status --porcelain 2>/dev/null | grep -q . && echo ' (with uncommitted changes)' || true)"
} > "$R/machine.tsv"
