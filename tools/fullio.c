/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "fullio.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

/*
 * One loop for every transfer: off < 0 means "the file position" (read
 * and write), otherwise pread and pwrite at off.  Returns the bytes
 * moved, which is less than len only at end of file, or -1.
 */
static ssize_t transfer(int fd, int64_t off, size_t len, char *buf, int writing)
{
	size_t done = 0;
	while (done < len) {
		ssize_t r;
		if (writing)
			r = off < 0 ? write(fd, buf + done, len - done)
				    : pwrite(fd, buf + done, len - done, (off_t)(off + (int64_t)done));
		else
			r = off < 0 ? read(fd, buf + done, len - done)
				    : pread(fd, buf + done, len - done, (off_t)(off + (int64_t)done));
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		done += (size_t)r;
	}
	return (ssize_t)done;
}

static int exactly(int fd, uint64_t off, size_t len, char *buf, int writing)
{
	if (off > INT64_MAX - len) {
		errno = EINVAL;
		return -1;
	}
	ssize_t r = transfer(fd, (int64_t)off, len, buf, writing);
	if (r >= 0 && (size_t)r != len)
		errno = EIO;
	return r >= 0 && (size_t)r == len ? 0 : -1;
}

int sealctl_pread_full(int fd, uint64_t off, size_t len, void *buf)
{
	return exactly(fd, off, len, buf, 0);
}

int sealctl_pwrite_full(int fd, uint64_t off, size_t len, const void *buf)
{
	/* transfer() only reads from buf when writing. */
	return exactly(fd, off, len, (char *)(uintptr_t)buf, 1);
}

int sealctl_read_all(int fd, size_t max, char **buf, size_t *len)
{
	size_t cap = 4096, n = 0;
	char *b = malloc(cap + 1);

	for (;;) {
		if (!b)
			return -1;
		ssize_t r = transfer(fd, -1, cap - n, b + n, 0);
		if (r < 0) {
			free(b);
			return -1;
		}
		n += (size_t)r;
		if (n < cap)
			break;
		if (cap >= max) {
			free(b);
			errno = EFBIG;
			return -1;
		}
		cap = cap * 2 > max ? max : cap * 2;
		char *nb = realloc(b, cap + 1);
		if (!nb)
			free(b);
		b = nb;
	}
	b[n] = 0;
	*buf = b;
	*len = n;
	return 0;
}
