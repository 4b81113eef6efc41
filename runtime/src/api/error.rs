//! The error API: the calling thread's last error (`hipGetLastError`, `hipPeekAtLastError`),
//! the name and description of each `hipError_t` (`hipGetErrorName`, `hipGetErrorString`),
//! and the oxhip extension `oxhipGetLastErrorMessage`.
//!
//! An area of its own because these calls concern no device: they read the thread's state
//! (`crate::thread`) or static strings, so unlike every other entry point they do not go
//! through `call`: they take no reset gate, need no backend, and have no failure to record
//! (recording one would overwrite the error being asked about). The codes themselves are
//! `crate::error`.

use std::ffi::{c_char, c_int};

use crate::error::HipError;
use crate::thread;

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipGetLastError() -> HipError {
    thread::take_last_error()
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipPeekAtLastError() -> HipError {
    thread::peek_last_error()
}

/// Returns a static string; unknown codes give `hipErrorUnknown`'s name.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipGetErrorName(error: c_int) -> *const c_char {
    HipError::from_code(error)
        .unwrap_or(HipError::ErrorUnknown)
        .name()
        .as_ptr()
}

/// Returns a static string; unknown codes give `hipErrorUnknown`'s description.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipGetErrorString(error: c_int) -> *const c_char {
    HipError::from_code(error)
        .unwrap_or(HipError::ErrorUnknown)
        .description()
        .as_ptr()
}

/// oxhip extension: the detailed message of this thread's last failure (which call
/// failed, the driver's code, the JIT error log, the images a fat binary holds), or "".
/// The pointer stays valid until the next failing call on this thread.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn oxhipGetLastErrorMessage() -> *const c_char {
    thread::with_last_message(|message| message.as_ptr()).unwrap_or(c"".as_ptr())
}
