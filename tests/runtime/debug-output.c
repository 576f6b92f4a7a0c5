// SPDX-License-Identifier: MIT
// SEALING_DEBUG_OUTPUT=PATH sends the debug lines to PATH.PID, as glibc's
// LD_DEBUG_OUTPUT does, leaving stderr to the program: cmake's configure
// reads `uname -m`'s stderr into CMAKE_HOST_SYSTEM_PROCESSOR, and any
// debug line there broke it.  Lines from the runtime of an instrumented
// program, from a library it dlopens, and from the loader module all go
// to the file; a forked child writes its own.  Secure execution ignores
// it, with SEALING_DEBUG (secure-exec.c).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O2 -shared -fPIC -DFN=lib_fn %inputs/lib.c %rt -o %t/liblate.so
// RUN: %cc -O2 %s %rt -ldl -o %t/prog
// RUN: %cc -O2 %s -ldl -o %t/plain
// RUN: env SEALING_DEBUG=1 SEALING_DEBUG_OUTPUT=%t/log %t/prog %t/liblate.so > %t/pids 2> %t/err
// RUN: wc -c < %t/err | FileCheck --check-prefix=EMPTY %s
// RUN: sh -c 'read parent child < %t/pids; cat %t/log.$parent' | FileCheck --check-prefix=PARENT %s
// RUN: sh -c 'read parent child < %t/pids; cat %t/log.$child' | FileCheck --check-prefix=CHILD %s
// RUN: ls %t | grep -c '^log\.' | FileCheck --check-prefix=TWO %s
// EMPTY: {{^}}0{{$}}
// TWO: {{^}}2{{$}}
// PARENT-DAG: sealing: {{.*}}/prog: policy 1 (executable): sealed
// PARENT-DAG: sealing: {{.*}}/libc.so.6: policy 1 (no note, loaded at start-up, sealed by the executable): sealed
// PARENT-DAG: sealing: {{.*}}/prog: process scope: {{[0-9]+}} objects:
// CHILD: sealing: {{.*}}/liblate.so: policy 1 (dlopen'd, pinned): sealed
//
// The loader module on a program nobody rebuilt.
// RUN: rm -f %t/log.*
// RUN: env SEALING_DEBUG=1 SEALING_DEBUG_OUTPUT=%t/log LD_PRELOAD=%loader %t/plain > %t/pids 2> %t/err
// RUN: wc -c < %t/err | FileCheck --check-prefix=EMPTY %s
// RUN: sh -c 'read parent child < %t/pids; cat %t/log.$parent' | FileCheck --check-prefix=LOADER %s
// LOADER: sealing: {{.*}}/libc.so.6: policy 1 (loaded at start-up, sealed by libsealing-loader.so): sealed
//
// A path too long for the runtime, or one it cannot open: the lines stay
// on stderr rather than being lost.
// RUN: env SEALING_DEBUG=1 SEALING_DEBUG_OUTPUT=%t/no/such/dir/log %t/prog > /dev/null 2> %t/err
// RUN: FileCheck --check-prefix=STDERR %s < %t/err
// STDERR: sealing: {{.*}}/prog: policy 1 (executable): sealed
#include <dlfcn.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	pid_t child = argc > 1 ? fork() : 0;
	if (child == 0 && argc > 1) {
		/* The child loads a library: its runtime's line is the child's. */
		_exit(dlopen(argv[1], RTLD_NOW) ? 0 : 1);
	}
	if (child > 0)
		waitpid(child, 0, 0);
	printf("%d %d\n", (int)getpid(), (int)child);
	return 0;
}
