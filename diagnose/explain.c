/* SPDX-License-Identifier: MIT */
/*
 * From an EPERM to one line: is a mapping in the range sealed (VmFlags
 * "sl" in /proc/self/smaps), which object is it, and how to leave that
 * object open.  Raw system calls and a buffer on the stack only, so it
 * may run in a signal handler; the one exception is a sealed mapping
 * without a file of its own (RELRO, which sealing made anonymous or a
 * view of the process pass's memfd), whose object only the loader
 * knows: dl_iterate_phdr takes its lock.  EACCES too: mprotect asked
 * to make such a view writable answers it before the seal is looked at.
 *
 * An EPERM with no sealed mapping in the range (a memfd's F_SEAL_WRITE,
 * a noexec mount, an LSM) gets no line: it is not sealing's doing.
 */
#define _GNU_SOURCE 1
#include "diagnose.h"

#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stddef.h>
#include <sys/syscall.h>

#include "rt-arch.h"
#include "sealing/note.h"

struct line {
	char buf[1536];
	size_t n;
};

static void put(struct line *l, const char *s)
{
	while (s && *s && l->n < sizeof(l->buf) - 1)
		l->buf[l->n++] = *s++;
}

static void put_num(struct line *l, uintptr_t v, unsigned base)
{
	char d[24];
	int i = 0;

	if (base == 16)
		put(l, "0x");
	do
		d[i++] = "0123456789abcdef"[v % base];
	while ((v /= base) && i < (int)sizeof(d));
	while (i > 0 && l->n < sizeof(l->buf) - 1)
		l->buf[l->n++] = d[--i];
}

/* The sealed mapping found, with the path smaps gives it ("" if none). */
struct sealed_map {
	uintptr_t lo, hi;
	char path[1024];
};

static uintptr_t hex(const char **s)
{
	uintptr_t v = 0;
	for (;; (*s)++) {
		char c = **s;
		if (c >= '0' && c <= '9')
			v = v * 16 + (uintptr_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v = v * 16 + (uintptr_t)(c - 'a' + 10);
		else
			return v;
	}
}

static int starts(const char *s, const char *prefix)
{
	while (*prefix && *s == *prefix)
		s++, prefix++;
	return !*prefix;
}

/* "lo-hi perms offset dev inode   path": the range and the path. */
static int header(const char *s, struct sealed_map *m)
{
	const char *p = s;
	uintptr_t lo = hex(&p);
	if (p == s || *p != '-')
		return 0;
	p++;
	m->lo = lo;
	m->hi = hex(&p);
	for (int field = 0; field < 4; field++) {
		while (*p == ' ')
			p++;
		while (*p && *p != ' ')
			p++;
	}
	while (*p == ' ')
		p++;
	size_t n = 0;
	while (p[n] && n < sizeof(m->path) - 1) {
		m->path[n] = p[n];
		n++;
	}
	m->path[n] = 0;
	return 1;
}

static int has_sl(const char *s)
{
	for (s += sizeof("VmFlags:") - 1; *s; s++)
		if (s[0] == 's' && s[1] == 'l' && s[-1] == ' ' && (!s[2] || s[2] == ' '))
			return 1;
	return 0;
}

/* Reads smaps line by line; 1 with *m filled at the first sealed mapping
 * that overlaps [lo, hi). */
static int find_sealed(uintptr_t lo, uintptr_t hi, struct sealed_map *m)
{
	char buf[4096], text[1200];
	size_t used = 0;
	int overlaps = 0, found = 0;
	long fd = rt_syscall6(SYS_openat, AT_FDCWD, (long)"/proc/self/smaps", O_RDONLY | O_CLOEXEC,
			      0, 0, 0);

	if (fd < 0)
		return 0;
	for (;;) {
		long got = rt_syscall6(SYS_read, fd, (long)buf, sizeof(buf), 0, 0, 0);
		if (got <= 0)
			break;
		for (long i = 0; i < got && !found; i++) {
			if (buf[i] != '\n') {
				if (used < sizeof(text) - 1)
					text[used++] = buf[i];
				continue;
			}
			text[used] = 0;
			used = 0;
			if (starts(text, "VmFlags:"))
				found = overlaps && has_sl(text);
			else if (header(text, m))
				overlaps = m->lo < hi && lo < m->hi;
		}
		if (found)
			break;
	}
	rt_syscall6(SYS_close, fd, 0, 0, 0, 0, 0);
	return found;
}

struct owner {
	uintptr_t lo, hi; /* the mapping, whole pages */
	const char *name;
	int found;
};

static int owner_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	struct owner *o = data;
	(void)size;
	for (unsigned i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t start = info->dlpi_addr + ph->p_vaddr;
		/* A segment need not start on a page (RELRO seldom does). */
		if (ph->p_type == PT_LOAD && start < o->hi && o->lo < start + ph->p_memsz) {
			o->name = info->dlpi_name;
			o->found = 1;
			return 1;
		}
	}
	return 0;
}

/* The object a mapping without a file name belongs to, into m->path. */
static void name_anonymous(struct sealed_map *m)
{
	struct owner o = { m->lo, m->hi, 0, 0 };
	size_t n = 0;

	dl_iterate_phdr(owner_cb, &o);
	if (!o.found)
		return;
	if (!o.name || !*o.name) {
		/* The executable: the loader gives it no name. */
		long len = rt_syscall6(SYS_readlinkat, AT_FDCWD, (long)"/proc/self/exe",
				       (long)m->path, sizeof(m->path) - 1, 0, 0);
		m->path[len > 0 ? len : 0] = 0;
		return;
	}
	while (o.name[n] && n < sizeof(m->path) - 1) {
		m->path[n] = o.name[n];
		n++;
	}
	m->path[n] = 0;
}

static const char *base_name(const char *path)
{
	const char *base = path;
	for (; *path; path++)
		if (*path == '/')
			base = path + 1;
	return base;
}

/* "…, part of OBJECT; to leave it open: …", and the newline. */
static void put_object(struct line *l, struct sealed_map *m)
{
	/* RELRO the process pass mapped from its memfd is named after the
	 * memfd, not the object (runtime/rt-relro.c). */
	if (!m->path[0] || starts(m->path, "/memfd:" SEALING_RELRO_MEMFD_NAME " "))
		name_anonymous(m);
	if (m->path[0] != '/') {
		put(l, m->path[0] ? ", " : ", an anonymous mapping");
		put(l, m->path);
		put(l, "; sealing covers only loaded objects, so something else sealed it\n");
	} else {
		const char *base = base_name(m->path);
		put(l, ", part of ");
		put(l, m->path);
		put(l, "; to leave it open: if it has no sealing note, SEALING_EXEMPT=");
		put(l, base);
		put(l, " (under the loader module also the line \"PROGRAM ");
		put(l, base);
		put(l, "\" in /etc/sealing/exempt); if it has one, sealctl set-policy 0 ");
		put(l, m->path);
		put(l, " (sealctl status tells which; see docs/troubleshooting.md)\n");
	}
	if (l->n && l->buf[l->n - 1] != '\n')
		l->buf[l->n++] = '\n';
}

static void put_range(struct line *l, const struct sealed_map *m)
{
	put_num(l, m->lo, 16);
	put(l, "-");
	put_num(l, m->hi, 16);
	put(l, " is sealed (mseal)");
}

void diag_explain(const char *call, uintptr_t lo, uintptr_t len, int err)
{
	struct sealed_map m;
	struct line l = { .n = 0 };

	if (!find_sealed(lo, lo + (len ? len : 1), &m))
		return;
	put(&l, "sealing: ");
	put(&l, call);
	put(&l, "(");
	put_num(&l, lo, 16);
	put(&l, ", ");
	put_num(&l, len, 10);
	put(&l, err == EACCES ? ") failed with EACCES: " : ") failed with EPERM: ");
	put_range(&l, &m);
	put_object(&l, &m);
	rt_syscall6(SYS_write, 2, (long)l.buf, (long)l.n, 0, 0, 0);
}

void diag_explain_fault(uintptr_t addr)
{
	struct sealed_map m;
	struct line l = { .n = 0 };

	if (!find_sealed(addr, addr + 1, &m))
		return;
	put(&l, "sealing: SIGSEGV at ");
	put_num(&l, addr, 16);
	put(&l, ", an access its protection forbids, which sealing keeps from changing (was an mprotect of it refused?): ");
	put_range(&l, &m);
	put_object(&l, &m);
	rt_syscall6(SYS_write, 2, (long)l.buf, (long)l.n, 0, 0, 0);
}
