// SPDX-License-Identifier: MIT
// A program that shows the kernel's view of its own mappings: every line
// of /proc/self/smaps that belongs to this executable, with "sealed" when
// VmFlags has "sl".  Build it with any sealing carrier and compare.
// Its RELRO is among them when the process pass sealed it: the pass maps
// it from the runtime's sealed memfd, so smaps names it
// "/memfd:sealing-relro", between the executable's own mappings.
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	FILE *f = fopen("/proc/self/smaps", "re");
	char line[1024], mapping[1024] = "";
	const char *self = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	const char *what = "";
	int sealed = 0, total = 0, inside = 0;

	(void)argc;
	if (!f) {
		perror("/proc/self/smaps");
		return 1;
	}
	printf("%s: my mappings, as the kernel sees them:\n", self);
	while (fgets(line, sizeof(line), f)) {
		unsigned long lo, hi;
		char perms[8];
		if (sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) == 3) {
			/* A mapping's first line: is it one of mine? */
			const char *path = strchr(line, '/');
			mapping[0] = 0;
			what = "";
			if (path && strstr(path, self))
				inside = 1;
			else if (inside && path && !strncmp(path, "/memfd:sealing-relro", 20))
				what = "  (RELRO, mapped from the runtime's sealed memfd)";
			else {
				inside = 0;
				continue;
			}
			snprintf(mapping, sizeof(mapping), "%s", line);
		} else if (!strncmp(line, "VmFlags:", 8) && mapping[0]) {
			int sl = strstr(line, " sl") != NULL;
			char range[64];
			sscanf(mapping, "%63s %7s", range, perms);
			printf("  %-34s %s  %s%s\n", range, perms, sl ? "sealed" : "NOT sealed", what);
			sealed += sl;
			total++;
			mapping[0] = 0;
		}
	}
	fclose(f);
	printf("%s: %d of %d mappings sealed\n", self, sealed, total);
	return 0;
}
