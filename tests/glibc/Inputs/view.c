// SPDX-License-Identifier: MIT
// What the loader did to every object in the process, as the kernel and
// the objects' own notes show it.  dlopens each argument first
// ("nodelete:PATH" with RTLD_NODELETE) and calls its FN (the file name
// between "lib" and ".so", plus "_fn", as tests/Inputs/lib.c builds
// them), then prints one line per object, in link-map order:
//   NAME: S/M sealed, relro anon|memfd|file|mixed|none, state 0xNN|none
// NAME is the file name ("exe" for the program, "vdso").  relro: whether
// the whole pages of PT_GNU_RELRO are anonymous memory (no file behind
// them in /proc/self/maps), views of the runtime's sealed memfd (the
// process pass's batch: "/memfd:sealing-relro (deleted)"), or the
// object's file.  state: the byte the "SEALING" note points to
// (bit 0x8: sealed by the loader), or none without a note.
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "smaps.h"

static const char *base(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

static int state_of(struct dl_phdr_info *info)
{
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_NOTE)
			continue;
		const unsigned char *p = (const void *)(info->dlpi_addr + ph->p_vaddr);
		const unsigned char *end = p + ph->p_filesz;
		size_t align = ph->p_align == 8 ? 8 : 4;
		while (end - p >= 12) {
			const ElfW(Nhdr) *n = (const void *)p;
			size_t desc = (12 + n->n_namesz + align - 1) & ~(align - 1);
			size_t next = (desc + n->n_descsz + align - 1) & ~(align - 1);
			if (next > (size_t)(end - p))
				break;
			if (n->n_namesz == 8 && n->n_type == 1 &&
			    !memcmp(p + 12, "SEALING", 8) && n->n_descsz >= 12) {
				const unsigned char *field = p + desc + 8;
				int32_t off;
				memcpy(&off, field, 4);
				return *(volatile unsigned char *)(field + off);
			}
			p += next;
		}
	}
	return -1;
}

static int show(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size, (void)data;
	const char *name = info->dlpi_name && *info->dlpi_name ? base(info->dlpi_name) : "exe";
	if (!strncmp(name, "linux-vdso", 10))
		name = "vdso";
	uintptr_t ps = (uintptr_t)sysconf(_SC_PAGESIZE), rlo = 0, rhi = 0;
	int total = 0, sealed = 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t lo = (info->dlpi_addr + ph->p_vaddr) & ~(ps - 1);
		uintptr_t hi = (info->dlpi_addr + ph->p_vaddr + ph->p_memsz + ps - 1) & ~(ps - 1);
		if (ph->p_type == PT_GNU_RELRO) {
			rlo = lo;
			rhi = (info->dlpi_addr + ph->p_vaddr + ph->p_memsz) & ~(ps - 1);
		}
		if (ph->p_type != PT_LOAD)
			continue;
		for (int v = 0; v < nvmas; v++)
			if (vmas[v].lo < hi && vmas[v].hi > lo)
				total++, sealed += vmas[v].sealed;
	}
	int st = state_of(info);
	printf("%s: %d/%d sealed, relro %s, ", name, sealed, total, smaps_backing(rlo, rhi));
	if (st < 0)
		printf("state none\n");
	else
		printf("state 0x%02x\n", st);
	return 0;
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *path = argv[i];
		int mode = RTLD_NOW;
		if (!strncmp(path, "nodelete:", 9))
			path += 9, mode |= RTLD_NODELETE;
		void *h = dlopen(path, mode);
		if (!h) {
			fprintf(stderr, "dlopen: %s\n", dlerror());
			return 1;
		}
		char fn[256];
		const char *b = base(path);
		snprintf(fn, sizeof fn, "%.*s_fn", (int)(strlen(b) - 6), b + 3);
		int (*f)(void) = (int (*)(void))dlsym(h, fn);
		printf("call %s: %d\n", fn, f ? f() : -1);
	}
	read_smaps();
	dl_iterate_phdr(show, 0);
	return 0;
}
