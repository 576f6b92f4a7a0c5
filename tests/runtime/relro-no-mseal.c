// SPDX-License-Identifier: MIT
// A kernel without mseal (a seccomp filter answers ENOSYS): policy 1 still
// replaces RELRO before its mseal fails, and the program runs.  The
// process pass maps RELRO from its write-sealed memfd (Linux 6.3 to 6.9
// have that way), a view that mprotect could never make writable again
// (EACCES); so when mseal answers ENOSYS it turns each view back into an
// anonymous copy, which can be made writable, as the file-backed original
// could.  The same where the memfd way is refused (a kernel before 6.3
// rejects MFD_NOEXEC_SEAL with EINVAL), and for the copy of a dlopen'd
// library, which seals itself the mremap way (docs/compatibility.md).
// Without the runtime, the file-backed originals can be made writable
// too; a library with it seals itself (EPERM).  The debug lines say how
// RELRO ended up.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O2 -shared -fPIC -DLIBRARY %s %rt -Wl,-z,now -o %t/libdl.so
// RUN: %cc -O2 %s %probe %rt -Wl,-z,now -o %t/prog
// RUN: %inject mseal:ENOSYS -- %t/prog %t/libdl.so | FileCheck --check-prefixes=CHECK,MEMFD %s
// RUN: env SEALING_DEBUG=1 %inject mseal:ENOSYS -- %t/prog %t/libdl.so 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %s
// DEBUG: {{.*}}/prog: policy 1 (executable): not sealed, relro {{.*}} made anonymous; {{.*}}; failed: ENOSYS
// DEBUG-NOT: memfd
// RUN: %inject mseal:ENOSYS,memfd_create:EINVAL -- %t/prog %t/libdl.so | FileCheck --check-prefixes=CHECK,ANON %s
// RUN: %cc -O2 %s %probe -Wl,-z,now -o %t/plain
// RUN: %t/plain %t/libdl.so | FileCheck --check-prefixes=CHECK,PLAIN %s
//
// MEMFD: exe: relro anonymous, not sealed, mprotect RW ok, bytes intact
// MEMFD: libc: relro anonymous, not sealed, mprotect RW ok, bytes intact
// ANON: exe: relro anonymous, not sealed, mprotect RW ok, bytes intact
// ANON: libc: relro anonymous, not sealed, mprotect RW ok, bytes intact
// PLAIN: exe: relro {{.*}}/plain, not sealed, mprotect RW ok, bytes intact
// PLAIN: libc: relro {{.*}}/libc.so.6, not sealed, mprotect RW ok, bytes intact
// MEMFD: dl: relro anonymous, not sealed, mprotect RW ok, bytes intact
// ANON: dl: relro anonymous, not sealed, mprotect RW ok, bytes intact
// PLAIN: dl: relro anonymous, sealed, mprotect RW EPERM
// CHECK: alive: 42
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifdef LIBRARY
int dl_fn(int x)
{
	return abs(x);
}
#else
#include "sealprobe.h"
struct want {
	const char *label, *name; /* name: part of the object's path, "" the executable */
};

/* The mapping at addr as /proc/self/maps names it; "anonymous" for none. */
static void mapping_name(uintptr_t addr, char *out, size_t size)
{
	char line[512];
	FILE *f = fopen("/proc/self/maps", "r");
	snprintf(out, size, "(unmapped)");
	while (f && fgets(line, sizeof(line), f)) {
		unsigned long lo, hi;
		int at = 0;
		if (sscanf(line, "%lx-%lx %*s %*s %*s %*s %n", &lo, &hi, &at) < 2 || addr < lo ||
		    addr >= hi)
			continue;
		line[strcspn(line, "\n")] = 0;
		snprintf(out, size, "%s", at && line[at] ? line + at : "anonymous");
	}
	if (f)
		fclose(f);
}

static int is_sealed(uintptr_t page)
{
	return probe_is_sealed((const void *)page);
}

static int probe(struct dl_phdr_info *info, size_t size, void *arg)
{
	const struct want *w = arg;
	long pg = sysconf(_SC_PAGESIZE);
	(void)size;
	if (w->name[0] ? !strstr(info->dlpi_name, w->name) : info->dlpi_name[0] != 0)
		return 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_GNU_RELRO)
			continue;
		uintptr_t lo = (info->dlpi_addr + ph->p_vaddr) & ~(uintptr_t)(pg - 1);
		char name[256], before[64];
		mapping_name(lo, name, sizeof(name));
		memcpy(before, (void *)lo, sizeof(before));
		printf("%s: relro %s, %s, ", w->label, name, is_sealed(lo) ? "sealed" : "not sealed");
		if (mprotect((void *)lo, (size_t)pg, PROT_READ | PROT_WRITE)) {
			printf("mprotect RW %s\n", errno == EACCES ? "EACCES" :
						    errno == EPERM ? "EPERM" : strerror(errno));
			return 1;
		}
		/* Written, as a program that re-protects its RELRO would. */
		memcpy((void *)lo, before, sizeof(before));
		mprotect((void *)lo, (size_t)pg, PROT_READ);
		printf("mprotect RW ok, bytes %s\n",
		       memcmp((void *)lo, before, sizeof(before)) ? "CHANGED" : "intact");
		return 1;
	}
	printf("%s: no RELRO\n", w->label);
	return 1;
}

int main(int argc, char **argv)
{
	static const struct want exe = { "exe", "" }, libc = { "libc", "libc.so.6" },
				 dl = { "dl", "libdl.so" };
	if (argc != 2)
		return 2;
	dl_iterate_phdr(probe, (void *)&exe);
	dl_iterate_phdr(probe, (void *)&libc);
	void *h = dlopen(argv[1], RTLD_NOW);
	if (!h)
		return 3;
	int (*dl_fn)(int) = (int (*)(int))dlsym(h, "dl_fn");
	dl_iterate_phdr(probe, (void *)&dl);
	printf("alive: %d\n", dl_fn(-42));
	return 0;
}
#endif
