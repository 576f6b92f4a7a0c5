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
 * Built by scripts/debian-rebuild.sh with a plain compiler.
 */
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

/* One mapping of the program, in smaps order: its file (index into
 * names, -1 for none) and whether it is sealed. */
struct vma {
	int file, sealed;
};

#define MAX_VMAS 65536
#define MAX_FILES 4096

static struct vma v[MAX_VMAS];
static char *names[MAX_FILES];
static int nnames;

static volatile sig_atomic_t timed_out;

static void on_alarm(int sig)
{
	(void)sig;
	timed_out = 1;
}

/* The index of NAME in names, added if new. */
static int file_index(const char *name)
{
	for (int i = 0; i < nnames; i++)
		if (!strcmp(names[i], name))
			return i;
	if (nnames == MAX_FILES)
		return -1;
	names[nnames] = strdup(name);
	return names[nnames] ? nnames++ : -1;
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

/* Prints the line for names[file]: its mappings from first to last. */
static void report_file(int file, int n)
{
	int first = -1, last = -1, total = 0, sealed = 0;

	for (int i = 0; i < n; i++)
		if (v[i].file == file) {
			if (first < 0)
				first = i;
			last = i;
		}
	for (int i = first; i >= 0 && i <= last; i++) {
		total++;
		sealed += v[i].sealed;
	}
	fprintf(stderr, "sealed-at-exit: %s: %d/%d mappings sealed\n", names[file], sealed, total);
}

static void report(pid_t pid)
{
	char path[64], exe[4096], line[4096];
	int n = 0, self;
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
	for (int i = 0; i < nnames; i++)
		free(names[i]);
	nnames = 0;
	self = file_index(exe);
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
		if (n == MAX_VMAS)
			break;
		name = strchr(sp, '/');
		v[n].file = name ? file_index(name) : -1;
		v[n].sealed = 0;
		n++;
	}
	fclose(f);
	report_file(self, n);
	for (int i = 0; i < nnames; i++)
		if (i != self && is_elf(names[i]))
			report_file(i, n);
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
