// SPDX-License-Identifier: MIT
// The arm64 runtime takes the page size from AT_PAGESZ (arm64 kernels use
// 4K, 16K or 64K pages; there is no RT_ARCH_PAGE_SIZE on arm64), end to
// end: qemu-user's -p sets AT_PAGESZ, the runtime rounds what it seals
// and the RELRO it replaces to that size (the span outward, RELRO down at
// both ends, as glibc's _dl_protect_relro; no call covers a gap the
// segments' pages leave), and this program recomputes both from its own
// program headers and AT_PAGESZ and prints them for FileCheck to compare
// with the runtime's debug line.  The RELRO is a 160 KiB table of
// relocated pointers, so it holds whole 64K pages; main checks it
// survived being replaced.  (mseal fails with ENOSYS under qemu-user, so
// the process pass turns the views of its memfd back into anonymous
// copies, as on a kernel without mseal: the line says "made anonymous",
// and the swap is done twice at that page size; the REAL lines, not run
// here, accept either way.  tests/runtime/unit-pages.test and
// unit-pages.test here cover the arithmetic case by case.)
//
// REQUIRES: qemu-aarch64
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O2 %s %rt -o %t/pie
// RUN: %cc -O2 -static %s %rt -o %t/static
// RUN: env SEALING_DEBUG=1 %qemu -p 4096 %t/pie 2>&1 | FileCheck --check-prefixes=CHECK,P4K %s
// RUN: env SEALING_DEBUG=1 %qemu -p 16384 %t/pie 2>&1 | FileCheck --check-prefixes=CHECK,P16K %s
// RUN: env SEALING_DEBUG=1 %qemu -p 65536 %t/pie 2>&1 | FileCheck --check-prefixes=CHECK,P64K %s
// RUN: env SEALING_DEBUG=1 %qemu -p 4096 %t/static 2>&1 | FileCheck --check-prefixes=CHECK,P4K %s
// RUN: env SEALING_DEBUG=1 %qemu -p 16384 %t/static 2>&1 | FileCheck --check-prefixes=CHECK,P16K %s
// RUN: env SEALING_DEBUG=1 %qemu -p 65536 %t/static 2>&1 | FileCheck --check-prefixes=CHECK,P64K %s
// Where the segments' pages leave a gap (GNU ld aligns arm64 segments to
// 64K), the first call covers the first segment only; the error names
// the first range tried.
// CHECK: sealing: {{.*}}: policy 1 (executable): not sealed, relro [[RLO:0x[0-9a-f]+]]-[[RHI:0x[0-9a-f]+]] made anonymous; {{[0-9]+}} syscalls; failed: ENOSYS (errno 38) on [[LO:0x[0-9a-f]+]]-[[FIRST:0x[0-9a-f]+]] (ignored under policy 1)
// P4K: page size 4096: relro [[RLO]]-[[RHI]], span [[LO]]-{{0x[0-9a-f]+}}, first call [[LO]]-[[FIRST]]
// P16K: page size 16384: relro [[RLO]]-[[RHI]], span [[LO]]-{{0x[0-9a-f]+}}, first call [[LO]]-[[FIRST]]
// P64K: page size 65536: relro [[RLO]]-[[RHI]], span [[LO]]-{{0x[0-9a-f]+}}, first call [[LO]]-[[FIRST]]
// CHECK-NEXT: relro table intact: 20000 entries
//
// The same program on real arm64 kernels with 4K and 16K pages, where
// mseal works (scripts/check-arm64-kernel.sh runs these lines with
// PAGE set to the kernel's page size): sealed as one span, or, with a
// gap, segment by segment (two ranges, one more syscall).
// REAL: sealing: {{.*}}: policy 1 (executable): sealed [[LO:0x[0-9a-f]+]]-{{(0x[0-9a-f]+ 0x[0-9a-f]+-)?}}[[HI:0x[0-9a-f]+]], relro [[RLO:0x[0-9a-f]+]]-[[RHI:0x[0-9a-f]+]] {{made anonymous|mapped from /memfd:sealing-relro}}; {{2|3}} syscalls; ok
// REAL: page size [[PAGE]]: relro [[RLO]]-[[RHI]], span [[LO]]-[[HI]], first call

// REAL-NEXT: relro table intact: 20000 entries
#define _GNU_SOURCE 1
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/auxv.h>

static int target;
/* Relocated pointers: the linker puts them in .data.rel.ro, in RELRO. */
static const int *const table[20000] = { [0 ... 19999] = &target };

struct layout {
	uintptr_t lo, hi, rlo, rhi;
	uintptr_t first_hi; /* end of the first segment, page-rounded later */
	uintptr_t mask;
	int gap;
};

static int first(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct layout *l = arg;
	(void)size;
	l->lo = UINTPTR_MAX;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t s = info->dlpi_addr + ph->p_vaddr, e = s + ph->p_memsz;
		if (ph->p_type == PT_LOAD) {
			/* A gap: this segment starts a page beyond the last end. */
			if (l->hi && (s & l->mask) > ((l->hi + ~l->mask) & l->mask))
				l->gap = 1;
			if (!l->first_hi)
				l->first_hi = e;
			l->lo = s < l->lo ? s : l->lo;
			l->hi = e > l->hi ? e : l->hi;
		} else if (ph->p_type == PT_GNU_RELRO) {
			l->rlo = s;
			l->rhi = e;
		}
	}
	return 1; /* the executable comes first */
}

int main(void)
{
	uintptr_t page = getauxval(AT_PAGESZ), mask = ~(page - 1);
	struct layout l = { .mask = mask };
	int intact = 0;

	dl_iterate_phdr(first, &l);
	uintptr_t hi = (l.hi + page - 1) & mask;
	printf("page size %lu: relro %#lx-%#lx, span %#lx-%#lx, first call %#lx-%#lx\n",
	       (unsigned long)page, (unsigned long)(l.rlo & mask), (unsigned long)(l.rhi & mask),
	       (unsigned long)(l.lo & mask), (unsigned long)hi, (unsigned long)(l.lo & mask),
	       (unsigned long)(l.gap ? (l.first_hi + page - 1) & mask : hi));
	for (int i = 0; i < 20000; i++)
		intact += table[i] == &target;
	printf("relro table intact: %d entries\n", intact);
	return 0;
}
