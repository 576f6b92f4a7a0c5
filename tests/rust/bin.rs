// SPDX-License-Identifier: MIT
// A Rust executable sealed by adding sealing-rt.o to rustc's link with
// -C link-arg.  rustc passes --gc-sections and --as-needed, and puts
// link-arg objects after its own: the object is kept whole (an object, not
// an archive member), its .init_array entry is kept by the linker script,
// and its note survives --gc-sections because the constructor refers to
// it.  Rust std's own .init_array entry does not change what glibc passes
// each constructor, (argc, argv, envp): SEALING_DEBUG, read from that
// environment, works.  The program probes itself through sealprobe.o (C,
// uninstrumented) linked the same way; a static link places link-arg
// objects after libc, so the static builds name libc.a again for the probe's
// stdio (the runtime itself needs nothing from libc).
//
// REQUIRES: rustc
// RUN: rm -rf %t && mkdir -p %t
// RUN: %rustc %s -C link-arg=%probeobj -C link-arg=%rt -o %t/pie
// RUN: %rustc %s -C link-arg=%probeobj -C link-arg=%rt -C relocation-model=static -o %t/nopie
// RUN: %rustc %s -C link-arg=%probeobj -C link-arg=%rt -C lto=fat -C codegen-units=1 -C strip=symbols -o %t/lto
// RUN: %rustc %s -C link-arg=%probeobj -C link-arg=%rt -C target-feature=+crt-static -C link-arg=-l:libc.a -o %t/static-pie
// RUN: %rustc %s -C link-arg=%probeobj -C link-arg=%rt -C target-feature=+crt-static -C relocation-model=static -C link-arg=-l:libc.a -o %t/static
// RUN: %rustc %s -C link-arg=%probeobj -o %t/plain
// RUN: %t/pie | FileCheck --check-prefixes=CHECK,DYN %s
// RUN: %t/nopie | FileCheck --check-prefixes=CHECK,DYN %s
// RUN: %t/lto | FileCheck --check-prefixes=CHECK,DYN %s
// RUN: %t/static-pie | FileCheck %s
// RUN: %t/static | FileCheck %s
// CHECK: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// CHECK-NEXT: rodata: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// CHECK-NEXT: data: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// Process scope: the executable also sealed libc and what Rust std needs.
// DYN-NEXT: libc: [[N:[0-9]+]]/[[N]] mappings sealed
// DYN-NEXT: ld.so: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK: rust main ran: 6 threads joined, sum 15
//
// The control: without the object nothing is sealed.
// RUN: %t/plain | FileCheck --check-prefix=PLAIN %s
// PLAIN: exe: 0/{{[1-9][0-9]*}} mappings sealed
// PLAIN: libc: 0/{{[1-9][0-9]*}} mappings sealed
//
// One policy note and one process note (the executable part), one
// runtime constructor, whatever rustc's link did.
// RUN: readelf -nW %t/pie | FileCheck --check-prefix=ONE %s
// RUN: readelf -nW %t/lto | FileCheck --check-prefix=ONE %s
// RUN: readelf -nW %t/static | FileCheck --check-prefix=ONE %s
// ONE: SEALING 0x00000010 NT_VERSION (version) description data: 03 01 01 00
// ONE: SEALING 0x0000000c {{.*}} description data: 03 01 00 00
// ONE-NOT: SEALING
//
// The debug line, from the environment glibc handed the constructor.
// RUN: env SEALING_DEBUG=1 %t/pie 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %s
// DEBUG: sealing: {{.*}}/pie: policy 1 (executable): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} mapped from /memfd:sealing-relro; 2 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/libc.so.6: policy 1 (no note, loaded at start-up, sealed by the executable): sealed {{.*}}; ok
// DEBUG-DAG: sealing: {{.*}}/libgcc_s.so.1: policy 1 (no note, loaded at start-up, sealed by the executable): sealed {{.*}}; ok
// DEBUG-DAG: sealing: {{.*}}/pie: process scope: {{[0-9]+}} objects: {{[0-9]+}} sealed here, 1 left open, {{[0-9]+}} left to their own runtime; {{[0-9]+}} syscalls
// RUN: env SEALING_DEBUG=1 %t/static 2>&1 >/dev/null | FileCheck --check-prefix=SDEBUG %s
// SDEBUG: sealing: {{.*}}/static: policy 1 (executable): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} mapped from /memfd:sealing-relro; 2 syscalls; ok
//
// Policies, with mseal failing or forbidden (sealing-inject's seccomp
// filter): policy 2 stops before Rust's main with the documented line.
// RUN: sh -c 'SEALING_POLICY=2 %inject ENOSYS -- %t/pie; echo status=$?' 2>&1 | FileCheck --check-prefix=P2 %s
// RUN: sh -c 'SEALING_POLICY=2 %inject ENOSYS -- %t/static; echo status=$?' 2>&1 | FileCheck --check-prefix=P2 %s
// P2: sealing: {{.*}}: cannot seal 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}: ENOSYS (errno 38), mseal unavailable (Linux < 6.10, an emulator or a sandbox); policy 2 terminates (override: SEALING_POLICY=1, or sealctl set-policy 1)
// P2-NOT: rust main ran
// P2: status=127
// RUN: env SEALING_POLICY=0 %inject kill -- %t/pie | FileCheck --check-prefix=P0 %s
// RUN: %inject ENOSYS -- %t/pie | FileCheck --check-prefix=P0 %s
// P0: exe: 0/{{[1-9][0-9]*}} mappings sealed
// P0: rust main ran

use std::ffi::CStr;
use std::os::raw::{c_char, c_void};

extern "C" {
    fn probe_module(label: *const c_char, addr: *const c_void);
    fn probe_module_named(label: *const c_char, name: *const c_char);
    fn probe_ops(label: *const c_char, addr: *const c_void);
    fn fflush(stream: *mut c_void) -> i32;
}

static RODATA: [u8; 8] = *b"rodata!\0";
static mut DATA: u64 = 42;

fn c(s: &[u8]) -> *const c_char {
    CStr::from_bytes_with_nul(s).unwrap().as_ptr()
}

fn main() {
    // Threads, allocation and unwinding machinery working after sealing.
    let handles: Vec<_> = (0..6).map(|i| std::thread::spawn(move || i)).collect();
    let sum: i32 = handles.into_iter().map(|h| h.join().unwrap()).sum();
    let linked_dynamically = cfg!(not(target_feature = "crt-static"));
    unsafe {
        probe_module(c(b"exe\0"), main as *const c_void);
        probe_ops(c(b"text\0"), main as *const c_void);
        probe_ops(c(b"rodata\0"), RODATA.as_ptr() as *const c_void);
        probe_ops(c(b"data\0"), std::ptr::addr_of!(DATA) as *const c_void);
        if linked_dynamically {
            probe_module_named(c(b"libc\0"), c(b"libc.so\0"));
            probe_module_named(c(b"ld.so\0"), c(b"ld-linux\0"));
        }
        // sealprobe prints through C stdio; Rust's stdout is another buffer.
        fflush(std::ptr::null_mut());
        DATA += 1;
    }
    println!("rust main ran: 6 threads joined, sum {}", sum);
}
