/* SPDX-License-Identifier: MIT */
/*
 * Ways to replace N relocated RELRO ranges by copies the kernel will not
 * let madvise discard, timed per object: what the runtime does
 * (rt-relro.c), and the alternatives.
 *  - mremap ways: a copy built aside in anonymous memory and moved over
 *    each RELRO with mremap, one by one (a module's own core) or in one
 *    batch, with and without MAP_POPULATE;
 *  - memfd ways: every copy written into one memfd (writev), sealed
 *    (F_SEAL_WRITE|SHRINK|GROW|SEAL), then mapped read-only
 *    MAP_SHARED|MAP_FIXED over each RELRO, in one batch (the process
 *    pass) or one memfd per object, with and without MAP_POPULATE;
 *  - the in-place alternative issue 13 suggests (copy out,
 *    mmap(MAP_FIXED) anonymous memory over the RELRO, copy back,
 *    mprotect), which leaves the RELRO reading as zeros for a moment.
 * Each sample is a fresh child with N RELROs of PAGES file-backed,
 * relocated-then-read-only pages each, as a loader leaves them; variants
 * are interleaved round by round.  After the swap the child reads one word
 * of every page, as a program calling through its GOT soon does: a mapping
 * the swap did not populate (the memfd ways without MAP_POPULATE) takes
 * its page faults there (one per 64 KiB or less: the kernel's fault-around
 * maps what the memfd holds nearby), so that read is timed too, and the
 * minor faults of both phases are counted (getrusage).
 *   usage: relro-swap ROUNDS [N [PAGES]]   (N = 100, PAGES = 1 by default)
 *   output: variant, then per object: the swap's median µs and its
 *   quartiles, the later read's median µs, swap + read median µs, and the
 *   minor faults of the swap and of the read (means)
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef MFD_NOEXEC_SEAL
#define MFD_NOEXEC_SEAL 0x0008U
#endif
#ifndef F_ADD_SEALS
#define F_ADD_SEALS 1033
#define F_SEAL_SEAL 0x0001
#define F_SEAL_SHRINK 0x0002
#define F_SEAL_GROW 0x0004
#define F_SEAL_WRITE 0x0008
#endif

#define PG 4096
#define MAXPAGES 64
#define MAXN 1000

static char *relro[MAXN];
static int n = 100;
static size_t RL = PG; /* each RELRO: PAGES pages */

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

/* A page of a file, RL bytes relocated then made read-only, a page. */
static void setup(int fd)
{
	for (int i = 0; i < n; i++) {
		char *b = mmap(0, RL + 2 * PG, PROT_READ, MAP_PRIVATE, fd, 0);
		if (b == MAP_FAILED || mprotect(b + PG, RL, PROT_READ | PROT_WRITE))
			die("setup");
		memset(b + PG, i, RL);
		if (mprotect(b + PG, RL, PROT_READ))
			die("setup");
		relro[i] = b + PG;
	}
}

static void move_over(char *copy, char *target)
{
	if (mremap(copy, RL, RL, MREMAP_MAYMOVE | MREMAP_FIXED, target) != target)
		die("mremap");
}

static void batch(int flags)
{
	char *c = mmap(0, (size_t)n * RL, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | flags, -1, 0);
	if (c == MAP_FAILED)
		die("mmap");
	for (int i = 0; i < n; i++)
		memcpy(c + (size_t)i * RL, relro[i], RL);
	if (mprotect(c, (size_t)n * RL, PROT_READ))
		die("mprotect");
	for (int i = 0; i < n; i++)
		move_over(c + (size_t)i * RL, relro[i]);
}

static void one_by_one(int flags)
{
	for (int i = 0; i < n; i++) {
		char *c = mmap(0, RL, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | flags, -1, 0);
		if (c == MAP_FAILED)
			die("mmap");
		memcpy(c, relro[i], RL);
		if (mprotect(c, RL, PROT_READ))
			die("mprotect");
		move_over(c, relro[i]);
	}
}

/* The runtime's memfd batch (rt-relro.c): one memfd for every copy. */
static void memfd_batch(int flags)
{
	static struct iovec iov[MAXN];
	int fd = memfd_create("sealing-relro", MFD_CLOEXEC | MFD_ALLOW_SEALING | MFD_NOEXEC_SEAL);
	if (fd < 0)
		die("memfd_create");
	for (int i = 0; i < n; i++)
		iov[i] = (struct iovec){ relro[i], RL };
	if (writev(fd, iov, n) != (ssize_t)((size_t)n * RL))
		die("writev");
	if (fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL))
		die("F_ADD_SEALS");
	for (int i = 0; i < n; i++)
		if (mmap(relro[i], RL, PROT_READ, MAP_SHARED | MAP_FIXED | flags, fd,
			 (off_t)((size_t)i * RL)) != relro[i])
			die("mmap");
	close(fd);
}

/* The same with one memfd per object, as a module's own core would. */
static void memfd_one_by_one(int flags)
{
	for (int i = 0; i < n; i++) {
		int fd = memfd_create("sealing-relro", MFD_CLOEXEC | MFD_ALLOW_SEALING | MFD_NOEXEC_SEAL);
		if (fd < 0)
			die("memfd_create");
		if (write(fd, relro[i], RL) != (ssize_t)RL)
			die("write");
		if (fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL))
			die("F_ADD_SEALS");
		if (mmap(relro[i], RL, PROT_READ, MAP_SHARED | MAP_FIXED | flags, fd, 0) != relro[i])
			die("mmap");
		close(fd);
	}
}

static void in_place(int flags)
{
	static char buf[MAXPAGES * PG];
	for (int i = 0; i < n; i++) {
		memcpy(buf, relro[i], RL);
		if (mmap(relro[i], RL, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | flags, -1, 0) != relro[i])
			die("mmap");
		memcpy(relro[i], buf, RL);
		if (mprotect(relro[i], RL, PROT_READ))
			die("mprotect");
	}
}

static const struct {
	const char *name;
	void (*swap)(int);
	int flags;
} variants[] = {
	{ "batch (mremap)", batch, 0 },
	{ "batch+populate (mremap: the process pass's fallback)", batch, MAP_POPULATE },
	{ "memfd-batch (the process pass: read fault later)", memfd_batch, 0 },
	{ "memfd-batch+populate", memfd_batch, MAP_POPULATE },
	{ "one-by-one (mremap)", one_by_one, 0 },
	{ "one-by-one+populate (mremap: a module's own)", one_by_one, MAP_POPULATE },
	{ "memfd-one-by-one", memfd_one_by_one, 0 },
	{ "memfd-one-by-one+populate", memfd_one_by_one, MAP_POPULATE },
	{ "in-place (not atomic)", in_place, 0 },
	{ "in-place+populate (not atomic)", in_place, MAP_POPULATE },
};
#define NV (sizeof(variants) / sizeof(variants[0]))

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static long minflt(void)
{
	struct rusage u;
	getrusage(RUSAGE_SELF, &u);
	return u.ru_minflt;
}

/* What one child measured, per object. */
struct sample {
	double swap_us, read_us, swap_flt, read_flt;
};

/*
 * Every libc function a variant calls, called once before the clock
 * starts, so that no variant pays
 * for resolving its symbols and faulting in libc's code: the runtime makes
 * raw syscalls.  This matters at N = 1.  Each call fails or does nothing.
 */
static void warm_up(void)
{
	static char buf[64];
	struct iovec iov = { buf, 0 };
	memcpy(buf, buf + 32, 32);
	memset(buf, 0, 32);
	(void)mmap(0, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	(void)mremap(0, 0, 0, 0);
	(void)munmap(0, 0);
	(void)mprotect(0, 0, PROT_READ);
	(void)!writev(-1, &iov, 1);
	(void)!write(-1, buf, 0);
	(void)fcntl(-1, F_ADD_SEALS, 0);
	(void)close(-1);
	(void)memfd_create("", 0x8000 /* no such flag */);
	minflt();
	now_us();
}

static struct sample run_child(size_t v)
{
	struct sample s;
	volatile long sum = 0;

	warm_up();
	long f0 = minflt();
	double t0 = now_us();
	variants[v].swap(variants[v].flags);
	double t1 = now_us();
	long f1 = minflt();
	for (int i = 0; i < n; i++)
		for (size_t k = 0; k < RL; k += PG)
			sum += *(volatile long *)(relro[i] + k);
	double t2 = now_us();
	long f2 = minflt();
	/* Every copy holds what its RELRO held (setup's byte i). */
	for (int i = 0; i < n; i++)
		for (size_t k = 0; k < RL; k += 512)
			if (relro[i][k] != (char)i) {
				fprintf(stderr, "%s: object %d: wrong bytes after the swap\n",
					variants[v].name, i);
				_exit(1);
			}
	s.swap_us = (t1 - t0) / n;
	s.read_us = (t2 - t1) / n;
	s.swap_flt = (double)(f1 - f0) / n;
	s.read_flt = (double)(f2 - f1) / n;
	(void)sum;
	return s;
}

static double median(double *x, int k, int q)
{
	qsort(x, k, sizeof(*x), cmp);
	return x[(q * k) / 4];
}

static double mean(const double *x, int k)
{
	double sum = 0;
	for (int i = 0; i < k; i++)
		sum += x[i];
	return sum / k;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 0;
	int pages = argc > 3 ? atoi(argv[3]) : 1;
	if (argc > 2)
		n = atoi(argv[2]);
	if (rounds < 1 || n < 1 || n > MAXN || pages < 1 || pages > MAXPAGES) {
		fprintf(stderr, "usage: relro-swap ROUNDS [N <= %d [PAGES <= %d]]\n", MAXN, MAXPAGES);
		return 2;
	}
	RL = (size_t)pages * PG;
	char path[] = "/tmp/relro-swap-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0 || unlink(path) || ftruncate(fd, (off_t)(RL + 2 * PG)))
		die("temporary file");
	struct sample *t = calloc(NV * (size_t)rounds, sizeof(*t));
	double *x = calloc((size_t)rounds, sizeof(*x));
	if (!t || !x)
		die("calloc");
	for (int r = 0; r < rounds; r++) {
		for (size_t v = 0; v < NV; v++) {
			int p[2], status;
			struct sample s;
			if (pipe(p))
				die("pipe");
			pid_t pid = fork();
			if (pid < 0)
				die("fork");
			if (!pid) {
				setup(fd);
				s = run_child(v);
				_exit(write(p[1], &s, sizeof(s)) != sizeof(s));
			}
			close(p[1]);
			if (read(p[0], &s, sizeof(s)) != sizeof(s))
				die("child");
			close(p[0]);
			if (waitpid(pid, &status, 0) != pid || status)
				die("child");
			t[v * rounds + r] = s;
		}
	}
	printf("variant\tus_per_object\tp25\tp75\tread_us\tswap_read_us\tswap_minflt\tread_minflt\n");
	for (size_t v = 0; v < NV; v++) {
		const struct sample *s = t + v * rounds;
		double m, q1, q3, rd, both, sf, rf;
		for (int r = 0; r < rounds; r++)
			x[r] = s[r].swap_us;
		m = median(x, rounds, 2), q1 = median(x, rounds, 1), q3 = median(x, rounds, 3);
		for (int r = 0; r < rounds; r++)
			x[r] = s[r].read_us;
		rd = median(x, rounds, 2);
		for (int r = 0; r < rounds; r++)
			x[r] = s[r].swap_us + s[r].read_us;
		both = median(x, rounds, 2);
		for (int r = 0; r < rounds; r++)
			x[r] = s[r].swap_flt;
		sf = mean(x, rounds);
		for (int r = 0; r < rounds; r++)
			x[r] = s[r].read_flt;
		rf = mean(x, rounds);
		printf("%s\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\n", variants[v].name, m, q1, q3,
		       rd, both, sf, rf);
	}
	return 0;
}
