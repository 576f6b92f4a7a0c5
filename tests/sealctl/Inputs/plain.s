# SPDX-License-Identifier: MIT
# An object without any note.
	.text
	.globl plain_fn
plain_fn:
	ret
	.section .note.GNU-stack,"",%progbits
