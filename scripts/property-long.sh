#!/bin/sh
# SPDX-License-Identifier: MIT
# The property test's long-run mode (tests/property/README.md): random
# seeds until the time is up, then one summary: worlds, runs, mismatches,
# hangs, and the seeds that failed (each one printed as it failed, with
# its world and the commands that reproduce it).
#
#   scripts/property-long.sh [--minutes M] [--stress] [--build DIR] [-j N] [ARGS...]
#
#   --minutes M   how long (default 10)
#   --stress      dlopen/dlclose churn from threads, with and without the
#                 loader module, instead of worlds
#   --build DIR   sealing's build directory (default build)
#   -j N          worlds at a time (default 2: the machine is shared)
#   ARGS          passed to tests/property/sealprop.py (--no-preload,
#                 --timeout S, --backtrace, --keep, --work DIR, ...)
# Exit status 1 when anything disagreed or hung.
set -eu
cd "$(dirname "$0")/.."
minutes=10 build=build jobs=2 stress=
while [ $# -gt 0 ]; do
	case $1 in
	--minutes) minutes=$2; shift 2 ;;
	--stress) stress=--stress; shift ;;
	--build) build=$2; shift 2 ;;
	-j) jobs=$2; shift 2 ;;
	*) break ;;
	esac
done
# The GCC the plugin was built for (the tests' %cc), else gcc.
cc=$(sed -n 's/^config.gcc_plugin_cc = r.\{3\}\(.*\).\{3\}$/\1/p' "$build/tests/lit.site.cfg.py" 2>/dev/null || true)
exec python3 tests/property/sealprop.py --build "$build" --cc "${cc:-gcc}" \
	--minutes "$minutes" -j "$jobs" --timeout 20 $stress "$@"
