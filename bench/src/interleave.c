/* SPDX-License-Identifier: MIT */
/*
 * interleave: run several commands round-robin and record the wall time
 * (and child CPU time) of every execution.
 *
 * Why not hyperfine: it runs all repetitions of one command before the
 * next, so a change in machine load (two shared cores, colleagues
 * compiling) lands on one variant only.  Here every round runs each
 * variant once, starting from a different variant each round, so drift
 * hits all variants alike and per-round ratios cancel most of it.
 *
 * Commands are exec'd directly (no shell): a shell would add a millisecond
 * to start-up times we want to resolve to a few microseconds.
 *
 *   usage: interleave [-r ROUNDS] [-w WARMUP] [-t SECONDS] [-m MIN] SPEC > raw.tsv
 *   -t: a time budget: no new round starts once SECONDS have passed and
 *       at least MIN rounds (default 3) are complete, so a loaded machine
 *       makes the run shorter, not endless; the rounds actually run are
 *       in raw.tsv (and in the report).
 *   SPEC: one variant per line, three TAB-separated fields:
 *         NAME <TAB> ENV assignments or "-" <TAB> argv
 *         the last two split on spaces (no quoting: paths must not contain
 *         spaces).  Lines starting with '#' are ignored.
 *   raw.tsv: variant, round, wall_ns, cpu_ns (user+sys of the child tree),
 *            maxrss_kib (the largest RSS of the child tree).
 */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define MAX_VARIANTS 64
#define MAX_WORDS 64

struct variant {
	char *name;
	char *argv[MAX_WORDS];
	char **envp;
};

static void die(const char *what)
{
	perror(what);
	exit(2);
}

static int split(char *s, char **out, int max)
{
	int n = 0;
	for (char *tok = strtok(s, " "); tok; tok = strtok(0, " ")) {
		if (n == max - 1) {
			fprintf(stderr, "interleave: too many words\n");
			exit(2);
		}
		out[n++] = tok;
	}
	out[n] = 0;
	return n;
}

/* The parent's environment with the variant's assignments on top. */
static char **make_env(char *assignments)
{
	char *set[MAX_WORDS];
	int nset = strcmp(assignments, "-") ? split(assignments, set, MAX_WORDS) : 0;
	size_t nenv = 0;
	while (environ[nenv])
		nenv++;
	char **envp = calloc(nenv + (size_t)nset + 1, sizeof *envp);
	if (!envp)
		die("calloc");
	size_t n = 0;
	for (size_t i = 0; i < nenv; i++) {
		int overridden = 0;
		for (int k = 0; k < nset; k++) {
			size_t len = strcspn(set[k], "=") + 1;
			if (!strncmp(environ[i], set[k], len))
				overridden = 1;
		}
		if (!overridden)
			envp[n++] = environ[i];
	}
	for (int k = 0; k < nset; k++)
		envp[n++] = set[k];
	return envp;
}

static int read_spec(const char *path, struct variant *v)
{
	FILE *f = fopen(path, "r");
	if (!f)
		die(path);
	char *line = 0;
	size_t cap = 0;
	int n = 0;
	while (getline(&line, &cap, f) > 0) {
		line[strcspn(line, "\n")] = 0;
		if (!line[0] || line[0] == '#')
			continue;
		char *copy = strdup(line);
		char *name = strtok(copy, "\t");
		char *env = strtok(0, "\t");
		char *cmd = strtok(0, "\t");
		if (!name || !env || !cmd || n == MAX_VARIANTS) {
			fprintf(stderr, "interleave: bad spec line: %s\n", line);
			exit(2);
		}
		v[n].name = name;
		v[n].envp = make_env(env);
		split(cmd, v[n].argv, MAX_WORDS);
		n++;
	}
	free(line);
	fclose(f);
	return n;
}

static long long ns_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* A small LCG: the shuffle needs repeatability, not quality. */
static unsigned next_random(unsigned long long *state)
{
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)(*state >> 33);
}

static long long tv_ns(struct timeval t)
{
	return t.tv_sec * 1000000000LL + t.tv_usec * 1000LL;
}

/* One execution; output goes to /dev/null, a failure stops the run. */
static void run_once(const struct variant *v, long long *wall, long long *cpu,
		     long *rss)
{
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	pid_t pid;
	int st;
	struct rusage ru;
	long long t0 = ns_now();
	int err = posix_spawn(&pid, v->argv[0], &fa, 0, v->argv, v->envp);
	if (err) {
		errno = err;
		die(v->argv[0]);
	}
	if (wait4(pid, &st, 0, &ru) < 0)
		die("wait4");
	*wall = ns_now() - t0;
	*cpu = tv_ns(ru.ru_utime) + tv_ns(ru.ru_stime);
	*rss = ru.ru_maxrss;
	posix_spawn_file_actions_destroy(&fa);
	if (!WIFEXITED(st) || WEXITSTATUS(st)) {
		fprintf(stderr, "interleave: %s (%s) failed with status %d\n",
			v->name, v->argv[0], st);
		exit(1);
	}
}

int main(int argc, char **argv)
{
	int rounds = 20, warmup = 2, min_rounds = 3, opt;
	long long budget_ns = 0;
	while ((opt = getopt(argc, argv, "r:w:t:m:")) != -1) {
		if (opt == 'r')
			rounds = atoi(optarg);
		else if (opt == 'w')
			warmup = atoi(optarg);
		else if (opt == 't')
			budget_ns = atoll(optarg) * 1000000000LL;
		else if (opt == 'm')
			min_rounds = atoi(optarg);
		else
			return 2;
	}
	if (optind != argc - 1) {
		fprintf(stderr, "usage: interleave [-r ROUNDS] [-w WARMUP] [-t SECONDS] [-m MIN] SPEC\n");
		return 2;
	}
	static struct variant v[MAX_VARIANTS];
	int n = read_spec(argv[optind], v);
	printf("variant\tround\twall_ns\tcpu_ns\tmaxrss_kib\n");
	int order[MAX_VARIANTS];
	unsigned long long seed = 42;
	for (int k = 0; k < n; k++)
		order[k] = k;
	long long start = ns_now();
	for (int r = -warmup; r < rounds; r++) {
		if (budget_ns && r >= min_rounds && ns_now() - start > budget_ns) {
			fprintf(stderr, "interleave: time budget reached after %d rounds\n", r);
			break;
		}
		for (int k = n - 1; k > 0; k--) { /* Fisher-Yates */
			int j = (int)(next_random(&seed) % (unsigned)(k + 1));
			int t = order[k];
			order[k] = order[j];
			order[j] = t;
		}
		for (int k = 0; k < n; k++) {
			const struct variant *cur = &v[order[k]];
			long long wall, cpu;
			long rss;
			run_once(cur, &wall, &cpu, &rss);
			if (r >= 0)
				printf("%s\t%d\t%lld\t%lld\t%ld\n", cur->name, r,
				       wall, cpu, rss);
		}
	}
	return 0;
}
