//! `OXHIP_VISIBLE_DEVICES=""` hides every device, GPUs and the CPU: every device call must
//! then answer `hipErrorNoDevice`. One test in its own process, because the device list is
//! chosen once per process.

use std::ffi::{c_void, CStr};
use std::ptr::null_mut;

use oxhip_runtime::api::device::*;
use oxhip_runtime::api::error::*;
use oxhip_runtime::api::launch::*;
use oxhip_runtime::api::memory::*;
use oxhip_runtime::api::stream::*;
use oxhip_runtime::error::HipError;
use oxhip_runtime::types::{DeviceProp, Dim3};

fn name(error: HipError) -> String {
    // SAFETY: hipGetErrorName returns a static NUL-terminated string for any code.
    unsafe { CStr::from_ptr(hipGetErrorName(error as i32)) }
        .to_str()
        .unwrap()
        .to_owned()
}

#[test]
fn an_empty_device_list_answers_no_device() {
    // SAFETY: set before any runtime call, in a process with this one test.
    unsafe { std::env::set_var("OXHIP_VISIBLE_DEVICES", "") };
    // SAFETY: all pointers are to live locals.
    unsafe {
        let mut count = -1;
        assert_eq!(name(hipGetDeviceCount(&mut count)), "hipErrorNoDevice");
        assert_eq!(count, 0);
        let mut pointer = std::ptr::dangling_mut::<c_void>();
        assert_eq!(name(hipMalloc(&mut pointer, 16)), "hipErrorNoDevice");
        assert_eq!(name(hipSetDevice(0)), "hipErrorNoDevice");
        let mut prop = DeviceProp::zeroed();
        assert_eq!(
            name(hipGetDeviceProperties(&mut prop, 0)),
            "hipErrorNoDevice"
        );
        assert_eq!(name(hipDeviceSynchronize()), "hipErrorNoDevice");
        let mut stream = null_mut();
        assert_eq!(name(hipStreamCreate(&mut stream)), "hipErrorNoDevice");
        static KERNEL: u64 = 0;
        let one = Dim3 { x: 1, y: 1, z: 1 };
        let launched = hipLaunchKernel(
            (&raw const KERNEL).cast(),
            one,
            one,
            null_mut(),
            0,
            null_mut(),
        );
        assert_eq!(name(launched), "hipErrorNoDevice");
        let message = CStr::from_ptr(oxhipGetLastErrorMessage()).to_str().unwrap();
        assert!(message.contains("OXHIP_VISIBLE_DEVICES"), "{message}");
    }
}
