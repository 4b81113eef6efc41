//! A program with no CPU image (nothing registered here) on a machine without a GPU, and
//! `OXHIP_VISIBLE_DEVICES` unset: no device at all, so `hipGetDeviceCount` gives 0 with
//! `hipErrorNoDevice` and device calls fail with it, as HIP does. One test in its own
//! process, because the device list is chosen once per process.

use std::ffi::{c_void, CStr};

use oxhip_runtime::api::device::*;
use oxhip_runtime::api::error::*;
use oxhip_runtime::api::memory::*;
use oxhip_runtime::error::HipError;

fn name(error: HipError) -> String {
    // SAFETY: hipGetErrorName returns a static NUL-terminated string for any code.
    unsafe { CStr::from_ptr(hipGetErrorName(error as i32)) }
        .to_str()
        .unwrap()
        .to_owned()
}

#[test]
fn without_gpu_or_cpu_image_there_is_no_device() {
    // SAFETY: loading the system CUDA driver has no preconditions.
    if unsafe { libloading::Library::new("libcuda.so.1") }.is_ok() {
        return;
    }
    // SAFETY: removed before any runtime call, in a process with this one test.
    unsafe { std::env::remove_var("OXHIP_VISIBLE_DEVICES") };
    // SAFETY: all pointers are to live locals.
    unsafe {
        let mut count = -1;
        assert_eq!(name(hipGetDeviceCount(&mut count)), "hipErrorNoDevice");
        assert_eq!(count, 0);
        let mut pointer = std::ptr::dangling_mut::<c_void>();
        assert_eq!(name(hipMalloc(&mut pointer, 16)), "hipErrorNoDevice");
        assert_eq!(name(hipDeviceSynchronize()), "hipErrorNoDevice");
    }
}
