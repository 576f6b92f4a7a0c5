// SPDX-License-Identifier: MIT
// strace, fakeroot (an LD_PRELOAD shim) and a fork/exec-heavy driver see a
// sealed program behave exactly like the unsealed one, and it is sealed
// under each of them.
//
// REQUIRES: strace, fakeroot
// RUN: %cc -O2 %s %probe %rt -o %t
// RUN: %cc -O2 %s %probe -o %t.plain
// RUN: strace -f -qq -o /dev/null %t | FileCheck --check-prefix=SEALED %s
// RUN: fakeroot %t | FileCheck --check-prefixes=SEALED,ROOT %s
// RUN: fakeroot %t.plain | FileCheck --check-prefix=ROOT %s
// A driver that forks and execs itself, sealed, 50 times.
// RUN: %t drive 50 | FileCheck --check-prefix=DRIVE %s
// SEALED: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// ROOT: uid 0
// DRIVE: driver: 50 children exited 0, all sealed
#include "sealprobe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "drive")) {
		int n = atoi(argv[2]), ok = 0;
		for (int i = 0; i < n; i++) {
			int fd[2], status;
			char buf[256] = "";
			if (pipe(fd))
				return 1;
			pid_t pid = fork();
			if (pid == 0) {
				dup2(fd[1], 1);
				execl(argv[0], argv[0], (char *)NULL);
				_exit(127);
			}
			close(fd[1]);
			ssize_t got = read(fd[0], buf, sizeof(buf) - 1);
			close(fd[0]);
			waitpid(pid, &status, 0);
			ok += got > 0 && WIFEXITED(status) && !WEXITSTATUS(status) &&
			      strstr(buf, "mappings sealed") && !strstr(buf, ": 0/");
		}
		printf("driver: %d children exited 0, %s\n", n,
		       ok == n ? "all sealed" : "NOT all sealed");
		return ok != n;
	}
	probe_module("exe", (const void *)main);
	printf("uid %d\n", (int)geteuid());
	return 0;
}
