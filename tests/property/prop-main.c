// SPDX-License-Identifier: MIT
// The executable of a property-test world (tests/property/README.md).
// Compiled once per variant, linked per world against the world's
// libraries.  What it does is read from the run file SEALPROP_CONFIG:
//
//   main MODE PATH          dlopen PATH from main, then a checkpoint
//   threads                 a step of threads, made of the lines below it:
//   thread T MODE PATH      thread T dlopens PATH (in line order); after
//                           every thread has finished, a checkpoint
//   ctor FILE MODE PATH     (for the libraries' constructors, ignored here)
//
// A checkpoint comes first (after start-up) and after each step.  At one,
// the program copies /proc/self/smaps to SEALPROP_OUT/cpK.smaps, writes
// "sealprop: checkpoint K LABEL" on stderr (among the runtime's
// SEALING_DEBUG lines), and, when SEALPROP_FIFO names a FIFO, prints
// "checkpoint K PID" on stdout and waits until a byte can be read from the
// FIFO (which it keeps open, read and write, from the first checkpoint on):
// meanwhile the harness runs sealctl ps on the live process.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "prop-mode.h"

#define MAX_STEPS 64
#define MAX_THREADS 16
#define MAX_OPENS 16

struct open_req {
	char mode[64];
	char path[3500];
};

struct thread_plan {
	int n;
	struct open_req req[MAX_OPENS];
};

struct step {
	int threaded;
	struct open_req main_req;
	struct thread_plan th[MAX_THREADS];
};

static struct step steps[MAX_STEPS];
static int nsteps;

static void fail(const char *what, const char *arg)
{
	fprintf(stderr, "sealprop: error: %s %s\n", what, arg ? arg : "");
	exit(3);
}

static void say(const char *s)
{
	size_t n = strlen(s);
	while (n) {
		ssize_t w = write(2, s, n);
		if (w <= 0)
			return;
		s += w;
		n -= (size_t)w;
	}
}

static void copy_smaps(int k)
{
	const char *out = getenv("SEALPROP_OUT");
	char path[4096], buf[65536];
	ssize_t n;

	if (!out)
		return;
	snprintf(path, sizeof(path), "%s/cp%d.smaps", out, k);
	int in = open("/proc/self/smaps", O_RDONLY | O_CLOEXEC);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (in < 0 || fd < 0)
		fail("cannot copy /proc/self/smaps to", path);
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(fd, buf, (size_t)n) != n)
			fail("short write to", path);
	close(in);
	close(fd);
}

static void checkpoint(int k, const char *label)
{
	/* Opened once, read and write: the program is a writer of its own
	 * FIFO, so a read never sees end-of-file when the harness closes
	 * its end late, and it blocks until the harness's byte. */
	static int fd = -1;
	const char *fifo = getenv("SEALPROP_FIFO");
	char line[256];
	char c;

	copy_smaps(k);
	snprintf(line, sizeof(line), "sealprop: checkpoint %d %s\n", k, label);
	say(line);
	if (!fifo)
		return;
	if (fd < 0 && (fd = open(fifo, O_RDWR | O_CLOEXEC)) < 0)
		fail("cannot open", fifo);
	printf("checkpoint %d %d\n", k, (int)getpid());
	fflush(stdout);
	ssize_t n;
	while ((n = read(fd, &c, 1)) < 0 && errno == EINTR)
		;
	if (n != 1) {
		fprintf(stderr, "sealprop: error: read from %s returned %zd: %s\n", fifo, n,
			n < 0 ? strerror(errno) : "end of file");
		exit(3);
	}
}

static void open_one(const struct open_req *r)
{
	void *h = dlopen(r->path, prop_mode(r->mode));
	if (!h) {
		fprintf(stderr, "sealprop: error: dlopen %s: %s\n", r->path, dlerror());
		exit(3);
	}
	int (*fn)(void) = (int (*)(void))dlsym(h, "prop_lib_call");
	if (fn)
		fn();
}

static void *thread_main(void *arg)
{
	const struct thread_plan *t = arg;
	for (int i = 0; i < t->n; i++)
		open_one(&t->req[i]);
	return NULL;
}

static void read_plan(const char *cfg)
{
	char line[4096];
	struct step *cur = NULL;
	FILE *f = fopen(cfg, "r");

	if (!f)
		fail("cannot read", cfg);
	while (fgets(line, sizeof(line), f)) {
		struct open_req r;
		int t;
		if (!strncmp(line, "ctor ", 5) || line[0] == '#' || line[0] == '\n')
			continue;
		if (nsteps == MAX_STEPS)
			fail("too many steps in", cfg);
		if (sscanf(line, "main %63s %3499s", r.mode, r.path) == 2) {
			cur = &steps[nsteps++];
			cur->main_req = r;
			cur = NULL;
		} else if (!strcmp(line, "threads\n")) {
			cur = &steps[nsteps++];
			cur->threaded = 1;
		} else if (cur && sscanf(line, "thread %d %63s %3499s", &t, r.mode, r.path) == 3 &&
			   t >= 0 && t < MAX_THREADS && cur->th[t].n < MAX_OPENS) {
			cur->th[t].req[cur->th[t].n++] = r;
		} else {
			fail("bad line in run file:", line);
		}
	}
	fclose(f);
}

int main(void)
{
	const char *cfg = getenv("SEALPROP_CONFIG");
	char label[64];

	if (cfg)
		read_plan(cfg);
	checkpoint(0, "start-up");
	for (int s = 0; s < nsteps; s++) {
		struct step *st = &steps[s];
		if (!st->threaded) {
			open_one(&st->main_req);
			snprintf(label, sizeof(label), "after-main-dlopen");
		} else {
			pthread_t tid[MAX_THREADS];
			int started[MAX_THREADS] = { 0 };
			for (int t = 0; t < MAX_THREADS; t++)
				if (st->th[t].n) {
					if (pthread_create(&tid[t], NULL, thread_main, &st->th[t]))
						fail("pthread_create", NULL);
					started[t] = 1;
				}
			for (int t = 0; t < MAX_THREADS; t++)
				if (started[t])
					pthread_join(tid[t], NULL);
			snprintf(label, sizeof(label), "after-thread-dlopens");
		}
		checkpoint(s + 1, label);
	}
	say("sealprop: done\n");
	return 0;
}
