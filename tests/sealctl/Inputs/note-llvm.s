# SPDX-License-Identifier: MIT
# A hand-written sealing note: version 1, policy 0, carrier 3, flags 2.
	.section .note.sealing,"a",%note
	.p2align 2
	.long 8, 8, 1
	.asciz "SEALING"
	.byte 1, 0, 3, 0
	.long 2
