// SPDX-License-Identifier: MIT
// A sealed program using optout-lib.c: "lib mprotect: ok" when the
// library was left open, "lib mprotect: EPERM" when it was sealed; then
// how much of the executable and of the library the kernel sealed.
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "sealprobe.h"

int optout_patch(void);

int main(void)
{
	int e = optout_patch();
	printf("lib mprotect: %s\n", e == 0 ? "ok" : e == EPERM ? "EPERM" : strerror(e));
	probe_module("exe", (const void *)main);
	probe_module("lib", (const void *)optout_patch);
	return 0;
}
