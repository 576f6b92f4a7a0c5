/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "smaps.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Far more than any process maps; past it something is wrong. */
#define SMAPS_MAX (256u << 20)

/* The whole file: /proc files have no size to stat, so read until EOF. */
static int read_all(int fd, char **buf, size_t *len)
{
	size_t cap = 1 << 16, n = 0;
	char *b = malloc(cap + 1);

	while (b) {
		ssize_t r = read(fd, b + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			break;
		if (r == 0) {
			b[n] = 0;
			*buf = b;
			*len = n;
			return 0;
		}
		n += (size_t)r;
		if (n == cap) {
			char *more = cap < SMAPS_MAX ? realloc(b, 2 * cap + 1) : NULL;
			if (!more) {
				errno = cap < SMAPS_MAX ? ENOMEM : EFBIG;
				break;
			}
			b = more;
			cap *= 2;
		}
	}
	int e = errno;
	free(b);
	errno = e;
	return -1;
}

/*
 * "start-end perms offset major:minor inode [path]".  Field lines
 * ("Size:  4 kB") cannot match all six numbers, whatever their key.
 */
static int parse_header(char *line, struct smaps_vma *v)
{
	int path_at = 0;

	memset(v, 0, sizeof(*v));
	if (sscanf(line, "%" SCNx64 "-%" SCNx64 " %4s %" SCNx64 " %x:%x %" SCNu64 " %n", &v->lo,
		   &v->hi, v->perms, &v->offset, &v->major, &v->minor, &v->inode, &path_at) != 7)
		return -1;
	v->path = path_at ? line + path_at : "";
	return 0;
}

/* VmFlags holds two-letter words: "rd ex mr mw me sl". */
static int has_sl(const char *flags)
{
	for (const char *f = flags; *f; f++)
		if (f[0] == 's' && f[1] == 'l' && (f == flags || f[-1] == ' ') &&
		    (f[2] == ' ' || f[2] == 0))
			return 1;
	return 0;
}

static int parse(struct smaps *s)
{
	size_t cap = 0;

	for (char *line = s->text, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = 0;
		if (!strncmp(line, "VmFlags:", 8)) {
			if (s->n)
				s->vma[s->n - 1].sealed = has_sl(line + 8);
			continue;
		}
		if (s->n == cap) {
			cap = cap ? 2 * cap : 64;
			struct smaps_vma *more = realloc(s->vma, cap * sizeof(*more));
			if (!more)
				return -1;
			s->vma = more;
		}
		if (parse_header(line, &s->vma[s->n]) == 0)
			s->n++;
	}
	return 0;
}

int smaps_read(int fd, struct smaps *s)
{
	size_t len;

	memset(s, 0, sizeof(*s));
	if (read_all(fd, &s->text, &len))
		return -1;
	if (parse(s)) {
		smaps_free(s);
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

int smaps_open(const char *path, struct smaps *s)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	memset(s, 0, sizeof(*s));
	if (fd < 0)
		return -1;
	int rc = smaps_read(fd, s);
	int e = errno;
	close(fd);
	errno = e;
	return rc;
}

void smaps_free(struct smaps *s)
{
	free(s->vma);
	free(s->text);
	memset(s, 0, sizeof(*s));
}

const struct smaps_vma *smaps_find(const struct smaps *s, uint64_t addr)
{
	for (size_t i = 0; i < s->n; i++)
		if (addr >= s->vma[i].lo && addr < s->vma[i].hi)
			return &s->vma[i];
	return NULL;
}
