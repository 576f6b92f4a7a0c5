/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The one short-read-safe I/O helper: every read and write sealctl makes
 * of a file goes through here, so short transfers and EINTR are handled
 * in one place.  0 on success, -1 with errno on failure.
 */
#ifndef SEALCTL_FULLIO_H
#define SEALCTL_FULLIO_H

#include <stddef.h>
#include <stdint.h>

/* Exactly len bytes at off; end of file is an error (errno EIO). */
int sealctl_pread_full(int fd, uint64_t off, size_t len, void *buf);
int sealctl_pwrite_full(int fd, uint64_t off, size_t len, const void *buf);

/*
 * Everything fd has to give, read sequentially (for /proc files, whose
 * size stat does not know), NUL-terminated; *buf is malloc'd.  More than
 * max bytes is an error (errno EFBIG).
 */
int sealctl_read_all(int fd, size_t max, char **buf, size_t *len);

#endif
