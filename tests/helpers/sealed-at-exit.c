/* SPDX-License-Identifier: MIT */
/*
 * sealed-at-exit [-t SECONDS] PROGRAM [ARGS...]
 *
 * Runs PROGRAM under ptrace and, when it is about to exit (its memory
 * still mapped), reads /proc/PID/smaps and prints on stderr one line per
 * ELF object mapped in it, the program itself first:
 *   sealed-at-exit: PATH: N/M mappings sealed
 * where M counts the mappings from the first to the last one backed by
 * that file (so the copy of its RELRO counts too, anonymous or a view of
 * the runtime's memfd) and N those
 * whose VmFlags carry "sl".  Exits with the program's status.
 * A short-lived program (hello --version) can so be checked by the
 * kernel's own account, without changing it; so can the libraries it
 * loaded, at start-up or with dlopen.
 *
 * -t SECONDS: if the program is still running then, report what is
 * sealed at that moment, kill it, and exit 124 (after a line saying so).
 *
 * Built, without sealing, by tests/helpers/CMakeLists.txt (with
 * common/smaps.c, which reads smaps); scripts/debian-rebuild.sh runs it
 * from the build tree.
 */
#include "smaps.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t timed_out;

static void on_alarm(int sig)
{
	(void)sig;
	timed_out = 1;
}

/* Whether PATH is an ELF file (mapped data files are not reported). */
static int is_elf(const char *path)
{
	char magic[4];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return 0;
	n = read(fd, magic, sizeof magic);
	close(fd);
	return n == 4 && !memcmp(magic, "\177ELF", 4);
}

/* Prints the line for the file at PATH: its mappings from first to last. */
static void report_file(const struct smaps *s, const char *path)
{
	size_t first = s->n, last = 0;
	int total = 0, sealed = 0;

	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->vma[i].path, path)) {
			if (first == s->n)
				first = i;
			last = i;
		}
	for (size_t i = first; i < s->n && i <= last; i++) {
		total++;
		sealed += s->vma[i].sealed;
	}
	fprintf(stderr, "sealed-at-exit: %s: %d/%d mappings sealed\n", path, sealed, total);
}

/* Whether vma i is the first mapping of its file. */
static int first_of_file(const struct smaps *s, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (!strcmp(s->vma[k].path, s->vma[i].path))
			return 0;
	return 1;
}

/* The program first, then every other ELF file, in address order. */
static void report(pid_t pid)
{
	char path[64], exe[4096];
	struct smaps s;
	ssize_t len;

	snprintf(path, sizeof path, "/proc/%d/exe", (int)pid);
	len = readlink(path, exe, sizeof exe - 1);
	if (len < 0) {
		fprintf(stderr, "sealed-at-exit: %s: %s\n", path, strerror(errno));
		return;
	}
	exe[len] = '\0';
	snprintf(path, sizeof path, "/proc/%d/smaps", (int)pid);
	if (smaps_open(path, &s)) {
		fprintf(stderr, "sealed-at-exit: %s: %s\n", path, strerror(errno));
		return;
	}
	report_file(&s, exe);
	for (size_t i = 0; i < s.n; i++) {
		const char *p = s.vma[i].path;
		if (p[0] == '/' && strcmp(p, exe) && first_of_file(&s, i) && is_elf(p))
			report_file(&s, p);
	}
	smaps_free(&s);
}

int main(int argc, char **argv)
{
	int status, sig = 0, seconds = 0;
	struct sigaction sa;
	pid_t pid;

	if (argc > 2 && !strcmp(argv[1], "-t")) {
		seconds = atoi(argv[2]);
		argv += 2;
		argc -= 2;
	}
	if (argc < 2) {
		fprintf(stderr, "usage: sealed-at-exit [-t SECONDS] PROGRAM [ARGS...]\n");
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
	if (seconds > 0) {
		/* No SA_RESTART: the alarm interrupts waitpid. */
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_alarm;
		sigaction(SIGALRM, &sa, NULL);
		alarm((unsigned)seconds);
	}
	for (;;) {
		if (ptrace(PTRACE_CONT, pid, NULL, (void *)(long)sig) < 0) {
			perror("sealed-at-exit: PTRACE_CONT");
			return 2;
		}
		sig = 0;
		while (waitpid(pid, &status, 0) < 0) {
			if (errno != EINTR || !timed_out) {
				perror("sealed-at-exit: waitpid");
				return 2;
			}
			report(pid);
			fprintf(stderr, "sealed-at-exit: %s: still running after %d s, killed\n",
				argv[1], seconds);
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			return 124;
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
