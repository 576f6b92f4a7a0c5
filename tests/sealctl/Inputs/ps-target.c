// SPDX-License-Identifier: MIT
// ps-target [--dlopen LIB]... COMMAND [ARG...]
//
// The process `sealctl ps` looks at.  It dlopens each LIB, then runs
// COMMAND with every argument "@PID" replaced by its own process ID,
// waits for it and exits with its status (125 if it cannot run it).
// While COMMAND runs, this process is fully started and blocked in
// waitpid: no sleep, no race.  COMMAND gets the environment without
// LD_PRELOAD (a sanitized sealctl refuses preloads); this process's own
// /proc/PID/environ keeps it.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int main(int argc, char **argv)
{
	char pid[32];
	int i = 1;

	for (; i + 1 < argc && !strcmp(argv[i], "--dlopen"); i += 2)
		if (!dlopen(argv[i + 1], RTLD_NOW)) {
			fprintf(stderr, "ps-target: %s\n", dlerror());
			return 125;
		}
	if (i == argc) {
		fprintf(stderr, "usage: ps-target [--dlopen LIB]... COMMAND [ARG...]\n");
		return 125;
	}
	snprintf(pid, sizeof(pid), "%d", (int)getpid());
	for (int k = i; k < argc; k++)
		if (!strcmp(argv[k], "@PID"))
			argv[k] = pid;

	size_t n = 0;
	while (environ[n])
		n++;
	char **env = calloc(n + 1, sizeof(*env));
	if (!env)
		return 125;
	for (size_t k = 0, m = 0; k < n; k++)
		if (strncmp(environ[k], "LD_PRELOAD=", 11))
			env[m++] = environ[k];

	fflush(stdout);
	pid_t child = fork();
	if (child == 0) {
		execvpe(argv[i], argv + i, env);
		perror("ps-target: exec");
		_exit(125);
	}
	int status;
	if (child < 0 || waitpid(child, &status, 0) != child)
		return 125;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 125;
}
