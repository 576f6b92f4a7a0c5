// SPDX-License-Identifier: MIT
// The program of glibc's tst-dl_mseal scenario, shared by every carrier's
// loader-scenario test (loader-scenario.sh builds it): argv[1] is a
// library to dlopen with RTLD_NODELETE, argv[2] one to dlopen plainly.  It
// reports, for FileCheck, which modules and mappings the kernel shows
// sealed, then calls into each library.  The expected output is
// loader-scenario.check.
#include "sealprobe.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

int needed_fn(void);
int plainun_fn(void);
int policy0_fn(void);

int main(int argc, char **argv)
{
	if (argc != 3)
		return 2;
	void *nodelete = dlopen(argv[1], RTLD_NOW | RTLD_NODELETE);
	void *plain = dlopen(argv[2], RTLD_NOW);
	if (!nodelete || !plain) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 1;
	}
	int (*nodelete_fn)(void) = (int (*)(void))dlsym(nodelete, "nodelete_fn");
	int (*plain_fn)(void) = (int (*)(void))dlsym(plain, "plain_fn");
	char *heap = malloc(64);
	int on_stack = 0;

	probe_module("exe", (const void *)main);
	probe_module_named("needed", "libneeded.so");
	probe_module_named("dep", "libdep.so");
	probe_module_named("preload", "libpreload.so");
	probe_module_named("nodelete", "libnodelete.so");
	probe_module_named("plain", "libplain.so");
	probe_ops("needed text", (const void *)needed_fn);
	probe_ops("plain text", (const void *)plain_fn);
	probe_module_named("policy0", "libpolicy0.so");
	probe_module_named("uninstrumented", "libplainun.so");
	probe_module_named("libc", "libc.so");
	probe_module_named("ld.so", "ld-linux");
	probe_ops("uninstrumented text", (const void *)plainun_fn);
	probe_mapping("heap", heap);
	probe_mapping("stack", &on_stack);
	probe_named("vdso", "[vdso]");
	printf("calls: %d %d %d %d %d\n", needed_fn(), plainun_fn(), policy0_fn(),
	       nodelete_fn(), plain_fn());
	free(heap);
	return 0;
}
