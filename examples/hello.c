// SPDX-License-Identifier: MIT
// A program that shows the kernel's view of its own mappings: every line
// of /proc/self/smaps that belongs to this executable, with "sealed" when
// VmFlags has "sl".  Build it with any sealing carrier and compare.
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	FILE *f = fopen("/proc/self/smaps", "re");
	char line[1024], mapping[1024] = "";
	const char *self = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	int sealed = 0, total = 0;

	(void)argc;
	if (!f) {
		perror("/proc/self/smaps");
		return 1;
	}
	printf("%s: my mappings, as the kernel sees them:\n", self);
	while (fgets(line, sizeof(line), f)) {
		if (strchr(line, '-') && strchr(line, '/') && strstr(line, self))
			snprintf(mapping, sizeof(mapping), "%s", line);
		else if (!strncmp(line, "VmFlags:", 8) && mapping[0]) {
			int sl = strstr(line, " sl") != NULL;
			char range[64], perms[8];
			sscanf(mapping, "%63s %7s", range, perms);
			printf("  %-34s %s  %s\n", range, perms, sl ? "sealed" : "NOT sealed");
			sealed += sl;
			total++;
			mapping[0] = 0;
		} else if (strchr(line, '-') && !strncmp(line + strcspn(line, " "), " ", 1) &&
			   line[0] != ' ' && strncmp(line, "VmFlags", 7))
			mapping[0] = 0;
	}
	fclose(f);
	printf("%s: %d of %d mappings sealed\n", self, sealed, total);
	return 0;
}
