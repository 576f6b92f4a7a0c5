/* SPDX-License-Identifier: MIT */
/*
 * sealing-inject RULE[,RULE...] -- PROGRAM [ARGS...]
 *
 * Runs PROGRAM with a seccomp filter that makes chosen system calls fail,
 * to test what the runtime does when the kernel refuses it something.  A
 * RULE is [CALL:]ACTION:
 *   ACTION  an errno name (ENOSYS, EPERM, ENOMEM, EINVAL, EACCES) that the
 *           call then returns, or "kill", which kills the process at its
 *           first such call: proof that it made none;
 *   CALL    mseal (the default), memfd_create, writev, mremap,
 *           fcntl-seals (fcntl with F_ADD_SEALS only) or mmap-shared (mmap
 *           with MAP_SHARED only: the loader maps everything private).
 * Other syscalls are untouched.
 */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_mseal
#define SYS_mseal 462
#endif
#ifndef F_ADD_SEALS
#define F_ADD_SEALS 1033
#endif

#if defined(__x86_64__)
#define AUDIT_ARCH_SELF AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define AUDIT_ARCH_SELF AUDIT_ARCH_AARCH64
#else
#error "add this architecture's AUDIT_ARCH"
#endif

/* A call, and the argument that narrows it (arg < 0: none). */
static const struct {
	const char *name;
	long nr;
	int arg;          /* which argument to test */
	unsigned op, val; /* BPF_JEQ or BPF_JSET against its low 32 bits */
} calls[] = {
	{ "mseal", SYS_mseal, -1, 0, 0 },
	{ "memfd_create", SYS_memfd_create, -1, 0, 0 },
	{ "writev", SYS_writev, -1, 0, 0 },
	{ "mremap", SYS_mremap, -1, 0, 0 },
	{ "fcntl-seals", SYS_fcntl, 1, BPF_JEQ, F_ADD_SEALS },
	{ "mmap-shared", SYS_mmap, 3, BPF_JSET, MAP_SHARED },
};

static int parse_action(const char *m, unsigned *action)
{
	static const struct {
		const char *name;
		int err;
	} names[] = { { "ENOSYS", ENOSYS }, { "EPERM", EPERM }, { "ENOMEM", ENOMEM },
		      { "EINVAL", EINVAL }, { "EACCES", EACCES } };

	if (!strcmp(m, "kill")) {
		*action = SECCOMP_RET_KILL_PROCESS;
		return 0;
	}
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(m, names[i].name)) {
			*action = SECCOMP_RET_ERRNO | (unsigned)names[i].err;
			return 0;
		}
	return -1;
}

#define MAX_RULES 8
static struct sock_filter filter[4 + 5 * MAX_RULES];
static unsigned short len;

static void emit(struct sock_filter f)
{
	filter[len++] = f;
}

/* One rule: its call number, then its argument test, then its action. */
static int add_rule(char *rule)
{
	char *colon = strchr(rule, ':');
	const char *call = colon ? rule : "mseal";
	unsigned action;
	size_t c;

	if (colon)
		*colon = 0;
	if (parse_action(colon ? colon + 1 : rule, &action))
		return -1;
	for (c = 0; c < sizeof(calls) / sizeof(calls[0]); c++)
		if (!strcmp(call, calls[c].name))
			break;
	if (c == sizeof(calls) / sizeof(calls[0]))
		return -1;
	int arg = calls[c].arg;
	emit((struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)));
	emit((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)calls[c].nr, 0,
					  arg < 0 ? 1 : 3));
	if (arg >= 0) {
		/* The low word of a 64-bit argument, on a little-endian machine. */
		emit((struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
						  offsetof(struct seccomp_data, args) + 8 * arg));
		emit((struct sock_filter)BPF_JUMP(BPF_JMP | calls[c].op | BPF_K, calls[c].val, 0, 1));
	}
	emit((struct sock_filter)BPF_STMT(BPF_RET | BPF_K, action));
	return 0;
}

int main(int argc, char **argv)
{
	int n = 0;

	if (argc < 4 || strcmp(argv[2], "--"))
		goto usage;
	emit((struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)));
	emit((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_SELF, 1, 0));
	emit((struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
	for (char *save = NULL, *r = strtok_r(argv[1], ",", &save); r; r = strtok_r(NULL, ",", &save))
		if (++n > MAX_RULES || add_rule(r))
			goto usage;
	if (!n)
		goto usage;
	emit((struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));

	struct sock_fprog prog = { len, filter };
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog)) {
		perror("sealing-inject: seccomp");
		return 2;
	}
	execvp(argv[3], argv + 3);
	fprintf(stderr, "sealing-inject: %s: %s\n", argv[3], strerror(errno));
	return 127;
usage:
	fprintf(stderr, "usage: sealing-inject [CALL:]ACTION[,...] -- PROGRAM [ARGS...]\n"
			"  ACTION: ENOSYS|EPERM|ENOMEM|EINVAL|EACCES|kill\n"
			"  CALL: mseal (default), memfd_create, writev, mremap, fcntl-seals, mmap-shared\n");
	return 2;
}
