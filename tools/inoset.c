/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "inoset.h"

#include <stdint.h>
#include <stdlib.h>

struct slot {
	dev_t dev;
	ino_t ino;
	int used;
};

struct inoset {
	struct slot *slot;
	size_t cap, len; /* cap is a power of two */
};

struct inoset *inoset_new(void)
{
	struct inoset *s = calloc(1, sizeof(*s));
	if (!s)
		return NULL;
	s->cap = 1024;
	s->slot = calloc(s->cap, sizeof(*s->slot));
	if (!s->slot) {
		free(s);
		return NULL;
	}
	return s;
}

static size_t hash(dev_t dev, ino_t ino)
{
	uint64_t h = (uint64_t)ino * 0x9e3779b97f4a7c15ull ^ (uint64_t)dev;
	return (size_t)(h ^ h >> 29);
}

static int insert(struct slot *tab, size_t cap, dev_t dev, ino_t ino)
{
	for (size_t i = hash(dev, ino) & (cap - 1);; i = (i + 1) & (cap - 1)) {
		if (!tab[i].used) {
			tab[i] = (struct slot){ dev, ino, 1 };
			return 1;
		}
		if (tab[i].dev == dev && tab[i].ino == ino)
			return 0;
	}
}

int inoset_add(struct inoset *s, dev_t dev, ino_t ino)
{
	if (2 * (s->len + 1) > s->cap) {
		size_t ncap = s->cap * 2;
		struct slot *n = calloc(ncap, sizeof(*n));
		if (!n)
			return -1;
		for (size_t i = 0; i < s->cap; i++)
			if (s->slot[i].used)
				insert(n, ncap, s->slot[i].dev, s->slot[i].ino);
		free(s->slot);
		s->slot = n;
		s->cap = ncap;
	}
	int r = insert(s->slot, s->cap, dev, ino);
	s->len += (size_t)r;
	return r;
}

void inoset_free(struct inoset *s)
{
	if (!s)
		return;
	free(s->slot);
	free(s);
}
