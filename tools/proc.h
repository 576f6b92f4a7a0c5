/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Reading a running process from /proc/PID: its mappings with their seal
 * bit (through the tree's one smaps reader, common/smaps.h), its
 * environment and its auxiliary vector.  Everything is read relative to
 * one descriptor of /proc/PID, so a PID reused halfway through cannot mix
 * two processes.
 */
#ifndef SEALCTL_PROC_H
#define SEALCTL_PROC_H

#include "smaps.h"

#include <stddef.h>
#include <stdint.h>

struct proc {
	int pid;
	int dir; /* /proc/PID */
	struct smaps maps;
	char *environ; /* NUL-separated, NULL when it could not be read */
	size_t environ_len;
	int environ_errno;
	char *auxv; /* raw, NULL when it could not be read */
	size_t auxv_len;
};

/*
 * Opens /proc/PID and reads its mappings.  0, or -1 with a one-line
 * reason in err: no such process, permission denied (another user's
 * process), a kernel thread, a zombie.
 */
int proc_open(struct proc *p, int pid, char *err);
void proc_close(struct proc *p);

/* NAME's value in the process's initial environment, or NULL. */
const char *proc_getenv(const struct proc *p, const char *name);
/* An auxiliary vector entry; the words are 8 or 4 bytes as the
 * process's ELF class.  1 and *val if present, else 0. */
int proc_auxval(const struct proc *p, int elf64, uint64_t type, uint64_t *val);

/* Opens PATH relative to /proc/PID ("map_files/...", "root/etc/...").
 * A file descriptor, or -1 with errno. */
int proc_openat(const struct proc *p, const char *path);

#endif
