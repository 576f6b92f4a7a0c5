/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "scan.h"
#include "scan-internal.h"

#include "bfd-compat.h"
#include "diag.h"
#include "note-read.h"
#include "note-state.h"
#include "span.h"

#include <elf.h>
#include <errno.h>
#include <ar.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Archives with more members than this are treated as corrupted (BFD
 * can be led round in circles by a crafted member chain). */
#define ARCHIVE_MEMBERS_MAX 1000000

static void quiet_bfd(const char *fmt, va_list ap)
{
	/* BFD prints multi-line warnings on damaged input; we report the
	 * failure ourselves, in one line that names the file. */
	(void)fmt;
	(void)ap;
}

void sealctl_scan_init(void)
{
	static int done;
	if (done)
		return;
	done = 1;
	bfd_init();
	bfd_set_error_handler(quiet_bfd);
}

/* Builds o's model; the caller frees it, whatever the outcome. */
static int describe(bfd *abfd, int fd, uint64_t base, uint64_t size, int patchable,
		    struct sealctl_object *o, char *err)
{
	o->base = base;
	o->patchable = patchable;
	o->arch = bfd_printable_name(abfd);
	if (sealctl_scan_headers(fd, base, size, o, err))
		return -1;
	sealctl_scan_dynamic(fd, base, size, o);
	o->kind = sealctl_kind_of(o);
	sealctl_scan_traits(abfd, o);

	int rc = sealctl_scan_note_sections(abfd, o, err);
	if (!rc && base == 0)
		rc = sealctl_scan_note_segments(fd, size, o, err);
	if (rc)
		return rc;
	note_check_states(o);
	uint64_t mlo = 0, mhi = 0;
	asection *m = bfd_get_section_by_name(abfd, "sealing_mutable");
	if (m) {
		mlo = sc_section_vma(abfd, m);
		mhi = mlo + sc_section_size(abfd, m);
		if (mhi < mlo)
			mhi = mlo;
	}
	if (o->kind != SEALCTL_KIND_RELOCATABLE && o->kind != SEALCTL_KIND_CORE)
		sealctl_compute_seal(o, mlo, mhi);
	return 0;
}

/* Describes the object and hands it to the visitor: its return, or -1
 * with err when the object could not be described. */
static int visit(bfd *abfd, int fd, uint64_t base, uint64_t size, int patchable,
		 struct sealctl_object *o, sealctl_visit_fn fn, void *arg, char *err)
{
	int rc = describe(abfd, fd, base, size, patchable, o, err);
	if (!rc)
		rc = fn(o, arg) ? 1 : 0;
	sealctl_object_free(o);
	return rc;
}

/*
 * Since binutils 2.40, bfd_check_format defers the warnings of the
 * target that matched and prints them straight to stderr, bypassing the
 * error handler.  Damaged input must give one line, ours, so stderr is
 * pointed at /dev/null around the probe.
 */
static int silent_fd = -2;

static int quiet_begin(void)
{
	if (silent_fd == -2)
		silent_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (silent_fd < 0)
		return -1;
	fflush(stderr);
	int saved = fcntl(2, F_DUPFD_CLOEXEC, 3);
	if (saved >= 0)
		dup2(silent_fd, 2);
	return saved;
}

static void quiet_end(int saved)
{
	if (saved < 0)
		return;
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
}

static int check_format_quietly(bfd *abfd, bfd_format format, char ***matching)
{
	int saved = quiet_begin();
	int ok = matching ? bfd_check_format_matches(abfd, format, matching)
			  : bfd_check_format(abfd, format);
	quiet_end(saved);
	return ok;
}

static int elf_precheck(int fd, uint64_t size, unsigned *machine, char *err)
{
	struct sealctl_object o = { 0 };
	int rc = sealctl_scan_headers(fd, 0, size, &o, err);
	*machine = o.e_machine;
	sealctl_object_free(&o);
	return rc;
}

static int check_object(bfd *abfd, char *err)
{
	char **matching = NULL;
	if (check_format_quietly(abfd, bfd_object, &matching)) {
		if (bfd_get_flavour(abfd) != bfd_target_elf_flavour) {
			sealctl_seterr(err, "not an ELF object (%s)", bfd_get_target(abfd));
			return -1;
		}
		return 0;
	}
	bfd_error_type e = bfd_get_error();
	if (e == bfd_error_file_ambiguously_recognized)
		free(matching);
	sealctl_seterr(err, "truncated or corrupted ELF file: %s", bfd_errmsg(e));
	return -1;
}

static enum sealctl_scan_result scan_archive(bfd *arch, const char *path, int fd,
					     uint64_t fsize, sealctl_visit_fn fn,
					     void *arg, struct sealctl_file_info *fi,
					     char *err)
{
	bfd *prev = NULL;

	fi->is_archive = 1;
	fi->is_thin = bfd_is_thin_archive(arch);
	for (;;) {
		bfd *m = bfd_openr_next_archived_file(arch, prev);
		if (prev && prev != m)
			bfd_close(prev);
		if (!m) {
			bfd_error_type e = bfd_get_error();
			if (e != bfd_error_no_more_archived_files) {
				sealctl_seterr(err, "truncated or corrupted archive: %s",
					       bfd_errmsg(e));
				return SEALCTL_SCAN_ERROR;
			}
			return SEALCTL_SCAN_OK;
		}
		if (m == prev || ++fi->members > ARCHIVE_MEMBERS_MAX) {
			sealctl_seterr(err, "corrupted archive: member chain loops");
			return SEALCTL_SCAN_ERROR;
		}
		prev = m;
		const char *name = bfd_get_filename(m);
		char merr[SEALCTL_ERRLEN];
		char magic[SELFMAG];
		/* Non-ELF members (LTO bitcode, text) are not ours to judge. */
		if (bfd_seek(m, 0, SEEK_SET) || sc_bread(magic, sizeof(magic), m) != sizeof(magic) ||
		    memcmp(magic, ELFMAG, SELFMAG)) {
			fi->other_members++;
			continue;
		}
		if (check_object(m, merr)) {
			sealctl_seterr(err, "member %s: %s", name, merr);
			bfd_close(m);
			return SEALCTL_SCAN_ERROR;
		}
		struct sealctl_object o = { .path = path, .member = name };
		/* A thin archive's members live in other files: readable
		 * through BFD, but there is nothing to patch in `path`. */
		uint64_t origin = fi->is_thin ? 0 : (uint64_t)m->origin;
		int rc;
		if (fi->is_thin) {
			int mfd = open(name, O_RDONLY | O_CLOEXEC);
			struct stat st;
			if (mfd < 0 || fstat(mfd, &st)) {
				sealctl_seterr(err, "thin archive member %s: %s", name,
					       strerror(errno));
				if (mfd >= 0)
					close(mfd);
				bfd_close(m);
				return SEALCTL_SCAN_ERROR;
			}
			rc = visit(m, mfd, 0, (uint64_t)st.st_size, 0, &o, fn, arg, merr);
			close(mfd);
		} else {
			if (origin > fsize) {
				sealctl_seterr(err, "corrupted archive: member %s past the end", name);
				bfd_close(m);
				return SEALCTL_SCAN_ERROR;
			}
			rc = visit(m, fd, origin, fsize - origin, 1, &o, fn, arg, merr);
		}
		if (rc < 0) {
			sealctl_seterr(err, "member %s: %s", name, merr);
			bfd_close(m);
			return SEALCTL_SCAN_ERROR;
		}
		if (rc) {
			bfd_close(m);
			return SEALCTL_SCAN_OK;
		}
	}
}

enum sealctl_scan_result sealctl_scan(const char *path, sealctl_visit_fn fn,
				      void *arg, struct sealctl_file_info *fi,
				      char *err)
{
	struct sealctl_file_info dummy;
	struct stat st;
	unsigned char magic[SARMAG];

	sealctl_scan_init();
	if (!fi)
		fi = &dummy;
	memset(fi, 0, sizeof(*fi));
	/* O_NONBLOCK: a FIFO must not hang a directory walk. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0) {
		sealctl_seterr(err, "%s", strerror(errno));
		return SEALCTL_SCAN_ERROR;
	}
	if (fstat(fd, &st)) {
		sealctl_seterr(err, "%s", strerror(errno));
		close(fd);
		return SEALCTL_SCAN_ERROR;
	}
	if (S_ISDIR(st.st_mode)) {
		sealctl_seterr(err, "is a directory");
		close(fd);
		return SEALCTL_SCAN_ERROR;
	}
	if (!S_ISREG(st.st_mode)) {
		sealctl_seterr(err, "not a regular file");
		close(fd);
		return SEALCTL_SCAN_NOT_ELF;
	}
	if (st.st_size == 0) {
		sealctl_seterr(err, "empty file");
		close(fd);
		return SEALCTL_SCAN_NOT_ELF;
	}
	ssize_t got = pread(fd, magic, sizeof(magic), 0);
	if (got < 0) {
		sealctl_seterr(err, "%s", strerror(errno));
		close(fd);
		return SEALCTL_SCAN_ERROR;
	}
	int is_elf = got >= SELFMAG && !memcmp(magic, ELFMAG, SELFMAG);
	int is_ar = got == SARMAG && (!memcmp(magic, "!<arch>\n", SARMAG) ||
				      !memcmp(magic, "!<thin>\n", SARMAG));
	if (!is_elf && !is_ar) {
		sealctl_seterr(err, "not an ELF file or archive");
		close(fd);
		return SEALCTL_SCAN_NOT_ELF;
	}

	int bfd_fd = dup(fd); /* bfd_close closes its own descriptor */
	bfd *abfd = bfd_fd < 0 ? NULL : bfd_fdopenr(path, NULL, bfd_fd);
	if (!abfd) {
		if (bfd_fd >= 0)
			close(bfd_fd);
		sealctl_seterr(err, "cannot open: %s", bfd_errmsg(bfd_get_error()));
		close(fd);
		return SEALCTL_SCAN_ERROR;
	}

	enum sealctl_scan_result res = SEALCTL_SCAN_OK;
	unsigned machine = 0;
	if (is_ar) {
		if (!check_format_quietly(abfd, bfd_archive, NULL)) {
			sealctl_seterr(err, "truncated or corrupted archive: %s",
				       bfd_errmsg(bfd_get_error()));
			res = SEALCTL_SCAN_ERROR;
		} else {
			res = scan_archive(abfd, path, fd, (uint64_t)st.st_size, fn, arg,
					   fi, err);
		}
	} else if (elf_precheck(fd, (uint64_t)st.st_size, &machine, err)) {
		res = SEALCTL_SCAN_ERROR;
	} else if (check_object(abfd, err)) {
		/* The header was sound: say which machine BFD may not know. */
		size_t len = strlen(err);
		snprintf(err + len, SEALCTL_ERRLEN - len, " (ELF machine %u)", machine);
		res = SEALCTL_SCAN_ERROR;
	} else {
		struct sealctl_object o = { .path = path };
		if (visit(abfd, fd, 0, (uint64_t)st.st_size, 1, &o, fn, arg, err) < 0)
			res = SEALCTL_SCAN_ERROR;
	}
	bfd_close(abfd);
	close(fd);
	return res;
}
