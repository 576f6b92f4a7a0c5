// SPDX-License-Identifier: MIT
// The pieces of runtime/preload-order.c, one per -D:
//   NEED, EXTRA   uninstrumented libraries (the program needs NEED)
//   CTOR          a library whose constructor dlopens $PRELOAD_ORDER_DLOPEN
//   AUDIT         an LD_AUDIT module that changes nothing
//   (none)        the program: what the kernel sealed of each object
#if defined(NEED) || defined(EXTRA)
int NAME(void)
{
	return 1;
}
#elif defined(CTOR)
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
__attribute__((constructor)) static void open_one(void)
{
	const char *path = getenv("PRELOAD_ORDER_DLOPEN");
	if (path && !dlopen(path, RTLD_NOW))
		fprintf(stderr, "ctor: %s\n", dlerror());
}
int ctor_fn(void)
{
	return 1;
}
#elif defined(AUDIT)
#define _GNU_SOURCE 1
#include <link.h>
unsigned la_version(unsigned v)
{
	return v;
}
#else
#include "sealprobe.h"
int need_fn(void);
int main(void)
{
	probe_module_named("need", "libneed.so");
	probe_module_named("extra", "libextra.so");
	probe_module_named("late", "liblate.so");
	probe_module_named("libc", "libc.so.6");
	probe_module_named("ld.so", "ld-linux");
	probe_module("exe", (const void *)main);
	return need_fn() == 1 ? 0 : 1;
}
#endif
