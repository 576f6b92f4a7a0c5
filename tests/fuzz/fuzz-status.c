// SPDX-License-Identifier: MIT
// libFuzzer target: `sealctl status` end to end (BFD identification,
// archive walk, program headers, note sections, seal ranges, text and
// JSON reports) on an arbitrary file, and the dynamic-segment reader
// `sealctl ps` uses on mapped files.  The input is written to a memfd
// and opened by its /proc path, exactly as a file on disk would be.
#define _GNU_SOURCE
#include "diag.h"
#include "elfdyn.h"
#include "report.h"
#include "scan.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *devnull;

static int show(const struct sealctl_object *o, void *arg)
{
	struct json j;
	(void)arg;
	report_text(devnull, o);
	json_init(&j, devnull, 1);
	report_json(&j, o);
	json_finish(&j);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], err[SEALCTL_ERRLEN];
	struct sealctl_file_info fi;

	if (!devnull && !(devnull = fopen("/dev/null", "w")))
		abort();
	int fd = memfd_create("sealctl-fuzz", MFD_CLOEXEC);
	if (fd < 0)
		abort();
	if (size && write(fd, data, size) != (ssize_t)size)
		abort();
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	sealctl_scan(path, show, NULL, &fi, err);
	/* What `sealctl ps` reads from every mapped file: DT_SONAME and
	 * DT_NEEDED through PT_DYNAMIC and DT_STRTAB. */
	struct elf_info info;
	struct elf_dyn dyn;
	if (!elf_info_read(fd, 0, size, &info, err)) {
		if (!elf_dyn_read(fd, 0, size, &info, 1, &dyn, err))
			elf_dyn_free(&dyn);
		elf_info_free(&info);
	}
	close(fd);
	return 0;
}
