//! The HIP host API (`hipMalloc`, `hipMemcpy`, `hipLaunchKernel`, ...) as `extern "C"`
//! functions.
//!
//! Every function is a thin shim: it checks its pointers (a NULL out-pointer is
//! `hipErrorInvalidValue`), runs a safe Rust closure under `catch_unwind`, records the
//! outcome as the thread's last error, and returns the `hipError_t`. The work happens in
//! `crate::backend`; per-thread state lives in `crate::thread`.

use std::cell::Cell;
use std::ffi::{c_char, c_int, c_void};
use std::panic::AssertUnwindSafe;
use std::sync::{PoisonError, RwLock};

pub(crate) mod capture;
pub mod device;
pub mod error;
pub mod event;
pub mod graph;
pub mod launch;
pub(crate) mod live;
pub mod memory;
pub mod occupancy;
pub(crate) mod ops;
pub(crate) mod pointers;
pub mod pool;
pub mod stream;
pub mod unsupported;

use crate::backend;
use crate::error::{HipError, RuntimeError};
use crate::log::log;
use crate::thread;
use crate::types::{self, DeviceProp};

/// `hipStream_t` / `hipEvent_t`: opaque pointers.
pub type HipStream = *mut c_void;
pub type HipEvent = *mut c_void;

/// The HIP version this runtime implements, encoded as HIP_VERSION
/// (major × 10 000 000 + minor × 100 000 + patch).
pub const HIP_VERSION: c_int = 60_400_000;

/// Held shared by every API call ([`call`]) and exclusively by `hipDeviceReset`, so that a
/// reset never runs while another thread is between looking a stream, event, allocation or
/// cached module up and handing it to the driver: calls made meanwhile wait, then find the
/// reset's handles gone (docs/reliability.md, "Threads").
static RESET_GATE: RwLock<()> = RwLock::new(());

thread_local! {
    /// Whether this thread is inside an API call already: a call the runtime makes from
    /// inside another (`hipExtLaunchKernel` records events) does not take the gate again,
    /// which could wait forever behind a reset waiting for the outer call.
    static IN_CALL: Cell<bool> = const { Cell::new(false) };
}

/// Runs `body` holding the reset gate, shared or (`exclusive`) alone.
fn gated<T>(exclusive: bool, body: impl FnOnce() -> T) -> T {
    // A thread whose thread-locals are gone (it is exiting) runs without the gate.
    if IN_CALL
        .try_with(|inside| inside.replace(true))
        .unwrap_or(true)
    {
        return body();
    }
    let result = if exclusive {
        let _gate = RESET_GATE.write().unwrap_or_else(PoisonError::into_inner);
        body()
    } else {
        let _gate = RESET_GATE.read().unwrap_or_else(PoisonError::into_inner);
        body()
    };
    let _ = IN_CALL.try_with(|inside| inside.set(false));
    result
}

/// Runs `body`, turning a panic into `hipErrorUnknown`, logging failures and recording
/// the last error.
pub(crate) fn call(
    name: &'static str,
    body: impl FnOnce() -> Result<(), RuntimeError>,
) -> HipError {
    gated(false, || shim(name, body))
}

/// As [`call`], with no other API call running meanwhile (`hipDeviceReset`).
fn call_alone(name: &'static str, body: impl FnOnce() -> Result<(), RuntimeError>) -> HipError {
    gated(true, || shim(name, body))
}

fn shim(name: &'static str, body: impl FnOnce() -> Result<(), RuntimeError>) -> HipError {
    let result = std::panic::catch_unwind(AssertUnwindSafe(body)).unwrap_or_else(|_| {
        Err(RuntimeError::Internal {
            reason: format!("panic inside `{name}`"),
        })
    });
    if let Err(error) = &result {
        if error.code() == HipError::ErrorNotReady {
            log!(2, "{name}: {error}");
        } else {
            log!(
                1,
                "{name} -> {}: {error}",
                error.code().name().to_string_lossy()
            );
        }
    }
    thread::record(&result)
}

pub(crate) fn non_null<T>(pointer: *const T, argument: &'static str) -> Result<(), RuntimeError> {
    if pointer.is_null() {
        Err(RuntimeError::InvalidValue { argument })
    } else {
        Ok(())
    }
}

/// Initialises the runtime (selects the backend). Only `flags == 0` is defined.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipInit(flags: u32) -> HipError {
    call("hipInit", || {
        if flags != 0 {
            return Err(RuntimeError::InvalidValue { argument: "flags" });
        }
        backend::current().map(|_| ())
    })
}

/// # Safety
/// `count` must be NULL or point to writable `int`.
#[no_mangle]
pub unsafe extern "C" fn hipGetDeviceCount(count: *mut c_int) -> HipError {
    call("hipGetDeviceCount", || {
        non_null(count, "count")?;
        let backend = backend::get();
        let devices = c_int::try_from(backend.device_count()).unwrap_or(c_int::MAX);
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { count.write(devices) };
        // HIP reports "no device" as an error, with the count set to 0.
        if devices == 0 {
            return Err(backend.unavailable());
        }
        Ok(())
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipSetDevice(device: c_int) -> HipError {
    call("hipSetDevice", || {
        device_index(backend::get(), device)?;
        thread::set_current_device(device);
        Ok(())
    })
}

/// # Safety
/// `device` must be NULL or point to writable `int`.
#[no_mangle]
pub unsafe extern "C" fn hipGetDevice(device: *mut c_int) -> HipError {
    call("hipGetDevice", || {
        non_null(device, "device")?;
        let (_, current) = backend::current()?;
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { device.write(current as c_int) };
        Ok(())
    })
}

/// # Safety
/// `prop` must be NULL or point to a writable `hipDeviceProp_t` (HIP 6 layout).
#[no_mangle]
pub unsafe extern "C" fn hipGetDeviceProperties(prop: *mut DeviceProp, device: c_int) -> HipError {
    call("hipGetDeviceProperties", || {
        non_null(prop, "prop")?;
        let backend = backend::get();
        let index = device_index(backend, device)?;
        let properties = backend.properties(index)?;
        // SAFETY: checked non-null; the caller promises a writable hipDeviceProp_t.
        unsafe { prop.write(properties) };
        Ok(())
    })
}

/// The name HIP 6 headers use for `hipGetDeviceProperties` (same layout).
///
/// # Safety
/// As for [`hipGetDeviceProperties`].
#[no_mangle]
pub unsafe extern "C" fn hipGetDevicePropertiesR0600(
    prop: *mut DeviceProp,
    device: c_int,
) -> HipError {
    // SAFETY: same contract.
    unsafe { hipGetDeviceProperties(prop, device) }
}

/// # Safety
/// `version` must be NULL or point to writable `int`.
#[no_mangle]
pub unsafe extern "C" fn hipRuntimeGetVersion(version: *mut c_int) -> HipError {
    call("hipRuntimeGetVersion", || {
        non_null(version, "version")?;
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { version.write(HIP_VERSION) };
        Ok(())
    })
}

/// Writes the vendor driver's version (CUDA encoding on NVIDIA), or 0 without a driver.
///
/// # Safety
/// `version` must be NULL or point to writable `int`.
#[no_mangle]
pub unsafe extern "C" fn hipDriverGetVersion(version: *mut c_int) -> HipError {
    call("hipDriverGetVersion", || {
        non_null(version, "version")?;
        let driver = backend::get().driver_version();
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { version.write(driver) };
        Ok(())
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceSynchronize() -> HipError {
    call("hipDeviceSynchronize", || {
        capture::check_device_sync()?;
        let (backend, device) = backend::current()?;
        backend.synchronize(device)?;
        pool::release_unused(Some(device));
        Ok(())
    })
}

/// Destroys every allocation, stream, event and loaded module of the current device.
///
/// # Safety
/// Always safe to call; pointers and handles from before the reset become invalid.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceReset() -> HipError {
    // Alone: no other thread is using a stream, event, pool or module of the device.
    call_alone("hipDeviceReset", || {
        let (backend, device) = backend::current()?;
        capture::reset(device);
        pool::forget_device(device);
        stream::forget_device(device);
        event::forget_device(device);
        graph::forget_device(device);
        device::forget(device);
        backend.reset(device)
    })
}

fn device_index(backend: &dyn backend::Backend, device: c_int) -> Result<usize, RuntimeError> {
    let count = backend.device_count();
    if count == 0 {
        return Err(backend.unavailable());
    }
    usize::try_from(device)
        .ok()
        .filter(|index| *index < count)
        .ok_or(RuntimeError::InvalidDevice { device, count })
}

/// # Safety
/// `value` must be NULL or point to a writable `int`.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetAttribute(
    value: *mut c_int,
    attribute: c_int,
    device: c_int,
) -> HipError {
    call("hipDeviceGetAttribute", || {
        non_null(value, "value")?;
        let backend = backend::get();
        let index = device_index(backend, device)?;
        let properties = backend.properties(index)?;
        let extras = backend.extras(index);
        let result = types::device_attribute(&properties, &extras, attribute).ok_or(
            RuntimeError::InvalidValue {
                argument: "attribute",
            },
        )?;
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { value.write(result) };
        Ok(())
    })
}

/// Copies the device name, truncated to `length - 1` bytes and NUL-terminated.
///
/// # Safety
/// `name` must be NULL or point to `length` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetName(
    name: *mut c_char,
    length: c_int,
    device: c_int,
) -> HipError {
    call("hipDeviceGetName", || {
        non_null(name, "name")?;
        let length = usize::try_from(length)
            .ok()
            .filter(|length| *length > 0)
            .ok_or(RuntimeError::InvalidValue { argument: "len" })?;
        let backend = backend::get();
        let index = device_index(backend, device)?;
        let properties = backend.properties(index)?;
        // SAFETY: checked non-null; the caller promises `length` writable bytes.
        let target = unsafe { std::slice::from_raw_parts_mut(name, length) };
        // SAFETY: `properties.name` is NUL-terminated by `set_c_string`.
        let text = unsafe { std::ffi::CStr::from_ptr(properties.name.as_ptr()) };
        types::set_c_string(target, &text.to_string_lossy());
        Ok(())
    })
}
