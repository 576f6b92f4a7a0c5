// SPDX-License-Identifier: MIT
// libFuzzer target: `sealctl status` end to end on an arbitrary file: the
// whole model (BFD identification, archive walk, program headers, the
// dynamic segment with the DT_SONAME and DT_NEEDED `sealctl ps` uses,
// note sections, seal ranges) and the text and JSON reports.  The input
// is written to a memfd and opened by its /proc path, exactly as a file
// on disk would be.
#define _GNU_SOURCE
#include "diag.h"
#include "report.h"
#include "scan.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *devnull;

static int show(struct sealctl_object *o, void *arg)
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
	close(fd);
	return 0;
}
