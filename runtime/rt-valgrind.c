/* SPDX-License-Identifier: MIT */
/*
 * Are we running under valgrind?  Its "client request" is a sequence of
 * rotates that leaves the register unchanged on a real CPU and that
 * valgrind's JIT recognises; the request RUNNING_ON_VALGRIND (0x1001)
 * answers non-zero there and leaves the default, 0, everywhere else.
 * Emulated execution gains nothing from sealing, and valgrind 3.19 does not
 * know mseal: it would print a warning per call and answer ENOSYS.
 */

static unsigned long rt_running_on_valgrind(void)
{
	volatile unsigned long args[6] = { 0x1001, 0, 0, 0, 0, 0 };
	unsigned long result = 0;
#if defined(__x86_64__)
	__asm__ volatile("rolq $3, %%rdi; rolq $13, %%rdi\n\t"
			 "rolq $61, %%rdi; rolq $51, %%rdi\n\t"
			 "xchgq %%rbx, %%rbx"
			 : "=d"(result)
			 : "a"(&args[0]), "0"(result)
			 : "cc", "memory");
#elif defined(__aarch64__)
	__asm__ volatile("mov x3, %1\n\t"
			 "mov x4, %2\n\t"
			 "ror x12, x12, #3; ror x12, x12, #13\n\t"
			 "ror x12, x12, #51; ror x12, x12, #61\n\t"
			 "orr x10, x10, x10\n\t"
			 "mov %0, x3"
			 : "=r"(result)
			 : "r"(result), "r"(&args[0])
			 : "cc", "memory", "x3", "x4");
#endif
	return result;
}
