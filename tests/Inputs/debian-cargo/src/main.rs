// SPDX-License-Identifier: MIT
// Counts the mappings of this program's own file and how many the kernel
// shows sealed ("sl" in /proc/self/smaps); exits 0 only when all are.
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
            mine = f.len() >= 6 && f[5] == exe;
        }
    }
    println!("cargo-hello: sealed {}/{}", sealed, total);
    if total == 0 || sealed != total {
        std::process::exit(1);
    }
}
