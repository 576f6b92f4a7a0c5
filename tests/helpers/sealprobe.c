/* SPDX-License-Identifier: MIT */
/* See sealprobe.h.  Reads /proc/self/smaps (common/smaps.h); never seals
 * anything itself. */
#define _GNU_SOURCE 1
#include "sealprobe.h"
#include "smaps.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

/* The kernel's view now, through the tree's one smaps reader; exits
 * the test program when it cannot be had. */
static void read_smaps(struct smaps *s)
{
	if (smaps_open("/proc/self/smaps", s)) {
		perror("sealprobe: /proc/self/smaps");
		exit(99);
	}
}

static int prot_of(const char *perms)
{
	return (perms[0] == 'r' ? PROT_READ : 0) | (perms[1] == 'w' ? PROT_WRITE : 0) |
	       (perms[2] == 'x' ? PROT_EXEC : 0);
}

int probe_is_sealed(const void *addr)
{
	struct smaps s;
	read_smaps(&s);
	const struct smaps_vma *v = smaps_find(&s, (uintptr_t)addr);
	int sealed = v ? v->sealed : -1;
	smaps_free(&s);
	return sealed;
}

int probe_fds_named(const char *part)
{
	char link[300], target[256];
	struct dirent *e;
	int n = 0;
	DIR *d = opendir("/proc/self/fd");
	while (d && (e = readdir(d))) {
		snprintf(link, sizeof(link), "/proc/self/fd/%s", e->d_name);
		ssize_t len = readlink(link, target, sizeof(target) - 1);
		if (len > 0) {
			target[len] = 0;
			n += strstr(target, part) != NULL;
		}
	}
	if (d)
		closedir(d);
	return n;
}

int probe_mapping(const char *label, const void *addr)
{
	int sealed = probe_is_sealed(addr);
	if (sealed < 0)
		printf("%s: unmapped\n", label);
	else
		printf("%s: %s\n", label, sealed ? "sealed" : "unsealed");
	return sealed;
}

struct module_arg {
	uintptr_t addr, lo, hi;
	const char *name; /* match by path instead of by address */
};

static int module_cb(struct dl_phdr_info *info, size_t size, void *p)
{
	struct module_arg *a = p;
	uintptr_t lo = UINTPTR_MAX, hi = 0;
	int hit = 0;
	(void)size;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_LOAD)
			continue;
		uintptr_t s = info->dlpi_addr + ph->p_vaddr;
		uintptr_t e = s + ph->p_memsz;
		if (s < lo)
			lo = s;
		if (e > hi)
			hi = e;
		if (a->addr >= s && a->addr < e)
			hit = 1;
	}
	if (a->name)
		hit = info->dlpi_name && strstr(info->dlpi_name, a->name);
	if (!hit)
		return 0;
	long ps = sysconf(_SC_PAGESIZE);
	a->lo = lo & ~(uintptr_t)(ps - 1);
	a->hi = (hi + ps - 1) & ~(uintptr_t)(ps - 1);
	return 1;
}

static void report_module(const char *label, struct module_arg *m)
{
	if (!dl_iterate_phdr(module_cb, m)) {
		printf("%s: no module\n", label);
		return;
	}
	struct smaps s;
	int total = 0, sealed = 0;
	read_smaps(&s);
	for (size_t i = 0; i < s.n; i++)
		if (s.vma[i].hi > m->lo && s.vma[i].lo < m->hi) {
			total++;
			sealed += s.vma[i].sealed;
		}
	smaps_free(&s);
	printf("%s: %d/%d mappings sealed\n", label, sealed, total);
}

void probe_module_named(const char *label, const char *name)
{
	struct module_arg m = { 0, 0, 0, name };
	report_module(label, &m);
}

void probe_module(const char *label, const void *addr)
{
	struct module_arg m = { (uintptr_t)addr, 0, 0, NULL };
	report_module(label, &m);
}

int probe_copies(const char *label, const char *name)
{
	struct smaps s;
	size_t lw = strlen(name);
	int n = 0;
	read_smaps(&s);
	for (size_t i = 0; i < s.n; i++) {
		size_t ln = strlen(s.vma[i].path);
		/* The mapping of the ELF header (offset 0) starts each copy. */
		n += ln >= lw && !strcmp(s.vma[i].path + ln - lw, name) && s.vma[i].offset == 0;
	}
	smaps_free(&s);
	printf("%s: %d copies\n", label, n);
	return n;
}

static const char *result(int ret)
{
	if (ret == 0)
		return "ok";
	switch (errno) {
	case EPERM: return "EPERM";
	case EINVAL: return "EINVAL";
	case ENOMEM: return "ENOMEM";
	case EACCES: return "EACCES";
#ifdef __GLIBC__
	default: return strerrorname_np(errno) ? strerrorname_np(errno) : "error";
#else
	default: return "error"; /* musl has no strerrorname_np */
#endif
	}
}

void probe_ops(const char *label, const void *addr)
{
	long ps = sysconf(_SC_PAGESIZE);
	void *page = (void *)((uintptr_t)addr & ~(uintptr_t)(ps - 1));
	struct smaps s;

	read_smaps(&s);
	const struct smaps_vma *v = smaps_find(&s, (uintptr_t)addr);
	if (!v) {
		smaps_free(&s);
		printf("%s: unmapped\n", label);
		return;
	}
	int prot = prot_of(v->perms), sealed = v->sealed;
	smaps_free(&s);
	const char *mp = result(mprotect(page, ps, prot));
	if (!sealed) {
		printf("%s: mprotect=%s munmap=skipped mremap=skipped mmap_fixed=skipped\n",
		       label, mp);
		return;
	}
	/* Each of these would destroy the page if sealing did not stop it. */
	const char *mu = result(munmap(page, ps));
	void *r = mremap(page, ps, ps, MREMAP_MAYMOVE | MREMAP_FIXED,
			 (char *)page + 64 * ps);
	const char *mr = result(r == MAP_FAILED ? -1 : 0);
	void *f = mmap(page, ps, PROT_READ, MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	const char *mf = result(f == MAP_FAILED ? -1 : 0);
	printf("%s: mprotect=%s munmap=%s mremap=%s mmap_fixed=%s\n", label, mp, mu,
	       mr, mf);
}

int probe_named(const char *label, const char *name)
{
	struct smaps s;
	int sealed = -1;
	read_smaps(&s);
	for (size_t i = 0; i < s.n && sealed < 0; i++)
		if (!strcmp(s.vma[i].path, name))
			sealed = s.vma[i].sealed;
	smaps_free(&s);
	if (sealed < 0)
		printf("%s: absent\n", label);
	else
		printf("%s: %s\n", label, sealed ? "sealed" : "unsealed");
	return sealed;
}

struct relro_arg {
	const char *name;
	uintptr_t lo, hi;
	int found;
};

static int relro_cb(struct dl_phdr_info *info, size_t size, void *p)
{
	struct relro_arg *a = p;
	(void)size;
	/* The executable is the first object and has an empty name. */
	if (a->name ? !(info->dlpi_name && strstr(info->dlpi_name, a->name))
		    : a->found++ != 0)
		return a->name ? 0 : 1;
	a->found = 1;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_GNU_RELRO)
			continue;
		long ps = sysconf(_SC_PAGESIZE);
		a->lo = (info->dlpi_addr + ph->p_vaddr) & ~(uintptr_t)(ps - 1);
		a->hi = (info->dlpi_addr + ph->p_vaddr + ph->p_memsz) & ~(uintptr_t)(ps - 1);
	}
	return 1;
}

#ifndef MADV_DONTNEED_LOCKED
#define MADV_DONTNEED_LOCKED 24
#endif

/*
 * Once a discard succeeds, the GOT of the module under attack may hold
 * garbage, and this very file may call through it; so the attack and its
 * report use raw syscalls and local string code only.
 */
static long raw_syscall3(long n, long a, long b, long c)
{
	long ret;
#if defined(__x86_64__)
	__asm__ volatile("syscall" : "=a"(ret) : "a"(n), "D"(a), "S"(b), "d"(c)
			 : "rcx", "r11", "memory");
#elif defined(__aarch64__)
	register long x8 __asm__("x8") = n, x0 __asm__("x0") = a;
	register long x1 __asm__("x1") = b, x2 __asm__("x2") = c;
	__asm__ volatile("svc 0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2) : "memory");
	ret = x0;
#else
#error "add the raw syscall sequence for this architecture"
#endif
	return ret;
}

static long raw_syscall6(long n, long a, long b, long c, long d, long e, long f)
{
	long ret;
#if defined(__x86_64__)
	register long r10 __asm__("r10") = d, r8 __asm__("r8") = e, r9 __asm__("r9") = f;
	__asm__ volatile("syscall" : "=a"(ret)
			 : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
			 : "rcx", "r11", "memory");
#elif defined(__aarch64__)
	register long x8 __asm__("x8") = n, x0 __asm__("x0") = a;
	register long x1 __asm__("x1") = b, x2 __asm__("x2") = c, x3 __asm__("x3") = d;
	register long x4 __asm__("x4") = e, x5 __asm__("x5") = f;
	__asm__ volatile("svc 0" : "+r"(x0)
			 : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x5)
			 : "memory");
	ret = x0;
#else
#error "add the raw syscall sequence for this architecture"
#endif
	return ret;
}

static void append(char *buf, size_t *len, const char *s)
{
	while (*s && *len < 511)
		buf[(*len)++] = *s++;
}

static const char *raw_result(long ret)
{
	switch (ret) {
	case 0: return "ok";
	case -EPERM: return "EPERM";
	case -EINVAL: return "EINVAL";
	case -ENOMEM: return "ENOMEM";
	case -EACCES: return "EACCES";
	case -EIO: return "EIO";
	case -ENOENT: return "ENOENT";
	case -EBADF: return "EBADF";
	case -EFAULT: return "EFAULT";
	case -ENOSYS: return "ENOSYS";
	case -ENODEV: return "ENODEV";
	case -EOPNOTSUPP: return "EOPNOTSUPP";
	case -ETXTBSY: return "ETXTBSY";
	default: return ret > 0 ? "ok" : "error";
	}
}

void probe_relro_attack(const char *label, const char *name)
{
	/* Arrays, not pointers: a table of pointers would itself be RELRO. */
	static const char names[4][16] = { "DONTNEED", "FREE", "REMOVE",
					   "DONTNEED_LOCKED" };
	static const int advices[4] = { MADV_DONTNEED, MADV_FREE, MADV_REMOVE,
					MADV_DONTNEED_LOCKED };
	struct relro_arg a = { name, 0, 0, 0 };
	long ps = sysconf(_SC_PAGESIZE);
	char line[512], num[24];
	size_t len = 0;

	dl_iterate_phdr(relro_cb, &a);
	if (a.lo >= a.hi) {
		printf("%s: no relro\n", label);
		return;
	}
	snprintf(num, sizeof(num), "%lu", (unsigned long)((a.hi - a.lo) / ps));
	fflush(stdout);
	append(line, &len, label);
	append(line, &len, ": relro ");
	append(line, &len, num);
	append(line, &len, " pages:");
	for (size_t k = 0; k < 4; k++) {
		const char *seen = NULL;
		int mixed = 0;
		for (uintptr_t pg = a.lo; pg < a.hi; pg += ps) {
			const char *r = raw_result(raw_syscall3(SYS_madvise, (long)pg, ps,
								advices[k]));
			if (seen && seen != r)
				mixed = 1;
			seen = r;
		}
		append(line, &len, " ");
		append(line, &len, names[k]);
		append(line, &len, "=");
		append(line, &len, mixed ? "mixed" : seen);
	}
	line[len++] = '\n';
	raw_syscall3(SYS_write, 1, (long)line, (long)len);
}

/* ---- probe_relro_full ---------------------------------------------------
 * Everything below runs the attacks with raw syscalls and local code, and
 * prints with a raw write: once an attack has worked, the GOT of the
 * module under attack may hold garbage, and this file may call through it.
 */

#ifndef MADV_PAGEOUT
#define MADV_PAGEOUT 21
#endif
#ifndef MADV_COLD
#define MADV_COLD 20
#endif
#define PROBE_MADV_GUARD_INSTALL 102
#define PROBE_MADV_GUARD_REMOVE 103
#ifndef FALLOC_FL_KEEP_SIZE
#define FALLOC_FL_KEEP_SIZE 0x01
#endif
#ifndef FALLOC_FL_PUNCH_HOLE
#define FALLOC_FL_PUNCH_HOLE 0x02
#endif

struct line {
	char buf[512];
	size_t len;
};

static void put(struct line *l, const char *s)
{
	append(l->buf, &l->len, s);
}

static void emit(struct line *l)
{
	l->buf[l->len++] = '\n';
	raw_syscall3(SYS_write, 1, (long)l->buf, (long)l->len);
	l->len = 0;
}

static const char *intact(const unsigned char *lo, const unsigned char *copy, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (lo[i] != copy[i])
			return "CHANGED";
	return "intact";
}

static void dec(char *out, long v)
{
	char tmp[24];
	size_t n = 0;
	if (v < 0)
		*out++ = '-', v = -v;
	do
		tmp[n++] = (char)('0' + v % 10);
	while (v /= 10);
	while (n)
		*out++ = tmp[--n];
	*out = 0;
}

/* The mappings over a RELRO: how many, how many sealed, and the first. */
struct relro_vmas {
	int nvma, nsealed;
	struct smaps_vma first; /* the mapping holding its first page */
	char first_name[256];
};

static void relro_vmas(uintptr_t lo, uintptr_t hi, struct relro_vmas *m)
{
	struct smaps s;
	m->first.path = m->first_name; /* "": none found */
	read_smaps(&s);
	for (size_t i = 0; i < s.n; i++) {
		const struct smaps_vma *v = &s.vma[i];
		if (v->hi <= lo || v->lo >= hi)
			continue;
		if (!m->nvma++) {
			m->first = *v;
			snprintf(m->first_name, sizeof(m->first_name), "%s", v->path);
			m->first.path = m->first_name;
		}
		m->nsealed += v->sealed;
	}
	smaps_free(&s);
}

void probe_relro_full(const char *label, const char *name)
{
	static const char madv_names[6][16] = { "DONTNEED", "FREE", "REMOVE",
						"DONTNEED_LOCKED", "PAGEOUT", "COLD" };
	static const int madv[6] = { MADV_DONTNEED, MADV_FREE, MADV_REMOVE,
				     MADV_DONTNEED_LOCKED, MADV_PAGEOUT, MADV_COLD };
	struct relro_arg a = { name, 0, 0, 0 };
	long ps = sysconf(_SC_PAGESIZE);
	char path[64], num[24];
	struct line l = { .len = 0 };

	fflush(stdout);
	dl_iterate_phdr(relro_cb, &a);
	if (a.lo >= a.hi) {
		printf("%s: no relro\n", label);
		fflush(stdout);
		return;
	}
	size_t len = a.hi - a.lo;
	struct relro_vmas m = { 0 };
	relro_vmas(a.lo, a.hi, &m);
	unsigned char *copy = malloc(len);
	if (!copy)
		exit(99);
	memcpy(copy, (const void *)a.lo, len);
	const unsigned char *lo = (const unsigned char *)a.lo;
	snprintf(num, sizeof(num), "%lu", (unsigned long)(len / ps));
	snprintf(path, sizeof(path), "/proc/self/map_files/%lx-%lx", (unsigned long)m.first.lo,
		 (unsigned long)m.first.hi);

	/* What backs it, and whether the kernel sealed all of it. */
	put(&l, label);
	put(&l, ": relro ");
	put(&l, num);
	put(&l, " pages: ");
	put(&l, m.first.path[0] ? m.first.path : "anonymous");
	put(&l, m.nvma > 1 ? " and more mappings" : "");
	put(&l, m.nsealed == m.nvma ? ", sealed" : ", NOT sealed");
	emit(&l);

	/* Every discarding madvise, page by page. */
	put(&l, label);
	put(&l, ": madvise");
	for (size_t k = 0; k < sizeof(madv) / sizeof(madv[0]); k++) {
		const char *seen = NULL;
		int mixed = 0;
		for (uintptr_t pg = a.lo; pg < a.hi; pg += ps) {
			const char *r = raw_result(raw_syscall3(SYS_madvise, (long)pg, ps, madv[k]));
			mixed |= seen && seen != r;
			seen = r;
		}
		put(&l, " ");
		put(&l, madv_names[k]);
		put(&l, "=");
		put(&l, mixed ? "mixed" : seen);
	}
	put(&l, ": bytes ");
	put(&l, intact(lo, copy, len));
	/* Whether a discard really dropped the pages: one more, then the read
	 * that faults them back in (the kernel's fault-around maps up to 64
	 * KiB of a file mapping at once), counted. */
	raw_syscall3(SYS_madvise, (long)a.lo, (long)len, MADV_DONTNEED);
	struct rusage ru;
	raw_syscall3(SYS_getrusage, RUSAGE_SELF, (long)&ru, 0);
	long flt = ru.ru_minflt;
	for (uintptr_t pg = a.lo; pg < a.hi; pg += ps)
		(void)*(volatile const unsigned char *)pg;
	raw_syscall3(SYS_getrusage, RUSAGE_SELF, (long)&ru, 0);
	dec(num, ru.ru_minflt - flt);
	put(&l, ", reread after DONTNEED: ");
	put(&l, num);
	put(&l, ru.ru_minflt - flt == 1 ? " fault" : " faults");
	emit(&l);

	/* The file behind the mapping, reopened for writing: punch, truncate,
	 * write (the same bytes), map it shared and writable. */
	long fd = raw_syscall6(SYS_openat, AT_FDCWD, (long)path, O_RDWR | O_CLOEXEC, 0, 0, 0);
	put(&l, label);
	put(&l, ": map_files open=");
	put(&l, raw_result(fd < 0 ? fd : 0));
	if (fd >= 0) {
		unsigned char same[8];
		long off = (long)m.first.offset + (long)(a.lo - m.first.lo);
		put(&l, " fallocate=");
		put(&l, raw_result(raw_syscall6(SYS_fallocate, fd,
						FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0,
						1L << 30, 0, 0)));
		put(&l, " ftruncate=");
		put(&l, raw_result(raw_syscall3(SYS_ftruncate, fd, 0, 0)));
		for (int i = 0; i < 8; i++)
			same[i] = lo[i];
		put(&l, " write=");
		put(&l, raw_result(raw_syscall6(SYS_pwrite64, fd, (long)same, 8, off, 0, 0)));
		long w = raw_syscall6(SYS_mmap, 0, ps, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		put(&l, " mmap_write=");
		put(&l, raw_result(w < 0 && w > -4096 ? w : 0));
		if (!(w < 0 && w > -4096))
			raw_syscall3(SYS_munmap, w, ps, 0);
		raw_syscall3(SYS_close, fd, 0, 0);
	}
	put(&l, ": bytes ");
	put(&l, intact(lo, copy, len));
	emit(&l);

	/* ptrace's way in (FOLL_FORCE): the same bytes written back. */
	long mem = raw_syscall6(SYS_openat, AT_FDCWD, (long)"/proc/self/mem", O_RDWR | O_CLOEXEC, 0, 0, 0);
	put(&l, label);
	put(&l, ": /proc/self/mem write=");
	if (mem >= 0) {
		unsigned char same[8];
		for (int i = 0; i < 8; i++)
			same[i] = lo[i];
		put(&l, raw_result(raw_syscall6(SYS_pwrite64, mem, (long)same, 8, (long)a.lo, 0, 0)));
		raw_syscall3(SYS_close, mem, 0, 0);
	} else {
		put(&l, raw_result(mem));
	}
	put(&l, ": bytes ");
	put(&l, intact(lo, copy, len));
	emit(&l);

	/* The blocking advice mseal also refuses on anonymous memory, undone
	 * at once where it was let through (before anything reads the GOT). */
	long g = raw_syscall3(SYS_madvise, (long)a.lo, (long)len, PROBE_MADV_GUARD_INSTALL);
	if (!g)
		raw_syscall3(SYS_madvise, (long)a.lo, (long)len, PROBE_MADV_GUARD_REMOVE);
	long df = raw_syscall3(SYS_madvise, (long)a.lo, (long)len, MADV_DONTFORK);
	if (!df)
		raw_syscall3(SYS_madvise, (long)a.lo, (long)len, MADV_DOFORK);
	put(&l, label);
	put(&l, ": madvise GUARD_INSTALL=");
	put(&l, raw_result(g));
	put(&l, " DONTFORK=");
	put(&l, raw_result(df));
	put(&l, ": bytes ");
	put(&l, intact(lo, copy, len));
	emit(&l);
	free(copy);

	/* What sealing refuses outright. */
	probe_ops(label, (const void *)a.lo);
	fflush(stdout);
}
