# SPDX-License-Identifier: MIT
# A hand-written sealing note: version 9, policy 0, carrier 2, flags 0.
	.section .note.sealing,"a",%note
	.p2align 2
	.long 8, 8, 1
	.asciz "SEALING"
	.byte 9, 0, 2, 0
	.long 0
