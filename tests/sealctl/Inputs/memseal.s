# SPDX-License-Identifier: MIT
# GNU_PROPERTY_MEMORY_SEAL (generic property 3, no data), as
# 'ld -z memory-seal' (binutils 2.44 and later) records it, next to an x86 feature.
	.section .note.gnu.property,"a",%note
	.p2align 3
	.long 4, 24, 5
	.asciz "GNU"
	.long 3, 0
	.long 0xc0000002, 4, 3
	.p2align 3
	.section .note.GNU-stack,"",%progbits
