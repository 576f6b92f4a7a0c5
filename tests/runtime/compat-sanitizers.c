// SPDX-License-Identifier: MIT
// ASan (with LSan), UBSan and TSan builds of a sealed program run clean and
// are sealed: the sanitizer runtimes map their shadow memory and intercept
// calls without touching the sealed image.
//
// RUN: %cc -O1 -g -fsanitize=address %s %probe %rt -o %t.asan
// RUN: %t.asan 2> %t.asan.err | FileCheck %s
// RUN: wc -c < %t.asan.err | FileCheck --check-prefix=EMPTY %s
// RUN: %cc -O1 -g -fsanitize=undefined -fno-sanitize-recover=all %s %probe %rt -o %t.ubsan
// RUN: %t.ubsan 2> %t.ubsan.err | FileCheck %s
// RUN: wc -c < %t.ubsan.err | FileCheck --check-prefix=EMPTY %s
// RUN: %cc -O1 -g -fsanitize=thread %s %probe %rt -o %t.tsan
// RUN: %t.tsan 2> %t.tsan.err | FileCheck %s
// RUN: wc -c < %t.tsan.err | FileCheck --check-prefix=EMPTY %s
// CHECK: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// CHECK-NEXT: sum 4950
// EMPTY: {{^}}0{{$}}
#include "sealprobe.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static void *work(void *arg)
{
	int *v = arg, s = 0;
	for (int i = 0; i < 100; i++)
		s += v[i];
	return (void *)(long)s;
}

int main(void)
{
	int *v = malloc(100 * sizeof(*v));
	for (int i = 0; i < 100; i++)
		v[i] = i;
	probe_module("exe", (const void *)main);
	probe_ops("text", (const void *)main);
	pthread_t t;
	void *sum;
	pthread_create(&t, NULL, work, v);
	pthread_join(t, &sum);
	printf("sum %ld\n", (long)sum);
	free(v);
	return 0;
}
