/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Whole-buffer pread/pwrite: short transfers and EINTR are retried, and
 * end of file is an error.  0 on success, -1 on failure. */
#ifndef SEALCTL_FULLIO_H
#define SEALCTL_FULLIO_H

#include <stddef.h>
#include <stdint.h>

int sealctl_pread_full(int fd, uint64_t off, size_t len, void *buf);
int sealctl_pwrite_full(int fd, uint64_t off, size_t len, const void *buf);

#endif
