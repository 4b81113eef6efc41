//! The stream API: creating and destroying streams, waiting for them (`hipStreamSynchronize`,
//! `hipStreamQuery`, `hipStreamWaitEvent`), the queries built on what the runtime remembers
//! of each stream (device, flags, priority: `live::STREAMS`), host functions on streams
//! (`hipLaunchHostFunc`, `hipStreamAddCallback`) and stream capture's entry points, whose
//! work is `capture`'s.
//!
//! A stream's operations go to the device the stream was created on, whatever the calling
//! thread's current device is, as in HIP; the null and per-thread default streams belong
//! to the current device.

use std::ffi::{c_int, c_void};

use crate::api::capture;
use crate::api::live::{self, StreamInfo, STREAMS};
use crate::api::ops::{HostOp, Operation};
use crate::api::{call, non_null, pool, submit, HipEvent, HipStream};
use crate::backend;
use crate::error::{HipError, RuntimeError};

/// `hipDeviceReset` (which runs while no other call does): the device's streams are
/// destroyed.
pub(crate) fn forget_device(device: usize) {
    for (stream, _) in STREAMS.claim_all(|info| info.device == device) {
        capture::forget_stream(stream);
        if let Err(error) = backend::get().stream_destroy(device, stream) {
            crate::log::log!(1, "hipDeviceReset: destroying stream {stream:#x}: {error}");
        }
    }
}

/// Destroys a created stream: of two threads destroying it, one does, the other gets
/// `hipErrorInvalidHandle`; calls still using it finish first.
fn destroy(stream: HipStream) -> Result<(), RuntimeError> {
    if stream as usize <= 2 {
        return Err(RuntimeError::InvalidHandle { what: "stream" });
    }
    let backend = backend::get();
    let (info, retiring) = STREAMS
        .claim(stream as usize)
        .ok_or(RuntimeError::InvalidHandle { what: "stream" })?;
    retiring.wait();
    capture::forget_stream(stream as usize);
    backend.stream_destroy(info.device, stream as usize)
}

/// Creates a stream on the current device; `priority` is clamped to the device's range.
fn create(flags: u32, priority: i32) -> Result<usize, RuntimeError> {
    if flags > 1 {
        return Err(RuntimeError::InvalidValue { argument: "flags" });
    }
    let (backend, device) = backend::current()?;
    // Priority 0 is every device's default and needs no range (nor a driver that has one).
    let priority = if priority == 0 {
        0
    } else {
        let (least, greatest) = backend.stream_priority_range(device)?;
        priority.clamp(greatest.min(least), least.max(greatest))
    };
    let stream = if priority == 0 {
        backend.stream_create(device, flags)?
    } else {
        backend.stream_create_with_priority(device, flags, priority)?
    };
    STREAMS.insert(
        stream,
        StreamInfo {
            device,
            flags,
            priority,
        },
    );
    Ok(stream)
}

/// # Safety
/// `stream` must be NULL or point to a writable `hipStream_t`.
#[no_mangle]
pub unsafe extern "C" fn hipStreamCreate(stream: *mut HipStream) -> HipError {
    // SAFETY: same contract.
    unsafe { hipStreamCreateWithFlags(stream, 0) }
}

/// `flags`: `hipStreamDefault` (0) or `hipStreamNonBlocking` (1).
///
/// # Safety
/// `stream` must be NULL or point to a writable `hipStream_t`.
#[no_mangle]
pub unsafe extern "C" fn hipStreamCreateWithFlags(stream: *mut HipStream, flags: u32) -> HipError {
    call("hipStreamCreateWithFlags", || {
        non_null(stream, "stream")?;
        let created = create(flags, 0)?;
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { stream.write(created as HipStream) };
        Ok(())
    })
}

/// # Safety
/// `stream` must be NULL or point to a writable `hipStream_t`.
#[no_mangle]
pub unsafe extern "C" fn hipStreamCreateWithPriority(
    stream: *mut HipStream,
    flags: u32,
    priority: c_int,
) -> HipError {
    call("hipStreamCreateWithPriority", || {
        non_null(stream, "stream")?;
        let created = create(flags, priority)?;
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { stream.write(created as HipStream) };
        Ok(())
    })
}

/// # Safety
/// `stream` must come from `hipStreamCreate*` and not be used afterwards.
#[no_mangle]
pub unsafe extern "C" fn hipStreamDestroy(stream: HipStream) -> HipError {
    call("hipStreamDestroy", || destroy(stream))
}

/// # Safety
/// `stream` must be NULL (the null stream) or a live stream.
#[no_mangle]
pub unsafe extern "C" fn hipStreamSynchronize(stream: HipStream) -> HipError {
    call("hipStreamSynchronize", || {
        // A stream that is capturing cannot be waited for or queried.
        capture::check_stream_sync(stream as usize)?;
        let (backend, device, _in_use) = live::stream_device(stream)?;
        backend.stream_synchronize(device, stream as usize)?;
        pool::release_unused(Some(device));
        Ok(())
    })
}

/// `hipSuccess` when all work is done, `hipErrorNotReady` otherwise.
///
/// # Safety
/// `stream` must be NULL (the null stream) or a live stream.
#[no_mangle]
pub unsafe extern "C" fn hipStreamQuery(stream: HipStream) -> HipError {
    call("hipStreamQuery", || {
        // A stream that is capturing cannot be waited for or queried.
        capture::check_stream_sync(stream as usize)?;
        let (backend, device, _in_use) = live::stream_device(stream)?;
        backend.stream_query(device, stream as usize)
    })
}

/// # Safety
/// `stream` must be NULL or live; `event` must be live.
#[no_mangle]
pub unsafe extern "C" fn hipStreamWaitEvent(
    stream: HipStream,
    event: HipEvent,
    flags: u32,
) -> HipError {
    call("hipStreamWaitEvent", || {
        let (event, _, _event_in_use) = live::event_device(event)?;
        if flags != 0 {
            return Err(RuntimeError::InvalidValue { argument: "flags" });
        }
        // In a capture, the wait is a fork or a join (`capture`), not an operation.
        if let Some(result) = capture::wait_event(stream as usize, event) {
            return result;
        }
        let (backend, device, _in_use) = live::stream_device(stream)?;
        backend.stream_wait_event(device, stream as usize, event)
    })
}

/// A created stream's record, or `hipErrorInvalidHandle`; the default streams have
/// priority 0 and no flags.
fn known(stream: HipStream) -> Result<StreamInfo, RuntimeError> {
    let (_, current) = backend::current()?;
    if stream as usize <= 2 {
        return Ok(StreamInfo {
            device: current,
            flags: 0,
            priority: 0,
        });
    }
    live::stream_info(stream as usize).ok_or(RuntimeError::InvalidHandle { what: "stream" })
}

/// # Safety
/// `priority` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetPriority(stream: HipStream, priority: *mut c_int) -> HipError {
    call("hipStreamGetPriority", || {
        non_null(priority, "priority")?;
        let info = known(stream)?;
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { priority.write(info.priority) };
        Ok(())
    })
}

/// # Safety
/// `flags` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetFlags(stream: HipStream, flags: *mut u32) -> HipError {
    call("hipStreamGetFlags", || {
        non_null(flags, "flags")?;
        let info = known(stream)?;
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { flags.write(info.flags) };
        Ok(())
    })
}

/// # Safety
/// `device` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetDevice(stream: HipStream, device: *mut c_int) -> HipError {
    call("hipStreamGetDevice", || {
        non_null(device, "device")?;
        let info = known(stream)?;
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { device.write(info.device as c_int) };
        Ok(())
    })
}

/// The device of a stream, or -1 for an unknown handle.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipGetStreamDeviceId(stream: HipStream) -> c_int {
    std::panic::catch_unwind(|| known(stream).map_or(-1, |info| info.device as c_int)).unwrap_or(-1)
}

/// # Safety
/// `least` and `greatest` must each be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetStreamPriorityRange(
    least: *mut c_int,
    greatest: *mut c_int,
) -> HipError {
    call("hipDeviceGetStreamPriorityRange", || {
        let (backend, device) = backend::current()?;
        let (low, high) = backend.stream_priority_range(device)?;
        // SAFETY: each written only when non-null; the caller promises them writable.
        unsafe {
            if !least.is_null() {
                least.write(low);
            }
            if !greatest.is_null() {
                greatest.write(high);
            }
        }
        Ok(())
    })
}

/// `fn(userData)` runs on a runtime or driver thread when the stream reaches this point; it
/// must not call the runtime. Captured as a host node.
///
/// # Safety
/// `function` must be safe to call with `data` once the stream gets there.
#[no_mangle]
pub unsafe extern "C" fn hipLaunchHostFunc(
    stream: HipStream,
    function: crate::types::HostFn,
    data: *mut c_void,
) -> HipError {
    call("hipLaunchHostFunc", || {
        let function = function.ok_or(RuntimeError::InvalidValue { argument: "fn" })?;
        submit::submit(stream, |_, _| {
            Ok(Operation::Host(HostOp { function, data }))
        })
    })
}

/// `hipStreamCallback_t`.
pub type StreamCallback = Option<unsafe extern "C" fn(HipStream, HipError, *mut c_void)>;

/// `callback(stream, hipSuccess, userData)` runs when the stream reaches this point; it must
/// not call the runtime. Not allowed in a capture (use `hipLaunchHostFunc`).
///
/// # Safety
/// `callback` must be safe to call with these arguments once the stream gets there.
#[no_mangle]
pub unsafe extern "C" fn hipStreamAddCallback(
    stream: HipStream,
    callback: StreamCallback,
    data: *mut c_void,
    flags: u32,
) -> HipError {
    call("hipStreamAddCallback", || {
        let callback = callback.ok_or(RuntimeError::InvalidValue {
            argument: "callback",
        })?;
        if flags != 0 {
            return Err(RuntimeError::InvalidValue { argument: "flags" });
        }
        capture::check_stream_sync(stream as usize)?;
        if stream as usize <= 1 {
            capture::check_legacy_stream()?;
        }
        let (backend, device, _in_use) = live::stream_device(stream)?;
        let (stream_value, data_value) = (stream as usize, data as usize);
        backend.launch_host_func(
            device,
            stream as usize,
            // SAFETY: the program registered `callback` for exactly this call.
            Box::new(move || unsafe {
                callback(
                    stream_value as HipStream,
                    HipError::Success,
                    data_value as *mut c_void,
                )
            }),
        )
    })
}

/// Attaching managed memory to a stream is a visibility hint; every device this runtime
/// drives can access managed memory concurrently, so it changes nothing.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipStreamAttachMemAsync(
    stream: HipStream,
    ptr: *mut c_void,
    _length: usize,
    flags: u32,
) -> HipError {
    call("hipStreamAttachMemAsync", || {
        non_null(ptr, "dev_ptr")?;
        // hipMemAttachGlobal 1, hipMemAttachHost 2, hipMemAttachSingle 4.
        if ![1, 2, 4].contains(&flags) {
            return Err(RuntimeError::InvalidValue { argument: "flags" });
        }
        known(stream).map(|_| ())
    })
}

/// `hipStreamCaptureStatus` of a stream for `hipStreamIsCapturing` and friends.
fn capture_info(stream: HipStream) -> Result<(i32, u64, usize, Vec<usize>), RuntimeError> {
    if stream as usize > 2 && live::stream_info(stream as usize).is_none() {
        return Err(RuntimeError::InvalidHandle { what: "stream" });
    }
    capture::info(stream as usize)
}

/// # Safety
/// `stream` must be a created stream or NULL.
#[no_mangle]
pub unsafe extern "C" fn hipStreamBeginCapture(stream: HipStream, mode: c_int) -> HipError {
    call("hipStreamBeginCapture", || {
        // Held, so that the stream is not destroyed before its capture is recorded.
        let (_, device, _in_use) = live::stream_device(stream)?;
        let blocking = live::stream_info(stream as usize).is_none_or(|info| info.flags & 1 == 0);
        capture::begin(stream as usize, device, mode, blocking)
    })
}

/// # Safety
/// `graph` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamEndCapture(
    stream: HipStream,
    graph: *mut *mut c_void,
) -> HipError {
    call("hipStreamEndCapture", || {
        non_null(graph, "pGraph")?;
        match capture::end(stream as usize) {
            Ok(captured) => {
                // SAFETY: checked non-null; the caller promises it writable.
                unsafe { graph.write(captured as *mut c_void) };
                Ok(())
            }
            Err(error) => {
                if error.code() == HipError::ErrorStreamCaptureInvalidated
                    || error.code() == HipError::ErrorStreamCaptureUnjoined
                {
                    // SAFETY: as above.
                    unsafe { graph.write(std::ptr::null_mut()) };
                }
                Err(error)
            }
        }
    })
}

/// # Safety
/// `status` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamIsCapturing(stream: HipStream, status: *mut c_int) -> HipError {
    call("hipStreamIsCapturing", || {
        non_null(status, "pCaptureStatus")?;
        let (state, _, _, _) = capture_info(stream)?;
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { status.write(state) };
        Ok(())
    })
}

/// # Safety
/// `status` must be NULL or writable; `id` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetCaptureInfo(
    stream: HipStream,
    status: *mut c_int,
    id: *mut u64,
) -> HipError {
    call("hipStreamGetCaptureInfo", || {
        non_null(status, "pCaptureStatus")?;
        let (state, capture_id, _, _) = capture_info(stream)?;
        // SAFETY: each written only when non-null; the caller promises them writable.
        unsafe {
            status.write(state);
            if !id.is_null() {
                id.write(capture_id);
            }
        }
        Ok(())
    })
}

thread_local! {
    /// The dependency set returned by the last `hipStreamGetCaptureInfo_v2` on this thread,
    /// which the program reads through the returned pointer.
    static LAST_DEPENDENCIES: std::cell::RefCell<Vec<*mut c_void>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// The dependency array stays valid until the next call of this function on the thread.
///
/// # Safety
/// `status` must be NULL or writable; every other output NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetCaptureInfo_v2(
    stream: HipStream,
    status: *mut c_int,
    id: *mut u64,
    graph: *mut *mut c_void,
    dependencies: *mut *const *mut c_void,
    count: *mut usize,
) -> HipError {
    call("hipStreamGetCaptureInfo_v2", || {
        non_null(status, "captureStatus_out")?;
        let (state, capture_id, captured, tail) = capture_info(stream)?;
        let array = LAST_DEPENDENCIES
            .try_with(|last| {
                let mut last = last.borrow_mut();
                *last = tail.iter().map(|node| *node as *mut c_void).collect();
                last.as_ptr()
            })
            .unwrap_or(std::ptr::null());
        // SAFETY: each written only when non-null; the caller promises them writable.
        unsafe {
            status.write(state);
            if !id.is_null() {
                id.write(capture_id);
            }
            if !graph.is_null() {
                graph.write(captured as *mut c_void);
            }
            if !dependencies.is_null() {
                dependencies.write(array);
            }
            if !count.is_null() {
                count.write(tail.len());
            }
        }
        Ok(())
    })
}

/// `flags`: `hipStreamAddCaptureDependencies` (0) or `hipStreamSetCaptureDependencies` (1).
///
/// # Safety
/// `dependencies` must be NULL or hold `count` readable handles.
#[no_mangle]
pub unsafe extern "C" fn hipStreamUpdateCaptureDependencies(
    stream: HipStream,
    dependencies: *mut *mut c_void,
    count: usize,
    flags: u32,
) -> HipError {
    call("hipStreamUpdateCaptureDependencies", || {
        if flags > 1 {
            return Err(RuntimeError::InvalidValue { argument: "flags" });
        }
        let nodes: Vec<usize> = if count == 0 {
            Vec::new()
        } else {
            non_null(dependencies, "dependencies")?;
            // SAFETY: checked non-null; the caller promises `count` readable handles.
            unsafe { std::slice::from_raw_parts(dependencies, count) }
                .iter()
                .map(|node| *node as usize)
                .collect()
        };
        capture::update_dependencies(stream as usize, &nodes, flags == 1)
    })
}

/// # Safety
/// `mode` must be NULL or readable and writable.
#[no_mangle]
pub unsafe extern "C" fn hipThreadExchangeStreamCaptureMode(mode: *mut c_int) -> HipError {
    call("hipThreadExchangeStreamCaptureMode", || {
        non_null(mode, "mode")?;
        // SAFETY: checked non-null; the caller promises it readable and writable.
        unsafe { mode.write(capture::exchange_mode(mode.read())?) };
        Ok(())
    })
}
