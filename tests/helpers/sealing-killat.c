/* SPDX-License-Identifier: MIT */
/*
 * sealing-killat N -- PROGRAM [ARGS...]
 *
 * Runs PROGRAM and kills it with SIGKILL just before its Nth call that
 * changes a file or a directory (write, pwrite, fsync, rename, linkat,
 * fchmod, fchown, fsetxattr, utimensat, unlink, an open that creates or
 * truncates, ...; the list is `changing` below).  The kernel never runs
 * that call: the files are left exactly as calls 1..N-1 made them, which
 * is what a crash between two steps leaves.
 *
 * Exit status: 137 (as a shell reports SIGKILL) when PROGRAM was killed;
 * otherwise PROGRAM's own status, or 128+signal.  One line on stderr says
 * which: "sealing-killat: killed before call N: rename", or
 * "sealing-killat: call N not reached: PROGRAM made K changing calls".
 *
 * Why ptrace and seccomp rather than an LD_PRELOAD shim: the calls are
 * counted at the system-call boundary, so nothing escapes (calls libc
 * makes internally, a static or sanitized binary, a new code path using
 * another call), and PROGRAM runs unmodified.  A seccomp filter picks out
 * the changing calls (SECCOMP_RET_TRACE), so only those stop for the
 * tracer; killing the tracee in that stop makes the kernel skip the call
 * (kernel/seccomp.c: a fatal signal pending after the trace event skips
 * the system call).  PROGRAM must not fork: a child would inherit the
 * filter without the tracer, and its changing calls would fail (ENOSYS).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__x86_64__)
#define AUDIT_ARCH_SELF AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define AUDIT_ARCH_SELF AUDIT_ARCH_AARCH64
#else
#error "add this architecture's AUDIT_ARCH"
#endif

/* An open counts only when it creates or truncates: reading opens (the
 * loader's, BFD's) change nothing.  flags_arg is the index of its flags. */
struct call {
	long nr;
	const char *name;
	int flags_arg; /* -1: always counts */
};

#define CALL(n) { SYS_##n, #n, -1 }
static const struct call changing[] = {
	CALL(write), CALL(pwrite64), CALL(writev), CALL(pwritev), CALL(pwritev2),
	CALL(fsync), CALL(fdatasync), CALL(sync_file_range), CALL(syncfs), CALL(sync),
	CALL(renameat), CALL(renameat2), CALL(linkat), CALL(unlinkat), CALL(symlinkat),
	CALL(mkdirat), CALL(mknodat),
	CALL(fchmod), CALL(fchmodat), CALL(fchown), CALL(fchownat),
	CALL(fsetxattr), CALL(setxattr), CALL(lsetxattr),
	CALL(fremovexattr), CALL(removexattr), CALL(lremovexattr),
	CALL(utimensat), CALL(ftruncate), CALL(truncate), CALL(fallocate),
	CALL(copy_file_range), CALL(sendfile), CALL(splice),
	CALL(openat2), /* its flags are behind a pointer: always counted */
	{ SYS_openat, "openat", 2 },
#ifdef SYS_rename /* the old calls that arm64 never had */
	CALL(rename), CALL(link), CALL(unlink), CALL(symlink), CALL(mkdir), CALL(mknod),
	CALL(chmod), CALL(chown), CALL(lchown), CALL(utimes), CALL(futimesat), CALL(creat),
	{ SYS_open, "open", 1 },
#endif
};
#define NCALLS (sizeof(changing) / sizeof(changing[0]))
/* O_TMPFILE includes O_DIRECTORY, which a reading open has too. */
#define OPEN_CHANGES (O_CREAT | O_TRUNC | (O_TMPFILE & ~O_DIRECTORY))

/* Three instructions per call, plus the flags test for the opens. */
#define FILTER_MAX (4 + 5 * NCALLS + 2)

static size_t build_filter(struct sock_filter *f)
{
	size_t n = 0;
	f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					      offsetof(struct seccomp_data, arch));
	f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_SELF, 1, 0);
	f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	for (size_t i = 0; i < NCALLS; i++) {
		/* RET_DATA carries the index, so the tracer names the call
		 * without reading any architecture's registers. */
		unsigned trace = SECCOMP_RET_TRACE | (unsigned)i;
		f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
						      offsetof(struct seccomp_data, nr));
		if (changing[i].flags_arg < 0) {
			f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
							      (unsigned)changing[i].nr, 0, 1);
			f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, trace);
			continue;
		}
		/* The low 32 bits of the flags argument, little- or big-endian. */
		size_t arg = offsetof(struct seccomp_data, args) +
			     (size_t)changing[i].flags_arg * sizeof(__u64);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		arg += sizeof(__u32);
#endif
		f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
						      (unsigned)changing[i].nr, 0, 4);
		f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (unsigned)arg);
		f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, OPEN_CHANGES, 0, 1);
		f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, trace);
		f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	}
	f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	return n;
}

static void child(char **argv)
{
	struct sock_filter filter[FILTER_MAX];
	struct sock_fprog prog = { (unsigned short)build_filter(filter), filter };

	/* Stop until the tracer has set its options: the filter's first
	 * trace event must find them in place. */
	if (ptrace(PTRACE_TRACEME, 0, 0, 0) || raise(SIGSTOP) ||
	    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog)) {
		perror("sealing-killat: ptrace or seccomp");
		_exit(126);
	}
	execvp(argv[0], argv);
	fprintf(stderr, "sealing-killat: %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

int main(int argc, char **argv)
{
	char *end;
	unsigned long kill_at = argc > 1 ? strtoul(argv[1], &end, 10) : 0;

	if (argc < 4 || !kill_at || *end || strcmp(argv[2], "--")) {
		fprintf(stderr, "usage: sealing-killat N -- PROGRAM [ARGS...]  (N >= 1)\n");
		return 2;
	}
	pid_t pid = fork();
	if (pid < 0) {
		perror("sealing-killat: fork");
		return 126;
	}
	if (pid == 0)
		child(argv + 3);

	int st;
	if (waitpid(pid, &st, 0) != pid || !WIFSTOPPED(st) ||
	    ptrace(PTRACE_SETOPTIONS, pid, 0,
		   PTRACE_O_TRACESECCOMP | PTRACE_O_TRACEEXEC | PTRACE_O_EXITKILL) ||
	    ptrace(PTRACE_CONT, pid, 0, 0)) {
		perror("sealing-killat: cannot trace");
		kill(pid, SIGKILL);
		return 126;
	}
	unsigned long calls = 0;
	const char *killed = NULL;
	for (;;) {
		if (waitpid(pid, &st, 0) != pid) {
			perror("sealing-killat: waitpid");
			return 126;
		}
		if (WIFEXITED(st) || WIFSIGNALED(st))
			break;
		int sig = WSTOPSIG(st), event = st >> 16;
		if (event == PTRACE_EVENT_SECCOMP) {
			unsigned long idx = 0;
			ptrace(PTRACE_GETEVENTMSG, pid, 0, &idx);
			if (++calls == kill_at) {
				killed = idx < NCALLS ? changing[idx].name : "?";
				kill(pid, SIGKILL);
			}
			sig = 0;
		} else if (event) {
			sig = 0; /* exec's own stop, not a signal to pass on */
		}
		/* After the kill the tracee may already be gone. */
		if (ptrace(PTRACE_CONT, pid, 0, sig) && errno != ESRCH) {
			perror("sealing-killat: ptrace(PTRACE_CONT)");
			kill(pid, SIGKILL);
		}
	}
	if (killed && WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL) {
		fprintf(stderr, "sealing-killat: killed before call %lu: %s\n", kill_at, killed);
		return 128 + SIGKILL;
	}
	fprintf(stderr, "sealing-killat: call %lu not reached: %s made %lu changing calls\n",
		kill_at, argv[3], calls);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}
