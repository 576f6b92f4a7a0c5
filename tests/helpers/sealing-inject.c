/* SPDX-License-Identifier: MIT */
/*
 * sealing-inject MODE -- PROGRAM [ARGS...]
 *
 * Runs PROGRAM with a seccomp filter that makes every mseal fail, to test
 * what each policy does when sealing fails.  MODE is an errno name
 * (ENOSYS, EPERM, ENOMEM, EINVAL) that mseal then returns, or "kill",
 * which kills the process at its first mseal: proof that it made none.
 * Other syscalls are untouched.
 */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#ifndef SYS_mseal
#define SYS_mseal 462
#endif

#if defined(__x86_64__)
#define AUDIT_ARCH_SELF AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define AUDIT_ARCH_SELF AUDIT_ARCH_AARCH64
#else
#error "add this architecture's AUDIT_ARCH"
#endif

static int parse_mode(const char *m, unsigned *action)
{
	static const struct {
		const char *name;
		int err;
	} names[] = { { "ENOSYS", ENOSYS }, { "EPERM", EPERM },
		      { "ENOMEM", ENOMEM }, { "EINVAL", EINVAL } };

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

int main(int argc, char **argv)
{
	unsigned action;

	if (argc < 4 || strcmp(argv[2], "--") || parse_mode(argv[1], &action)) {
		fprintf(stderr, "usage: sealing-inject ENOSYS|EPERM|ENOMEM|EINVAL|kill -- PROGRAM [ARGS...]\n");
		return 2;
	}

	struct sock_filter filter[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_SELF, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_mseal, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, action),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { sizeof(filter) / sizeof(filter[0]), filter };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog)) {
		perror("sealing-inject: seccomp");
		return 2;
	}
	execvp(argv[3], argv + 3);
	fprintf(stderr, "sealing-inject: %s: %s\n", argv[3], strerror(errno));
	return 127;
}
