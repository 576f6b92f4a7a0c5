// SPDX-License-Identifier: MIT
// C++ with exceptions and static constructors: the module is sealed before
// main, the program's own constructors still run, and throwing and
// catching work afterwards (the unwinder only reads the sealed image).
//
// RUN: %clangxx %seal -O2 -fexceptions %s %probe -o %t
// RUN: %t | FileCheck %s
// RUN: env SEALING_DEBUG=1 %t 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %s
// RUN: readelf -nW %t | FileCheck --check-prefix=NOTE %s
// RUN: %clangxx %seal -O0 -fexceptions %s %probe -o %t.O0
// RUN: %t.O0 | FileCheck %s
// RUN: %clangxx %seal -O2 -flto=thin -fexceptions %s %probe -o %t.thin
// RUN: %t.thin | FileCheck %s
// RUN: env SEALING_DEBUG=1 %t.thin 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %s
extern "C" {
#include "sealprobe.h"
}

#include <cstdio>
#include <stdexcept>
#include <string>

namespace {

struct Global {
	std::string name;
	Global() : name("constructed") {}
};
Global global;

[[noreturn]] void fail(int depth)
{
	if (depth == 0)
		throw std::runtime_error("thrown through sealed frames");
	fail(depth - 1);
	__builtin_unreachable();
}

} // namespace

int main()
{
	probe_module("exe", reinterpret_cast<const void *>(&main));
	probe_ops("text", reinterpret_cast<const void *>(&main));
	std::printf("global: %s\n", global.name.c_str());
	try {
		fail(3);
	} catch (const std::exception &e) {
		std::printf("caught: %s\n", e.what());
	}
	return 0;
}
// CHECK: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// CHECK-NEXT: global: constructed
// CHECK-NEXT: caught: thrown through sealed frames
// ONCE: sealing: {{.*}}: policy 1 (executable): sealed {{.*}}; ok
// ONCE-NOT: (executable)
// NOTE: SEALING 0x0000000c
// NOTE-NOT: SEALING
