//! The HIP host API: the `extern "C"` entry points, in one submodule per API area, and the
//! call shim the areas share.
//!
//! Every entry point that can fail is a thin shim: it checks its pointers (a NULL
//! out-pointer is `hipErrorInvalidValue`, `non_null`) and runs a safe Rust closure through
//! `call`, which holds the reset gate, turns a panic into an error, logs a failure, records
//! the outcome as the thread's last error and returns the `hipError_t`. The work happens in
//! `crate::backend`; per-thread state lives in `crate::thread`.
//!
//! This file uses nothing from the areas, so that no area depends on another through it
//! (tests/tests/layout.rs checks).

use std::cell::Cell;
use std::ffi::{c_int, c_void};
use std::panic::AssertUnwindSafe;
use std::sync::{PoisonError, RwLock};

// The API areas, and the declared functions that return `hipErrorNotSupported`.
pub mod device;
pub mod error;
pub mod event;
pub mod graph;
pub mod launch;
pub mod memory;
pub mod module;
pub mod occupancy;
pub mod pool;
pub mod stream;
pub mod unsupported;

// What the areas share: the tables of live streams and events, stream operations as values,
// stream capture, and the checks of device memory ranges.
pub(crate) mod capture;
pub(crate) mod graph_store;
pub(crate) mod live;
pub(crate) mod ops;
pub(crate) mod pointers;
pub(crate) mod submit;

use crate::backend;
use crate::error::{HipError, RuntimeError};
use crate::log::log;
use crate::thread;

/// `hipStream_t` / `hipEvent_t`: opaque pointers.
pub type HipStream = *mut c_void;
pub type HipEvent = *mut c_void;

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
pub(crate) fn call_alone(
    name: &'static str,
    body: impl FnOnce() -> Result<(), RuntimeError>,
) -> HipError {
    gated(true, || shim(name, body))
}

fn shim(name: &'static str, body: impl FnOnce() -> Result<(), RuntimeError>) -> HipError {
    log!(3, "{name} begins");
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
    log!(3, "{name} returns");
    thread::record(&result)
}

pub(crate) fn non_null<T>(pointer: *const T, argument: &'static str) -> Result<(), RuntimeError> {
    if pointer.is_null() {
        Err(RuntimeError::InvalidValue { argument })
    } else {
        Ok(())
    }
}

/// `device` as an index into the backend's devices; with no device at all, the backend's
/// reason for that.
pub(crate) fn device_index(
    backend: &dyn backend::Backend,
    device: c_int,
) -> Result<usize, RuntimeError> {
    let count = backend.device_count();
    if count == 0 {
        return Err(backend.unavailable());
    }
    usize::try_from(device)
        .ok()
        .filter(|index| *index < count)
        .ok_or(RuntimeError::InvalidDevice { device, count })
}
