#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Copies assembly of an instrumented unit with the runtime's "am I under
# valgrind?" probe removed (runtime/rt-valgrind.c), so that callgrind can
# count the constructor's real path: under valgrind the shipped runtime
# deliberately skips sealing, which would make it look cheaper than it is.
# The probe is a client-request preamble (four rotates of %rdi, which
# cancel out, then xchg %rbx,%rbx); without it the probe's result stays 0,
# exactly as on a real CPU.  Only benchmark copies are changed, never the
# build tree's objects.  Fails if no probe was found, so a change in the
# runtime cannot silently turn the counts back into the skip path.
#   usage: valgrind-visible.sh IN.s OUT.s
set -eu
awk '
	/^[ \t]*rolq[ \t]+\$(3|13|51|61),[ \t]*%rdi/ { removed++; next }
	/^[ \t]*xchgq[ \t]+%rbx,[ \t]*%rbx/ { removed++; xchg++; next }
	{ print }
	END {
		if (!xchg) {
			print "valgrind-visible: no valgrind probe found in " FILENAME > "/dev/stderr"
			exit 1
		}
	}' "$1" > "$2"
