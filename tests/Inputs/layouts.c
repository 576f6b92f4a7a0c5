// SPDX-License-Identifier: MIT
// The program of the layout tests: it probes its own text, read-only
// data, RELRO and writable data, then calls unit_fn from a second
// translation unit (unit.c built with -DFN=unit_fn).  The expected output
// is in each suite's test (runtime/exe-layouts.c, gcc-plugin/configs.c).
#include "sealprobe.h"

#include <stdio.h>

int unit_fn(int);

static const char rodata[64] = "read-only";
static void (*const relro_ptr)(const char *, const void *) = probe_ops;
static int data = 42;

int main(void)
{
	probe_module("exe", (const void *)main);
	probe_ops("text", (const void *)main);
	probe_ops("rodata", rodata);
	probe_ops("relro", &relro_ptr);
	probe_ops("data", &data);
	data = unit_fn(data);
	relro_ptr("after", &data);
	printf("data=%d\n", data);
	return 0;
}
