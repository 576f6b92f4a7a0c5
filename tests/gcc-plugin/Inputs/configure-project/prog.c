// SPDX-License-Identifier: MIT
// The configured program: says what configure found, then probes its own
// image.
#include <stdio.h>
#include "sealprobe.h"

int main(void)
{
#ifdef HAVE_GETAUXVAL
	puts("configure: getauxval found");
#endif
	fflush(stdout);
	probe_module("exe", (const void *)main);
	return 0;
}
