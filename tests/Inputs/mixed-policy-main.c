// SPDX-License-Identifier: MIT
// The program of the mixed-policy tests (gcc-plugin/, llvm-pass/): it probes
// its own image and, with USE_LIB, calls into the library of the test.
#include <stdio.h>

#include "sealprobe.h"

#ifdef USE_LIB
int lib_a(void);
#endif

int main(void)
{
#ifdef USE_LIB
	lib_a();
#endif
	probe_module("exe", (const void *)main);
	printf("main ran\n");
	return 0;
}
