/* SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE
#include "patch-in-place.h"

#include "diag.h"
#include "fullio.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#define CAPS_XATTR "security.capability"

struct in_place {
	int fd;
	struct stat st;
	char caps[256]; /* the capability attribute, if caps_len > 0 */
	ssize_t caps_len;
};

static int open_target(struct in_place *w, const char *path, char *err)
{
	char target[PATH_MAX];

	if (!realpath(path, target)) {
		sealctl_seterr(err, "%s; file left unchanged", strerror(errno));
		return -1;
	}
	w->fd = open(target, O_RDWR | O_CLOEXEC | O_NOFOLLOW);
	if (w->fd < 0) {
		/* An executable that is running cannot be opened for writing. */
		if (errno == ETXTBSY)
			sealctl_seterr(err, "a process is running it (%s); in-place mode cannot write it now; file left unchanged",
				       strerror(errno));
		else
			sealctl_seterr(err, "%s; file left unchanged", strerror(errno));
		return -1;
	}
	if (fstat(w->fd, &w->st)) {
		sealctl_seterr(err, "%s; file left unchanged", strerror(errno));
		return -1;
	}
	if (!S_ISREG(w->st.st_mode)) {
		sealctl_seterr(err, "not a regular file; file left unchanged");
		return -1;
	}
	/* Two in-place runs on one inode would interleave their checks. */
	if (flock(w->fd, LOCK_EX)) {
		sealctl_seterr(err, "cannot lock: %s; file left unchanged", strerror(errno));
		return -1;
	}
	return 0;
}

static int old_bytes_present(const struct in_place *w, const struct sealctl_patch *p, size_t n,
			     char *err)
{
	uint64_t size = (uint64_t)w->st.st_size;

	for (size_t i = 0; i < n; i++) {
		uint8_t cur[sizeof(p[i].old)];
		if (p[i].len > sizeof(cur) || p[i].offset > size || p[i].len > size - p[i].offset ||
		    sealctl_pread_full(w->fd, p[i].offset, p[i].len, cur) ||
		    memcmp(cur, p[i].old, p[i].len)) {
			sealctl_seterr(err, "file changed while being examined; file left unchanged");
			return -1;
		}
	}
	return 0;
}

/* The write will drop the capabilities: setting them again to the same
 * value first proves that they can be put back afterwards. */
static int keep_caps_possible(struct in_place *w, char *err)
{
	w->caps_len = fgetxattr(w->fd, CAPS_XATTR, w->caps, sizeof(w->caps));
	if (w->caps_len < 0) {
		if (errno == ENODATA || errno == ENOTSUP)
			return 0;
		sealctl_seterr(err, "cannot read file capabilities: %s; file left unchanged",
			       strerror(errno));
		return -1;
	}
	if (fsetxattr(w->fd, CAPS_XATTR, w->caps, (size_t)w->caps_len, XATTR_REPLACE)) {
		sealctl_seterr(err, "has file capabilities, which writing drops and which cannot be set again here (%s); file left unchanged",
			       strerror(errno));
		return -1;
	}
	return 0;
}

/* One pwrite per patch: a short one would leave a torn field. */
static int write_patches(const struct in_place *w, const struct sealctl_patch *p, size_t n,
			 char *err)
{
	for (size_t i = 0; i < n; i++) {
		ssize_t done = pwrite(w->fd, p[i].new, p[i].len, (off_t)p[i].offset);
		if (done != (ssize_t)p[i].len) {
			sealctl_seterr(err, "write at offset %ju %s: %s; run sealctl status on it",
				       (uintmax_t)p[i].offset, done > 0 ? "was short" : "failed",
				       done < 0 ? strerror(errno) : "partial");
			return -1;
		}
	}
	return 0;
}

/* What the kernel took away on write, and the times, then one fsync. */
static int restore_and_sync(const struct in_place *w, const struct stat *before, char *err)
{
	struct stat now;

	if (fstat(w->fd, &now) ||
	    ((now.st_mode & 07777) != (w->st.st_mode & 07777) &&
	     fchmod(w->fd, w->st.st_mode & 07777))) {
		sealctl_seterr(err, "written, but cannot restore mode %04o: %s",
			       w->st.st_mode & 07777, strerror(errno));
		return -1;
	}
	if (w->caps_len > 0 &&
	    fsetxattr(w->fd, CAPS_XATTR, w->caps, (size_t)w->caps_len, 0)) {
		sealctl_seterr(err, "written, but cannot restore file capabilities: %s",
			       strerror(errno));
		return -1;
	}
	struct timespec times[2] = { w->st.st_atim, w->st.st_mtim };
	if (before && before->st_dev == w->st.st_dev && before->st_ino == w->st.st_ino)
		times[0] = before->st_atim;
	if (futimens(w->fd, times) || fsync(w->fd)) {
		sealctl_seterr(err, "written, but cannot keep timestamps or sync: %s",
			       strerror(errno));
		return -1;
	}
	return 0;
}

static int written_as_planned(const struct in_place *w, const struct sealctl_patch *p, size_t n,
			      char *err)
{
	for (size_t i = 0; i < n; i++) {
		uint8_t back[sizeof(p[i].new)];
		if (sealctl_pread_full(w->fd, p[i].offset, p[i].len, back) ||
		    memcmp(back, p[i].new, p[i].len)) {
			sealctl_seterr(err, "bytes at offset %ju read back differ from those written; run sealctl status on it",
				       (uintmax_t)p[i].offset);
			return -1;
		}
	}
	return 0;
}

int sealctl_patch_in_place(const char *path, const struct sealctl_patch *p, size_t n,
			   const struct stat *before, char *err)
{
	struct in_place w = { .fd = -1 };

	int failed = open_target(&w, path, err) || old_bytes_present(&w, p, n, err) ||
		     keep_caps_possible(&w, err) || write_patches(&w, p, n, err) ||
		     restore_and_sync(&w, before, err) || written_as_planned(&w, p, n, err);
	if (w.fd >= 0)
		close(w.fd);
	return failed ? -1 : 0;
}
