// SPDX-License-Identifier: MIT
// The MADV_DONTNEED attack on RELRO (sealprobe.h): every discarding
// madvise on the RELRO pages of the program, a start-up library and
// libc.  Where it succeeds the pages revert to the file's unrelocated
// bytes; after a sealed, anonymous RELRO it fails with EPERM and the
// calls through the GOT below still work.
#include "sealprobe.h"

#include <stdio.h>

int needed_fn(void);
int plainun_fn(void);

int main(void)
{
	probe_relro_attack("exe", NULL);
	probe_relro_attack("needed", "libneeded.so");
	probe_relro_attack("uninstrumented", "libplainun.so");
	probe_relro_attack("libc", "libc.so");
	printf("calls: %d %d\n", needed_fn(), plainun_fn());
	fflush(stdout);
	return 0;
}
