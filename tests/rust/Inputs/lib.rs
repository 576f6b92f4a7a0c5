// SPDX-License-Identifier: MIT
// A Rust cdylib exporting one C function, the Rust twin of
// tests/Inputs/lib.c for loader tests: --cfg 'name="X"' picks which
// function X_fn it exports (returning 1), and --cfg dep makes needed_fn
// call dep_fn from another library (returning 2).  Each function does a
// little allocation, so std's allocator runs inside the sealed library.

macro_rules! export {
    ($name:ident, $body:expr) => {
        #[no_mangle]
        pub extern "C" fn $name() -> i32 {
            let v: Vec<i32> = vec![1; 3];
            $body + v.len() as i32 - 3
        }
    };
}

#[cfg(dep)]
extern "C" {
    fn dep_fn() -> i32;
}

#[cfg(name = "dep")]
export!(dep_fn, 1);
#[cfg(all(name = "needed", dep))]
export!(needed_fn, 1 + unsafe { dep_fn() });
#[cfg(name = "preload")]
export!(preload_fn, 1);
#[cfg(name = "nodelete")]
export!(nodelete_fn, 1);
#[cfg(name = "plain")]
export!(plain_fn, 1);
#[cfg(name = "policy0")]
export!(policy0_fn, 1);
#[cfg(name = "plainun")]
export!(plainun_fn, 1);
#[cfg(name = "lib")]
export!(lib_fn, 1);
