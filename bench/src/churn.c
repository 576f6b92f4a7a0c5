/* SPDX-License-Identifier: MIT */
/*
 * churn: dlopen, call into, and dlclose one library N times, then report
 * what the process looks like.  A sealed library that could still be
 * dlclose'd would leak one full copy per cycle (munmap fails silently on
 * sealed memory); the mapping count and RSS at the end show whether the
 * runtime's pinning keeps that bounded.
 *
 *   usage: churn LIBRARY CYCLES [SYMBOL]
 *   prints: cycles ns_per_cycle maps_after_1 maps_end lib_maps_end
 *           rss_kib_after_1 rss_kib_end   (TAB-separated, one line)
 */
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static long count_maps(const char *needle)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[4096];
	long n = 0;
	if (!f)
		return -1;
	while (fgets(line, sizeof line, f))
		if (!needle || strstr(line, needle))
			n++;
	fclose(f);
	return n;
}

static long rss_kib(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	long kib = -1;
	if (!f)
		return -1;
	while (fgets(line, sizeof line, f))
		if (sscanf(line, "VmRSS: %ld kB", &kib) == 1)
			break;
	fclose(f);
	return kib;
}

static void cycle(const char *lib, const char *sym)
{
	void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		fprintf(stderr, "churn: %s\n", dlerror());
		exit(1);
	}
	int (*f)(int) = (int (*)(int))dlsym(h, sym);
	if (!f || f(1) == -12345) {
		fprintf(stderr, "churn: no %s in %s\n", sym, lib);
		exit(1);
	}
	if (dlclose(h)) {
		fprintf(stderr, "churn: dlclose: %s\n", dlerror());
		exit(1);
	}
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: churn LIBRARY CYCLES [SYMBOL]\n");
		return 2;
	}
	const char *lib = argv[1], *sym = argc > 3 ? argv[3] : "bench_f1";
	long cycles = atol(argv[2]);
	const char *base = strrchr(lib, '/') ? strrchr(lib, '/') + 1 : lib;
	struct timespec t0, t1;

	cycle(lib, sym);
	long maps1 = count_maps(0), rss1 = rss_kib();
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (long i = 1; i < cycles; i++)
		cycle(lib, sym);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double ns = (double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec);
	printf("%ld\t%.0f\t%ld\t%ld\t%ld\t%ld\t%ld\n", cycles,
	       cycles > 1 ? ns / (double)(cycles - 1) : 0.0, maps1,
	       count_maps(0), count_maps(base), rss1, rss_kib());
	return 0;
}
