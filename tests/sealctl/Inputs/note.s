# SPDX-License-Identifier: MIT
# A hand-written .note.sealing, for what sealing-rt.o never writes.  Its
# fields come from the assembler's --defsym (-Wa,--defsym,NAME=VALUE):
#   VERSION (default 2), POLICY (1), CARRIER (2), FLAGS (0), and DESCSZ
#   (12; 8 lays out a version-1 descriptor, which has no state field);
#   TWO=1 appends a second note with POLICY2 and CARRIER2 (as from two
#   releases whose COMDAT groups did not merge).
# The state field points at a writable byte, as the runtime's notes do:
# 0 in the object, filled in by the static linker.
	.ifndef VERSION
	.set VERSION, 2
	.endif
	.ifndef POLICY
	.set POLICY, 1
	.endif
	.ifndef CARRIER
	.set CARRIER, 2
	.endif
	.ifndef FLAGS
	.set FLAGS, 0
	.endif
	.ifndef DESCSZ
	.set DESCSZ, 12
	.endif

	.macro sealing_note policy, carrier
	.long 8, DESCSZ, 1
	.asciz "SEALING"
	.byte VERSION, \policy, \carrier, 0
	.long FLAGS
	.if DESCSZ > 8
	.long note_state - .
	.endif
	.endm

	.section .note.sealing,"a",%note
	.p2align 2
	sealing_note POLICY, CARRIER
	.ifdef TWO
	sealing_note POLICY2, CARRIER2
	.endif
	.section .bss.note_state,"aw",%nobits
note_state:
	.zero 1
	.section .note.GNU-stack,"",%progbits
