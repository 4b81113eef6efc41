//! Events: `hipEventCreate*`, `hipEventRecord*`, `hipEventSynchronize`, `hipEventQuery`,
//! `hipEventElapsedTime` and `hipEventDestroy`. The table of live events, which every call
//! passing an event to a backend goes through, is `live::EVENTS`.

use crate::api::live::{self, EVENTS};
use crate::api::{call, capture, non_null, pool, HipEvent, HipStream};
use crate::backend;
use crate::error::{HipError, RuntimeError};

/// `hipDeviceReset` (which runs while no other call does): the device's events are
/// destroyed.
pub(crate) fn forget_device(device: usize) {
    for (event, _) in EVENTS.claim_all(|owner| *owner == device) {
        capture::forget_event(event);
        if let Err(error) = backend::get().event_destroy(device, event) {
            crate::log::log!(1, "hipDeviceReset: destroying event {event:#x}: {error}");
        }
    }
}

/// # Safety
/// `event` must be NULL or point to a writable `hipEvent_t`.
#[no_mangle]
pub unsafe extern "C" fn hipEventCreate(event: *mut HipEvent) -> HipError {
    // SAFETY: same contract.
    unsafe { hipEventCreateWithFlags(event, 0) }
}

/// `flags`: `hipEventDefault` 0, `BlockingSync` 1, `DisableTiming` 2, `Interprocess` 4.
///
/// # Safety
/// `event` must be NULL or point to a writable `hipEvent_t`.
#[no_mangle]
pub unsafe extern "C" fn hipEventCreateWithFlags(event: *mut HipEvent, flags: u32) -> HipError {
    call("hipEventCreateWithFlags", || {
        non_null(event, "event")?;
        if flags & !0x7 != 0 {
            return Err(RuntimeError::InvalidValue { argument: "flags" });
        }
        let (backend, device) = backend::current()?;
        let created = backend.event_create(device, flags)?;
        EVENTS.insert(created, device);
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { event.write(created as HipEvent) };
        Ok(())
    })
}

/// # Safety
/// `event` must be a live event; `stream` NULL or a live stream.
#[no_mangle]
pub unsafe extern "C" fn hipEventRecord(event: HipEvent, stream: HipStream) -> HipError {
    call("hipEventRecord", || {
        let (event, _, _event_in_use) = live::event_device(event)?;
        if let Some(result) = capture::record_event(event, stream as usize) {
            return result;
        }
        let (backend, device, _in_use) = live::stream_device(stream)?;
        backend.event_record(device, event, stream as usize)
    })
}

/// `hipEventRecordWithFlags`: `hipEventRecordDefault` (0) or `hipEventRecordExternal` (1),
/// which records like the default here.
///
/// # Safety
/// As for `hipEventRecord`.
#[no_mangle]
pub unsafe extern "C" fn hipEventRecordWithFlags(
    event: HipEvent,
    stream: HipStream,
    flags: u32,
) -> HipError {
    if flags > 1 {
        return call("hipEventRecordWithFlags", || {
            Err(RuntimeError::InvalidValue { argument: "flags" })
        });
    }
    // SAFETY: same contract.
    unsafe { hipEventRecord(event, stream) }
}

/// # Safety
/// `event` must be a live event.
#[no_mangle]
pub unsafe extern "C" fn hipEventSynchronize(event: HipEvent) -> HipError {
    call("hipEventSynchronize", || {
        let (event, device, _in_use) = live::event_device(event)?;
        capture::check_event(event)?;
        backend::get().event_synchronize(device, event)?;
        pool::release_unused(None);
        Ok(())
    })
}

/// # Safety
/// `event` must be a live event.
#[no_mangle]
pub unsafe extern "C" fn hipEventQuery(event: HipEvent) -> HipError {
    call("hipEventQuery", || {
        let (event, device, _in_use) = live::event_device(event)?;
        capture::check_event(event)?;
        backend::get().event_query(device, event)
    })
}

/// # Safety
/// `ms` must be NULL or point to a writable `float`; `start` and `end` live events.
#[no_mangle]
pub unsafe extern "C" fn hipEventElapsedTime(
    ms: *mut f32,
    start: HipEvent,
    end: HipEvent,
) -> HipError {
    call("hipEventElapsedTime", || {
        non_null(ms, "ms")?;
        let (start, device, _start_in_use) = live::event_device(start)?;
        let (end, _, _end_in_use) = live::event_device(end)?;
        let elapsed = backend::get().event_elapsed_ms(device, start, end)?;
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { ms.write(elapsed) };
        Ok(())
    })
}

/// Of two threads destroying the same event, one does and the other gets
/// `hipErrorInvalidHandle`; calls still using the event finish first.
///
/// # Safety
/// `event` must be a live event and not be used afterwards.
#[no_mangle]
pub unsafe extern "C" fn hipEventDestroy(event: HipEvent) -> HipError {
    call("hipEventDestroy", || {
        let (device, retiring) = EVENTS
            .claim(event as usize)
            .ok_or(RuntimeError::InvalidHandle { what: "event" })?;
        retiring.wait();
        capture::forget_event(event as usize);
        backend::get().event_destroy(device, event as usize)
    })
}
