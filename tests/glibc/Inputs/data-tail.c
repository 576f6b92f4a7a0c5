// SPDX-License-Identifier: MIT
// A library whose writable segment runs on past RELRO by KB KiB of
// initialised .data (-DLIBRARY -DKB=N -DNAME=x: exports x_data and
// x_check), and the program that looks at how the loader mapped it.
// For each library named on the command line it prints
//   NAME: relro anon|file|mixed, tail anon|file|mixed, sealed S/M, data ok|bad, write ok|bad, mprotect EPERM|ok|errno
// relro: what backs RELRO's whole pages; tail: what backs the pages
// after RELRO's last whole page up to the end of the segment's file
// bytes (both as smaps.h's smaps_backing names them); sealed: of the
// object's mappings (VmFlags "sl"); data: the file's bytes as they
// should read; write: a store into .data reads back; mprotect: making
// a tail page read-only, which a sealed mapping refuses.
#define _GNU_SOURCE 1
#ifdef LIBRARY
#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
char CAT(NAME, _data)[KB * 1024] = { 1, 2, 3 };
/* RELRO: a table of pointers the loader relocates. */
static const char *const CAT(NAME, _table)[] = { "a", "b" };
int CAT(NAME, _check)(void)
{
	const char *d = CAT(NAME, _data);
	return d[0] == 1 && d[1] == 2 && d[2] == 3 && d[KB * 1024 - 1] == 0 &&
	       CAT(NAME, _table)[1][0] == 'b';
}
#else
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "smaps.h"

struct want {
	const char *name;
	uintptr_t relro_lo, relro_hi, tail_lo, tail_hi, lo, hi;
	int found;
};

static int find(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct want *w = arg;
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	const char *s = strrchr(info->dlpi_name, '/');
	(void)size;
	if (strcmp(s ? s + 1 : info->dlpi_name, w->name))
		return 0;
	w->found = 1;
	w->lo = UINTPTR_MAX;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t a = info->dlpi_addr + ph->p_vaddr;
		if (ph->p_type == PT_GNU_RELRO) {
			/* As the loader rounds it: start down, end down. */
			w->relro_lo = a & ~(page - 1);
			w->relro_hi = (a + ph->p_memsz) & ~(page - 1);
		} else if (ph->p_type == PT_LOAD) {
			if (a < w->lo)
				w->lo = a & ~(page - 1);
			if (a + ph->p_memsz > w->hi)
				w->hi = (a + ph->p_memsz + page - 1) & ~(page - 1);
			if (ph->p_flags & PF_W)
				w->tail_hi = (a + ph->p_filesz + page - 1) & ~(page - 1);
		}
	}
	w->tail_lo = w->relro_hi;
	return 1;
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		struct want w = { .name = argv[i] };
		char sym[128];
		int total = 0, sealed = 0;
		dl_iterate_phdr(find, &w);
		if (!w.found) {
			printf("%s: not loaded\n", argv[i]);
			return 1;
		}
		/* libNAME.so: NAME_data, NAME_check */
		snprintf(sym, sizeof sym, "%.*s_check", (int)(strlen(argv[i]) - 6), argv[i] + 3);
		int (*check)(void) = (int (*)(void))dlsym(RTLD_DEFAULT, sym);
		snprintf(sym, sizeof sym, "%.*s_data", (int)(strlen(argv[i]) - 6), argv[i] + 3);
		volatile char *data = dlsym(RTLD_DEFAULT, sym);
		if (!check || !data) {
			printf("%s: no %s\n", argv[i], sym);
			return 1;
		}
		read_smaps();
		for (int v = 0; v < nvmas; v++)
			if (vmas[v].lo < w.hi && vmas[v].hi > w.lo)
				total++, sealed += vmas[v].sealed;
		int ok = check();
		data[1000] = 7;
		int wrote = data[1000] == 7;
		const char *mp = "none";
		char err[32];
		if (w.tail_lo < w.tail_hi) {
			if (mprotect((void *)w.tail_lo, (size_t)sysconf(_SC_PAGESIZE), PROT_READ) == 0)
				mp = "ok";
			else
				snprintf(err, sizeof err, "%s", errno == EPERM ? "EPERM" : strerror(errno)), mp = err;
		}
		printf("%s: relro %s, tail %s, sealed %d/%d, data %s, write %s, mprotect %s\n",
		       argv[i], smaps_backing(w.relro_lo, w.relro_hi), smaps_backing(w.tail_lo, w.tail_hi),
		       sealed, total, ok ? "ok" : "bad", wrote ? "ok" : "bad", mp);
	}
	return 0;
}
#endif
