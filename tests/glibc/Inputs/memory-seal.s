# SPDX-License-Identifier: MIT
# GNU_PROPERTY_MEMORY_SEAL (generic property 3, no data) in a GNU
# property note.  GNU ld 2.40 drops a property it does not know from
# .note.gnu.property (with a warning), so the note sits in a section of
# its own name: the linker copies it as it is into PT_NOTE, where the
# loader reads GNU property notes too.  'ld -z memory-seal' (binutils
# 2.44 and later) puts the same property in PT_GNU_PROPERTY.
	.section .note.memory-seal,"a",%note
	.p2align 3
	.long 4, 8, 5
	.asciz "GNU"
	.long 3, 0
	.section .note.GNU-stack,"",%progbits
