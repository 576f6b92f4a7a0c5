// SPDX-License-Identifier: MIT
// debian-hello: counts the mappings of this program's own file and how many of them the
// kernel shows sealed ("sl" in VmFlags of /proc/self/smaps), prints
// "NAME: sealed S/N" and exits 0 when all are sealed, 1 otherwise.
#include <limits.h>
#include <sealing.h>  /* from libsealing-dev */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#ifdef USE_PART
int part(int);
#endif

// <sealing.h> is found (its SEALING_MUTABLE would keep a page of this
// program out of the seal, so only its section name is used here).
static const char mutable_section[] = SEALING_MUTABLE_SECTION;
static int scratch[2];

int main(int argc, char **argv)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n < 0)
		return 2;
	exe[n] = 0;
	FILE *f = fopen("/proc/self/smaps", "r");
	if (!f)
		return 2;
	char line[PATH_MAX + 128];
	int mine = 0, total = 0, sealed = 0;
	while (fgets(line, sizeof line, f)) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = 0;
		if (strncmp(line, "VmFlags:", 8) == 0) {
			if (mine) {
				total++;
				if (strstr(line, " sl"))
					sealed++;
			}
			continue;
		}
		// A mapping's first line: "start-end perms offset dev inode path".
		char *sp = strchr(line, ' ');
		if (sp && sp > line && strchr(line, '-') < sp && strchr(line, ':') > sp) {
			char *path = strchr(line, '/');
			mine = path && strcmp(path, exe) == 0;
		}
	}
	fclose(f);
	scratch[0] = argc;
#ifdef USE_PART
	scratch[1] = part(argc);
#endif
	if (strcmp(mutable_section, "sealing_mutable") != 0)
		return 3;
	printf("%s: sealed %d/%d\n", argv[0], sealed, total);
	return total > 0 && sealed == total ? 0 : 1;
}
