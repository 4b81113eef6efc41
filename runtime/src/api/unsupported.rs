//! Declared HIP functions this runtime does not implement: each checks nothing and returns
//! `hipErrorNotSupported` (docs/runtime-api.md lists them with the reason).

use std::ffi::{c_int, c_void};

use crate::api::{call, HipEvent, HipStream};
use crate::error::{HipError, RuntimeError};

fn not_supported(what: &'static str, why: &str) -> Result<(), RuntimeError> {
    Err(RuntimeError::NotSupported {
        what,
        detail: format!(": {why}"),
    })
}

/// `hipIpcMemHandle_t` / `hipIpcEventHandle_t`: 64 opaque bytes, passed by value.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct IpcHandle {
    pub reserved: [u8; 64],
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipSetValidDevices(_devices: *mut c_int, _count: c_int) -> HipError {
    call("hipSetValidDevices", || {
        not_supported(
            "hipSetValidDevices",
            "every visible device is used (choose them with OXHIP_VISIBLE_DEVICES)",
        )
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipStreamWaitValue32(
    _stream: HipStream,
    _ptr: *mut c_void,
    _value: u32,
    _flags: u32,
    _mask: u32,
) -> HipError {
    call("hipStreamWaitValue32", || {
        not_supported(
            "hipStreamWaitValue32",
            "stream memory operations are not implemented",
        )
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipStreamWaitValue64(
    _stream: HipStream,
    _ptr: *mut c_void,
    _value: u64,
    _flags: u32,
    _mask: u64,
) -> HipError {
    call("hipStreamWaitValue64", || {
        not_supported(
            "hipStreamWaitValue64",
            "stream memory operations are not implemented",
        )
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipStreamWriteValue32(
    _stream: HipStream,
    _ptr: *mut c_void,
    _value: u32,
    _flags: u32,
) -> HipError {
    call("hipStreamWriteValue32", || {
        not_supported(
            "hipStreamWriteValue32",
            "stream memory operations are not implemented",
        )
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipStreamWriteValue64(
    _stream: HipStream,
    _ptr: *mut c_void,
    _value: u64,
    _flags: u32,
) -> HipError {
    call("hipStreamWriteValue64", || {
        not_supported(
            "hipStreamWriteValue64",
            "stream memory operations are not implemented",
        )
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipGraphChildGraphNodeGetGraph(
    _node: *mut c_void,
    _graph: *mut *mut c_void,
) -> HipError {
    call("hipGraphChildGraphNodeGetGraph", || {
        not_supported(
            "hipGraphChildGraphNodeGetGraph",
            "a child graph node keeps its graph's operations, not the graph",
        )
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipIpcGetMemHandle(
    _handle: *mut IpcHandle,
    _ptr: *mut c_void,
) -> HipError {
    call("hipIpcGetMemHandle", || {
        not_supported(
            "hipIpcGetMemHandle",
            "interprocess memory is not implemented",
        )
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipIpcOpenMemHandle(
    _ptr: *mut *mut c_void,
    _handle: IpcHandle,
    _flags: u32,
) -> HipError {
    call("hipIpcOpenMemHandle", || {
        not_supported(
            "hipIpcOpenMemHandle",
            "interprocess memory is not implemented",
        )
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipIpcCloseMemHandle(_ptr: *mut c_void) -> HipError {
    call("hipIpcCloseMemHandle", || {
        not_supported(
            "hipIpcCloseMemHandle",
            "interprocess memory is not implemented",
        )
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipIpcGetEventHandle(
    _handle: *mut IpcHandle,
    _event: HipEvent,
) -> HipError {
    call("hipIpcGetEventHandle", || {
        not_supported(
            "hipIpcGetEventHandle",
            "interprocess events are not implemented",
        )
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipIpcOpenEventHandle(
    _event: *mut HipEvent,
    _handle: IpcHandle,
) -> HipError {
    call("hipIpcOpenEventHandle", || {
        not_supported(
            "hipIpcOpenEventHandle",
            "interprocess events are not implemented",
        )
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipMemPoolExportToShareableHandle(
    _handle: *mut c_void,
    _pool: *mut c_void,
    _kind: c_int,
    _flags: u32,
) -> HipError {
    call("hipMemPoolExportToShareableHandle", || {
        not_supported(
            "hipMemPoolExportToShareableHandle",
            "pools export no handles",
        )
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipMemPoolImportFromShareableHandle(
    _pool: *mut *mut c_void,
    _handle: *mut c_void,
    _kind: c_int,
    _flags: u32,
) -> HipError {
    call("hipMemPoolImportFromShareableHandle", || {
        not_supported(
            "hipMemPoolImportFromShareableHandle",
            "pools export no handles",
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stubs_report_not_supported() {
        // SAFETY: the stubs read none of their arguments.
        let status =
            unsafe { hipStreamWaitValue32(std::ptr::null_mut(), std::ptr::null_mut(), 0, 0, 0) };
        assert_eq!(status, HipError::ErrorNotSupported);
        assert_eq!(std::mem::size_of::<IpcHandle>(), 64);
    }
}
