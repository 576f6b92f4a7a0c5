// SPDX-License-Identifier: MIT
// A library whose FN calls through its own GOT (abs from libc) and holds a
// table of relocated pointers in RELRO.
#include <stdlib.h>

static int one(void) { return 1; }
static int two(void) { return 2; }
int (*const table[])(void) = { one, two };

int FN(int which)
{
	return abs(-table[(which - 1) & 1]());
}
