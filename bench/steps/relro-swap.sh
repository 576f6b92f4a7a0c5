#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The RELRO swap alone, by way of doing it (src/relro-swap.c): what the
# runtime does, with and without MAP_POPULATE, beside the in-place
# alternative that is not atomic.  Microseconds per object, 100 objects,
# each sample a fresh process, variants interleaved.
#   results/relro-swap.tsv   variant, median, quartiles
set -eu
. "$BENCH_DIR/lib/common.sh"

R=$OUT/results
mkdir -p "$R"
"$OUT/tools/relro-swap" "$(rounds 200 20)" 100 > "$R/relro-swap.tsv" ||
	die "relro-swap failed"
log "relro-swap: done"
