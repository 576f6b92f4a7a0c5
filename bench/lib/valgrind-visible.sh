#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Copies assembly of an instrumented unit with the runtime's "am I under
# valgrind?" probe removed (runtime/rt-valgrind.c), so that callgrind can
# count the constructor's real path: under valgrind the shipped runtime
# deliberately skips sealing, which would make it look cheaper than it is.
# The probe is a client-request preamble (four rotates of %rdi, which
# cancel out, then xchg %rbx,%rbx); without it the probe's result stays 0,
# exactly as on a real CPU.
# Only benchmark copies are changed, never the build tree's objects.
# Fails, writing nothing, if no probe was found, so a change in the
# runtime cannot silently turn the counts back into the skip path.
#   usage: valgrind-visible.sh IN.s OUT.s
#          valgrind-visible.sh --object IN.o OUT.o
# The second form is for what the plugins emit: they carry the runtime as
# data (carrier-glue/data-form.awk), where the probe is bytes, not
# instructions.  It overwrites those 19 bytes with NOPs in place, which
# keeps every offset and relocation where it was.
set -eu
if [ "$1" = --object ]; then
	perl -0777 -e '
		my ($in, $out) = @ARGV;
		open(my $f, "<:raw", $in) or die "valgrind-visible: $in: $!\n";
		my $b = <$f>;
		my $n = ($b =~ s/\x48\xc1\xc7\x03\x48\xc1\xc7\x0d\x48\xc1\xc7\x3d\x48\xc1\xc7\x33\x48\x87\xdb/"\x90" x 19/ge);
		die "valgrind-visible: no valgrind probe found in $in\n" unless $n;
		open(my $o, ">:raw", $out) or die "valgrind-visible: $out: $!\n";
		print $o $b;
		close($o) or die "valgrind-visible: $out: $!\n";
	' "$2" "$3"
	exit
fi
awk '
	/^[ \t]*rolq[ \t]+\$(3|13|51|61),[ \t]*%rdi/ { removed++; next }
	/^[ \t]*xchgq[ \t]+%rbx,[ \t]*%rbx/ { removed++; xchg++; next }
	{ print }
	END {
		if (!xchg) {
			print "valgrind-visible: no valgrind probe found in " FILENAME > "/dev/stderr"
			exit 1
		}
	}' "$1" > "$2.tmp" || { rm -f "$2.tmp"; exit 1; }
mv "$2.tmp" "$2"
