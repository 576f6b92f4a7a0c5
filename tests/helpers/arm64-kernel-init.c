/* SPDX-License-Identifier: MIT */
/*
 * /init of the initramfs that scripts/check-arm64-kernel.sh boots on real
 * arm64 kernels: no shell, no C library beyond its own static one.  It
 * mounts /proc (the tests read smaps) and /dev (for the console, which
 * the kernel could not open: the initramfs has no /dev/console), then
 * runs every line of /plan:
 *     NAME ENV=VALUE... -- PROGRAM ARG...
 * printing "@@@ begin NAME" and "@@@ end NAME status N" around each run
 * so the host can cut the console log into one section per test, and
 * powers the machine off.
 */
#define _GNU_SOURCE 1
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAXARGS 32

static void run(char *line)
{
	char *env[MAXARGS + 2], *argv[MAXARGS + 1], *name, *tok, *save = 0;
	int nenv = 0, nargv = 0, args = 0, status = -1;

	name = strtok_r(line, " \t\n", &save);
	if (!name || name[0] == '#')
		return;
	env[nenv++] = "PATH=/bin";
	while ((tok = strtok_r(0, " \t\n", &save))) {
		if (!args && !strcmp(tok, "--"))
			args = 1;
		else if (!args && nenv < MAXARGS)
			env[nenv++] = tok;
		else if (args && nargv < MAXARGS)
			argv[nargv++] = tok;
	}
	env[nenv] = 0;
	argv[nargv] = 0;
	printf("@@@ begin %s\n", name);
	fflush(stdout);
	pid_t pid = nargv ? fork() : -1;
	if (pid == 0) {
		execve(argv[0], argv, env);
		perror(argv[0]);
		_exit(126);
	}
	if (pid > 0 && waitpid(pid, &status, 0) == pid)
		status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	printf("@@@ end %s status %d\n", name, status);
	fflush(stdout);
}

int main(void)
{
	char line[4096];
	FILE *plan;

	mount("devtmpfs", "/dev", "devtmpfs", 0, 0);
	int fd = open("/dev/console", O_RDWR);
	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		if (fd > 2)
			close(fd);
	}
	setvbuf(stdout, 0, _IOLBF, 0);
	if (mount("proc", "/proc", "proc", 0, 0))
		perror("mount /proc");
	printf("@@@ kernel page size %ld\n", sysconf(_SC_PAGESIZE));
	plan = fopen("/plan", "r");
	if (!plan)
		perror("/plan");
	while (plan && fgets(line, sizeof(line), plan))
		run(line);
	printf("@@@ done\n");
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
