/* SPDX-License-Identifier: MIT */
/*
 * A program that reports what the kernel sealed of it; the CHECK lines
 * that go with it are in Inputs/seal-main.check.  Built with -DSECOND it is
 * a second translation unit instead, so that links hold several
 * instrumented modules.
 */
#ifdef SECOND
int second(int x) { return x + 1; }
#else
#include "sealprobe.h"

#include <stdio.h>

int second(int);
static const char rodata[64] = "read-only";
static int data = 42;

int main(void)
{
	probe_module("exe", (const void *)main);
	probe_ops("text", (const void *)main);
	probe_ops("rodata", rodata);
	probe_ops("data", &data);
	printf("data=%d\n", second(data));
	return 0;
}
#endif
