// SPDX-License-Identifier: MIT
// /proc/self/smaps as the glibc suite's programs read it (view.c,
// data-tail.c): each mapping's range, its inode (0: anonymous), whether
// it is a view of the runtime's sealed RELRO memfd, and whether the
// kernel reports it sealed (VmFlags "sl").  read_smaps starts afresh
// each time; smaps_backing says what backs a range.
#ifndef SEALING_TEST_SMAPS_H
#define SEALING_TEST_SMAPS_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct vma {
	uintptr_t lo, hi;
	unsigned long inode;
	int memfd; /* the runtime's sealed RELRO memfd */
	int sealed;
};
static struct vma vmas[4096];
static int nvmas;

static void read_smaps(void)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[512];
	if (!f) {
		perror("smaps");
		exit(2);
	}
	nvmas = 0;
	while (fgets(line, sizeof line, f)) {
		unsigned long lo, hi, inode;
		if (sscanf(line, "%lx-%lx %*s %*s %*s %lu", &lo, &hi, &inode) == 3 &&
		    nvmas < (int)(sizeof vmas / sizeof vmas[0])) {
			vmas[nvmas++] = (struct vma){ lo, hi, inode,
						      strstr(line, "/memfd:sealing-relro") != 0, 0 };
		} else if (!strncmp(line, "VmFlags:", 8) && nvmas) {
			vmas[nvmas - 1].sealed = strstr(line, " sl") != 0;
		}
	}
	fclose(f);
}

/* What backs [lo, hi): anon, memfd (the runtime's RELRO memfd), file,
 * mixed when more than one of those, unmapped, or none for an empty
 * range. */
static const char *smaps_backing(uintptr_t lo, uintptr_t hi)
{
	int anon = 0, memfd = 0, file = 0;
	if (lo >= hi)
		return "none";
	for (int i = 0; i < nvmas; i++)
		if (vmas[i].lo < hi && vmas[i].hi > lo)
			vmas[i].memfd ? memfd++ : vmas[i].inode ? file++ : anon++;
	return (anon != 0) + (memfd != 0) + (file != 0) > 1 ? "mixed" :
	       file ? "file" : memfd ? "memfd" : anon ? "anon" : "unmapped";
}
#endif
