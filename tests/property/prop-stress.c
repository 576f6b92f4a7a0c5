// SPDX-License-Identifier: MIT
// The stress program of the property test (tests/property/README.md):
//
//   prop-stress THREADS ROUNDS MALLOCERS LIB...
//
// THREADS threads each dlopen, call into and dlclose every LIB, ROUNDS
// times, while MALLOCERS threads malloc and free until they are done.
// Then it copies /proc/self/smaps to SEALPROP_OUT/cp0.smaps (when set),
// for the harness to check the survivors against the rules, and prints
// "stress: N dlopens".  The harness runs it under a timeout: a hang (the
// loader module's dlopen lock against ld.so's) is a failure of its own.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rounds, nlibs;
static char **libs;
static atomic_int done, opens;

static void *opener(void *arg)
{
	unsigned seed = (unsigned)(size_t)arg;
	for (int r = 0; r < rounds; r++)
		for (int i = 0; i < nlibs; i++) {
			const char *path = libs[(i + seed) % (unsigned)nlibs];
			void *h = dlopen(path, RTLD_NOW);
			if (!h) {
				fprintf(stderr, "stress: dlopen %s: %s\n", path, dlerror());
				exit(3);
			}
			int (*fn)(void) = (int (*)(void))dlsym(h, "prop_lib_call");
			if (fn)
				fn();
			dlclose(h);
			atomic_fetch_add(&opens, 1);
		}
	return NULL;
}

static void *mallocer(void *arg)
{
	unsigned s = (unsigned)(size_t)arg;
	void *keep[64] = { 0 };
	while (!atomic_load(&done)) {
		s = s * 1103515245u + 12345u;
		unsigned k = (s >> 8) % 64;
		free(keep[k]);
		keep[k] = malloc(16 + (s >> 16) % 8192);
	}
	for (int k = 0; k < 64; k++)
		free(keep[k]);
	return NULL;
}

static void copy_smaps(void)
{
	const char *out = getenv("SEALPROP_OUT");
	char path[4096], buf[65536];
	ssize_t n;

	if (!out)
		return;
	snprintf(path, sizeof(path), "%s/cp0.smaps", out);
	int in = open("/proc/self/smaps", O_RDONLY);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (in < 0 || fd < 0) {
		perror(path);
		exit(3);
	}
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(fd, buf, (size_t)n) != n)
			exit(3);
	close(in);
	close(fd);
}

int main(int argc, char **argv)
{
	if (argc < 5) {
		fprintf(stderr, "usage: %s THREADS ROUNDS MALLOCERS LIB...\n", argv[0]);
		return 2;
	}
	int nthreads = atoi(argv[1]), nmalloc = atoi(argv[3]);
	rounds = atoi(argv[2]);
	libs = argv + 4;
	nlibs = argc - 4;
	pthread_t *t = calloc((size_t)(nthreads + nmalloc), sizeof(*t));
	if (!t)
		return 3;
	for (int i = 0; i < nmalloc; i++)
		if (pthread_create(&t[nthreads + i], NULL, mallocer, (void *)(size_t)(i + 1)))
			return 3;
	for (int i = 0; i < nthreads; i++)
		if (pthread_create(&t[i], NULL, opener, (void *)(size_t)i))
			return 3;
	for (int i = 0; i < nthreads; i++)
		pthread_join(t[i], NULL);
	atomic_store(&done, 1);
	for (int i = 0; i < nmalloc; i++)
		pthread_join(t[nthreads + i], NULL);
	copy_smaps();
	printf("stress: %d dlopens\n", atomic_load(&opens));
	return 0;
}
