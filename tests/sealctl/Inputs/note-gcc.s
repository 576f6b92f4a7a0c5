# SPDX-License-Identifier: MIT
# A hand-written sealing note: version 1, policy 2, carrier 2, flags 1.
	.section .note.sealing,"a",%note
	.p2align 2
	.long 8, 8, 1
	.asciz "SEALING"
	.byte 1, 2, 2, 0
	.long 1
