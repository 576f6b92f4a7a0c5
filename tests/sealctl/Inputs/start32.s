# SPDX-License-Identifier: MIT
# A 32-bit i386 program that exits 0, assembled with `as --32` and linked
# with `ld -m elf_i386`: a 32-bit ELF file without multilib GCC.
	.globl _start
	.text
_start:
	movl $1, %eax
	xorl %ebx, %ebx
	int $0x80
