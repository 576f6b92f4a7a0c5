/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The one byte-order helper: every multi-byte field sealctl reads from or
 * writes into a file goes through these, in the byte order of the object
 * it belongs to (EI_DATA), whatever the host's.
 */
#ifndef SEALCTL_BYTEORDER_H
#define SEALCTL_BYTEORDER_H

#include <stddef.h>
#include <stdint.h>

/* An unsigned field of n bytes (1 to 8) at p. */
static inline uint64_t get_uint(const uint8_t *p, size_t n, int big_endian)
{
	uint64_t v = 0;
	for (size_t i = 0; i < n; i++)
		v |= (uint64_t)p[big_endian ? n - 1 - i : i] << (8 * i);
	return v;
}

static inline void put_uint(uint8_t *p, size_t n, uint64_t v, int big_endian)
{
	for (size_t i = 0; i < n; i++)
		p[big_endian ? n - 1 - i : i] = (uint8_t)(v >> (8 * i));
}

static inline uint32_t get_u32(const uint8_t *p, int big_endian)
{
	return (uint32_t)get_uint(p, sizeof(uint32_t), big_endian);
}

static inline void put_u32(uint8_t *p, uint32_t v, int big_endian)
{
	put_uint(p, sizeof(uint32_t), v, big_endian);
}

#endif
