// SPDX-License-Identifier: MIT
#include <sealing.h>
#include <stdio.h>

static char scratch[100] SEALING_MUTABLE;

int main(void)
{
	scratch[0] = 'x';
	printf("%c\n", scratch[0]);
	return 0;
}
