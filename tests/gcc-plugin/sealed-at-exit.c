// SPDX-License-Identifier: MIT
// tests/helpers/sealed-at-exit, which scripts/debian-rebuild.sh uses to
// read a short-lived program's smaps just before it exits: it must agree
// with the program's own view (sealprobe), tell sealed from unsealed, and
// pass the exit status through.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -O2 %fplugin %s %probe -o %t/sealed
// RUN: %gcc -O2 %s %probe -o %t/plain
// RUN: %sealed-at-exit %t/sealed 2>&1 | FileCheck --check-prefix=SEALED %s
// SEALED: exe: [[N:[1-9][0-9]*]]/[[N]] mappings sealed
// SEALED-NEXT: sealed-at-exit: {{.*}}/sealed: [[N]]/[[N]] mappings sealed
// RUN: %sealed-at-exit %t/plain 2>&1 | FileCheck --check-prefix=PLAIN %s
// PLAIN: exe: 0/[[M:[1-9][0-9]*]] mappings sealed
// PLAIN-NEXT: sealed-at-exit: {{.*}}/plain: 0/[[M]] mappings sealed
// RUN: %not %sealed-at-exit %t/sealed fail
// RUN: %not %sealed-at-exit %t/no-such-program
#include <stdio.h>
#include "sealprobe.h"

int main(int argc, char **argv)
{
	(void)argv;
	probe_module("exe", (const void *)main);
	fflush(stdout);
	return argc > 1 ? 3 : 0;
}
