// SPDX-License-Identifier: MIT
#include <stdio.h>

int main(void)
{
	puts("hello");
	return 0;
}
