// SPDX-License-Identifier: MIT
// C++: g++ with the plugin seals a program that has static constructors
// of its own, throws and catches, and links libstdc++; in a shared library
// too.  The runtime's slot is one more .init_array entry beside the
// program's own.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gxx -O2 -fPIC -shared %fplugin -DLIBRARY %s -o %t/libcxx.so
// RUN: %gxx -O2 %fplugin %s %probe -L%t -lcxx -Wl,-rpath,%t -o %t/prog
// RUN: %t/prog | FileCheck %s
// RUN: %gxx -O0 -g %fplugin %s %probe -L%t -lcxx -Wl,-rpath,%t -o %t/prog-O0
// RUN: %t/prog-O0 | FileCheck %s
// RUN: %gxx -O2 -flto %fplugin %s %probe -L%t -lcxx -Wl,-rpath,%t -o %t/prog-lto
// RUN: %t/prog-lto | FileCheck %s
// RUN: readelf -nW %t/prog %t/libcxx.so | FileCheck --check-prefix=NOTES %s
// NOTES-COUNT-2: SEALING 0x00000010 NT_VERSION (version) description data: 03 01 02 00 04 00 00 00 {{[0-9a-f ]+}}
// NOTES-NOT: SEALING
#include <stdexcept>
#include <string>

#ifdef LIBRARY
struct Registry {
	std::string name;
	Registry() : name("library constructor ran") {}
};
static Registry registry;

const std::string &library_name()
{
	return registry.name;
}

void library_throw(int n)
{
	if (n > 0)
		throw std::runtime_error("thrown across the library boundary");
}
#else
extern "C" {
#include "sealprobe.h"
}
#include <cstdio>

const std::string &library_name();
void library_throw(int);

struct Global {
	int value;
	Global() : value(42) {}
};
static Global global;

int main()
{
	std::printf("global=%d\n", global.value);
	std::printf("%s\n", library_name().c_str());
	try {
		library_throw(1);
	} catch (const std::exception &e) {
		std::printf("caught: %s\n", e.what());
	}
	std::fflush(stdout);
	probe_module("exe", (const void *)main);
	probe_module("lib", (const void *)library_throw);
	probe_ops("text", (const void *)main);
	return 0;
}
#endif
// CHECK: global=42
// CHECK-NEXT: library constructor ran
// CHECK-NEXT: caught: thrown across the library boundary
// CHECK-NEXT: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: lib: [[M:[0-9]+]]/[[M]] mappings sealed
// CHECK-NEXT: text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
