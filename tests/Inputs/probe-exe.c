// SPDX-License-Identifier: MIT
// A program that only reports how much of its own image is sealed, in C or
// C++: the tests that are about flags, not code, compile this.
#ifdef __cplusplus
extern "C" {
#endif
#include "sealprobe.h"
#ifdef __cplusplus
}
#endif

int main(void)
{
	probe_module("exe", (const void *)main);
	return 0;
}
