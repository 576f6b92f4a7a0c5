/* SPDX-License-Identifier: MIT */
/*
 * lib-probe [LIBRARY...]
 *
 * Loads each LIBRARY with dlopen(RTLD_LAZY | RTLD_GLOBAL) and exits 0, or
 * prints dlerror() and exits 3 at the first that does not load.  With no
 * argument it does nothing: scripts/debian-rebuild.sh also links it
 * against a package's library, so that the library is loaded at start-up.
 * Run under sealed-at-exit, it shows whether a library of a rebuilt
 * package sealed itself, at start-up and through dlopen.  Built by
 * scripts/debian-rebuild.sh with a plain compiler, without sealing, so
 * that whatever is sealed in it was sealed by the library's own runtime.
 */
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (!dlopen(argv[i], RTLD_LAZY | RTLD_GLOBAL)) {
			fprintf(stderr, "lib-probe: %s\n", dlerror());
			return 3;
		}
	return 0;
}
