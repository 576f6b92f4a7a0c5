/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A process's ELF objects: its mappings grouped by backing file, each
 * file's notes and dynamic segment, which of them the kernel sealed, and
 * which were loaded at start-up.
 */
#define _GNU_SOURCE
#include "ps.h"

#include "diag.h"
#include "fullio.h"
#include "scan.h"
#include "span.h"
#include "rt-startset.h"

#include <sealing/note.h>

#include <elf.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define DELETED " (deleted)"

/* How /proc/PID/maps names a view of the sealed memfd that holds the RELRO
 * the process pass replaced (runtime/rt-relro.c): a part of the object
 * whose span holds it, never an object of its own.  Taken for one, it
 * would be reported, unreadable to a user without CAP_SYS_ADMIN (its
 * map_files/ entry), and its range, running from the first object's RELRO
 * to the last one's, would claim the other objects' link map entries. */
#define RELRO_VIEW "/memfd:" SEALING_RELRO_MEMFD_NAME DELETED

static int is_relro_view(const struct smaps_vma *m)
{
	return !strcmp(m->path, RELRO_VIEW);
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

static int same_file(const struct ps_object *o, const struct stat *st)
{
	return major(st->st_dev) == o->major && minor(st->st_dev) == o->minor &&
	       (uint64_t)st->st_ino == o->inode;
}

static struct ps_object *object_for(struct ps_process *ps, const struct smaps_vma *m)
{
	for (size_t i = 0; i < ps->nobj; i++) {
		struct ps_object *o = &ps->obj[i];
		if (!o->vdso && o->inode == m->inode && o->major == m->major &&
		    o->minor == m->minor)
			return o;
	}
	return NULL;
}

/* One object per backing file (and the vdso), in address order. */
static int group(struct ps_process *ps)
{
	ps->obj = calloc(ps->proc.maps.n, sizeof(*ps->obj));
	if (!ps->obj)
		return -1;
	for (size_t i = 0; i < ps->proc.maps.n; i++) {
		const struct smaps_vma *m = &ps->proc.maps.vma[i];
		int vdso = !strcmp(m->path, "[vdso]");
		if (!vdso && (!m->inode || m->path[0] != '/' || is_relro_view(m)))
			continue;
		struct ps_object *o = vdso ? NULL : object_for(ps, m);
		if (o) {
			o->hi = m->hi > o->hi ? m->hi : o->hi;
			continue;
		}
		o = &ps->obj[ps->nobj++];
		*o = (struct ps_object){ .path = m->path, .major = m->major, .minor = m->minor,
					 .inode = m->inode, .lo = m->lo, .hi = m->hi,
					 .map_lo = m->lo, .map_hi = m->hi, .vdso = vdso };
	}
	return 0;
}

static int keep_first(struct sealctl_object *so, void *arg)
{
	struct ps_object *o = arg;
	sealctl_object_move(&o->file, so);
	o->file.path = o->path;
	return 1;
}

/* Opens the mapped file: the mapping itself first (exact even when the
 * file was replaced or deleted), else the path in the process's root. */
static int open_mapped(struct ps_process *ps, struct ps_object *o)
{
	char rel[PATH_MAX + 16];
	struct stat st;

	snprintf(rel, sizeof(rel), "map_files/%" PRIx64 "-%" PRIx64, o->map_lo, o->map_hi);
	int fd = proc_openat(&ps->proc, rel);
	if (fd >= 0)
		return fd;
	int e = errno;
	size_t len = strlen(o->path);
	if (len > strlen(DELETED) && !strcmp(o->path + len - strlen(DELETED), DELETED)) {
		sealctl_seterr(o->why, "deleted, and its /proc/%d/map_files entry cannot be opened: %s",
			       ps->proc.pid, strerror(e));
		return -1;
	}
	snprintf(rel, sizeof(rel), "root%s", o->path);
	fd = proc_openat(&ps->proc, rel);
	if (fd < 0) {
		sealctl_seterr(o->why, "cannot open it: %s", strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) || !same_file(o, &st)) {
		close(fd);
		sealctl_seterr(o->why, "the file now at this path is not the mapped one");
		return -1;
	}
	return fd;
}

/* Returns 0 read (or o->why says why not), 1 not an ELF file. */
static int read_file(struct ps_process *ps, struct ps_object *o)
{
	char err[SEALCTL_ERRLEN], fdpath[64];
	unsigned char magic[SELFMAG];

	int fd = open_mapped(ps, o);
	if (fd < 0)
		return 0;
	if (sealctl_pread_full(fd, 0, sizeof(magic), magic) || memcmp(magic, ELFMAG, SELFMAG)) {
		close(fd);
		return 1; /* a mapped data file (locale archive, cache...) */
	}
	/* The same open file, by a name sealctl_scan can open again. */
	snprintf(fdpath, sizeof(fdpath), "/proc/self/fd/%d", fd);
	if (sealctl_scan(fdpath, keep_first, o, NULL, err) != SEALCTL_SCAN_OK)
		sealctl_seterr(o->why, "%s", err);
	else if (o->file.dyn.error)
		sealctl_seterr(o->why, "%s", o->file.dyn.error);
	else
		o->read = 1;
	close(fd);
	return 0;
}

/*
 * The mappings that make up an object's image: its own, and the
 * anonymous ones inside the span the runtime seals (its RELRO copy and
 * .bss), or its RELRO's view of the memfd, less its SEALING_MUTABLE
 * pages, which stay open on purpose.
 */
static void count_mappings(struct ps_process *ps, struct ps_object *o, uint64_t page)
{
	uint64_t lo = 0, hi = 0, mlo = 0, mhi = 0;

	if (o->read && o->file.linked) {
		struct sealctl_object f = o->file;
		sealctl_seal_ranges(&f, page);
		uint64_t first = f.load.lo & ~(page - 1);
		uint64_t bias = o->lo - first;
		lo = o->lo;
		hi = bias + ((f.load.hi + page - 1) & ~(page - 1));
		if (f.has_mutable)
			mlo = bias + f.mutable_pages.lo, mhi = bias + f.mutable_pages.hi;
	}
	for (size_t i = 0; i < ps->proc.maps.n; i++) {
		const struct smaps_vma *m = &ps->proc.maps.vma[i];
		int own = o->vdso ? !strcmp(m->path, "[vdso]") && m->lo == o->lo
				  : m->inode == o->inode && m->major == o->major &&
					    m->minor == o->minor && m->path[0] == '/';
		int inside = ((!m->inode && !m->path[0]) || is_relro_view(m)) && m->lo >= lo &&
			     m->hi <= hi;
		if (!own && !inside)
			continue;
		if (m->lo >= mlo && m->hi <= mhi && mhi > mlo)
			continue;
		o->nmaps++;
		o->nsealed += m->sealed != 0;
	}
}

int ps_names(const struct ps_process *ps, const struct ps_object *o, const char *name,
	     int by_soname)
{
	char rel[PATH_MAX + 8];
	struct stat st;

	if (!name[0] || o->vdso)
		return 0;
	if (!strchr(name, '/'))
		return !strcmp(name, base_name(o->path)) ||
		       (by_soname && o->file.dyn.soname && !strcmp(name, o->file.dyn.soname));
	if (!strcmp(name, o->path))
		return 1;
	/* Another spelling of the same file (/lib vs /usr/lib): ask the
	 * process's own root. */
	snprintf(rel, sizeof(rel), "root%s%s", name[0] == '/' ? "" : "/", name);
	return !fstatat(ps->proc.dir, rel, &st, 0) && same_file(o, &st);
}

static struct ps_object *ps_find(struct ps_process *ps, const char *name, int by_soname)
{
	for (size_t i = 0; i < ps->nobj; i++)
		if (ps_names(ps, &ps->obj[i], name, by_soname))
			return &ps->obj[i];
	return NULL;
}

/* Marks o as loaded at start-up and queues it for its DT_NEEDED. */
static void startup(struct ps_process *ps, struct ps_object *o, size_t *queue, size_t *n)
{
	if (!o || o->origin == RT_ORIGIN_STARTUP)
		return;
	o->origin = RT_ORIGIN_STARTUP;
	queue[(*n)++] = (size_t)(o - ps->obj);
}

/* LD_PRELOAD and /etc/ld.so.preload: names separated by spaces or colons. */
static void preloads(struct ps_process *ps, const char *list, size_t *queue, size_t *n)
{
	char *copy = strdup(list), *save = NULL;
	for (char *t = copy ? strtok_r(copy, " :\t\n", &save) : NULL; t;
	     t = strtok_r(NULL, " :\t\n", &save))
		startup(ps, ps_find(ps, t, 1), queue, n);
	free(copy);
}

/*
 * Without the link map, a guess: the executable, the interpreter, the
 * vdso, the preloads named in the environment and /etc/ld.so.preload,
 * then the breadth-first DT_NEEDED closure of those, each name matched
 * against the mapped objects; anything else dlopen'd.  It cannot see
 * `ld.so --preload`.
 */
static void guess_startup(struct ps_process *ps)
{
	size_t *queue = calloc(ps->nobj + 1, sizeof(*queue)), n = 0;
	uint64_t base;
	char *list;
	size_t len;

	for (size_t i = 0; i < ps->nobj; i++)
		ps->obj[i].origin = RT_ORIGIN_DLOPEN;
	if (!queue)
		return;
	startup(ps, ps->exe, queue, &n);
	for (size_t i = 0; i < ps->nobj; i++)
		if (ps->obj[i].vdso)
			startup(ps, &ps->obj[i], queue, &n);
	int elf64 = ps->exe ? ps->exe->file.elf64 : (int)(sizeof(long) == 8);
	if (proc_auxval(&ps->proc, elf64, AT_BASE, &base) && base)
		for (size_t i = 0; i < ps->nobj; i++)
			if (ps->obj[i].lo == base) {
				ps->obj[i].interp = 1;
				startup(ps, &ps->obj[i], queue, &n);
			}
	if (ps->env_preload)
		preloads(ps, ps->env_preload, queue, &n);
	int fd = proc_openat(&ps->proc, "root/etc/ld.so.preload");
	if (fd >= 0 && !sealctl_read_all(fd, 1u << 20, &list, &len)) {
		preloads(ps, list, queue, &n);
		free(list);
	}
	if (fd >= 0)
		close(fd);
	for (size_t q = 0; q < n; q++) {
		const struct ps_object *o = &ps->obj[queue[q]];
		for (size_t k = 0; k < o->file.dyn.nneeded; k++)
			startup(ps, ps_find(ps, o->file.dyn.needed[k], 1), queue, &n);
	}
	free(queue);
}

/* The object whose own mappings hold addr (a link map entry's l_ld). */
static struct ps_object *object_holding(struct ps_process *ps, uint64_t addr)
{
	for (size_t i = 0; i < ps->nobj; i++)
		if (addr >= ps->obj[i].lo && addr < ps->obj[i].hi)
			return &ps->obj[i];
	return NULL;
}

/*
 * The object a link-map entry stands for.  Its l_ld lies in one of the
 * object's file mappings, except where the loader made RELRO anonymous
 * (glibc/'s loader does, from the start) and PT_DYNAMIC went with it past
 * the object's last file mapping: then the object is the one whose first
 * PT_LOAD, at l_addr, begins its mappings and whose PT_DYNAMIC is at l_ld.
 */
static struct ps_object *object_of_link(struct ps_process *ps, const struct ps_link *k)
{
	struct ps_object *o = object_holding(ps, k->ld);
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);

	for (size_t i = 0; !o && i < ps->nobj; i++) {
		struct ps_object *c = &ps->obj[i];
		const struct sealctl_segment *dyn = c->read ? sealctl_segment(&c->file, PT_DYNAMIC) : NULL;
		const struct sealctl_segment *load = c->read ? sealctl_segment(&c->file, PT_LOAD) : NULL;
		if (dyn && load && k->addr + dyn->vaddr == k->ld &&
		    ((k->addr + load->vaddr) & ~(page - 1)) == (c->lo & ~(page - 1)))
			o = c;
	}
	return o;
}

/*
 * With the link map: the runtime's own rule (runtime/rt-startset.c), fed
 * the same names in the same order, with the same table size as the
 * executable's process pass.  Objects mapped but not in the list (another
 * namespace, a load in progress) cannot be placed.
 */
static int place_by_link_map(struct ps_process *ps)
{
	enum { CAP = 2048 }; /* runtime/rt.h: struct rt_sweep's tab */
	uint32_t *tab = calloc(CAP, sizeof(*tab));
	size_t *index = calloc(ps->nobj + 1, sizeof(*index));
	struct rt_startset set;

	if (!tab || !index) {
		free(tab);
		free(index);
		return -1;
	}
	rt_startset_init(&set, tab, CAP);
	for (size_t i = 0; i < ps->nlinks; i++) {
		const struct ps_link *k = &ps->links[i];
		struct ps_object *o = object_of_link(ps, k);
		if (i == 0 && (!o || o != ps->exe)) {
			rt_startset_lost(&set);
		} else if (o && !o->vdso) {
			rt_startset_name(&set, k->name, 0);
			if (o->read && o->file.dyn.soname)
				rt_startset_name(&set, o->file.dyn.soname, 0);
			for (size_t n = 0; o->read && n < o->file.dyn.nneeded; n++)
				rt_startset_name(&set, o->file.dyn.needed[n], 1);
			if (!o->read)
				rt_startset_lost(&set); /* its needs are unknown */
		} else if (!o) {
			rt_startset_lost(&set);
		}
		rt_startset_next(&set);
		if (o && !o->link_name) {
			o->link_name = k->name;
			o->link_addr = k->addr;
			o->have_link_addr = 1;
			index[o - ps->obj] = i + 1;
		}
	}
	for (size_t i = 0; i < ps->nobj; i++)
		ps->obj[i].origin = index[i] ? rt_startset_origin(&set, (unsigned)(index[i] - 1))
					     : RT_ORIGIN_UNKNOWN;
	free(tab);
	free(index);
	return 0;
}

static void find_exe(struct ps_process *ps)
{
	char exe[PATH_MAX];
	uint64_t phdr;

	ssize_t r = readlinkat(ps->proc.dir, "exe", exe, sizeof(exe) - 1);
	if (r > 0) {
		exe[r] = 0;
		for (size_t i = 0; i < ps->nobj && !ps->exe; i++)
			if (!strcmp(ps->obj[i].path, exe))
				ps->exe = &ps->obj[i];
	}
	/* The program headers the kernel handed over are the executable's. */
	int elf64 = ps->exe ? ps->exe->file.elf64 : (int)(sizeof(long) == 8);
	if (proc_auxval(&ps->proc, elf64, AT_PHDR, &phdr))
		for (size_t i = 0; i < ps->proc.maps.n; i++) {
			const struct smaps_vma *m = &ps->proc.maps.vma[i];
			if (phdr >= m->lo && phdr < m->hi && m->inode) {
				struct ps_object *o = object_for(ps, m);
				ps->exe = o ? o : ps->exe;
			}
		}
	if (ps->exe)
		ps->exe->exe = 1;
}

int ps_load(struct ps_process *ps, int pid, char *err)
{
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE), secure;

	memset(ps, 0, sizeof(*ps));
	if (proc_open(&ps->proc, pid, err))
		return -1;
	if (group(ps)) {
		sealctl_seterr(err, "out of memory");
		return -1;
	}
	/* Drop what is not ELF; read the rest. */
	size_t kept = 0;
	for (size_t i = 0; i < ps->nobj; i++) {
		struct ps_object *o = &ps->obj[i];
		if (!o->vdso && read_file(ps, o) == 1)
			continue;
		ps->obj[kept++] = *o;
	}
	ps->nobj = kept;
	for (size_t i = 0; i < ps->nobj; i++) {
		count_mappings(ps, &ps->obj[i], page);
		const char *b = base_name(ps->obj[i].path);
		if (!strcmp(b, PS_LOADER_MODULE) ||
		    (ps->obj[i].file.dyn.soname && !strcmp(ps->obj[i].file.dyn.soname, PS_LOADER_MODULE)))
			ps->loader = 1;
	}
	ps->env_known = ps->proc.environ != NULL;
	ps->env_policy = proc_getenv(&ps->proc, "SEALING_POLICY");
	ps->env_exempt = proc_getenv(&ps->proc, "SEALING_EXEMPT");
	ps->env_preload = proc_getenv(&ps->proc, "LD_PRELOAD");
	const char *vdso = proc_getenv(&ps->proc, "SEALING_VDSO");
	ps->env_seal_vdso = vdso && !strcmp(vdso, "seal");
	find_exe(ps);
	int elf64 = ps->exe ? ps->exe->file.elf64 : (int)(sizeof(long) == 8);
	ps->secure_known = proc_auxval(&ps->proc, elf64, AT_SECURE, &secure);
	ps->secure = ps->secure_known && secure;
	ps_read_exempt_file(ps);
	if (ps_read_link_map(ps, elf64) == 0) {
		/* The link map's head is the program, even when the kernel ran
		 * the interpreter ("ld.so ./prog"), whose AT_PHDR it kept. */
		struct ps_object *main = object_of_link(ps, &ps->links[0]);
		if (main && main != ps->exe) {
			if (ps->exe)
				ps->exe->exe = 0;
			ps->exe = main;
			main->exe = 1;
		}
	}
	if (!ps->links || place_by_link_map(ps))
		guess_startup(ps);
	ps_read_states(ps);
	return 0;
}

void ps_free(struct ps_process *ps)
{
	ps_free_link_map(ps);
	ps_free_exempt(ps);
	for (size_t i = 0; i < ps->nobj; i++)
		sealctl_object_free(&ps->obj[i].file);
	free(ps->obj);
	proc_close(&ps->proc);
	memset(ps, 0, sizeof(*ps));
}
