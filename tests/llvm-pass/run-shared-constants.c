// SPDX-License-Identifier: MIT
// User constants equal to the runtime's own (its messages say "error",
// "EPERM", "ok"...) stay the user's: the optimiser must not fold them into
// the runtime's group, or every object but the one whose group the linker
// keeps would point into a discarded section ("referenced in section ...
// defined in discarded section").  Lua hit this.
//
// RUN: %clang %seal -O2 -c %s -o %t.a.o
// RUN: %clang %seal -O2 -DSECOND -c %s -o %t.b.o
// RUN: %clang %t.a.o %t.b.o -o %t
// RUN: %t | FileCheck %s
// RUN: %clang %seal -O2 -flto -c %s -o %t.lto.a.o
// RUN: %clang %seal -O2 -flto -DSECOND -c %s -o %t.lto.b.o
// RUN: %clang -flto -fuse-ld=lld %t.lto.a.o %t.lto.b.o -o %t.lto
// RUN: %t.lto | FileCheck %s
// RUN: env SEALING_DEBUG=1 %t 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %s
// REQUIRES: lld
// CHECK: error EPERM ok sealing:  error EPERM ok sealing:
// ONCE: sealing: {{.*}}: policy 1 ({{[^)]*}}): sealed
// ONCE-NOT: (executable)
#include <stdio.h>

#ifdef SECOND
const char *const second_words[] = { "error", "EPERM", "ok", "sealing: " };
#else
extern const char *const second_words[];
const char *const first_words[] = { "error", "EPERM", "ok", "sealing: " };

int main(void)
{
	for (int i = 0; i < 4; i++)
		printf("%s ", first_words[i]);
	for (int i = 0; i < 4; i++)
		printf("%s ", second_words[i]);
	printf("\n");
	return 0;
}
#endif
