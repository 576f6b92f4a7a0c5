# SPDX-License-Identifier: MIT
# A GNU property note without MEMORY_SEAL, followed inside its section by
# 8 zero bytes of room, so set-memory-seal on can grow the note in place.
	.section .note.gnu.property,"a",%note
	.p2align 3
	.long 4, 16, 5
	.asciz "GNU"
	.long 0xc0000002, 4, 3
	.p2align 3
	.quad 0
	.section .note.GNU-stack,"",%progbits
