# SPDX-License-Identifier: MIT
# A hand-written sealing note: version 1, policy 1, carrier 7, flags 0.
	.section .note.sealing,"a",%note
	.p2align 2
	.long 8, 8, 1
	.asciz "SEALING"
	.byte 1, 1, 7, 0
	.long 0
