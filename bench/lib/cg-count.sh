#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Instruction counts from one callgrind run made with --dump-instr=yes
# --collect-jumps=yes --compress-strings=no --compress-pos=no, printed
# TAB-separated:
#   total         the collected instructions (the "totals:" line)
#   total_once    the same with each rep-prefixed string instruction
#                 (rep movs, rep stos) counted once per execution
#   object        instructions executed in OBJECT's own code (matched by
#                 file name), callees elsewhere left out
#   object_once   the same, rep counted once
# Why both counts: callgrind counts a rep instruction once per iteration
# (a one-page copy by rep movsq is 513), which is what the CPU retires as
# micro-operations but not what the source says; issue 25's goal counts
# it once.  VEX runs a rep instruction as a jump to itself per iteration,
# which callgrind records as a jump whose source and target are the same
# address: those taken jumps are the iterations, so count minus them is
# the executions.  The object's count separates one constructor from
# another of the same name in the same process (a library's from the
# executable's), which --toggle-collect cannot.  Code valgrind cannot name
# ("ob=???") counts as the object's: the module part, which a library's
# core maps from its own file outside any segment (runtime/rt-fetch.c), is
# the library's code too, and ctor.sh counts within the constructors'
# extent only (--toggle-collect), where nothing else runs unnamed.
#   usage: cg-count.sh CALLGRIND_OUT [OBJECT]
set -eu
awk -v obj="${2:-}" '
	BEGIN { base = obj; sub(/.*\//, "", base) }
	function inobj(name) {
		if (name == "???")
			return base != ""
		sub(/.*\//, "", name)
		return base != "" && name == base
	}
	/^totals:/ { total = $2; next }
	/^summary:/ { if (total == "") total = $2; next }
	/^ob=/ { cur = inobj(substr($0, 4)); next }
	/^calls=/ { skip = 1; next }
	/^(jump|jcnd)=/ {
		n = $1; sub(/^[a-z]+=/, "", n); sub(/\/.*/, "", n)
		target = $2; pending = 1; next
	}
	/^(0x[0-9a-fA-F]+|[0-9]+) / {
		if (pending) {
			# the jump'"'"'s source, a position line without cost
			if ($1 == target) { self += n; if (cur) objself += n }
			pending = 0
			next
		}
		if (skip) { skip = 0; next } # the inclusive cost of a call
		if (cur && NF >= 3) own += $3
		next
	}
	{ pending = 0 }
	END {
		total += 0
		printf "%d\t%d\t%d\t%d\n", total, total - self, own, own - objself
	}' "$1"
