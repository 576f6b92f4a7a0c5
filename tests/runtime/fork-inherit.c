// SPDX-License-Identifier: MIT
// Sealing is inherited across fork: the child cannot unmap or mprotect
// the image either.
//
// RUN: %cc -O2 %s %probe %rt -o %t && %t | FileCheck %s
// CHECK: child exe: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: child text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// CHECK-NEXT: child status 0
#include "sealprobe.h"

#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		probe_module("child exe", (const void *)main);
		probe_ops("child text", (const void *)main);
		fflush(stdout);
		_exit(0);
	}
	int status;
	waitpid(pid, &status, 0);
	printf("child status %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	return 0;
}
