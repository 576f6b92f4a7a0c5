/* SPDX-License-Identifier: MIT */
/*
 * sealed-at-exit PROGRAM [ARGS...]
 *
 * Runs PROGRAM under ptrace and, when it is about to exit (its memory
 * still mapped), reads /proc/PID/smaps and prints on stderr
 *   sealed-at-exit: EXE: N/M mappings sealed
 * where M counts the mappings from the first to the last one backed by
 * the program's own file (so the anonymous copy of its RELRO counts too)
 * and N those whose VmFlags carry "sl".  Exits with the program's status.
 * A short-lived program (hello --version) can so be checked by the
 * kernel's own account, without changing it.  Built by
 * scripts/debian-rebuild.sh with a plain compiler.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* One mapping of the program, in smaps order. */
struct vma {
	int mine, sealed;
};

static void report(pid_t pid)
{
	static struct vma v[65536];
	char path[64], exe[4096], line[4096];
	int n = 0, first = -1, last = -1, total = 0, sealed = 0;
	ssize_t len;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%d/exe", (int)pid);
	len = readlink(path, exe, sizeof exe - 1);
	if (len < 0) {
		fprintf(stderr, "sealed-at-exit: %s: %s\n", path, strerror(errno));
		return;
	}
	exe[len] = '\0';
	snprintf(path, sizeof path, "/proc/%d/smaps", (int)pid);
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "sealed-at-exit: %s: %s\n", path, strerror(errno));
		return;
	}
	while (fgets(line, sizeof line, f)) {
		size_t l = strlen(line);
		const char *name, *sp;

		if (l && line[l - 1] == '\n')
			line[--l] = '\0';
		if (!strncmp(line, "VmFlags:", 8)) {
			if (n > 0 && strstr(line + 8, " sl"))
				v[n - 1].sealed = 1;
			continue;
		}
		/* A mapping header: "start-end perms offset dev inode [name]";
		 * the other lines are "Field: value". */
		sp = strchr(line, ' ');
		if (!sp || !memchr(line, '-', (size_t)(sp - line)) || sp[-1] == ':')
			continue;
		if (n == (int)(sizeof v / sizeof v[0]))
			break;
		name = strchr(sp, '/');
		v[n].mine = name && !strcmp(name, exe);
		v[n].sealed = 0;
		if (v[n].mine) {
			if (first < 0)
				first = n;
			last = n;
		}
		n++;
	}
	fclose(f);
	for (int i = first; i >= 0 && i <= last; i++) {
		total++;
		sealed += v[i].sealed;
	}
	fprintf(stderr, "sealed-at-exit: %s: %d/%d mappings sealed\n", exe, sealed, total);
}

int main(int argc, char **argv)
{
	int status, sig = 0;
	pid_t pid;

	if (argc < 2) {
		fprintf(stderr, "usage: sealed-at-exit PROGRAM [ARGS...]\n");
		return 2;
	}
	pid = fork();
	if (pid < 0) {
		perror("sealed-at-exit: fork");
		return 2;
	}
	if (pid == 0) {
		if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) < 0) {
			perror("sealed-at-exit: PTRACE_TRACEME");
			_exit(127);
		}
		execvp(argv[1], argv + 1);
		fprintf(stderr, "sealed-at-exit: %s: %s\n", argv[1], strerror(errno));
		_exit(127);
	}
	/* The stop after execve, then one at exit. */
	if (waitpid(pid, &status, 0) < 0 || !WIFSTOPPED(status)) {
		fprintf(stderr, "sealed-at-exit: %s did not start\n", argv[1]);
		return 2;
	}
	ptrace(PTRACE_SETOPTIONS, pid, NULL, (void *)(long)(PTRACE_O_TRACEEXIT | PTRACE_O_EXITKILL));
	for (;;) {
		if (ptrace(PTRACE_CONT, pid, NULL, (void *)(long)sig) < 0) {
			perror("sealed-at-exit: PTRACE_CONT");
			return 2;
		}
		sig = 0;
		if (waitpid(pid, &status, 0) < 0) {
			perror("sealed-at-exit: waitpid");
			return 2;
		}
		if (WIFEXITED(status))
			return WEXITSTATUS(status);
		if (WIFSIGNALED(status))
			return 128 + WTERMSIG(status);
		if (status >> 8 == (SIGTRAP | (PTRACE_EVENT_EXIT << 8)))
			report(pid);
		else if (WSTOPSIG(status) != SIGTRAP)
			sig = WSTOPSIG(status); /* deliver the program's own signals */
	}
}
