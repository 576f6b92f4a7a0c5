// SPDX-License-Identifier: MIT
// Modules that carry both our note and GNU_PROPERTY_MEMORY_SEAL ('ld -z
// memory-seal', GNU ld 2.44 and later): sealed once per our policy whether
// or not the loader honours the property.  glibc 2.43's loader does not
// seal (it only exports mseal()); a loader that does is stood in for by a
// preloaded library that seals, from its constructor, every loaded object
// whose PT_GNU_PROPERTY note has the property -- through glibc's mseal()
// where glibc has it.  Either way every mapping of the executable and of
// its libraries carries "sl", the four blocked calls fail with EPERM, and
// under policy 2 the runtime counts a range somebody else sealed as sealed
// ("already sealed"), not as a failure.
// REQUIRES: ld-memory-seal
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O2 -shared -fPIC -DPRESEALER %s -o %t/libpreseal.so
// RUN: %cc -O2 -shared -fPIC -DFN=lib_fn %inputs/lib.c %rt -Wl,-z,memory-seal -o %t/libms.so
// RUN: %cc -O2 -shared -fPIC -DFN=open_fn %inputs/lib.c %rt -Wl,-z,memory-seal -o %t/libopen.so
// RUN: %cc -O2 %s %probe %rtdir/sealing-rt-policy2.o -Wl,-z,memory-seal -L%t -Wl,--no-as-needed -lms -Wl,-rpath,%t -o %t/prog
//
// The property is there (the preloaded sealer finds it), next to our note.
// RUN: env LD_PRELOAD=%t/libpreseal.so PRESEAL_LIST=1 %t/prog %t/libopen.so | FileCheck --check-prefix=LIST %s
// LIST-DAG: property: (executable)
// LIST-DAG: property: {{.*}}/libms.so
//
// Without a sealing loader (glibc 2.43 today): our runtime seals.
// RUN: %t/prog %t/libopen.so | FileCheck %s
// RUN: env SEALING_DEBUG=1 %t/prog %t/libopen.so 2>&1 >/dev/null | FileCheck --check-prefix=OURS %s
// OURS-DAG: sealing: {{.*}}/prog: policy 2 (executable): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}{{(, relro [^;]*)?}}; {{[0-9]+}} syscalls; ok
// OURS-DAG: sealing: {{.*}}/libms.so: policy 1 ({{[^)]*}}): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}{{(, relro [^;]*)?}}; {{[0-9]+}} syscalls; ok
// A dlopen'd library seals itself, and its line leaves the addresses to
// sealctl ps.
// OURS-DAG: sealing: {{.*}}/libopen.so: policy 1 ({{[^)]*}}): sealed{{(, relro [^;]*)?}}; {{[0-9]+}} syscalls; ok
//
// With a loader that sealed the property's objects first: the same result,
// and the runtime says so.
// RUN: env LD_PRELOAD=%t/libpreseal.so %t/prog %t/libopen.so | FileCheck %s
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/libpreseal.so %t/prog %t/libopen.so 2>&1 >/dev/null | FileCheck --check-prefix=PRE %s
// PRE-DAG: sealing: {{.*}}/prog: policy 2 (executable): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}{{.*}}, already sealed; {{[0-9]+}} syscalls; ok
// PRE-DAG: sealing: {{.*}}/libms.so: policy 1 ({{[^)]*}}): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}{{.*}}, already sealed; {{[0-9]+}} syscalls; ok
//
// CHECK: main ran
// CHECK-NEXT: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// CHECK-NEXT: data: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// CHECK-NEXT: libms.so: [[M:[0-9]+]]/[[M]] mappings sealed
// CHECK-NEXT: libms text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// CHECK-NEXT: open_fn 1
// CHECK-NEXT: libopen.so: [[D:[0-9]+]]/[[D]] mappings sealed
// CHECK-NEXT: libopen text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
#define _GNU_SOURCE 1
#ifdef PRESEALER
#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef GNU_PROPERTY_MEMORY_SEAL
#define GNU_PROPERTY_MEMORY_SEAL 3
#endif

/* glibc 2.43 has mseal(); older ones only the system call. */
static int seal(uintptr_t start, size_t len)
{
#if defined(__GLIBC__) && __GLIBC_PREREQ(2, 43)
	return mseal((void *)start, len, 0);
#else
	return (int)syscall(462, start, len, 0);
#endif
}

/* Whether the object's PT_GNU_PROPERTY note holds GNU_PROPERTY_MEMORY_SEAL. */
static int has_property(const struct dl_phdr_info *info)
{
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];
		if (p->p_type != PT_GNU_PROPERTY)
			continue;
		const unsigned char *n = (const unsigned char *)(info->dlpi_addr + p->p_vaddr);
		const unsigned char *end = n + p->p_memsz;
		while (n + 12 <= end) {
			const ElfW(Nhdr) *h = (const ElfW(Nhdr) *)n;
			/* 8-byte aligned notes: desc and the next header on 8. */
			const unsigned char *desc = n + ((12 + h->n_namesz + 7) & ~7u);
			const unsigned char *dend = desc + h->n_descsz;
			if (dend > end)
				break;
			if (h->n_type == NT_GNU_PROPERTY_TYPE_0 && h->n_namesz == 4 &&
			    !memcmp(n + 12, "GNU", 4)) {
				while (desc + 8 <= dend) {
					uint32_t type, size;
					memcpy(&type, desc, 4);
					memcpy(&size, desc + 4, 4);
					if (type == GNU_PROPERTY_MEMORY_SEAL)
						return 1;
					desc += 8 + ((size + 7) & ~7u);
				}
			}
			n = desc + ((h->n_descsz + 7) & ~7u);
		}
	}
	return 0;
}

static int seal_one(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	(void)data;
	if (!has_property(info))
		return 0;
	if (getenv("PRESEAL_LIST")) {
		printf("property: %s\n", info->dlpi_name[0] ? info->dlpi_name : "(executable)");
		return 0;
	}
	/* Segment by segment: an object may have gaps between them. */
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];
		if (p->p_type != PT_LOAD)
			continue;
		uintptr_t s = (info->dlpi_addr + p->p_vaddr) & ~4095UL;
		uintptr_t e = (info->dlpi_addr + p->p_vaddr + p->p_memsz + 4095) & ~4095UL;
		if (seal(s, e - s))
			abort();
	}
	return 0;
}

__attribute__((constructor)) static void preseal(void)
{
	dl_iterate_phdr(seal_one, NULL);
}
#else
#include "sealprobe.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

int lib_fn(void);
int data_word = 42;

int main(int argc, char **argv)
{
	if (getenv("PRESEAL_LIST"))
		return 0;
	printf("main ran\n");
	fflush(stdout);
	probe_module("exe", (const void *)main);
	probe_ops("text", (const void *)main);
	probe_ops("data", &data_word);
	probe_module_named("libms.so", "libms.so");
	probe_ops("libms text", (const void *)lib_fn);
	if (argc < 2)
		return 1;
	void *h = dlopen(argv[1], RTLD_NOW);
	int (*open_fn)(void) = h ? (int (*)(void))dlsym(h, "open_fn") : NULL;
	if (!open_fn)
		return 1;
	printf("open_fn %d\n", open_fn());
	fflush(stdout);
	probe_module_named("libopen.so", "libopen.so");
	probe_ops("libopen text", (const void *)open_fn);
	return 0;
}
#endif
