/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The order in which a process's loader lists its objects: its link map,
 * read out of the process's memory.  The runtime tells start-up objects
 * from dlopen'd ones by their place in that list (runtime/rt-startset.c),
 * so sealctl ps reads the same list and feeds the same rule, rather than
 * guessing from LD_PRELOAD and /etc/ld.so.preload, which miss
 * `ld.so --preload`, and from file names, which miss symlinks.
 *
 * The path: AT_PHDR to the executable's program headers, PT_DYNAMIC to
 * its DT_DEBUG, which ld.so (glibc and musl) points at its r_debug, whose
 * r_map heads the list of struct link_map { l_addr, l_name, l_ld, l_next,
 * l_prev }.  Reading /proc/PID/mem needs the right to ptrace the process;
 * without it, ps says so and falls back to the guess.
 */
#define _GNU_SOURCE
#include "ps.h"

#include "fullio.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* More objects than this is a loop, or a process we should not trust. */
#define PS_LINKMAP_MAX 65536

struct mem {
	int fd;
	int elf64;
};

static int peek(const struct mem *m, uint64_t addr, void *buf, size_t len)
{
	return sealctl_pread_full(m->fd, addr, len, buf);
}

/* A pointer-sized word of the process. */
static int peek_word(const struct mem *m, uint64_t addr, uint64_t *v)
{
	if (m->elf64)
		return peek(m, addr, v, 8);
	uint32_t w;
	if (peek(m, addr, &w, 4))
		return -1;
	*v = w;
	return 0;
}

/* The executable's r_debug, or 0 (a static program, or not set up yet). */
static int find_r_debug(const struct ps_process *ps, const struct mem *m, uint64_t *r_debug)
{
	uint64_t phdr, phnum, bias = 0, dyn = 0, dynsz = 0;
	int have_bias = 0;
	size_t phsz = m->elf64 ? sizeof(Elf64_Phdr) : sizeof(Elf32_Phdr);

	*r_debug = 0;
	if (!proc_auxval(&ps->proc, m->elf64, AT_PHDR, &phdr) ||
	    !proc_auxval(&ps->proc, m->elf64, AT_PHNUM, &phnum) || phnum > 0xffff)
		return -1;
	for (uint64_t i = 0; i < phnum; i++) {
		uint64_t type, vaddr, memsz;
		if (m->elf64) {
			Elf64_Phdr ph;
			if (peek(m, phdr + i * phsz, &ph, sizeof(ph)))
				return -1;
			type = ph.p_type, vaddr = ph.p_vaddr, memsz = ph.p_memsz;
		} else {
			Elf32_Phdr ph;
			if (peek(m, phdr + i * phsz, &ph, sizeof(ph)))
				return -1;
			type = ph.p_type, vaddr = ph.p_vaddr, memsz = ph.p_memsz;
		}
		if (type == PT_PHDR) {
			bias = phdr - vaddr;
			have_bias = 1;
		} else if (type == PT_DYNAMIC) {
			dyn = vaddr;
			dynsz = memsz;
		}
	}
	if (!have_bias || !dynsz)
		return 0;
	size_t entsz = m->elf64 ? sizeof(Elf64_Dyn) : sizeof(Elf32_Dyn);
	for (uint64_t off = 0; off + entsz <= dynsz; off += entsz) {
		uint64_t tag, val;
		if (peek_word(m, bias + dyn + off, &tag) ||
		    peek_word(m, bias + dyn + off + entsz / 2, &val))
			return -1;
		if (tag == DT_NULL)
			break;
		if (tag == DT_DEBUG) {
			*r_debug = val;
			break;
		}
	}
	return 0;
}

/*
 * The program's r_debug when the kernel ran the interpreter itself
 * ("ld.so ./prog"): AT_PHDR is then ld.so's, which has no DT_DEBUG, and
 * ld.so fills in the program's.  Any mapped object with a DT_DEBUG
 * entry set is the one.
 */
static int find_r_debug_in_objects(const struct ps_process *ps, const struct mem *m,
				   uint64_t *r_debug)
{
	size_t entsz = m->elf64 ? sizeof(Elf64_Dyn) : sizeof(Elf32_Dyn);
	uint64_t page = 4096;

	for (size_t i = 0; i < ps->nobj; i++) {
		const struct ps_object *o = &ps->obj[i];
		const struct sealctl_segment *d = sealctl_segment(&o->file, PT_DYNAMIC);
		const struct sealctl_segment *load = sealctl_segment(&o->file, PT_LOAD);
		if (o->vdso || !o->read || !d || !d->vaddr || o->file.elf64 != m->elf64)
			continue;
		uint64_t dyn = o->lo - ((load ? load->vaddr : 0) & ~(page - 1)) + d->vaddr;
		for (uint64_t off = 0; off < 4096 * entsz; off += entsz) {
			uint64_t tag, val;
			if (peek_word(m, dyn + off, &tag) || tag == DT_NULL ||
			    peek_word(m, dyn + off + entsz / 2, &val))
				break;
			if (tag == DT_DEBUG && val) {
				*r_debug = val;
				return 0;
			}
		}
	}
	return 0;
}

static char *peek_string(const struct mem *m, uint64_t addr)
{
	char buf[PATH_MAX];
	size_t n = 0;

	/* Up to each page's end at a time: a string may end just before an
	 * unmapped page, which a longer read would fail on. */
	while (n < sizeof(buf) - 1) {
		size_t chunk = 4096 - (size_t)((addr + n) % 4096);
		if (chunk > sizeof(buf) - 1 - n)
			chunk = sizeof(buf) - 1 - n;
		ssize_t r = pread(m->fd, buf + n, chunk, (off_t)(addr + n));
		if (r <= 0)
			return NULL;
		char *end = memchr(buf + n, 0, (size_t)r);
		if (end)
			return strdup(buf);
		n += (size_t)r;
	}
	buf[n] = 0;
	return strdup(buf);
}

static void free_links(struct ps_process *ps)
{
	for (size_t i = 0; i < ps->nlinks; i++)
		free(ps->links[i].name);
	free(ps->links);
	ps->links = NULL;
	ps->nlinks = 0;
}

int ps_read_link_map(struct ps_process *ps, int elf64)
{
	struct mem m = { -1, elf64 };
	uint64_t r_debug, l;
	size_t w = elf64 ? 8 : 4, cap = 0;

	ps->link_map_errno = 0;
	m.fd = proc_openat(&ps->proc, "mem");
	if (m.fd < 0 || find_r_debug(ps, &m, &r_debug)) {
		ps->link_map_errno = errno ? errno : EIO;
		goto fail;
	}
	if (!r_debug)
		find_r_debug_in_objects(ps, &m, &r_debug);
	if (!r_debug) {
		ps->link_map_errno = ENOENT; /* statically linked: no list */
		goto fail;
	}
	/* r_debug: int r_version, then the list head, pointer-aligned. */
	if (peek_word(&m, r_debug + w, &l)) {
		ps->link_map_errno = errno ? errno : EIO;
		goto fail;
	}
	for (size_t n = 0; l; n++) {
		uint64_t addr, name, ld, next;
		if (n == PS_LINKMAP_MAX || peek_word(&m, l, &addr) ||
		    peek_word(&m, l + w, &name) || peek_word(&m, l + 2 * w, &ld) ||
		    peek_word(&m, l + 3 * w, &next)) {
			ps->link_map_errno = n == PS_LINKMAP_MAX ? ELOOP : errno ? errno : EIO;
			goto fail;
		}
		if (ps->nlinks == cap) {
			size_t grown = cap ? 2 * cap : 32;
			struct ps_link *more = realloc(ps->links, grown * sizeof(*more));
			if (!more) {
				ps->link_map_errno = ENOMEM;
				goto fail;
			}
			ps->links = more;
			cap = grown;
		}
		struct ps_link *k = &ps->links[ps->nlinks++];
		k->addr = addr;
		k->ld = ld;
		k->name = name ? peek_string(&m, name) : strdup("");
		if (!k->name) {
			ps->nlinks--;
			ps->link_map_errno = errno ? errno : EIO;
			goto fail;
		}
		l = next;
	}
	close(m.fd);
	return 0;
fail:
	if (m.fd >= 0)
		close(m.fd);
	free_links(ps);
	return -1;
}

void ps_free_link_map(struct ps_process *ps)
{
	free_links(ps);
}
