#!/bin/sh
# SPDX-License-Identifier: MIT
# ccache-step.sh LABEL COMPILER ARGS...: one compile through ccache
# (CCACHE_DIR and any CCACHE_* from the environment); prints
# "LABEL: hit" or "LABEL: miss" from ccache's own counters.
label=$1
shift
ccache -z >/dev/null
ccache "$@" || { echo "$label: compile failed"; exit 1; }
ccache --print-stats | awk -v l="$label" '
	$1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { h += $2 }
	$1 == "cache_miss" { m += $2 }
	END { print l ": " (h == 1 && m == 0 ? "hit" : m == 1 && h == 0 ? "miss" : "hits " h " misses " m) }'
