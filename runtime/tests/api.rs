//! The HIP API through its Rust-visible `extern "C"` functions, on whatever machine runs
//! the tests: misuse must return the documented codes without touching a device, and a
//! machine without a usable GPU has exactly one device, the CPU, here made visible with
//! `OXHIP_VISIBLE_DEVICES=cpu` because no CPU image is registered in this process
//! (`no_device.rs` hides every device, `gpu_only_program.rs` leaves the variable unset).
//!
//! Device-dependent expectations are chosen by probing for `libcuda.so.1` the way the
//! runtime does; on a machine with a GPU those tests check the positive path instead.

use std::ffi::{c_void, CStr};
use std::ptr::{null, null_mut};

use oxhip_runtime::api::device::*;
use oxhip_runtime::api::error::*;
use oxhip_runtime::api::event::*;
use oxhip_runtime::api::launch::*;
use oxhip_runtime::api::memory::*;
use oxhip_runtime::api::pool::*;
use oxhip_runtime::api::stream::*;
use oxhip_runtime::api::*;
use oxhip_runtime::error::HipError;
use oxhip_runtime::types::{DeviceProp, Dim3, MemPoolProps};

/// Whether this machine can have a CUDA device at all.
fn cuda_driver_present() -> bool {
    // SAFETY: loading the system CUDA driver has no preconditions.
    unsafe { libloading::Library::new("libcuda.so.1") }.is_ok()
}

fn name(error: HipError) -> String {
    // SAFETY: hipGetErrorName returns a static NUL-terminated string for any code.
    unsafe { CStr::from_ptr(hipGetErrorName(error as i32)) }
        .to_str()
        .unwrap()
        .to_owned()
}

/// Lists the CPU device: called first by every test, before the device list is chosen.
fn show_cpu_device() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    // SAFETY: every test calls this before its first runtime call, and the Once makes
    // the one write happen before any test reads the environment.
    ONCE.call_once(|| unsafe { std::env::set_var("OXHIP_VISIBLE_DEVICES", "cpu,gpu") });
}

fn dim(x: u32) -> Dim3 {
    Dim3 { x, y: 1, z: 1 }
}

#[test]
fn without_a_driver_the_cpu_is_the_only_device() {
    show_cpu_device();
    if cuda_driver_present() {
        return;
    }
    // SAFETY: all pointers are to live locals or to memory hipMalloc returned.
    unsafe {
        let mut count = -1;
        assert_eq!(name(hipGetDeviceCount(&mut count)), "hipSuccess");
        assert_eq!(count, 1);
        assert_eq!(name(hipSetDevice(0)), "hipSuccess");
        assert_eq!(name(hipSetDevice(1)), "hipErrorInvalidDevice");
        let mut prop = DeviceProp::zeroed();
        assert_eq!(name(hipGetDeviceProperties(&mut prop, 0)), "hipSuccess");
        let arch = CStr::from_ptr(prop.gcnArchName.as_ptr()).to_str().unwrap();
        assert_eq!(arch, "host");
        assert_eq!(prop.warpSize, 32);
        let mut pointer = null_mut::<c_void>();
        assert_eq!(name(hipMalloc(&mut pointer, 16)), "hipSuccess");
        let source = [7u8; 16];
        assert_eq!(
            name(hipMemcpy(pointer, source.as_ptr().cast(), 16, 1)),
            "hipSuccess"
        );
        let mut back = [0u8; 16];
        assert_eq!(
            name(hipMemcpy(back.as_mut_ptr().cast(), pointer, 16, 2)),
            "hipSuccess"
        );
        assert_eq!(back, source);
        assert_eq!(name(hipFree(pointer)), "hipSuccess");
        let mut stream = null_mut();
        assert_eq!(name(hipStreamCreate(&mut stream)), "hipSuccess");
        let mut event = null_mut();
        assert_eq!(name(hipEventCreate(&mut event)), "hipSuccess");
        assert_eq!(name(hipEventRecord(event, stream)), "hipSuccess");
        assert_eq!(name(hipEventSynchronize(event)), "hipSuccess");
        assert_eq!(name(hipEventDestroy(event)), "hipSuccess");
        assert_eq!(name(hipStreamDestroy(stream)), "hipSuccess");
        assert_eq!(name(hipDeviceSynchronize()), "hipSuccess");
        static KERNEL: u64 = 0;
        let launched = hipLaunchKernel(
            (&raw const KERNEL).cast(),
            dim(1),
            dim(1),
            null_mut(),
            0,
            null_mut(),
        );
        assert_eq!(name(launched), "hipErrorInvalidDeviceFunction");
        let mut version = -1;
        assert_eq!(name(hipDriverGetVersion(&mut version)), "hipSuccess");
        assert_eq!(version, 0);
        assert_eq!(name(hipRuntimeGetVersion(&mut version)), "hipSuccess");
        assert_eq!(version, HIP_VERSION);
        // hipFree(NULL) is a no-op everywhere.
        assert_eq!(name(hipFree(null_mut())), "hipSuccess");
        assert_eq!(name(hipHostFree(null_mut())), "hipSuccess");
        let mut value = -1;
        // hipDeviceAttributeWarpSize.
        assert_eq!(name(hipDeviceGetAttribute(&mut value, 87, 0)), "hipSuccess");
        assert_eq!(value, 32);
        let mut host = null_mut();
        assert_eq!(name(hipHostMalloc(&mut host, 64, 0)), "hipSuccess");
        assert_eq!(name(hipHostFree(host)), "hipSuccess");
        assert_eq!(name(hipMallocManaged(&mut host, 64, 1)), "hipSuccess");
        assert_eq!(name(hipFree(host)), "hipSuccess");
    }
}

#[test]
fn with_a_driver_the_device_count_is_consistent() {
    show_cpu_device();
    if !cuda_driver_present() {
        return;
    }
    let mut count = -1;
    // SAFETY: pointer to a live local.
    let result = unsafe { hipGetDeviceCount(&mut count) };
    if count > 0 {
        assert_eq!(result, HipError::Success);
    } else {
        assert_eq!(result, HipError::ErrorNoDevice);
    }
}

#[test]
fn null_out_pointers_are_invalid_values() {
    show_cpu_device();
    // SAFETY: NULL is checked before anything is written.
    unsafe {
        assert_eq!(name(hipGetDeviceCount(null_mut())), "hipErrorInvalidValue");
        assert_eq!(name(hipGetDevice(null_mut())), "hipErrorInvalidValue");
        assert_eq!(name(hipMalloc(null_mut(), 16)), "hipErrorInvalidValue");
        assert_eq!(
            name(hipGetDeviceProperties(null_mut(), 0)),
            "hipErrorInvalidValue"
        );
        assert_eq!(name(hipStreamCreate(null_mut())), "hipErrorInvalidValue");
        assert_eq!(name(hipEventCreate(null_mut())), "hipErrorInvalidValue");
        assert_eq!(
            name(hipEventElapsedTime(null_mut(), null_mut(), null_mut())),
            "hipErrorInvalidValue"
        );
        assert_eq!(
            name(hipRuntimeGetVersion(null_mut())),
            "hipErrorInvalidValue"
        );
        assert_eq!(
            name(hipDriverGetVersion(null_mut())),
            "hipErrorInvalidValue"
        );
        assert_eq!(
            name(hipMemGetInfo(null_mut(), null_mut())),
            "hipErrorInvalidValue"
        );
        let source = [0u8; 8];
        assert_eq!(
            name(hipMemcpy(null_mut(), source.as_ptr().cast(), 8, 1)),
            "hipErrorInvalidValue"
        );
        assert_eq!(name(hipMemset(null_mut(), 0, 8)), "hipErrorInvalidValue");
        assert_eq!(
            name(hipGetSymbolAddress(null_mut(), source.as_ptr().cast())),
            "hipErrorInvalidValue"
        );
        assert_eq!(
            name(hipDeviceGetAttribute(null_mut(), 63, 0)),
            "hipErrorInvalidValue"
        );
        assert_eq!(
            name(hipDeviceGetName(null_mut(), 16, 0)),
            "hipErrorInvalidValue"
        );
        assert_eq!(
            name(hipHostMalloc(null_mut(), 16, 0)),
            "hipErrorInvalidValue"
        );
        let mut pointer = null_mut();
        assert_eq!(
            name(hipMallocManaged(&mut pointer, 16, 0)),
            "hipErrorInvalidValue"
        );
        assert_eq!(
            name(hipStreamWaitEvent(null_mut(), null_mut(), 0)),
            "hipErrorInvalidHandle"
        );
    }
}

#[test]
fn bad_handles_kinds_and_configurations() {
    show_cpu_device();
    // SAFETY: every call is rejected before it reads through a pointer.
    unsafe {
        let source = [0u8; 8];
        let mut target = [0u8; 8];
        assert_eq!(
            name(hipMemcpy(
                target.as_mut_ptr().cast(),
                source.as_ptr().cast(),
                8,
                42
            )),
            "hipErrorInvalidMemcpyDirection"
        );
        assert_eq!(
            name(hipMemcpy(
                target.as_mut_ptr().cast(),
                source.as_ptr().cast(),
                8,
                -1
            )),
            "hipErrorInvalidMemcpyDirection"
        );
        // Zero bytes copy nothing and need no device.
        assert_eq!(name(hipMemcpy(null_mut(), null(), 0, 1)), "hipSuccess");
        assert_eq!(name(hipStreamDestroy(null_mut())), "hipErrorInvalidHandle");
        assert_eq!(
            name(hipEventRecord(null_mut(), null_mut())),
            "hipErrorInvalidHandle"
        );
        assert_eq!(name(hipEventDestroy(null_mut())), "hipErrorInvalidHandle");
        // The CPU device is always present, so a bad number is a bad device.
        assert_eq!(name(hipSetDevice(-1)), "hipErrorInvalidDevice");
        // An unregistered variable is not a symbol.
        let mut address = null_mut();
        assert_eq!(
            name(hipGetSymbolAddress(&mut address, source.as_ptr().cast())),
            "hipErrorInvalidSymbol"
        );

        static KERNEL: u64 = 0;
        let kernel = (&raw const KERNEL).cast::<c_void>();
        let launch = |grid: Dim3, block: Dim3| {
            hipLaunchKernel(kernel, grid, block, null_mut(), 0, null_mut())
        };
        assert_eq!(name(launch(dim(0), dim(1))), "hipErrorInvalidConfiguration");
        assert_eq!(
            name(launch(dim(1), dim(4096))),
            "hipErrorInvalidConfiguration"
        );
        let cube = Dim3 { x: 16, y: 16, z: 8 };
        assert_eq!(name(launch(dim(1), cube)), "hipErrorInvalidConfiguration");
        assert_eq!(
            name(hipLaunchKernel(
                null(),
                dim(1),
                dim(1),
                null_mut(),
                0,
                null_mut()
            )),
            "hipErrorInvalidDeviceFunction"
        );
    }
}

#[test]
fn last_error_is_sticky_and_reset_by_get() {
    show_cpu_device();
    // SAFETY: NULL is checked before anything is written.
    unsafe {
        let _ = hipGetLastError();
        assert_eq!(name(hipMalloc(null_mut(), 1)), "hipErrorInvalidValue");
        // A later success does not clear it.
        assert_eq!(name(hipFree(null_mut())), "hipSuccess");
        assert_eq!(name(hipPeekAtLastError()), "hipErrorInvalidValue");
        assert_eq!(name(hipGetLastError()), "hipErrorInvalidValue");
        assert_eq!(name(hipGetLastError()), "hipSuccess");
        let message = CStr::from_ptr(oxhipGetLastErrorMessage()).to_str().unwrap();
        assert_eq!(message, "invalid argument `ptr`");
    }
}

/// Bytes that `pool` holds, in use or cached (`hipMemPoolAttrReservedMemCurrent`).
fn reserved(pool: HipMemPool) -> u64 {
    let mut bytes = u64::MAX;
    // SAFETY: attribute 5 is a `uint64_t`, written to a live local.
    let status = unsafe { hipMemPoolGetAttribute(pool, 5, (&raw mut bytes).cast()) };
    assert_eq!(name(status), "hipSuccess");
    bytes
}

/// Allocates `size` bytes from `pool` and gives them back, so that the pool caches them.
fn cache_a_block(pool: HipMemPool, size: usize) {
    let mut block = null_mut();
    // SAFETY: `block` is a live local; the block is unused when freed.
    unsafe {
        assert_eq!(
            name(hipMallocFromPoolAsync(&mut block, size, pool, null_mut())),
            "hipSuccess"
        );
        assert_eq!(name(hipFreeAsync(block, null_mut())), "hipSuccess");
        assert_eq!(name(hipStreamSynchronize(null_mut())), "hipSuccess");
    }
}

#[test]
fn out_of_memory_releases_what_pools_cache() {
    show_cpu_device();
    // More bytes than an address space holds: out of memory on every device, at once.
    const TOO_MUCH: usize = 1 << 63;
    const BLOCK: usize = 1 << 20;
    // SAFETY: all pointers are to live locals; the pool is this test's own.
    unsafe {
        // Device 0 is the CPU device (`show_cpu_device`).
        assert_eq!(name(hipSetDevice(0)), "hipSuccess");
        let mut props: MemPoolProps = std::mem::zeroed();
        props.allocType = 1;
        props.location.type_ = 1;
        let mut pool = null_mut();
        assert_eq!(name(hipMemPoolCreate(&mut pool, &props)), "hipSuccess");
        // A pool that keeps everything, as Thrust's.
        let mut keep_all = u64::MAX;
        assert_eq!(
            name(hipMemPoolSetAttribute(pool, 4, (&raw mut keep_all).cast())),
            "hipSuccess"
        );
        cache_a_block(pool, BLOCK);
        assert_eq!(reserved(pool), BLOCK as u64);

        let mut block = null_mut();
        assert_eq!(name(hipMalloc(&mut block, TOO_MUCH)), "hipErrorOutOfMemory");
        assert_eq!(reserved(pool), 0);
        // The pool still serves, and its own allocation releases the cache too.
        cache_a_block(pool, BLOCK);
        assert_eq!(reserved(pool), BLOCK as u64);
        let status = hipMallocFromPoolAsync(&mut block, TOO_MUCH, pool, null_mut());
        assert_eq!(name(status), "hipErrorOutOfMemory");
        assert_eq!(reserved(pool), 0);
        let _ = hipGetLastError();
        assert_eq!(name(hipMemPoolDestroy(pool)), "hipSuccess");
    }
}

#[test]
fn call_configurations_nest() {
    show_cpu_device();
    // SAFETY: all pointers are to live locals.
    unsafe {
        let stream = 0x1234usize as HipStream;
        assert_eq!(
            __hipPushCallConfiguration(dim(8), dim(256), 1024, stream),
            HipError::Success
        );
        assert_eq!(
            __hipPushCallConfiguration(dim(2), dim(32), 0, null_mut()),
            HipError::Success
        );
        let (mut grid, mut block, mut shared, mut popped_stream) =
            (Dim3::default(), Dim3::default(), 0usize, null_mut());
        let pop = |grid: &mut Dim3, block: &mut Dim3, shared: &mut usize, s: &mut HipStream| {
            __hipPopCallConfiguration(grid, block, shared, s)
        };
        assert_eq!(
            pop(&mut grid, &mut block, &mut shared, &mut popped_stream),
            HipError::Success
        );
        assert_eq!((grid.x, block.x, shared), (2, 32, 0));
        assert_eq!(
            pop(&mut grid, &mut block, &mut shared, &mut popped_stream),
            HipError::Success
        );
        assert_eq!(
            (grid, block.x, shared, popped_stream),
            (dim(8), 256, 1024, stream)
        );
        assert_eq!(
            name(pop(&mut grid, &mut block, &mut shared, &mut popped_stream)),
            "hipErrorMissingConfiguration"
        );
        assert_eq!((grid, block), (Dim3::default(), Dim3::default()));
        assert_eq!(
            name(__hipPopCallConfiguration(
                null_mut(),
                &mut block,
                &mut shared,
                &mut popped_stream
            )),
            "hipErrorInvalidValue"
        );
    }
}

#[test]
fn error_names_and_strings() {
    show_cpu_device();
    // SAFETY: both functions return static NUL-terminated strings for any code.
    unsafe {
        let string = |code: i32| CStr::from_ptr(hipGetErrorString(code)).to_str().unwrap();
        let raw_name = |code: i32| CStr::from_ptr(hipGetErrorName(code)).to_str().unwrap();
        assert_eq!(raw_name(0), "hipSuccess");
        assert_eq!(raw_name(1), "hipErrorInvalidValue");
        assert_eq!(raw_name(209), "hipErrorNoBinaryForGpu");
        assert_eq!(raw_name(719), "hipErrorLaunchFailure");
        assert_eq!(raw_name(-5), "hipErrorUnknown");
        assert_eq!(string(0), "no error");
        assert_eq!(string(2), "out of memory");
        assert_eq!(string(100), "no GPU device is available");
        assert_eq!(string(123_456), "unknown error");
    }
}
