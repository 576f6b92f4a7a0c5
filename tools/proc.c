/* SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE
#include "proc.h"

#include "diag.h"
#include "fullio.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* include/linux/sched.h: the task is a kernel thread. */
#define PF_KTHREAD 0x00200000u
#define SMALL_MAX (1u << 20)
#define ENVIRON_MAX (256u << 20)

static int read_at(const struct proc *p, const char *name, size_t max, char **buf,
		   size_t *len)
{
	int fd = openat(p->dir, name, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	int rc = sealctl_read_all(fd, max, buf, len);
	int e = errno;
	close(fd);
	errno = e;
	return rc;
}

int proc_openat(const struct proc *p, const char *path)
{
	return openat(p->dir, path, O_RDONLY | O_CLOEXEC);
}

/* "pid (comm) S ppid ... flags": the state and flags, after the last ')'
 * since comm may hold anything. */
static int read_stat(const struct proc *p, char *state, unsigned long *flags)
{
	char *buf;
	size_t len;
	if (read_at(p, "stat", SMALL_MAX, &buf, &len))
		return -1;
	char *rp = strrchr(buf, ')');
	int n = rp ? sscanf(rp + 1, " %c %*d %*d %*d %*d %*d %lu", state, flags) : 0;
	free(buf);
	if (n != 2) {
		errno = EIO;
		return -1;
	}
	return 0;
}

static int read_smaps(struct proc *p)
{
	int fd = openat(p->dir, "smaps", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	int rc = smaps_read(fd, &p->maps);
	int e = errno;
	close(fd);
	errno = e;
	return rc;
}

int proc_open(struct proc *p, int pid, char *err)
{
	char path[64];
	char state;
	unsigned long flags;

	memset(p, 0, sizeof(*p));
	p->pid = pid;
	p->dir = -1;
	snprintf(path, sizeof(path), "/proc/%d", pid);
	p->dir = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (p->dir < 0 || read_stat(p, &state, &flags)) {
		if (errno == ENOENT || errno == ESRCH)
			sealctl_seterr(err, "no such process");
		else
			sealctl_seterr(err, "cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	if (flags & PF_KTHREAD) {
		sealctl_seterr(err, "a kernel thread: it has no user-space memory to seal");
		return -1;
	}
	if (state == 'Z' || state == 'X') {
		sealctl_seterr(err, "a zombie: its memory is already gone");
		return -1;
	}
	if (read_smaps(p)) {
		if (errno == EACCES || errno == EPERM)
			sealctl_seterr(err, "permission denied: another user's process (run sealctl as root or as its owner)");
		else if (errno == ENOENT || errno == ESRCH)
			sealctl_seterr(err, "no such process");
		else
			sealctl_seterr(err, "cannot read %s/smaps: %s", path, strerror(errno));
		return -1;
	}
	if (p->maps.n == 0) {
		/* It exited between the checks above and the read. */
		sealctl_seterr(err, "no such process (it has exited)");
		return -1;
	}
	if (read_at(p, "environ", ENVIRON_MAX, &p->environ, &p->environ_len)) {
		p->environ = NULL;
		p->environ_errno = errno;
	}
	if (read_at(p, "auxv", SMALL_MAX, &p->auxv, &p->auxv_len))
		p->auxv = NULL;
	return 0;
}

void proc_close(struct proc *p)
{
	if (p->dir >= 0)
		close(p->dir);
	smaps_free(&p->maps);
	free(p->environ);
	free(p->auxv);
	memset(p, 0, sizeof(*p));
	p->dir = -1;
}

const char *proc_getenv(const struct proc *p, const char *name)
{
	size_t n = strlen(name);
	if (!p->environ)
		return NULL;
	/* The first definition wins, as for getenv(3) in the process. */
	for (const char *e = p->environ; e < p->environ + p->environ_len; e += strlen(e) + 1)
		if (!strncmp(e, name, n) && e[n] == '=')
			return e + n + 1;
	return NULL;
}

int proc_auxval(const struct proc *p, int elf64, uint64_t type, uint64_t *val)
{
	size_t w = elf64 ? 8 : 4;
	if (!p->auxv)
		return 0;
	for (size_t off = 0; off + 2 * w <= p->auxv_len; off += 2 * w) {
		uint64_t t = 0, v = 0;
		/* The kernel writes the vector in the process's own (native) byte order. */
		if (elf64) {
			memcpy(&t, p->auxv + off, 8);
			memcpy(&v, p->auxv + off + 8, 8);
		} else {
			uint32_t t32, v32;
			memcpy(&t32, p->auxv + off, 4);
			memcpy(&v32, p->auxv + off + 4, 4);
			t = t32, v = v32;
		}
		if (t == 0)
			break;
		if (t == type) {
			*val = v;
			return 1;
		}
	}
	return 0;
}
