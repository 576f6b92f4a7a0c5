/* SPDX-License-Identifier: MIT */
/*
 * Ways to make N RELRO pages anonymous, timed per object: what the
 * runtime does (rt-relro.c: copies built aside, then mremap'd over the
 * RELRO, one by one or in one batch), with and without MAP_POPULATE, and
 * the in-place alternative issue 13 suggests (copy out, mmap(MAP_FIXED)
 * anonymous memory over the RELRO, copy back, mprotect), which leaves the
 * RELRO reading as zeros for a moment.  Each sample is a fresh child with
 * N file-backed, relocated-then-read-only pages, as a loader leaves them;
 * variants are interleaved round by round.
 *   usage: relro-swap ROUNDS [N]
 *   output: variant<TAB>us_per_object_median<TAB>p25<TAB>p75
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PG 4096
#define MAXN 1000

static char *relro[MAXN];
static int n = 100;

static double now_us(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static void die(const char *what)
{
	perror(what);
	exit(1);
}

/* Three pages of a file, the middle one relocated then made read-only. */
static void setup(int fd)
{
	for (int i = 0; i < n; i++) {
		char *b = mmap(0, 3 * PG, PROT_READ, MAP_PRIVATE, fd, 0);
		if (b == MAP_FAILED || mprotect(b + PG, PG, PROT_READ | PROT_WRITE))
			die("setup");
		memset(b + PG, i, PG);
		if (mprotect(b + PG, PG, PROT_READ))
			die("setup");
		relro[i] = b + PG;
	}
}

static void move_over(char *copy, char *target)
{
	if (mremap(copy, PG, PG, MREMAP_MAYMOVE | MREMAP_FIXED, target) != target)
		die("mremap");
}

static void batch(int flags)
{
	char *c = mmap(0, (size_t)n * PG, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | flags, -1, 0);
	if (c == MAP_FAILED)
		die("mmap");
	for (int i = 0; i < n; i++)
		memcpy(c + (size_t)i * PG, relro[i], PG);
	if (mprotect(c, (size_t)n * PG, PROT_READ))
		die("mprotect");
	for (int i = 0; i < n; i++)
		move_over(c + (size_t)i * PG, relro[i]);
}

static void one_by_one(int flags)
{
	for (int i = 0; i < n; i++) {
		char *c = mmap(0, PG, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | flags, -1, 0);
		if (c == MAP_FAILED)
			die("mmap");
		memcpy(c, relro[i], PG);
		if (mprotect(c, PG, PROT_READ))
			die("mprotect");
		move_over(c, relro[i]);
	}
}

static void in_place(int flags)
{
	static char buf[PG];
	for (int i = 0; i < n; i++) {
		memcpy(buf, relro[i], PG);
		if (mmap(relro[i], PG, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | flags, -1, 0) != relro[i])
			die("mmap");
		memcpy(relro[i], buf, PG);
		if (mprotect(relro[i], PG, PROT_READ))
			die("mprotect");
	}
}

static const struct {
	const char *name;
	void (*swap)(int);
	int flags;
} variants[] = {
	{ "batch (the process pass, before)", batch, 0 },
	{ "batch+populate (the process pass, now)", batch, MAP_POPULATE },
	{ "one-by-one (a module's own, before)", one_by_one, 0 },
	{ "one-by-one+populate (a module's own, now)", one_by_one, MAP_POPULATE },
	{ "in-place (not atomic)", in_place, 0 },
	{ "in-place+populate (not atomic)", in_place, MAP_POPULATE },
};
#define NV (sizeof(variants) / sizeof(variants[0]))

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 0;
	if (argc > 2)
		n = atoi(argv[2]);
	if (rounds < 1 || n < 1 || n > MAXN) {
		fprintf(stderr, "usage: relro-swap ROUNDS [N <= %d]\n", MAXN);
		return 2;
	}
	char path[] = "/tmp/relro-swap-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0 || unlink(path) || ftruncate(fd, 3 * PG))
		die("temporary file");
	double *t = calloc(NV * (size_t)rounds, sizeof(*t));
	if (!t)
		die("calloc");
	for (int r = 0; r < rounds; r++) {
		for (size_t v = 0; v < NV; v++) {
			int p[2];
			double us;
			if (pipe(p))
				die("pipe");
			pid_t pid = fork();
			if (pid < 0)
				die("fork");
			if (!pid) {
				setup(fd);
				double t0 = now_us();
				variants[v].swap(variants[v].flags);
				us = (now_us() - t0) / n;
				_exit(write(p[1], &us, sizeof(us)) != sizeof(us));
			}
			close(p[1]);
			if (read(p[0], &us, sizeof(us)) != sizeof(us))
				die("child");
			close(p[0]);
			waitpid(pid, 0, 0);
			t[v * rounds + r] = us;
		}
	}
	printf("variant\tus_per_object\tp25\tp75\n");
	for (size_t v = 0; v < NV; v++) {
		double *s = t + v * rounds;
		qsort(s, rounds, sizeof(*s), cmp);
		printf("%s\t%.2f\t%.2f\t%.2f\n", variants[v].name, s[rounds / 2],
		       s[rounds / 4], s[(3 * rounds) / 4]);
	}
	return 0;
}
