// SPDX-License-Identifier: MIT
// mapped NAME...: for each NAME, how many of the mappings of a file of
// that name (the path's last component) in /proc/self/smaps the kernel
// shows sealed: "NAME: S/M sealed".  For objects dl_iterate_phdr does not
// list, such as an audit module in its own namespace.
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		FILE *f = fopen("/proc/self/smaps", "r");
		char line[4096];
		int in = 0, maps = 0, sealed = 0;
		if (!f) {
			perror("/proc/self/smaps");
			return 2;
		}
		while (fgets(line, sizeof line, f)) {
			unsigned long lo, hi;
			char path[4096] = "";
			if (sscanf(line, "%lx-%lx %*s %*s %*s %*s %4095s", &lo, &hi, path) >= 2) {
				const char *b = strrchr(path, '/');
				in = path[0] && !strcmp(b ? b + 1 : path, argv[i]);
				maps += in;
			} else if (in && !strncmp(line, "VmFlags:", 8)) {
				sealed += strstr(line, " sl") != 0;
			}
		}
		fclose(f);
		printf("%s: %d/%d sealed\n", argv[i], sealed, maps);
	}
	return 0;
}
