/* SPDX-License-Identifier: MIT */
/*
 * summarize: turn interleave's raw samples into one line per variant.
 *
 * Two ratios are given.  The ratio of medians is the plain one.  The
 * paired ratio compares each variant with the baseline *in the same
 * round* and takes the median of those per-round ratios: on a shared
 * machine it is the more trustworthy figure, because load that changes
 * between rounds divides out.  Spread is the interquartile range (p25,
 * p75), which one descheduled run cannot move the way it moves a mean.
 * The paired ratio of CPU time (user + system of the exec) is given too:
 * time spent waiting for a core is not in it, so other work on a shared
 * machine moves it far less than wall time.
 *
 *   usage: summarize BASELINE < raw.tsv > summary.tsv
 *   columns: variant n wall_med_us wall_p25_us wall_p75_us wall_min_us
 *            ratio_med paired_med paired_p25 paired_p75 cpu_med_us cpu_ratio
 *            maxrss_med_kib cpu_paired_med cpu_paired_p25 cpu_paired_p75
 */
#define _GNU_SOURCE 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_VARIANTS 64
#define MAX_ROUNDS 100000

struct series {
	char name[128];
	int n;
	double *wall; /* indexed by round; <0 when missing */
	double *cpu;
	double *rss;
};

static struct series s[MAX_VARIANTS];
static int nseries, nrounds;

static struct series *find(const char *name)
{
	for (int i = 0; i < nseries; i++)
		if (!strcmp(s[i].name, name))
			return &s[i];
	if (nseries == MAX_VARIANTS) {
		fprintf(stderr, "summarize: too many variants\n");
		exit(2);
	}
	struct series *x = &s[nseries++];
	snprintf(x->name, sizeof x->name, "%s", name);
	x->wall = malloc(MAX_ROUNDS * sizeof *x->wall);
	x->cpu = malloc(MAX_ROUNDS * sizeof *x->cpu);
	x->rss = malloc(MAX_ROUNDS * sizeof *x->rss);
	if (!x->wall || !x->cpu || !x->rss) {
		perror("malloc");
		exit(2);
	}
	for (int r = 0; r < MAX_ROUNDS; r++)
		x->wall[r] = x->cpu[r] = x->rss[r] = -1;
	return x;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Quantile by linear interpolation over a sorted copy of v[0..n). */
static double quantile(const double *v, int n, double q)
{
	if (n == 0)
		return 0;
	double *c = malloc((size_t)n * sizeof *c);
	memcpy(c, v, (size_t)n * sizeof *c);
	qsort(c, (size_t)n, sizeof *c, cmp);
	double pos = q * (n - 1);
	int lo = (int)pos;
	double x = lo + 1 < n ? c[lo] + (pos - lo) * (c[lo + 1] - c[lo]) : c[lo];
	free(c);
	return x;
}

/* The present values of one series, packed. */
static int packed(const double *v, double *out)
{
	int n = 0;
	for (int r = 0; r < nrounds; r++)
		if (v[r] >= 0)
			out[n++] = v[r];
	return n;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: summarize BASELINE < raw.tsv\n");
		return 2;
	}
	char name[128];
	int round;
	long long wall, cpu;
	long rss;
	char header[256];
	if (!fgets(header, sizeof header, stdin))
		return 2;
	while (scanf("%127s %d %lld %lld %ld", name, &round, &wall, &cpu, &rss) == 5) {
		if (round < 0 || round >= MAX_ROUNDS)
			continue;
		struct series *x = find(name);
		x->wall[round] = (double)wall / 1000.0;
		x->cpu[round] = (double)cpu / 1000.0;
		x->rss[round] = (double)rss;
		x->n++;
		if (round + 1 > nrounds)
			nrounds = round + 1;
	}
	struct series *base = 0;
	for (int i = 0; i < nseries; i++)
		if (!strcmp(s[i].name, argv[1]))
			base = &s[i];
	if (!base) {
		fprintf(stderr, "summarize: no baseline variant %s\n", argv[1]);
		return 2;
	}
	double *buf = malloc((size_t)nrounds * sizeof *buf);
	double *pr = malloc((size_t)nrounds * sizeof *pr);
	double *pc = malloc((size_t)nrounds * sizeof *pc);
	int bn = packed(base->wall, buf);
	double base_med = quantile(buf, bn, 0.5);
	bn = packed(base->cpu, buf);
	double base_cpu = quantile(buf, bn, 0.5);

	printf("variant\tn\twall_med_us\twall_p25_us\twall_p75_us\twall_min_us\t"
	       "ratio_med\tpaired_med\tpaired_p25\tpaired_p75\tcpu_med_us\tcpu_ratio\t"
	       "maxrss_med_kib\tcpu_paired_med\tcpu_paired_p25\tcpu_paired_p75\n");
	for (int i = 0; i < nseries; i++) {
		struct series *x = &s[i];
		int n = packed(x->wall, buf);
		double med = quantile(buf, n, 0.5);
		int np = 0;
		for (int r = 0; r < nrounds; r++)
			if (x->wall[r] > 0 && base->wall[r] > 0)
				pr[np++] = x->wall[r] / base->wall[r];
		int npc = 0;
		for (int r = 0; r < nrounds; r++)
			if (x->cpu[r] > 0 && base->cpu[r] > 0)
				pc[npc++] = x->cpu[r] / base->cpu[r];
		int nr = packed(x->rss, buf);
		double rmed = quantile(buf, nr, 0.5);
		int nc = packed(x->cpu, buf);
		double cmed = quantile(buf, nc, 0.5);
		n = packed(x->wall, buf);
		printf("%s\t%d\t%.1f\t%.1f\t%.1f\t%.1f\t%.4f\t%.4f\t%.4f\t%.4f\t%.1f\t%.4f\t%.0f"
		       "\t%.4f\t%.4f\t%.4f\n",
		       x->name, n, med, quantile(buf, n, 0.25), quantile(buf, n, 0.75),
		       quantile(buf, n, 0.0), med / base_med,
		       quantile(pr, np, 0.5), quantile(pr, np, 0.25),
		       quantile(pr, np, 0.75), cmed,
		       base_cpu > 0 ? cmed / base_cpu : 0.0, rmed,
		       quantile(pc, npc, 0.5), quantile(pc, npc, 0.25),
		       quantile(pc, npc, 0.75));
	}
	free(buf);
	free(pr);
	free(pc);
	return 0;
}
