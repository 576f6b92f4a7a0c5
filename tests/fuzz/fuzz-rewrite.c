// SPDX-License-Identifier: MIT
// libFuzzer target: the rewrite path of `sealctl set-policy` and
// `sealctl set-scope` (tools/note-edit.c plans the patch, tools/rewrite.c
// copies, patches and renames) on an arbitrary file.  The first input
// byte picks the edit (set-policy 0/1/2 or set-scope module/process; its
// top bit: --in-place, tools/patch-in-place.c, instead of the copy); the
// rest is the file, written to a private directory, since the rewrite
// needs a real directory to rename in.  Invariants, each a trap:
//   - a refusal is one line, and leaves the file byte for byte as written;
//   - every patch in a plan lies inside the file, names bytes that are
//     there, and sits in a SEALING note's descriptor (the 20 bytes before
//     the descriptor are the note's header and owner name, and its size
//     is its version's: 12 bytes for version 2, 16 for version 3);
//   - after the rewrite the file differs from the input only inside the
//     patches, which now hold their new bytes;
//   - planning the same edit again finds nothing left to change (when the
//     file still plans, with the same notes);
//   - no temporary is ever left in the directory.
#define _GNU_SOURCE
#include "diag.h"
#include "note-edit.h"
#include "note-read.h"
#include "byteorder.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FILE_NAME "target"

static char dir[PATH_MAX], path[PATH_MAX];
static uint8_t *back; /* the file as read back */
static size_t back_cap;

static void remove_dir(void)
{
	unlink(path);
	rmdir(dir);
}

static void setup(void)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(dir, sizeof(dir), "%s/sealctl-fuzz-rewrite-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir))
		abort();
	snprintf(path, sizeof(path), "%s/" FILE_NAME, dir);
	atexit(remove_dir);
}

static void write_file(const uint8_t *data, size_t size)
{
	unlink(path);
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0 || (size && write(fd, data, size) != (ssize_t)size) || close(fd))
		abort();
}

/* The file now: its size, its bytes in `back`. */
static size_t read_file(void)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st))
		abort();
	size_t n = (size_t)st.st_size;
	if (n > back_cap) {
		free(back);
		if (!(back = malloc(n)))
			abort();
		back_cap = n;
	}
	if (n && pread(fd, back, n, 0) != (ssize_t)n)
		abort();
	close(fd);
	return n;
}

static void same_as_input(const uint8_t *data, size_t size)
{
	if (read_file() != size || (size && memcmp(back, data, size)))
		__builtin_trap();
}

/* Only our own file in the directory: no temporary left behind. */
static void no_temporaries(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	if (!d)
		abort();
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
		    strcmp(e->d_name, FILE_NAME))
			__builtin_trap();
	closedir(d);
}

static void one_line(const char *err)
{
	if (!err[0] || strchr(err, '\n'))
		__builtin_trap();
}

/* A SEALING note whose descriptor, of the size its version has, lies in
 * the file, with its header in either byte order (archive members may
 * differ from each other; the plan does not say which order each patch
 * used). */
static int sealing_note_at(const uint8_t *f, size_t size, uint64_t desc)
{
	if (desc < SEALING_NOTE_NAMESZ + NOTE_HEADER_SIZE || desc >= size)
		return 0;
	size_t h = (size_t)desc - SEALING_NOTE_NAMESZ - NOTE_HEADER_SIZE;
	uint32_t descsz = sealing_desc_size(f[desc + SEALING_DESC_VERSION_OFFSET]);
	if (!descsz || descsz > size - desc ||
	    memcmp(f + h + NOTE_HEADER_SIZE, SEALING_NOTE_NAME, SEALING_NOTE_NAMESZ))
		return 0;
	for (int be = 0; be < 2; be++)
		if (get_u32(f + h, be) == SEALING_NOTE_NAMESZ && get_u32(f + h + 4, be) == descsz &&
		    get_u32(f + h + 8, be) == SEALING_NOTE_TYPE)
			return 1;
	return 0;
}

static void check_plan(const struct note_edit *e, const struct note_edit_plan *p,
		       const uint8_t *f, size_t size)
{
	if (p->npatch > SEALCTL_PATCH_MAX || p->r.notes == 0)
		__builtin_trap();
	for (size_t i = 0; i < p->npatch; i++) {
		const struct sealctl_patch *pt = &p->patch[i];
		if (pt->len != e->width || pt->offset > size || pt->len > size - pt->offset ||
		    memcmp(f + pt->offset, pt->old, pt->len) || !memcmp(pt->old, pt->new, pt->len) ||
		    pt->offset < e->offset || !sealing_note_at(f, size, pt->offset - e->offset))
			__builtin_trap();
	}
}

static int in_patch(const struct note_edit_plan *p, size_t at, uint8_t *want)
{
	for (size_t i = 0; i < p->npatch; i++)
		if (at >= p->patch[i].offset && at - p->patch[i].offset < p->patch[i].len) {
			*want = p->patch[i].new[at - p->patch[i].offset];
			return 1;
		}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct note_edit_plan plan, again;
	char err[SEALCTL_ERRLEN];

	if (size < 1)
		return 0;
	if (!dir[0])
		setup();
	unsigned mode = data[0];
	struct note_edit e = mode & 1 ? note_edit_scope(mode & 2 ? SEALING_FLAG_SCOPE_PROCESS : 0)
				      : note_edit_policy((mode >> 1) % 3);
	/* The top bit: the other way of writing, into the file itself. */
	plan.in_place = mode >> 7;
	data++, size--;
	write_file(data, size);

	if (note_edit_plan(path, &e, &plan, err)) {
		one_line(err);
		same_as_input(data, size);
		no_temporaries();
		return 0;
	}
	same_as_input(data, size);
	check_plan(&e, &plan, data, size);
	if (note_edit_apply(path, &plan, err)) {
		one_line(err);
		same_as_input(data, size);
		no_temporaries();
		return 0;
	}
	no_temporaries();
	if (read_file() != size || plan.r.changed != plan.npatch)
		__builtin_trap();
	for (size_t i = 0; i < size; i++) {
		uint8_t want;
		if (in_patch(&plan, i, &want) ? back[i] != want : back[i] != data[i])
			__builtin_trap();
	}
	/* Each field now reads as the edit wants it.  (A crafted note can
	 * lie over headers that the patch then changed, so a plan that no
	 * longer succeeds, or finds other notes, proves nothing here.) */
	if (!note_edit_plan(path, &e, &again, err) && again.r.notes == plan.r.notes &&
	    again.npatch != 0)
		__builtin_trap();
	return 0;
}
