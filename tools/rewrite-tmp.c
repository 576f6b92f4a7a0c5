/* SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE
#include "rewrite-tmp.h"

#include "diag.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TMP_TAG ".sealctl-"
#define TMP_RANDOM 6
#define TMP_TRIES 100

static const char alnum[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/* ".NAME.sealctl-" and its length; -1 when the result cannot be a name. */
static int tmp_prefix(const char *base, char *out, size_t size)
{
	int n = snprintf(out, size, ".%s" TMP_TAG, base);
	return n < 0 || (size_t)n + TMP_RANDOM >= size || (size_t)n + TMP_RANDOM > NAME_MAX ? -1 : n;
}

static int new_name(struct rewrite_tmp *t, char *err)
{
	unsigned char r[TMP_RANDOM];
	int n = tmp_prefix(t->base, t->name, sizeof(t->name));

	if (n < 0) {
		sealctl_seterr(err, "name too long for a temporary copy next to it");
		return -1;
	}
	/* Uniqueness is checked by O_EXCL and linkat's EEXIST; getrandom
	 * only makes collisions rare. */
	if (getrandom(r, sizeof(r), GRND_NONBLOCK) != (ssize_t)sizeof(r)) {
		unsigned long x = (unsigned long)time(NULL) ^ (unsigned long)getpid() << 16 ^
				  (unsigned long)clock();
		for (size_t i = 0; i < sizeof(r); i++, x = x * 6364136223846793005ul + 1)
			r[i] = (unsigned char)(x >> 33);
	}
	for (size_t i = 0; i < TMP_RANDOM; i++)
		t->name[n + (int)i] = alnum[r[i] % (sizeof(alnum) - 1)];
	t->name[n + TMP_RANDOM] = 0;
	return 0;
}

static int is_stale_tmp(const char *name, const char *prefix, size_t plen)
{
	if (strlen(name) != plen + TMP_RANDOM || strncmp(name, prefix, plen))
		return 0;
	return strspn(name + plen, alnum) == TMP_RANDOM;
}

/* Only called with the directory locked: no other sealctl is using a
 * temporary here, so those of our target are a killed run's. */
static void remove_stale(struct rewrite_tmp *t)
{
	char prefix[NAME_MAX + 1], path[PATH_MAX + NAME_MAX + 2];
	int plen = tmp_prefix(t->base, prefix, sizeof(prefix));
	int fd = plen < 0 ? -1 : dup(t->dfd);
	DIR *d = fd < 0 ? NULL : fdopendir(fd);

	if (!d) {
		if (fd >= 0)
			close(fd);
		return;
	}
	rewinddir(d);
	for (struct dirent *e; (e = readdir(d));) {
		struct stat st;
		if (!is_stale_tmp(e->d_name, prefix, (size_t)plen) ||
		    fstatat(t->dfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISREG(st.st_mode) ||
		    (st.st_uid != geteuid() && st.st_uid != t->owner))
			continue;
		snprintf(path, sizeof(path), "%s/%s", t->dir, e->d_name);
		if (unlinkat(t->dfd, e->d_name, 0))
			sealctl_error(path, "cannot remove this temporary left by an interrupted sealctl: %s",
				      strerror(errno));
		else
			sealctl_error(path, "removed: a temporary copy left by an interrupted sealctl");
	}
	closedir(d);
}

/* Can an O_TMPFILE inode be given a name later?  linkat needs its
 * /proc/self/fd link (AT_EMPTY_PATH would need CAP_DAC_READ_SEARCH). */
static int open_unnamed(struct rewrite_tmp *t)
{
	if (access("/proc/self/fd", X_OK))
		return -1;
	return openat(t->dfd, ".", O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
}

static int open_named(struct rewrite_tmp *t, char *err)
{
	for (int i = 0; i < TMP_TRIES; i++) {
		if (new_name(t, err))
			return -1;
		t->fd = openat(t->dfd, t->name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
		if (t->fd >= 0) {
			t->named = 1;
			return 0;
		}
		if (errno != EEXIST)
			break;
	}
	sealctl_seterr(err, "cannot create a temporary file in %s: %s", t->dir, strerror(errno));
	return -1;
}

int rewrite_tmp_create(struct rewrite_tmp *t, const char *dir, const char *base, uid_t owner,
		       char *err)
{
	t->fd = -1;
	t->named = 0;
	t->name[0] = 0;
	t->base = base;
	t->owner = owner;
	if ((size_t)snprintf(t->dir, sizeof(t->dir), "%s", dir) >= sizeof(t->dir)) {
		t->dfd = -1;
		sealctl_seterr(err, "path too long");
		return -1;
	}
	t->dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (t->dfd < 0) {
		sealctl_seterr(err, "cannot create a temporary file in %s: %s", dir, strerror(errno));
		return -1;
	}
	int r;
	while ((r = flock(t->dfd, LOCK_EX)) && errno == EINTR)
		;
	/* Without the lock another run's temporary cannot be told from a
	 * stale one, so nothing is removed (ENOLCK, or no flock at all). */
	if (r == 0)
		remove_stale(t);
	t->fd = open_unnamed(t);
	if (t->fd >= 0)
		return 0;
	return open_named(t, err);
}

static int give_name(struct rewrite_tmp *t, char *err)
{
	char proc[64];
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", t->fd);
	for (int i = 0; i < TMP_TRIES; i++) {
		if (new_name(t, err))
			return -1;
		if (!linkat(AT_FDCWD, proc, t->dfd, t->name, AT_SYMLINK_FOLLOW)) {
			t->named = 1;
			return 0;
		}
		if (errno != EEXIST)
			break;
	}
	sealctl_seterr(err, "cannot name the temporary copy in %s: %s", t->dir, strerror(errno));
	return -1;
}

int rewrite_tmp_replace(struct rewrite_tmp *t, char *err)
{
	if (!t->named && give_name(t, err))
		return -1;
	if (renameat(t->dfd, t->name, t->dfd, t->base)) {
		sealctl_seterr(err, "cannot replace: %s", strerror(errno));
		return -1;
	}
	t->named = 0; /* the name is the target's now */
	/* The rename itself must reach the disk before we report success. */
	fsync(t->dfd);
	return 0;
}

void rewrite_tmp_close(struct rewrite_tmp *t)
{
	if (t->named)
		unlinkat(t->dfd, t->name, 0);
	if (t->fd >= 0)
		close(t->fd);
	if (t->dfd >= 0)
		close(t->dfd); /* and with it the lock */
	t->fd = t->dfd = -1;
	t->named = 0;
}
