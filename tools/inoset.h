/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A set of (device, inode) pairs: what the walk has already visited. */
#ifndef SEALCTL_INOSET_H
#define SEALCTL_INOSET_H

#include <sys/types.h>

struct inoset;

struct inoset *inoset_new(void);
/* 1 if newly added, 0 if already present, -1 out of memory. */
int inoset_add(struct inoset *s, dev_t dev, ino_t ino);
void inoset_free(struct inoset *s);

#endif
