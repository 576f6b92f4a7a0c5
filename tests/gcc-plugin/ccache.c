// SPDX-License-Identifier: MIT
// ccache with the plugin (docs/distro.md, "ccache").  ccache 4 hashes a
// plugin named on the command line (-fplugin=PATH: its mtime and size, as
// it does the compiler), and plugin options are command-line arguments.
// It cannot see a plugin that specs or a bare name bring in
// (-specs=sealing.specs, -fplugin=sealing): after a plugin upgrade it
// would hand back objects the old plugin made.  extra_files_to_hash
// (CCACHE_EXTRAFILES) with the plugin and its specs closes that.  A hit
// is as sealed as the compile that filled the cache.
//
// REQUIRES: ccache
// RUN: rm -rf %t && mkdir -p %t/p
// RUN: cp %gccplugin_so %t/p/sealing.so
// RUN: sed 's,%gccplugin_so,%t/p/sealing.so,' %gccplugin_specs > %t/p/sealing.specs
// RUN: env CCACHE_DIR=%t/cache sh %S/Inputs/ccache-step.sh path-1 %gcc -O2 -fplugin=%t/p/sealing.so -I%S/../helpers -c %s -o %t/a.o | FileCheck --check-prefix=PATH1 %s
// PATH1: path-1: miss
// RUN: env CCACHE_DIR=%t/cache sh %S/Inputs/ccache-step.sh path-2 %gcc -O2 -fplugin=%t/p/sealing.so -I%S/../helpers -c %s -o %t/a.o | FileCheck --check-prefix=PATH2 %s
// PATH2: path-2: hit
// The object from the cache is sealed.
// RUN: %gcc %t/a.o %probe -o %t/prog && %t/prog | FileCheck --check-prefix=SEALED %s
// SEALED: exe: [[N:[1-9][0-9]*]]/[[N]] mappings sealed
// Another plugin option: another object.
// RUN: env CCACHE_DIR=%t/cache sh %S/Inputs/ccache-step.sh policy-2 %gcc -O2 -fplugin=%t/p/sealing.so -fplugin-arg-sealing-policy=2 -I%S/../helpers -c %s -o %t/p2.o | FileCheck --check-prefix=P2 %s
// P2: policy-2: miss
// RUN: readelf -nW %t/p2.o | FileCheck --check-prefix=NOTE2 %s
// NOTE2: sealing
// A new plugin (here: the same bytes and one more, a new mtime): -fplugin=PATH misses.
// RUN: printf x >> %t/p/sealing.so
// RUN: env CCACHE_DIR=%t/cache sh %S/Inputs/ccache-step.sh new-plugin %gcc -O2 -fplugin=%t/p/sealing.so -I%S/../helpers -c %s -o %t/a.o | FileCheck --check-prefix=NEWPLUGIN %s
// NEWPLUGIN: new-plugin: miss
//
// Through the specs ccache sees only the specs' path: a new plugin hits.
// RUN: env CCACHE_DIR=%t/cache sh %S/Inputs/ccache-step.sh specs-1 %gcc -O2 -specs=%t/p/sealing.specs -I%S/../helpers -c %s -o %t/s.o | FileCheck --check-prefix=SPECS1 %s
// SPECS1: specs-1: miss
// RUN: printf x >> %t/p/sealing.so
// RUN: env CCACHE_DIR=%t/cache sh %S/Inputs/ccache-step.sh specs-stale %gcc -O2 -specs=%t/p/sealing.specs -I%S/../helpers -c %s -o %t/s.o | FileCheck --check-prefix=STALE %s
// STALE: specs-stale: hit
// So does a plugin found by name (-iplugindir= stands in for GCC's own
// plugin directory, where an installed plugin is found).
// RUN: env CCACHE_DIR=%t/cache sh %S/Inputs/ccache-step.sh name-1 %gcc -O2 -iplugindir=%t/p -fplugin=sealing -I%S/../helpers -c %s -o %t/n.o | FileCheck --check-prefix=NAME1 %s
// NAME1: name-1: miss
// RUN: printf x >> %t/p/sealing.so
// RUN: env CCACHE_DIR=%t/cache sh %S/Inputs/ccache-step.sh name-stale %gcc -O2 -iplugindir=%t/p -fplugin=sealing -I%S/../helpers -c %s -o %t/n.o | FileCheck --check-prefix=NAMESTALE %s
// NAMESTALE: name-stale: hit
// With the plugin and specs in extra_files_to_hash, a new plugin misses,
// and the same plugin hits again.
// RUN: env CCACHE_DIR=%t/cache CCACHE_EXTRAFILES=%t/p/sealing.so:%t/p/sealing.specs sh %S/Inputs/ccache-step.sh extra-1 %gcc -O2 -specs=%t/p/sealing.specs -I%S/../helpers -c %s -o %t/s.o | FileCheck --check-prefix=EXTRA1 %s
// EXTRA1: extra-1: miss
// RUN: env CCACHE_DIR=%t/cache CCACHE_EXTRAFILES=%t/p/sealing.so:%t/p/sealing.specs sh %S/Inputs/ccache-step.sh extra-2 %gcc -O2 -specs=%t/p/sealing.specs -I%S/../helpers -c %s -o %t/s.o | FileCheck --check-prefix=EXTRA2 %s
// EXTRA2: extra-2: hit
// RUN: printf x >> %t/p/sealing.so
// RUN: env CCACHE_DIR=%t/cache CCACHE_EXTRAFILES=%t/p/sealing.so:%t/p/sealing.specs sh %S/Inputs/ccache-step.sh extra-new %gcc -O2 -specs=%t/p/sealing.specs -I%S/../helpers -c %s -o %t/s.o | FileCheck --check-prefix=EXTRANEW %s
// EXTRANEW: extra-new: miss
// RUN: %gcc %t/s.o %probe -o %t/prog-specs && %t/prog-specs | FileCheck --check-prefix=SEALED %s
#include "sealprobe.h"

int main(void)
{
	probe_module("exe", (const void *)main);
	return 0;
}
