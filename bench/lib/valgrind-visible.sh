#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Makes a copy of an instrumented object, or of a runtime's assembly,
# with the runtime's "am I under valgrind?" probe removed (runtime/rt-arch.h,
# rt_running_on_valgrind), so that callgrind can count the constructor's
# real path: under valgrind the shipped runtime deliberately skips
# sealing, which would make it look cheaper than it is.  The probe is a
# client-request preamble (four rotates of %rdi, which cancel out, then
# xchg %rbx,%rbx); without it the probe's result stays 0, exactly as on a
# real CPU.
# Only benchmark copies are changed, never the build tree's objects.
# Fails, writing nothing, if no probe was found, so a change in the
# runtime cannot silently turn the counts back into the skip path.
#   usage: valgrind-visible.sh IN.s OUT.o
#          valgrind-visible.sh --object IN.o OUT.o
# The runtime is carried as data (carrier-glue/data-form.awk), the module
# part too (runtime/module-part.cmake), where the probe is bytes, not
# instructions: both forms overwrite those 19 bytes with NOPs in the
# object, which keeps every offset and relocation where it was (and the
# module part's size and digest: the core compares the digest it was
# built with to the one the block's head carries).
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
tmp=$2.asm.o
gcc -x assembler -c "$1" -o "$tmp"
sh "$0" --object "$tmp" "$2" || { rm -f "$tmp"; exit 1; }
rm -f "$tmp"
