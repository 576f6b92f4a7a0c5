// SPDX-License-Identifier: MIT
// The cdylib: what tests/rust/cdylib.c's driver calls.
#[no_mangle]
pub extern "C" fn lib_fn() -> i32 {
    let v: Vec<i32> = vec![1; 3];
    v.len() as i32 - 2
}
