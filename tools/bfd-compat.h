/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * BFD's API changes between binutils releases; bfd-probe.cmake probes
 * which spelling this libbfd has (sealctl-config.h) and this header maps
 * them onto one.  Include it instead of <bfd.h>.  Every difference
 * between the releases sealctl builds against lives here and there.
 */
#ifndef SEALCTL_BFD_COMPAT_H
#define SEALCTL_BFD_COMPAT_H

#include "sealctl-config.h"

/* bfd.h refuses to be included unless it believes config.h was. */
#ifndef PACKAGE
#define PACKAGE "sealctl"
#endif
#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION SEALCTL_VERSION
#endif
#include <bfd.h>

/* binutils 2.34 dropped the bfd argument of the section accessors. */
#if SEALCTL_HAVE_BFD_SECTION_SIZE_1ARG
#define sc_section_size(abfd, sec) ((void)(abfd), bfd_section_size(sec))
#else
#define sc_section_size(abfd, sec) bfd_get_section_size(sec)
#endif
#if SEALCTL_HAVE_BFD_SECTION_VMA_1ARG
#define sc_section_vma(abfd, sec) ((void)(abfd), bfd_section_vma(sec))
#else
#define sc_section_vma(abfd, sec) bfd_get_section_vma(abfd, sec)
#endif
#if SEALCTL_HAVE_BFD_SECTION_NAME_1ARG
#define sc_section_name(abfd, sec) ((void)(abfd), bfd_section_name(sec))
#else
#define sc_section_name(abfd, sec) bfd_get_section_name(abfd, sec)
#endif
#if SEALCTL_HAVE_BFD_SECTION_FLAGS_1ARG
#define sc_section_flags(abfd, sec) ((void)(abfd), bfd_section_flags(sec))
#else
#define sc_section_flags(abfd, sec) bfd_get_section_flags(abfd, sec)
#endif
#if SEALCTL_HAVE_BFD_SECTION_ALIGNMENT_1ARG
#define sc_section_alignment(abfd, sec) ((void)(abfd), bfd_section_alignment(sec))
#else
#define sc_section_alignment(abfd, sec) bfd_get_section_alignment(abfd, sec)
#endif
/* binutils 2.42 renamed bfd_bread to bfd_read; 2.44 removed the old name. */
#if SEALCTL_HAVE_BFD_READ
#define sc_bread(buf, size, abfd) bfd_read(buf, size, abfd)
#else
#define sc_bread(buf, size, abfd) bfd_bread(buf, size, abfd)
#endif
/* Compressed sections read back decompressed: their offsets are useless
 * for patching.  Old libbfd without the query cannot compress notes. */
#if SEALCTL_HAVE_BFD_IS_SECTION_COMPRESSED
#define sc_section_compressed(abfd, sec) bfd_is_section_compressed(abfd, sec)
#else
#define sc_section_compressed(abfd, sec) ((void)(abfd), (void)(sec), 0)
#endif

#endif
