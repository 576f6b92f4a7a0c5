/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Shared between the parts of scan.c's job: not part of sealctl's API. */
#ifndef SEALCTL_SCAN_INTERNAL_H
#define SEALCTL_SCAN_INTERNAL_H

#include "bfd-compat.h"
#include "elfhdr.h"
#include "fullio.h"
#include "object.h"

#include <stddef.h>
#include <stdint.h>

/* Record the sealing notes and the GNU property note of o. */
int sealctl_scan_note_sections(bfd *abfd, struct sealctl_object *o, char *err);
int sealctl_scan_note_segments(int fd, uint64_t fsize, const struct elf_info *info,
			       struct sealctl_object *o, char *err);

enum sealctl_kind sealctl_kind_of(int fd, uint64_t base, uint64_t fsize,
				  const struct elf_info *info);

#endif
