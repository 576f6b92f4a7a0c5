// SPDX-License-Identifier: MIT
// The RELRO attack in full against the process pass's batch, which maps
// every RELRO it seals as a read-only view of one sealed memfd
// (runtime/rt-relro.c, docs/security.md "The memfd way").  The executable
// (with the process pass), a library it needs and libc are sealed at
// start-up in one batch; a dlopen'd library seals itself the mremap way
// and shows the difference.  For each: every discarding madvise leaves the
// relocated bytes intact or is refused; the memfd cannot be punched,
// truncated, written or mapped writable through /proc/self/map_files; a
// write through /proc/self/mem is refused; mprotect, munmap, mremap and
// mmap(MAP_FIXED) fail with EPERM; and calls through every GOT still work.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O2 -shared -fPIC -DLIBRARY %s %probe %rt -Wl,-z,now -o %t/libneeded.so
// RUN: %cc -O2 -shared -fPIC -DLIBRARY -DFN=dl_fn %s %probe %rt -Wl,-z,now -o %t/libdl.so
// RUN: %cc -O2 %s %probe %rt -Wl,-z,now -L%t -lneeded -Wl,-rpath,%t -o %t/prog
// RUN: %t/prog %t/libdl.so > %t/out
// RUN: FileCheck --check-prefixes=CHECK,MEMFD,DL %s < %t/out
//
// What the process pass says it did: one memfd, one view per object.
// RUN: env SEALING_DEBUG=1 %t/prog %t/libdl.so 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %s
// DEBUG-DAG: sealing: {{.*}}/prog: policy 1 (executable): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} mapped from /memfd:sealing-relro; 2 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/libneeded.so: policy 1 (loaded at start-up, sealed by the executable): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} mapped from /memfd:sealing-relro; 2 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/libc.so.6: policy 1 (no note, loaded at start-up, sealed by the executable): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} mapped from /memfd:sealing-relro; 2 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/libdl.so: policy 1 (dlopen'd, pinned): sealed, relro made anonymous; 4 syscalls; ok
//
// Where the memfd way is refused, at each of its steps, the batch falls
// back to the mremap way: every object still ends sealed, with anonymous
// RELRO, and nothing of the memfd way is left behind.
// RUN: %inject memfd_create:EPERM -- %t/prog %t/libdl.so | FileCheck --check-prefixes=CHECK,ANON,DL %s
// RUN: %inject memfd_create:ENOSYS -- %t/prog %t/libdl.so | FileCheck --check-prefixes=CHECK,ANON,DL %s
// RUN: %inject writev:EPERM -- %t/prog %t/libdl.so | FileCheck --check-prefixes=CHECK,ANON,DL %s
// RUN: %inject fcntl-seals:EINVAL -- %t/prog %t/libdl.so | FileCheck --check-prefixes=CHECK,ANON,DL %s
// RUN: %inject mmap-shared:EPERM -- %t/prog %t/libdl.so | FileCheck --check-prefixes=CHECK,ANON,DL %s
// RUN: env SEALING_DEBUG=1 %inject memfd_create:EPERM -- %t/prog %t/libdl.so 2>&1 >/dev/null | FileCheck --check-prefix=FALLBACK %s
// FALLBACK-DAG: sealing: {{.*}}/prog: policy 1 (executable): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} made anonymous; 2 syscalls; ok
// FALLBACK-DAG: sealing: {{.*}}/libneeded.so: policy 1 (loaded at start-up, sealed by the executable): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} made anonymous; 2 syscalls; ok
// The first object's refused mmap, and the probe that it was not sealed
// by someone else, count against it.
// RUN: env SEALING_DEBUG=1 %inject mmap-shared:EPERM -- %t/prog %t/libdl.so 2>&1 >/dev/null | FileCheck --check-prefix=MMAPFAIL %s
// MMAPFAIL-DAG: sealing: {{.*}}/prog: policy 1 (executable): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} made anonymous; 4 syscalls; ok
// MMAPFAIL-DAG: sealing: {{.*}}/libneeded.so: policy 1 (loaded at start-up, sealed by the executable): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} made anonymous; 2 syscalls; ok
// Under policy 2 a refused memfd is no failure: the fallback did the job.
// RUN: env SEALING_POLICY=2 %inject memfd_create:EPERM -- %t/prog %t/libdl.so | FileCheck --check-prefixes=CHECK,ANON,DL %s
//
// The memfd way.  Discarding a shared mapping of the sealed memfd only
// drops page table entries: the next read faults the same bytes back in
// (counted: one fault maps the whole of a small RELRO).  FREE
// needs private anonymous memory (EINVAL), REMOVE a writable shared
// mapping (EACCES).  Reopened through map_files (root only; others get
// EPERM from the kernel), the memfd refuses every change (F_SEAL_WRITE,
// SHRINK, GROW).  /proc/self/mem may copy-on-write a private page, never a
// shared one (EIO).  GUARD_INSTALL (Linux 6.13; EINVAL before) and
// DONTFORK, which mseal refuses on anonymous memory only, are let through
// as they are on the module's text: the next read would fault, or a
// forked child would lack the RELRO (docs/security.md says what that
// costs).
// MEMFD: [[L:exe]]: relro {{[1-9][0-9]*}} pages: /memfd:sealing-relro (deleted), sealed
// MEMFD-NEXT: [[L]]: madvise DONTNEED=ok FREE=EINVAL REMOVE=EACCES DONTNEED_LOCKED=ok PAGEOUT=ok COLD=ok: bytes intact, reread after DONTNEED: {{[1-9][0-9]*}} fault{{s?}}
// MEMFD-NEXT: [[L]]: map_files open={{ok fallocate=EPERM ftruncate=EPERM write=EPERM mmap_write=EPERM|EPERM}}: bytes intact
// MEMFD-NEXT: [[L]]: /proc/self/mem write=EIO: bytes intact
// MEMFD-NEXT: [[L]]: madvise GUARD_INSTALL={{ok|EINVAL}} DONTFORK=ok: bytes intact
// MEMFD-NEXT: [[L]]: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// MEMFD: [[L:needed]]: relro {{[1-9][0-9]*}} pages: /memfd:sealing-relro (deleted), sealed
// MEMFD-NEXT: [[L]]: madvise DONTNEED=ok FREE=EINVAL REMOVE=EACCES DONTNEED_LOCKED=ok PAGEOUT=ok COLD=ok: bytes intact, reread after DONTNEED: {{[1-9][0-9]*}} fault{{s?}}
// MEMFD-NEXT: [[L]]: map_files open={{ok fallocate=EPERM ftruncate=EPERM write=EPERM mmap_write=EPERM|EPERM}}: bytes intact
// MEMFD-NEXT: [[L]]: /proc/self/mem write=EIO: bytes intact
// MEMFD-NEXT: [[L]]: madvise GUARD_INSTALL={{ok|EINVAL}} DONTFORK=ok: bytes intact
// MEMFD-NEXT: [[L]]: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// MEMFD: [[L:libc]]: relro {{[1-9][0-9]*}} pages: /memfd:sealing-relro (deleted), sealed
// MEMFD-NEXT: [[L]]: madvise DONTNEED=ok FREE=EINVAL REMOVE=EACCES DONTNEED_LOCKED=ok PAGEOUT=ok COLD=ok: bytes intact, reread after DONTNEED: {{[1-9][0-9]*}} fault{{s?}}
// MEMFD-NEXT: [[L]]: map_files open={{ok fallocate=EPERM ftruncate=EPERM write=EPERM mmap_write=EPERM|EPERM}}: bytes intact
// MEMFD-NEXT: [[L]]: /proc/self/mem write=EIO: bytes intact
// MEMFD-NEXT: [[L]]: madvise GUARD_INSTALL={{ok|EINVAL}} DONTFORK=ok: bytes intact
// MEMFD-NEXT: [[L]]: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
//
// The mremap way (the fallback, and a module's own core): anonymous
// read-only memory, which mseal keeps from every discard, and which has
// no file behind it.  But /proc/self/mem may still write it, as it may a
// module's text: ptrace's copy-on-write (FOLL_FORCE) on a private page.
// ANON: [[L:exe]]: relro {{[1-9][0-9]*}} pages: anonymous, sealed
// ANON-NEXT: [[L]]: madvise DONTNEED=EPERM FREE=EPERM REMOVE=EPERM DONTNEED_LOCKED=EPERM PAGEOUT=ok COLD=ok: bytes intact, reread after DONTNEED: 0 faults
// ANON-NEXT: [[L]]: map_files open=ENOENT: bytes intact
// ANON-NEXT: [[L]]: /proc/self/mem write=ok: bytes intact
// ANON-NEXT: [[L]]: madvise GUARD_INSTALL={{EPERM|EINVAL}} DONTFORK=EPERM: bytes intact
// ANON-NEXT: [[L]]: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// ANON: [[L:needed]]: relro {{[1-9][0-9]*}} pages: anonymous, sealed
// ANON-NEXT: [[L]]: madvise DONTNEED=EPERM FREE=EPERM REMOVE=EPERM DONTNEED_LOCKED=EPERM PAGEOUT=ok COLD=ok: bytes intact, reread after DONTNEED: 0 faults
// ANON-NEXT: [[L]]: map_files open=ENOENT: bytes intact
// ANON-NEXT: [[L]]: /proc/self/mem write=ok: bytes intact
// ANON-NEXT: [[L]]: madvise GUARD_INSTALL={{EPERM|EINVAL}} DONTFORK=EPERM: bytes intact
// ANON-NEXT: [[L]]: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// ANON: [[L:libc]]: relro {{[1-9][0-9]*}} pages: anonymous, sealed
// ANON-NEXT: [[L]]: madvise DONTNEED=EPERM FREE=EPERM REMOVE=EPERM DONTNEED_LOCKED=EPERM PAGEOUT=ok COLD=ok: bytes intact, reread after DONTNEED: 0 faults
// ANON-NEXT: [[L]]: map_files open=ENOENT: bytes intact
// ANON-NEXT: [[L]]: /proc/self/mem write=ok: bytes intact
// ANON-NEXT: [[L]]: madvise GUARD_INSTALL={{EPERM|EINVAL}} DONTFORK=EPERM: bytes intact
// ANON-NEXT: [[L]]: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// DL: [[L:dlopened]]: relro {{[1-9][0-9]*}} pages: anonymous, sealed
// DL-NEXT: [[L]]: madvise DONTNEED=EPERM FREE=EPERM REMOVE=EPERM DONTNEED_LOCKED=EPERM PAGEOUT=ok COLD=ok: bytes intact, reread after DONTNEED: 0 faults
// DL-NEXT: [[L]]: map_files open=ENOENT: bytes intact
// DL-NEXT: [[L]]: /proc/self/mem write=ok: bytes intact
// DL-NEXT: [[L]]: madvise GUARD_INSTALL={{EPERM|EINVAL}} DONTFORK=EPERM: bytes intact
// DL-NEXT: [[L]]: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
//
// Calls through every GOT, after the attacks.
// CHECK: alive: 42
// CHECK-NEXT: lib alive: 42
// CHECK-NEXT: dl alive: 42
// MEMFD: memfd descriptors left open: 0
// ANON: memfd descriptors left open: 0
#include "sealprobe.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef FN
#define FN lib_fn
#endif

#ifdef LIBRARY
/* Calls through this library's own GOT. */
int FN(int x)
{
	printf("%s alive: %d\n", x == 1 ? "lib" : "dl", abs(-42));
	return fflush(stdout);
}
#else
int lib_fn(int);

int main(int argc, char **argv)
{
	if (argc != 2)
		return 2;
	probe_relro_full("exe", NULL);
	probe_relro_full("needed", "libneeded.so");
	probe_relro_full("libc", "libc.so.6");
	void *h = dlopen(argv[1], RTLD_NOW);
	if (!h)
		return 3;
	int (*dl_fn)(int) = (int (*)(int))dlsym(h, "dl_fn");
	probe_relro_full("dlopened", "libdl.so");
	printf("alive: %d\n", abs(-42));
	fflush(stdout);
	lib_fn(1);
	dl_fn(2);
	/* The runtime closes its memfd once the views are mapped. */
	printf("memfd descriptors left open: %d\n", probe_fds_named("memfd:sealing-relro"));
	return 0;
}
#endif
