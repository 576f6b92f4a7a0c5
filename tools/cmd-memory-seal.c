/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "byteorder.h"
#include "checker.h"
#include "commands.h"
#include "diag.h"
#include "fullio.h"
#include "note-read.h"
#include "object.h"
#include "rewrite.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
	"usage: sealctl set-memory-seal on|off FILE...\n"
	"\n"
	"Add or remove GNU_PROPERTY_MEMORY_SEAL (generic GNU property 3, what\n"
	"'ld -z memory-seal' sets) in the NT_GNU_PROPERTY_TYPE_0 note of each FILE,\n"
	"in place and crash-safe like set-policy.  An allocated note cannot grow\n"
	"after the link, so the note keeps its size:\n"
	"\n"
	"  off  replaces the property by a placeholder entry (type 0, no data)\n"
	"       at the front of the property array, which readers ignore.\n"
	"  on   turns such a placeholder back into the property, or else grows\n"
	"       the note into at least 8 zero bytes that follow it inside its\n"
	"       section; a file with neither is refused (relink it with\n"
	"       'ld -z memory-seal', binutils 2.44 or later).\n"
	"\n"
	"Files that already have the requested state are left untouched; files\n"
	"without a GNU property note, with a malformed one, with several hard\n"
	"links, or in archives are refused and left byte-for-byte unchanged.\n"
	"\n"
	"  --help   this text\n"
	"\n"
	"Exit status: 0 if every FILE has the requested state, 1 otherwise, 2 on usage errors.\n";

/* A property entry with no data is its header alone: type and size 0,
 * 8 bytes, already padded in both classes. */
#define ENTRY GNU_PROPERTY_HEADER_SIZE

struct memory_seal {
	int on;
	/* The file at hand: its first object, and whether it is alone. */
	int count, in_archive;
	struct sealctl_object o;
	int have_before;
	struct stat before;
};

#define PLACEHOLDER 0u /* pr_type 0: undefined, sorts first, ignored */

/* Removes the ENTRY bytes at `at` from desc[0..len). */
static void cut(uint8_t *desc, size_t len, size_t at)
{
	memmove(desc + at, desc + at + ENTRY, len - at - ENTRY);
}

/* Opens ENTRY bytes at `at` in desc[0..len) (len excludes them) and
 * writes a data-less entry of `type` there. */
static void put(uint8_t *desc, size_t len, size_t at, uint32_t type, int be)
{
	memmove(desc + at + ENTRY, desc + at, len - at);
	put_u32(desc + at, type, be);
	put_u32(desc + at + 4, 0, be);
}

/*
 * Builds the patch that turns the note at o->prop.offset into its on/off
 * form; returns 0, 1 when nothing is to be done, -1 with err.
 *
 * The note keeps its size whenever it can: "off" swaps the property for
 * a placeholder entry (type 0, no data) at the front of the array, which
 * every reader skips as an unknown type, and "on" swaps the placeholder
 * back.  Only without a placeholder does "on" grow the note into zero
 * bytes that follow it inside its section.
 */
static int plan(int fd, const struct sealctl_object *o, int on, struct sealctl_patch *pt,
		char *err)
{
	const struct sealctl_gnu_property *pr = &o->prop;
	size_t desc_off = GNU_NOTE_DESC_OFFSET;
	size_t old_len = desc_off + pr->descsz;
	int be = o->big_endian;

	if (!pr->present) {
		sealctl_seterr(err, "no GNU property note (.note.gnu.property) to hold the property");
		return -1;
	}
	if (pr->malformed) {
		sealctl_seterr(err, "malformed GNU property note");
		return -1;
	}
	if (!!pr->memory_seal == on)
		return 1;
	if (pr->notes > 1) {
		sealctl_seterr(err, "%d GNU property notes (an old linker did not merge them); relink instead",
			       pr->notes);
		return -1;
	}
	if (!o->patchable) {
		sealctl_seterr(err, "GNU property note is in a compressed section");
		return -1;
	}
	if (old_len + ENTRY > sizeof(pt->old)) {
		sealctl_seterr(err, "GNU property note too large to rewrite (%zu bytes)", old_len);
		return -1;
	}
	if (sealctl_pread_full(fd, pr->offset, old_len, pt->old)) {
		sealctl_seterr(err, "cannot read the GNU property note: %s", strerror(errno));
		return -1;
	}
	const uint8_t *desc = pt->old + desc_off;
	uint32_t descsz = pr->descsz;
	size_t seal_at, seal_len, ph_at, ph_len;
	int have_seal = gnu_property_find(desc, descsz, be, o->elf64,
					  GNU_PROPERTY_MEMORY_SEAL, &seal_at, &seal_len);
	int have_ph = gnu_property_find(desc, descsz, be, o->elf64, PLACEHOLDER, &ph_at,
					&ph_len);
	if (have_seal != !!pr->memory_seal || have_ph < 0) {
		sealctl_seterr(err, "file changed while being examined");
		return -1;
	}
	memcpy(pt->new, pt->old, old_len);
	uint8_t *nd = pt->new + desc_off;
	pt->offset = pr->offset;
	pt->len = old_len;
	if (!on) {
		if (seal_len != ENTRY) {
			sealctl_seterr(err, "GNU_PROPERTY_MEMORY_SEAL carries data; not removing it");
			return -1;
		}
		cut(nd, descsz, seal_at);
		put(nd, descsz - ENTRY, 0, PLACEHOLDER, be);
		return 0;
	}
	if (have_ph && ph_len == ENTRY) {
		cut(nd, descsz, ph_at);
		gnu_property_find(nd, descsz - ENTRY, be, o->elf64,
				  GNU_PROPERTY_MEMORY_SEAL, &seal_at, &seal_len);
		put(nd, descsz - ENTRY, seal_at, GNU_PROPERTY_MEMORY_SEAL, be);
		return 0;
	}
	if (pr->room < ENTRY) {
		sealctl_seterr(err, "no room for GNU_PROPERTY_MEMORY_SEAL: no placeholder entry and %llu spare bytes after the note (relink with 'ld -z memory-seal', binutils 2.44 or later)",
			       (unsigned long long)pr->room);
		return -1;
	}
	/* Grow into the zero bytes after the note. */
	if (sealctl_pread_full(fd, pr->offset + old_len, ENTRY, pt->old + old_len)) {
		sealctl_seterr(err, "cannot read the GNU property note: %s", strerror(errno));
		return -1;
	}
	put(nd, descsz, seal_at, GNU_PROPERTY_MEMORY_SEAL, be);
	put_u32(pt->new + offsetof(Elf32_Nhdr, n_descsz), descsz + ENTRY, be);
	pt->len = old_len + ENTRY;
	return 0;
}

static int leading(void *ctx, int argc, char **argv, int *i)
{
	struct memory_seal *m = ctx;

	if (*i == argc || (strcmp(argv[*i], "on") && strcmp(argv[*i], "off"))) {
		sealctl_usage_error("set-memory-seal", "expected 'on' or 'off'");
		return SEALCTL_EXIT_USAGE;
	}
	m->on = !strcmp(argv[(*i)++], "on");
	return -1;
}

static void file_begin(void *ctx, const char *path)
{
	struct memory_seal *m = ctx;
	m->count = m->in_archive = 0;
	m->have_before = !stat(path, &m->before);
}

static int grab(void *ctx, struct sealctl_object *o)
{
	struct memory_seal *m = ctx;
	if (o->member)
		m->in_archive = 1;
	if (m->count++ == 0)
		sealctl_object_move(&m->o, o);
	return 0;
}

/* Plans the patch of the file's one object: 0, 1 nothing to do, -1 err. */
static int plan_file(struct memory_seal *m, const struct sealctl_file *f,
		     struct sealctl_patch *pt, char *err)
{
	if (f->result != SEALCTL_FILE_READ) {
		sealctl_seterr(err, "%s", f->why);
		return -1;
	}
	if (m->in_archive || m->count != 1) {
		sealctl_seterr(err, "archives are not supported by set-memory-seal");
		return -1;
	}
	int fd = open(f->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		sealctl_seterr(err, "%s", strerror(errno));
		return -1;
	}
	int r = plan(fd, &m->o, m->on, pt, err);
	close(fd);
	return r;
}

static int file_end(void *ctx, const struct sealctl_file *f)
{
	struct memory_seal *m = ctx;
	const char *now = m->on ? "on" : "off";
	struct sealctl_patch pt;
	char err[SEALCTL_ERRLEN];

	int r = plan_file(m, f, &pt, err);
	sealctl_object_free(&m->o);
	if (r < 0) {
		sealctl_error(f->path, "%s; file left unchanged", err);
		return 1;
	}
	if (r == 1) {
		printf("%s: memory-seal already %s\n", f->path, now);
		return 0;
	}
	if (sealctl_rewrite(f->path, &pt, 1, m->have_before ? &m->before : NULL, err)) {
		sealctl_error(f->path, "%s", err);
		return 1;
	}
	printf("%s: memory-seal %s -> %s\n", f->path, m->on ? "off" : "on", now);
	return 0;
}

static const struct sealctl_checker checker = {
	.command = { .name = "set-memory-seal", .usage = usage },
	.operands = SEALCTL_FILES,
	.operand = "FILE",
	.leading = leading,
	.file_begin = file_begin,
	.object = grab,
	.file_end = file_end,
};

int cmd_set_memory_seal(int argc, char **argv)
{
	struct memory_seal m = { 0 };
	return sealctl_run(&checker, &m, argc, argv);
}
