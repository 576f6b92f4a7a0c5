/* SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE
#include "rewrite.h"
#include "fullio.h"
#include "rewrite-tmp.h"

#include "diag.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

static int copy_data(int in, int out, uint64_t size)
{
	char buf[1 << 16];
	uint64_t off = 0;
	while (off < size) {
		size_t want = size - off < sizeof(buf) ? (size_t)(size - off) : sizeof(buf);
		if (sealctl_pread_full(in, off, want, buf) || sealctl_pwrite_full(out, off, want, buf))
			return -1;
		off += want;
	}
	/* The file must not have grown behind our back either. */
	return pread(in, buf, 1, (off_t)size) == 0 ? 0 : -1;
}

/* Extended attributes carry file capabilities and ACLs: losing one
 * silently would change what the program may do. */
static int copy_xattrs(int in, int out, char *err)
{
	ssize_t len = flistxattr(in, NULL, 0);
	if (len < 0)
		return errno == ENOTSUP ? 0 : (sealctl_seterr(err, "cannot list extended attributes: %s", strerror(errno)), -1);
	if (len == 0)
		return 0;
	char *names = malloc((size_t)len);
	if (!names || (len = flistxattr(in, names, (size_t)len)) < 0) {
		sealctl_seterr(err, "cannot list extended attributes: %s", strerror(errno));
		free(names);
		return -1;
	}
	for (char *name = names; name < names + len; name += strlen(name) + 1) {
		ssize_t vlen = fgetxattr(in, name, NULL, 0);
		char *val = vlen >= 0 ? malloc((size_t)vlen + 1) : NULL;
		if (!val || (vlen = fgetxattr(in, name, val, (size_t)vlen)) < 0 ||
		    fsetxattr(out, name, val, (size_t)vlen, 0)) {
			sealctl_seterr(err, "cannot preserve extended attribute %s: %s", name,
				       strerror(errno));
			free(val);
			free(names);
			return -1;
		}
		free(val);
	}
	free(names);
	return 0;
}

static int same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino &&
	       a->st_size == b->st_size && a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

/* One rewrite: the original, and the copy that will replace it. */
struct rewrite {
	char target[PATH_MAX]; /* the path with symlinks resolved */
	char dir[PATH_MAX], base[PATH_MAX]; /* its parts; copy.base points into base */
	int orig;              /* the original, read-only */
	struct stat st;        /* the original, as opened */
	struct rewrite_tmp copy;
};

/* Opens the file the path names, refusing what a rename cannot replace
 * faithfully. */
static int open_original(struct rewrite *r, const char *path, char *err)
{
	if (!realpath(path, r->target)) {
		sealctl_seterr(err, "%s", strerror(errno));
		return -1;
	}
	r->orig = open(r->target, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (r->orig < 0 || fstat(r->orig, &r->st)) {
		sealctl_seterr(err, "%s", strerror(errno));
		return -1;
	}
	if (!S_ISREG(r->st.st_mode)) {
		sealctl_seterr(err, "not a regular file");
		return -1;
	}
	/* rename() gives the new contents to this name only; the other
	 * links would silently keep the old policy. */
	if (r->st.st_nlink > 1) {
		sealctl_seterr(err, "has %ju hard links; refusing to split them (set-policy and set-scope --in-place write the one inode they share)",
			       (uintmax_t)r->st.st_nlink);
		return -1;
	}
	return 0;
}

/* Every patch's old bytes must still be where the plan found them. */
static int check_old_bytes(const struct rewrite *r, const struct sealctl_patch *p, size_t n,
			   char *err)
{
	uint64_t size = (uint64_t)r->st.st_size;

	for (size_t i = 0; i < n; i++) {
		uint8_t cur[sizeof(p[i].old)];
		if (p[i].len > sizeof(cur) || p[i].offset > size || p[i].len > size - p[i].offset ||
		    sealctl_pread_full(r->orig, p[i].offset, p[i].len, cur) ||
		    memcmp(cur, p[i].old, p[i].len)) {
			sealctl_seterr(err, "file changed while being examined; nothing written");
			return -1;
		}
	}
	return 0;
}

/* The copy, next to the original, with the patches applied and read
 * back. */
static int make_copy(struct rewrite *r, const struct sealctl_patch *p, size_t n, char *err)
{
	strcpy(r->dir, r->target);
	strcpy(r->base, r->target);
	if (rewrite_tmp_create(&r->copy, dirname(r->dir), basename(r->base), r->st.st_uid, err))
		return -1;
	if (copy_data(r->orig, r->copy.fd, (uint64_t)r->st.st_size)) {
		sealctl_seterr(err, "cannot copy: %s", errno ? strerror(errno) : "file changed size");
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		uint8_t back[sizeof(p[i].new)];
		if (sealctl_pwrite_full(r->copy.fd, p[i].offset, p[i].len, p[i].new) ||
		    sealctl_pread_full(r->copy.fd, p[i].offset, p[i].len, back) ||
		    memcmp(back, p[i].new, p[i].len)) {
			sealctl_seterr(err, "cannot write the temporary copy: %s", strerror(errno));
			return -1;
		}
	}
	return 0;
}

/* The original's owner, mode, extended attributes and times, on the
 * copy, which is then synced. */
static int keep_metadata(struct rewrite *r, const struct stat *before, char *err)
{
	int out = r->copy.fd;

	/* Owner before mode: chown clears set-user-ID and set-group-ID. */
	if (fchown(out, r->st.st_uid, r->st.st_gid)) {
		sealctl_seterr(err, "cannot keep owner %ju:%ju (%s); run as the file's owner or root",
			       (uintmax_t)r->st.st_uid, (uintmax_t)r->st.st_gid, strerror(errno));
		return -1;
	}
	if (fchmod(out, r->st.st_mode & 07777)) {
		sealctl_seterr(err, "cannot keep mode %04o: %s", r->st.st_mode & 07777,
			       strerror(errno));
		return -1;
	}
	if (copy_xattrs(r->orig, out, err))
		return -1;
	struct timespec times[2] = { r->st.st_atim, r->st.st_mtim };
	if (before && before->st_dev == r->st.st_dev && before->st_ino == r->st.st_ino)
		times[0] = before->st_atim;
	if (futimens(out, times) || fsync(out)) {
		sealctl_seterr(err, "cannot keep timestamps or sync: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* Last look before the rename: the original must be the very file that
 * was copied. */
static int original_unchanged(const struct rewrite *r, char *err)
{
	struct stat again;

	if (fstat(r->orig, &again) || !same_file(&r->st, &again) || stat(r->target, &again) ||
	    !same_file(&r->st, &again)) {
		sealctl_seterr(err, "file changed while being rewritten; original left as it was");
		return -1;
	}
	return 0;
}

int sealctl_rewrite(const char *path, const struct sealctl_patch *p, size_t n,
		    const struct stat *before, char *err)
{
	struct rewrite r = { .orig = -1, .copy = { .dfd = -1, .fd = -1 } };

	int failed = open_original(&r, path, err) || check_old_bytes(&r, p, n, err) ||
		     make_copy(&r, p, n, err) || keep_metadata(&r, before, err) ||
		     original_unchanged(&r, err) || rewrite_tmp_replace(&r.copy, err);
	rewrite_tmp_close(&r.copy);
	if (r.orig >= 0)
		close(r.orig);
	return failed ? -1 : 0;
}
