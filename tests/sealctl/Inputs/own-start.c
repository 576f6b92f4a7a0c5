// SPDX-License-Identifier: MIT
// A program with its own _start and no libc start-up, as -ffreestanding
// or -nostartfiles code has: it exits through the exit system call.
// x86-64 only (the system call is written out).
void _start(void)
{
	__asm__ volatile("mov $60, %%eax\n\txor %%edi, %%edi\n\tsyscall" ::: "memory");
	__builtin_unreachable();
}
