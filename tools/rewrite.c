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

int sealctl_rewrite(const char *path, const struct sealctl_patch *p, size_t n,
		    const struct stat *before, char *err)
{
	char target[PATH_MAX], dirbuf[PATH_MAX], basebuf[PATH_MAX];
	struct rewrite_tmp tmp = { .dfd = -1, .fd = -1 };
	struct stat st, again;
	int in = -1, out = -1, rc = -1;

	if (!realpath(path, target)) {
		sealctl_seterr(err, "%s", strerror(errno));
		return -1;
	}
	in = open(target, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (in < 0 || fstat(in, &st)) {
		sealctl_seterr(err, "%s", strerror(errno));
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		sealctl_seterr(err, "not a regular file");
		goto out;
	}
	/* rename() gives the new contents to this name only; the other
	 * links would silently keep the old policy. */
	if (st.st_nlink > 1) {
		sealctl_seterr(err, "has %ju hard links; refusing to split them (rewrite each link's file separately after breaking the links)",
			       (uintmax_t)st.st_nlink);
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		uint8_t cur[sizeof(p[i].old)];
		if (p[i].len > sizeof(cur) || p[i].offset > (uint64_t)st.st_size ||
		    p[i].len > (uint64_t)st.st_size - p[i].offset ||
		    sealctl_pread_full(in, p[i].offset, p[i].len, cur) ||
		    memcmp(cur, p[i].old, p[i].len)) {
			sealctl_seterr(err, "file changed while being examined; nothing written");
			goto out;
		}
	}

	strcpy(dirbuf, target);
	strcpy(basebuf, target);
	if (rewrite_tmp_create(&tmp, dirname(dirbuf), basename(basebuf), st.st_uid, err))
		goto out;
	out = tmp.fd;
	if (copy_data(in, out, (uint64_t)st.st_size)) {
		sealctl_seterr(err, "cannot copy: %s", errno ? strerror(errno) : "file changed size");
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		uint8_t back[sizeof(p[i].new)];
		if (sealctl_pwrite_full(out, p[i].offset, p[i].len, p[i].new) ||
		    sealctl_pread_full(out, p[i].offset, p[i].len, back) ||
		    memcmp(back, p[i].new, p[i].len)) {
			sealctl_seterr(err, "cannot write the temporary copy: %s", strerror(errno));
			goto out;
		}
	}
	/* Owner before mode: chown clears set-user-ID and set-group-ID. */
	if (fchown(out, st.st_uid, st.st_gid)) {
		sealctl_seterr(err, "cannot keep owner %ju:%ju (%s); run as the file's owner or root",
			       (uintmax_t)st.st_uid, (uintmax_t)st.st_gid, strerror(errno));
		goto out;
	}
	if (fchmod(out, st.st_mode & 07777)) {
		sealctl_seterr(err, "cannot keep mode %04o: %s", st.st_mode & 07777,
			       strerror(errno));
		goto out;
	}
	if (copy_xattrs(in, out, err))
		goto out;
	struct timespec times[2] = { st.st_atim, st.st_mtim };
	if (before && before->st_dev == st.st_dev && before->st_ino == st.st_ino)
		times[0] = before->st_atim;
	if (futimens(out, times) || fsync(out)) {
		sealctl_seterr(err, "cannot keep timestamps or sync: %s", strerror(errno));
		goto out;
	}
	/* Last look: the original must be the very file we copied. */
	if (fstat(in, &again) || !same_file(&st, &again) || stat(target, &again) ||
	    !same_file(&st, &again)) {
		sealctl_seterr(err, "file changed while being rewritten; original left as it was");
		goto out;
	}
	if (rewrite_tmp_replace(&tmp, err))
		goto out;
	rc = 0;
out:
	rewrite_tmp_close(&tmp);
	if (in >= 0)
		close(in);
	return rc;
}
