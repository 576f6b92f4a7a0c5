// SPDX-License-Identifier: MIT
// The MADV_DONTNEED attack on the program's own RELRO (sealprobe.h), for
// a static program, then a call through a function pointer kept in RELRO:
// it works only if the pages kept their relocated contents.
#include "sealprobe.h"

#include <stdio.h>

static int answer(void)
{
	return 42;
}
int (*const volatile relro_fn)(void) = answer;

int main(void)
{
	probe_relro_attack("exe", NULL);
	printf("call: %d\n", relro_fn());
	fflush(stdout);
	return 0;
}
