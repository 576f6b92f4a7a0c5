// SPDX-License-Identifier: MIT
// A library that changes the protection of its own code, as JITs, hot
// patchers and some DRM do: it works only if nothing sealed the library.
// optout_patch() answers 0 or the errno of the refused mprotect.
#include <errno.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

int optout_patch(void)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	void *text = (void *)((uintptr_t)optout_patch & ~(page - 1));
	if (mprotect(text, page, PROT_READ | PROT_WRITE | PROT_EXEC))
		return errno;
	if (mprotect(text, page, PROT_READ | PROT_EXEC))
		return errno;
	return 0;
}
