// SPDX-License-Identifier: MIT
// -fplugin-arg-sealing-KEY[=VALUE].  Each option lands in the note's
// descriptor (version, policy, carrier, reserved, flags as 32-bit LE);
// every unknown key or bad value is a compile error naming the key, and
// no object is written.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc %fplugin -fplugin-arg-sealing-policy=0 -I%S/../helpers -c %s -o %t/p0.o
// RUN: %gcc %fplugin -fplugin-arg-sealing-policy=1 -I%S/../helpers -c %s -o %t/p1.o
// RUN: %gcc %fplugin -fplugin-arg-sealing-policy=2 -I%S/../helpers -c %s -o %t/p2.o
// RUN: %gcc %fplugin -fplugin-arg-sealing-dlopen=skip -I%S/../helpers -c %s -o %t/skip.o
// RUN: %gcc %fplugin -fplugin-arg-sealing-dlopen=pin -I%S/../helpers -c %s -o %t/pin.o
// RUN: %gcc %fplugin -fplugin-arg-sealing-relro=keep -I%S/../helpers -c %s -o %t/keep.o
// RUN: %gcc %fplugin -fplugin-arg-sealing-relro=anon -I%S/../helpers -c %s -o %t/anon.o
// RUN: %gcc %fplugin -fplugin-arg-sealing-scope=module -I%S/../helpers -c %s -o %t/module.o
// RUN: %gcc %fplugin -fplugin-arg-sealing-scope=process -I%S/../helpers -c %s -o %t/process.o
// RUN: %gcc %fplugin -fplugin-arg-sealing-vdso=seal -I%S/../helpers -c %s -o %t/vdso.o
// RUN: %gcc %fplugin -fplugin-arg-sealing-vdso=open -I%S/../helpers -c %s -o %t/novdso.o
// RUN: %gcc %fplugin -fplugin-arg-sealing-policy=2 -fplugin-arg-sealing-dlopen=skip -fplugin-arg-sealing-relro=keep -fplugin-arg-sealing-scope=module -fplugin-arg-sealing-vdso=seal -I%S/../helpers -c %s -o %t/all.o
// RUN: readelf -nW %t/p0.o %t/p1.o %t/p2.o %t/skip.o %t/pin.o %t/keep.o %t/anon.o %t/module.o %t/process.o %t/vdso.o %t/novdso.o %t/all.o | FileCheck --check-prefix=DESC %s
// DESC: description data: 03 00 02 00 04 00 00 00 {{[0-9a-f ]+}}
// DESC: description data: 03 01 02 00 04 00 00 00 {{[0-9a-f ]+}}
// DESC: description data: 03 02 02 00 04 00 00 00 {{[0-9a-f ]+}}
// DESC: description data: 03 01 02 00 05 00 00 00 {{[0-9a-f ]+}}
// DESC: description data: 03 01 02 00 04 00 00 00 {{[0-9a-f ]+}}
// DESC: description data: 03 01 02 00 06 00 00 00 {{[0-9a-f ]+}}
// DESC: description data: 03 01 02 00 04 00 00 00 {{[0-9a-f ]+}}
// DESC: description data: 03 01 02 00 00 00 00 00 {{[0-9a-f ]+}}
// DESC: description data: 03 01 02 00 04 00 00 00 {{[0-9a-f ]+}}
// DESC: description data: 03 01 02 00 0c 00 00 00 {{[0-9a-f ]+}}
// DESC: description data: 03 01 02 00 04 00 00 00 {{[0-9a-f ]+}}
// DESC: description data: 03 02 02 00 0b 00 00 00 {{[0-9a-f ]+}}
//
// The last of a repeated key wins, as with GCC's own options.
// RUN: %gcc %fplugin -fplugin-arg-sealing-policy=2 -fplugin-arg-sealing-policy=0 -I%S/../helpers -c %s -o %t/last.o
// RUN: readelf -nW %t/last.o | FileCheck --check-prefix=LAST %s
// LAST: description data: 03 00 02 00 04 00 00 00 {{[0-9a-f ]+}}
//
// Errors: one line each, naming the key, and the compile fails.
// RUN: %not %gcc %fplugin -fplugin-arg-sealing-polcy=2 -I%S/../helpers -c %s -o %t/bad.o 2>&1 | FileCheck --check-prefix=UNKNOWN %s
// UNKNOWN: error: sealing: unknown option 'polcy' (known: policy, dlopen, relro, scope, vdso, verbose, help, version)
// RUN: %not %gcc %fplugin -fplugin-arg-sealing-policy=3 -I%S/../helpers -c %s -o %t/bad.o 2>&1 | FileCheck --check-prefix=POLICY %s
// RUN: %not %gcc %fplugin -fplugin-arg-sealing-policy=01 -I%S/../helpers -c %s -o %t/bad.o 2>&1 | FileCheck --check-prefix=POLICY01 %s
// RUN: %not %gcc %fplugin -fplugin-arg-sealing-policy -I%S/../helpers -c %s -o %t/bad.o 2>&1 | FileCheck --check-prefix=POLICYNONE %s
// POLICY: error: sealing: option 'policy' must be 0, 1 or 2 (got '3')
// POLICY01: error: sealing: option 'policy' must be 0, 1 or 2 (got '01')
// POLICYNONE: error: sealing: option 'policy' must be 0, 1 or 2 (got '')
// RUN: %not %gcc %fplugin -fplugin-arg-sealing-dlopen=close -I%S/../helpers -c %s -o %t/bad.o 2>&1 | FileCheck --check-prefix=DLOPEN %s
// DLOPEN: error: sealing: option 'dlopen' must be 'pin' or 'skip' (got 'close')
// RUN: %not %gcc %fplugin -fplugin-arg-sealing-relro=drop -I%S/../helpers -c %s -o %t/bad.o 2>&1 | FileCheck --check-prefix=RELRO %s
// RELRO: error: sealing: option 'relro' must be 'anon' or 'keep' (got 'drop')
// RUN: %not %gcc %fplugin -fplugin-arg-sealing-scope=global -I%S/../helpers -c %s -o %t/bad.o 2>&1 | FileCheck --check-prefix=SCOPE %s
// SCOPE: error: sealing: option 'scope' must be 'module' or 'process' (got 'global')
// RUN: %not %gcc %fplugin -fplugin-arg-sealing-vdso -I%S/../helpers -c %s -o %t/bad.o 2>&1 | FileCheck --check-prefix=VDSO %s
// VDSO: error: sealing: option 'vdso' must be 'open' or 'seal' (got '')
// RUN: %not %gcc %fplugin -fplugin-arg-sealing-verbose=yes -I%S/../helpers -c %s -o %t/bad.o 2>&1 | FileCheck --check-prefix=VALUE %s
// VALUE: error: sealing: option 'verbose' takes no value (got 'yes')
// Every mistake is reported, not just the first.
// RUN: %not %gcc %fplugin -fplugin-arg-sealing-x -fplugin-arg-sealing-policy=9 -I%S/../helpers -c %s -o %t/bad.o 2>&1 | FileCheck --check-prefix=BOTH %s
// BOTH: unknown option 'x'
// BOTH-NEXT: option 'policy' must be 0, 1 or 2 (got '9')
// RUN: %not ls %t/bad.o
//
// help and version print and let the compile go on.
// RUN: %gcc %fplugin -fplugin-arg-sealing-help -fplugin-arg-sealing-version -I%S/../helpers -c %s -o %t/info.o 2>&1 | FileCheck --check-prefix=INFO -DMAJOR=%gccmajor %s
// INFO: sealing: seal every module built with this plugin
// INFO: -fplugin-arg-sealing-policy=0|1|2
// INFO: -fplugin-arg-sealing-dlopen=pin|skip
// INFO: -fplugin-arg-sealing-relro=anon|keep
// INFO: -fplugin-arg-sealing-scope=module|process {{.*}} (default: process)
// INFO: -fplugin-arg-sealing-vdso=open|seal {{.*}} (default: open)
// INFO: sealing GCC plugin {{[0-9.]+}} (runtime group __sealing_rt_v[[V:[0-9]+]], note version [[V]]; built for GCC [[MAJOR]].{{.*}}, x86_64-{{.*}})
// RUN: readelf -nW %t/info.o | FileCheck --check-prefix=DEFAULT %s
// DEFAULT: description data: 03 01 02 00 04 00 00 00 {{[0-9a-f ]+}}
//
// verbose: one line per unit.
// RUN: %gcc %fplugin -fplugin-arg-sealing-verbose -fplugin-arg-sealing-policy=2 -I%S/../helpers -c %s -o %t/v.o 2>&1 | FileCheck --check-prefix=VERBOSE %s
// VERBOSE: note: sealing: {{.*}}options.c: runtime added (policy 2, dlopen=pin, relro=anon, scope=process, vdso=open)
//
// The options act at run time: policy 0 makes no mseal call (the
// injector kills at the first), policy 2 ends the process when mseal
// fails, dlopen=skip leaves a dlopen'd library unsealed.
// RUN: %gcc %t/p0.o %probe -o %t/p0 && %inject kill -- %t/p0 | FileCheck --check-prefix=UNSEALED %s
// RUN: %gcc %t/p2.o %probe -o %t/p2
// RUN: sh -c '%inject ENOSYS -- %t/p2; echo status=$?' 2>&1 | FileCheck --check-prefix=FATAL %s
// FATAL: sealing: {{.*}}p2: cannot seal 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}: ENOSYS
// FATAL-NOT: main ran
// FATAL: status=127
// RUN: %gcc %t/p1.o %probe -o %t/p1 && %t/p1 | FileCheck --check-prefix=SEALED %s
// relro=keep: sealed, RELRO left file-backed (no remapping calls).
// RUN: %gcc %t/keep.o %probe -o %t/keep && env SEALING_DEBUG=1 %t/keep 2>&1 | FileCheck --check-prefix=KEEP %s
// RUN: %gcc %t/anon.o %probe -o %t/anon && env SEALING_DEBUG=1 %t/anon 2>&1 | FileCheck --check-prefix=ANON %s
// KEEP: sealing: {{.*}}keep: policy 1 ({{[^)]*}}): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}; 1 syscall; ok
// ANON: sealing: {{.*}}anon: policy 1 ({{[^)]*}}): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} mapped from /memfd:sealing-relro; 2 syscalls; ok
// RUN: %gcc -shared -fPIC %fplugin -fplugin-arg-sealing-dlopen=skip %inputs/lib.c -DFN=lib_fn -o %t/libskip.so
// RUN: %gcc -shared -fPIC %fplugin %inputs/lib.c -DFN=lib_fn -o %t/libpin.so
// RUN: %gcc -O2 -DDLOPEN %s %probe -ldl -o %t/dl
// RUN: %t/dl %t/libskip.so | FileCheck --check-prefix=SKIP %s
// RUN: %t/dl %t/libpin.so | FileCheck --check-prefix=PIN %s
// scope: the executable seals libc too, or leaves it open; vdso=seal
// seals the vdso as well, which is left to the kernel by default.
// RUN: %gcc %t/process.o %probe -o %t/process && %t/process | FileCheck --check-prefix=PROCESS %s
// RUN: %gcc %t/module.o %probe -o %t/module && %t/module | FileCheck --check-prefix=MODULE %s
// RUN: %gcc %t/vdso.o %probe -o %t/vdso && %t/vdso | FileCheck --check-prefix=VDSO-SEALED %s
// RUN: %gcc -O2 -c %s -I%S/../helpers -o %t/plain.o && %gcc %t/plain.o %probe -o %t/plain
// RUN: %t/plain | grep '^vdso:' > %t/vdso.base
// RUN: %t/process | grep '^vdso:' | diff - %t/vdso.base
// PROCESS: libc: [[N:[0-9]+]]/[[N]] mappings sealed
// MODULE: libc: 0/{{[1-9][0-9]*}} mappings sealed
// VDSO-SEALED: vdso: sealed
// SKIP: lib: 0/{{[1-9][0-9]*}} mappings sealed
// PIN: lib: [[N:[0-9]+]]/[[N]] mappings sealed
//
// UNSEALED: main ran
// UNSEALED-NEXT: exe: 0/{{[1-9][0-9]*}} mappings sealed
// SEALED: main ran
// SEALED-NEXT: exe: [[N:[0-9]+]]/[[N]] mappings sealed
#include "sealprobe.h"

#include <stdio.h>
#ifdef DLOPEN
#include <dlfcn.h>
#endif

int main(int argc, char **argv)
{
#ifdef DLOPEN
	if (argc != 2 || !dlopen(argv[1], RTLD_NOW)) {
		fprintf(stderr, "dlopen failed\n");
		return 1;
	}
	probe_module_named("lib", argv[1][0] == '/' ? __builtin_strrchr(argv[1], '/') + 1 : argv[1]);
#else
	(void)argc;
	(void)argv;
	printf("main ran\n");
	fflush(stdout);
	probe_module("exe", (const void *)main);
	probe_module_named("libc", "libc.so");
	probe_named("vdso", "[vdso]");
#endif
	return 0;
}
