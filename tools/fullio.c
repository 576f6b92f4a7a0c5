/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "fullio.h"

#include <errno.h>
#include <unistd.h>

int sealctl_pread_full(int fd, uint64_t off, size_t len, void *buf)
{
	size_t done = 0;
	while (done < len) {
		ssize_t r = pread(fd, (char *)buf + done, len - done, (off_t)(off + done));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		done += (size_t)r;
	}
	return 0;
}

int sealctl_pwrite_full(int fd, uint64_t off, size_t len, const void *buf)
{
	size_t done = 0;
	while (done < len) {
		ssize_t r = pwrite(fd, (const char *)buf + done, len - done,
				   (off_t)(off + done));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		done += (size_t)r;
	}
	return 0;
}
