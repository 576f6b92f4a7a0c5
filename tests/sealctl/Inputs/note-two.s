# SPDX-License-Identifier: MIT
# Two sealing notes in one section (as from two incompatible releases):
# policy 0 and policy 2; the effective policy is the highest, 2.
	.section .note.sealing,"a",%note
	.p2align 2
	.long 8, 8, 1
	.asciz "SEALING"
	.byte 1, 0, 2, 0
	.long 0
	.long 8, 8, 1
	.asciz "SEALING"
	.byte 1, 2, 3, 0
	.long 0
