// SPDX-License-Identifier: MIT
// For scripts/check-arm64-kernel.sh: which mappings inside each loaded
// object's span are its own, and which are sealed.  GNU ld aligns arm64
// segments to 64K, so on 4K and 16K kernels an object's PT_LOADs leave
// gaps.  ld.so maps a library as one reservation and keeps the gaps
// (PROT_NONE, still the library's file); the kernel maps the executable
// and the interpreter segment by segment and leaves their gaps free, and
// later puts the vdso, vvar or anyone's mmap there.  The runtime seals
// every page of every segment, and never a gap (runtime/rt-seal.c).
// Each argument is a library to dlopen first.  Prints, per object,
//   NAME: own N/M sealed, gap G (H sealed), foreign K (J sealed) NAMES
// own: mappings over a segment's pages; gap: the object's file between
// them; foreign: anything else inside its span.
//
// The executable alone, with the runtime (process scope):
// HOLES: holes: own [[N:[1-9][0-9]*]]/[[N]] sealed, gap 0 (0 sealed), foreign 0 (0 sealed)
// HOLES-NEXT: libc.so.6: own [[N:[1-9][0-9]*]]/[[N]] sealed, gap {{[0-9]+}} (0 sealed), foreign 0 (0 sealed)
// HOLES-NEXT: ld-linux-aarch64.so.1: own [[N:[1-9][0-9]*]]/[[N]] sealed, gap 0 (0 sealed), foreign {{[0-9]+}} (0 sealed)
//
// glibc's loader scenario (tests/Inputs/loader-scenario.check), seen this
// way: COMMON in both scopes, PROCESS or MODULE for the executable's.
// COMMON-DAG: {{holes-scenario|holes-module}}: own [[N:[1-9][0-9]*]]/[[N]] sealed, gap 0 (0 sealed), foreign 0 (0 sealed)
// COMMON-DAG: libpreload.so: own [[N:[1-9][0-9]*]]/[[N]] sealed, gap {{[0-9]+}} (0 sealed), foreign 0 (0 sealed)
// COMMON-DAG: libneeded.so: own [[N:[1-9][0-9]*]]/[[N]] sealed, gap {{[0-9]+}} (0 sealed), foreign 0 (0 sealed)
// COMMON-DAG: libdep.so: own [[N:[1-9][0-9]*]]/[[N]] sealed, gap {{[0-9]+}} (0 sealed), foreign 0 (0 sealed)
// COMMON-DAG: libpolicy0.so: own 0/{{[1-9][0-9]*}} sealed, gap {{[0-9]+}} (0 sealed), foreign 0 (0 sealed)
// COMMON-DAG: libnodelete.so: own [[N:[1-9][0-9]*]]/[[N]] sealed, gap {{[0-9]+}} (0 sealed), foreign 0 (0 sealed)
// COMMON-DAG: libplain.so: own [[N:[1-9][0-9]*]]/[[N]] sealed, gap {{[0-9]+}} (0 sealed), foreign 0 (0 sealed)
// PROCESS-DAG: libplainun.so: own [[N:[1-9][0-9]*]]/[[N]] sealed, gap {{[0-9]+}} (0 sealed), foreign 0 (0 sealed)
// PROCESS-DAG: libc.so.6: own [[N:[1-9][0-9]*]]/[[N]] sealed, gap {{[0-9]+}} (0 sealed), foreign 0 (0 sealed)
// PROCESS-DAG: ld-linux-aarch64.so.1: own [[N:[1-9][0-9]*]]/[[N]] sealed, gap 0 (0 sealed), foreign {{[0-9]+}} (0 sealed)
// MODULE-DAG: libplainun.so: own 0/{{[1-9][0-9]*}} sealed
// MODULE-DAG: libc.so.6: own 0/{{[1-9][0-9]*}} sealed
// MODULE-DAG: ld-linux-aarch64.so.1: own 0/{{[1-9][0-9]*}} sealed
// COMMON: vdso: unsealed
#define _GNU_SOURCE 1
#include "smaps.h"

#include <dlfcn.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static struct smaps maps;

static const char *base(const char *s)
{
	const char *b = strrchr(s, '/');
	return b ? b + 1 : s;
}

static int object(struct dl_phdr_info *info, size_t size, void *arg)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), lo = UINTPTR_MAX, hi = 0;
	int own = 0, own_sealed = 0, gap = 0, gap_sealed = 0, foreign = 0, foreign_sealed = 0;
	const char *name = info->dlpi_name && info->dlpi_name[0] ? info->dlpi_name : arg;
	char names[512] = "";
	(void)size;
	if (strstr(name, "linux-vdso"))
		return 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_LOAD)
			continue;
		uintptr_t s = (info->dlpi_addr + ph->p_vaddr) & ~(page - 1);
		uintptr_t e = (info->dlpi_addr + ph->p_vaddr + ph->p_memsz + page - 1) & ~(page - 1);
		lo = s < lo ? s : lo;
		hi = e > hi ? e : hi;
	}
	for (size_t v = 0; v < maps.n; v++) {
		const struct smaps_vma *m = &maps.vma[v];
		if (m->hi <= lo || m->lo >= hi)
			continue;
		int mine = 0;
		for (int i = 0; i < info->dlpi_phnum && !mine; i++) {
			const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
			uintptr_t s = (info->dlpi_addr + ph->p_vaddr) & ~(page - 1);
			uintptr_t e = (info->dlpi_addr + ph->p_vaddr + ph->p_memsz + page - 1) & ~(page - 1);
			mine = ph->p_type == PT_LOAD && m->lo < e && m->hi > s;
		}
		if (mine) {
			own++;
			own_sealed += m->sealed;
		} else if (m->path[0] == '/' && !strcmp(base(m->path), base(name))) {
			gap++;
			gap_sealed += m->sealed;
		} else {
			foreign++;
			foreign_sealed += m->sealed;
			size_t l = strlen(names);
			snprintf(names + l, sizeof(names) - l, " %s",
				 m->path[0] ? m->path : "(anonymous)");
		}
	}
	printf("%s: own %d/%d sealed, gap %d (%d sealed), foreign %d (%d sealed)%s\n", base(name),
	       own_sealed, own, gap, gap_sealed, foreign, foreign_sealed, names);
	return 0;
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (!dlopen(argv[i], RTLD_NOW)) {
			fprintf(stderr, "dlopen: %s\n", dlerror());
			return 1;
		}
	if (smaps_open("/proc/self/smaps", &maps)) {
		perror("/proc/self/smaps");
		return 1;
	}
	dl_iterate_phdr(object, argv[0]);
	for (size_t v = 0; v < maps.n; v++)
		if (!strcmp(maps.vma[v].path, "[vdso]"))
			printf("vdso: %s\n", maps.vma[v].sealed ? "sealed" : "unsealed");
	smaps_free(&maps);
	return 0;
}
