// SPDX-License-Identifier: MIT
// A library without a sealing note that seals its own first page, and
// only that, from a constructor: `sealctl ps` must call it "partly".
#define _GNU_SOURCE
#include <unistd.h>

extern const char __ehdr_start[] __attribute__((visibility("hidden")));

__attribute__((constructor)) static void seal_first_page(void)
{
	syscall(462, __ehdr_start, (size_t)sysconf(_SC_PAGESIZE), 0UL);
}

int partly_fn(void)
{
	return 1;
}
