// SPDX-License-Identifier: MIT
// A Rust program that checks its own sealing with nothing but std: the
// kernel's "sl" flag on every mapping of its own file in /proc/self/smaps,
// and EPERM from mprotect on its own text.
use std::io::Error;
use std::os::raw::{c_int, c_void};

extern "C" {
    fn mprotect(addr: *mut c_void, len: usize, prot: c_int) -> c_int;
}

fn main() {
    let exe = std::fs::read_link("/proc/self/exe").unwrap();
    let exe = exe.to_str().unwrap();
    let smaps = std::fs::read_to_string("/proc/self/smaps").unwrap();
    let (mut mine, mut total, mut sealed) = (false, 0, 0);
    for line in smaps.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        if line.starts_with("VmFlags:") {
            if mine {
                total += 1;
                sealed += f.contains(&"sl") as i32;
            }
        } else if f.len() >= 5 && f[0].contains('-') && !f[0].ends_with(':') {
            // "lo-hi perms offset dev inode [path]": a new mapping.
            mine = f.len() >= 6 && f[5] == exe;
        }
    }
    println!("exe: {}/{} mappings sealed", sealed, total);
    // The same protection again: harmless, unless the page is sealed.
    let page = (main as usize) & !4095;
    let r = unsafe { mprotect(page as *mut c_void, 4096, 5) };
    let e = Error::last_os_error().raw_os_error().unwrap_or(0);
    let result = match (r, e) {
        (0, _) => "ok".to_string(),
        (_, 1) => "EPERM".to_string(),
        (_, e) => format!("errno {}", e),
    };
    println!("text: mprotect={}", result);
}
