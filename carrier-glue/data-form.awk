# SPDX-License-Identifier: MIT
#
# The carried form as data: an assembled runtime part written back as
# assembly that the assembler copies instead of parsing instructions.
#
#   awk -f data-form.awk LISTING CARRIED.s > DATA.s
#   awk -v digest=1 -f data-form.awk LISTING > DIGEST
#   awk -v bytes=HEX -f data-form.awk > DATA.s
#
# LISTING is `readelf -W -S -g -s -r` of the part's object followed by
# `readelf -x` of each section with contents; CARRIED.s is the text the
# object was assembled from (group-asm.awk's output).  Every allocated
# section comes out as .ascii lines, its symbols as labels at their offsets
# and its relocations as .reloc directives, so the object a unit gets is
# the one assembled here, byte for byte.  Note sections are the exception:
# they are copied as written, because their fields are the symbols each
# unit sets (.Lsealing_policy, ...), not bytes.
#
# Why: GNU as and LLVM's assembler spend most of a unit's added compile
# time parsing and relaxing the runtime's instructions (bench step
# compile).  Strings are the cheapest data both read (GNU as 2.40: a
# fifth of the instructions' cost, .byte lists half): printable bytes as
# themselves, the rest as three-digit octal escapes: GNU as reads any
# digit after a shorter escape as part of it, and both assemblers stop
# after three.
#
# bytes=HEX writes those bytes alone, as .ascii lines, for whoever wraps
# them in a section: runtime/module-part.cmake's module part, data already.
#
# The digest is what two objects must share to be the same code: each
# allocated section's bytes, relocations and (in code) mapping symbols,
# sections in name order.
#
# Only what the runtime's parts contain is supported; anything else
# (a mergeable section, a relocation without a symbol) is an error here,
# never a silent difference in the carried code.

function fail(msg) {
	print "data-form.awk: " msg > "/dev/stderr"
	failed = 1
	exit 1
}

function hexval(s,    i, v, c) {
	v = 0
	s = tolower(s)
	sub(/^0x/, "", s)
	for (i = 1; i <= length(s); i++) {
		c = index("0123456789abcdef", substr(s, i, 1))
		if (!c)
			fail("not a hex number: " s)
		v = v * 16 + c - 1
	}
	return v
}

# Section header lines: "  [ 5] NAME TYPE ADDR OFF SIZE ES FLG LK INF AL".
FNR == NR && /^ *\[ *[0-9]+\] / {
	line = $0
	sub(/^ *\[ */, "", line)
	n = split(line, f, /[] ]+/)
	if (n < 11)
		next               # the NULL section: no flags
	idx = f[1]
	name[idx] = f[2]; type[idx] = f[3]; size[idx] = hexval(f[6])
	flags[idx] = f[8]; align[idx] = f[11]
	byname[f[2]] = idx
	nsec = idx > nsec ? idx : nsec
	next
}

FNR == NR && /^COMDAT group section/ {
	g = $0
	sub(/^[^]]*\] *`[^']*' *\[/, "", g)
	sub(/\].*/, "", g)
	group = g
	next
}

# Symbols: "   Num: VALUE SIZE TYPE BIND VIS NDX NAME".
FNR == NR && /^ *[0-9]+: [0-9a-f]+ +[0-9]+ / {
	# AArch64's mapping symbols ($x code, $d data) are the assembler's
	# own, made again from how the bytes are written (put_byte).  The
	# linker reads them: its Cortex-A53 erratum 843419 fix scans $x only.
	# Outside code they mean nothing, and the assembler sets them as it
	# likes (strings get none): dropped.
	if ($8 ~ /^\$[xd](\.|$)/ && $7 != "UND") {
		if (index(flags[$7], "X")) {
			map[$7, hexval($2)] = substr($8, 2, 1)
			mapped[$7] = 1
		}
		next
	}
	if ($4 == "SECTION" || $4 == "FILE" || $8 == "")
		next
	s = $8
	sbind[s] = $5; svis[s] = $6
	if ($7 == "UND") {
		undef[++nundef] = s
		next
	}
	nsym++
	sym[nsym] = s; ssec[nsym] = $7; soff[nsym] = hexval($2)
	ssize[nsym] = $3; stype[nsym] = $4
	next
}

FNR == NR && /^Relocation section '/ {
	r = $0
	sub(/^Relocation section '/, "", r)
	sub(/'.*/, "", r)
	if (r !~ /^\.rela\./)
		fail("REL relocations in " r ": only RELA targets are supported")
	relsec = byname[substr(r, 6)]
	dumpsec = ""
	next
}

FNR == NR && relsec != "" && /^[0-9a-f]+ +[0-9a-f]+ +R_/ {
	if (NF != 7)
		fail("relocation without a symbol or addend: " $0)
	nrel++
	rsec[nrel] = relsec; roff[nrel] = hexval($1); rtype[nrel] = $3
	rsym[nrel] = $5; raddend[nrel] = ($6 == "-" ? "-" : "+") "0x" $7
	next
}

FNR == NR && /^Hex dump of section '/ {
	d = $0
	sub(/^Hex dump of section '/, "", d)
	sub(/'.*/, "", d)
	dumpsec = byname[d]
	relsec = ""
	next
}

# Hex dump lines: "  0xOFFSET" then up to 16 bytes in four words at fixed
# columns, then the bytes as text (which may look like hex: not read).
FNR == NR && dumpsec != "" && /^  0x[0-9a-f]+ / {
	off = hexval($1)
	hex = substr($0, 14, 35)
	gsub(/ /, "", hex)
	for (i = 0; i < length(hex) / 2; i++)
		byte[dumpsec, off + i] = substr(hex, 2 * i + 1, 2)
	next
}

FNR == NR { next }

# The carried text: keep its note blocks.
/^\t\.pushsection [^,]*,.*%note/ { innote = 1 }
innote { notes = notes $0 "\n" }
innote && /^\t\.popsection/ { innote = 0 }

function label(idx) { return ".L" group ".data." idx }

# In the order GCC writes them ("awG"), the order readelf lists aside.
function gas_flags(idx,    fl, i, c) {
	fl = flags[idx]
	for (i = 1; i <= length(fl); i++) {
		c = substr(fl, i, 1)
		if (!index("AWXGR", c))
			fail("section " name[idx] ": flag " c " not supported")
	}
	return (index(fl, "A") ? "a" : "") (index(fl, "W") ? "w" : "") \
		(index(fl, "X") ? "x" : "") (index(fl, "R") ? "R" : "") \
		(index(fl, "G") ? "G" : "")
}

function gas_type(idx,    t) {
	t = type[idx]
	if (t == "PROGBITS") return "%progbits"
	if (t == "NOBITS") return "%nobits"
	if (t == "INIT_ARRAY") return "%init_array"
	if (t == "FINI_ARRAY") return "%fini_array"
	if (t == "PREINIT_ARRAY") return "%preinit_array"
	fail("section " name[idx] ": type " t " not supported")
}

function flush() {
	if (npending)
		print "\t.ascii \"" pending "\""
	pending = ""; npending = 0
}

# Code under a $x mapping symbol goes out as .inst words, which AArch64
# assemblers mark $x again; everything else as strings.
function put_byte(h,    v) {
	if (code) {
		word = h word
		if (++nword == 4) {
			print "\t.inst 0x" word
			word = ""; nword = 0
		}
		return
	}
	v = hexval(h)
	# Not as themselves: '"' and '\\', and ';', '[' and ']', which CMake
	# (embed-asm.cmake) would read as list syntax.
	if (v >= 32 && v < 127 && v != 34 && v != 92 && v != 59 && v != 91 && v != 93)
		pending = pending sprintf("%c", v)
	else
		pending = pending sprintf("\\%03o", v)
	if (++npending == 64)
		flush()
}

function put_symbol(k,    s) {
	if (nword)
		fail("symbol " sym[k] " inside an instruction word")
	flush()
	s = sym[k]
	if (stype[k] == "FUNC")
		print "\t.type " s ", %function"
	else if (stype[k] == "OBJECT")
		print "\t.type " s ", %object"
	if (sbind[s] == "GLOBAL")
		print "\t.globl " s
	else if (sbind[s] == "WEAK")
		print "\t.weak " s
	if (svis[s] != "DEFAULT")
		print "\t." tolower(svis[s]) " " s
	print "\t.size " s ", " ssize[k]
	print s ":"
}

function emit_section(idx,    k, off, gflag, zeroed) {
	gflag = index(flags[idx], "G") ? "," group ",comdat" : ""
	print "\t.section " name[idx] ",\"" gas_flags(idx) "\"," gas_type(idx) gflag
	print "\t.balign " align[idx]
	print label(idx) ":"
	code = 0
	for (off = 0; off <= size[idx]; off++) {
		if ((idx, off) in map) {
			if (nword)
				fail("section " name[idx] ": a mapping symbol inside a word at " off)
			flush()
			code = map[idx, off] == "x"
		}
		for (k = 1; k <= nsym; k++)
			if (ssec[k] == idx && soff[k] == off) {
				# A NOBITS section holds no bytes to step over: the
				# space up to each symbol is zeroed before it.
				if (type[idx] == "NOBITS" && off > zeroed) {
					print "\t.zero " (off - zeroed)
					zeroed = off
				}
				put_symbol(k)
			}
		if (off == size[idx])
			break
		if (type[idx] == "NOBITS")
			continue
		if (!((idx, off) in byte))
			fail("section " name[idx] ": no byte at offset " off)
		put_byte(byte[idx, off])
	}
	flush()
	if (nword)
		fail("section " name[idx] ": code ends inside a word")
	if (type[idx] == "NOBITS" && size[idx] > zeroed)
		print "\t.zero " (size[idx] - zeroed)
	for (k = 1; k <= nrel; k++)
		if (rsec[k] == idx)
			print "\t.reloc " label(idx) "+" roff[k] ", " rtype[k] ", " \
				target(rsym[k]) raddend[k]
}

function target(s) {
	if (s in byname) {
		if (type[byname[s]] == "NOTE")
			fail("a relocation against note section " s)
		return label(byname[s])
	}
	return s
}

function print_digest(    i, j, t, order, n, idx, off, k, line) {
	n = 0
	for (idx = 1; idx <= nsec; idx++)
		if ((idx in flags) && index(flags[idx], "A"))
			order[++n] = idx
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && name[order[j - 1]] > name[order[j]]; j--) {
			t = order[j]; order[j] = order[j - 1]; order[j - 1] = t
		}
	for (i = 1; i <= n; i++) {
		idx = order[i]
		print name[idx] " " type[idx] " " flags[idx] " " align[idx] " " size[idx]
		line = ""
		for (off = 0; off < size[idx] && type[idx] != "NOBITS"; off++)
			line = line byte[idx, off]
		print line
		for (off = 0; off < size[idx] && mapped[idx]; off++)
			if ((idx, off) in map)
				print "$" map[idx, off] " " off
		for (k = 1; k <= nrel; k++)
			if (rsec[k] == idx)
				print roff[k] " " rtype[k] " " rsym[k] raddend[k]
	}
}

BEGIN {
	if (bytes != "") {
		for (i = 1; i < length(bytes); i += 2)
			put_byte(substr(bytes, i, 2))
		flush()
		only_bytes = 1
		exit 0
	}
}

END {
	if (failed)
		exit 1
	if (only_bytes)
		exit 0
	if (digest) {
		print_digest()
		exit 0
	}
	if (group == "")
		fail("no COMDAT group in the object")
	print "# sealing runtime, COMDAT group " group ", as data (generated by data-form.awk)"
	printf "%s", notes
	for (k = 1; k <= nundef; k++) {
		s = undef[k]
		if (sbind[s] == "WEAK")
			print "\t.weak " s
		if (svis[s] != "DEFAULT")
			print "\t." tolower(svis[s]) " " s
	}
	for (idx = 1; idx <= nsec; idx++) {
		if (!(idx in flags) || !index(flags[idx], "A") || type[idx] == "NOTE")
			continue
		if (size[idx] == 0 && !index(flags[idx], "G"))
			continue
		emit_section(idx)
	}
}
