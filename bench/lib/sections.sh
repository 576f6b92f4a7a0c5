#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Prints the allocated bytes of an ELF file by class, one TAB-separated
# line: code rodata data dynamic note mapped file stripped
#   code     .text, .init, .fini, .plt*
#   rodata   .rodata, .eh_frame*, .gcc_except_table
#   data     .data*, .bss, .got*, .init_array, .fini_array, ...
#   dynamic  what the dynamic loader reads: .dynsym, .dynstr, .gnu.hash,
#            .gnu.version*, .rela.*, .dynamic, .interp
#   note     .note.* (SHF_ALLOC)
#   mapped   sum of the PT_LOAD segments, each rounded to whole pages
#   file     size of the file; stripped: after strip --strip-all
#   usage: sections.sh ELF
set -eu
f=$1
# mawk has no strtonum, hence hex().
readelf -SW "$f" | awk '
	function hex(s,   i, c, v) {
		v = 0
		for (i = 1; i <= length(s); i++) {
			c = index("0123456789abcdef", tolower(substr(s, i, 1))) - 1
			v = v * 16 + c
		}
		return v
	}
	/^ *\[ *[0-9]+\]/ {
		sub(/^ *\[ *[0-9]+\] */, "")
		name = $1; size = hex($5); flags = $7
		if (flags !~ /A/) next
		if (name ~ /^\.(text|init|fini|plt)/) code += size
		else if (name ~ /^\.(rodata|eh_frame|gcc_except_table)/) rodata += size
		else if (name ~ /^\.note/) note += size
		else if (name ~ /^\.(dynsym|dynstr|gnu\.hash|hash|gnu\.version|rela|rel\.|dynamic|interp)/) dyn += size
		else data += size
	}
	END { printf "%d\t%d\t%d\t%d\t%d", code, rodata, data, dyn, note }'
mapped=$(readelf -lW "$f" | awk '
	function hex(s,   i, c, v) {
		sub(/^0x/, "", s); v = 0
		for (i = 1; i <= length(s); i++) {
			c = index("0123456789abcdef", tolower(substr(s, i, 1))) - 1
			v = v * 16 + c
		}
		return v
	}
	$1 == "LOAD" {
		lo = hex($3); hi = lo + hex($6)
		lo -= lo % 4096; if (hi % 4096) hi += 4096 - hi % 4096
		total += hi - lo
	}
	END { print total + 0 }')
tmp=${TMPDIR:-/tmp}/bench-strip.$$
strip --strip-all -o "$tmp" "$f"
printf '\t%s\t%s\t%s\n' "$mapped" "$(wc -c < "$f")" "$(wc -c < "$tmp")"
rm -f "$tmp"
