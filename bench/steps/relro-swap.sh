#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The RELRO swap alone, by way of doing it (src/relro-swap.c): what the
# runtime does (the memfd way in the process pass's batch, the mremap way
# in a module's own core and as the batch's fallback), with and without
# MAP_POPULATE, beside the in-place alternative that is not atomic.
# Microseconds per object, 100 one-page objects, each sample a fresh
# process, variants interleaved.
#   results/relro-swap.tsv   variant, median, quartiles, then the first
#                            read after the swap, swap + read, and the
#                            minor faults of each
set -eu
. "$BENCH_DIR/lib/common.sh"

R=$OUT/results
mkdir -p "$R"
"$OUT/tools/relro-swap" "$(rounds 200 20)" 100 > "$R/relro-swap.tsv" ||
	die "relro-swap failed"
log "relro-swap: done"
