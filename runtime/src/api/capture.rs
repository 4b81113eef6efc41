//! Stream capture (`hipStreamBeginCapture` … `hipStreamEndCapture`), done by the runtime
//! itself on both backends: while a stream captures, the operations the program issues to
//! it become nodes of a graph (`graph`) instead of running.
//!
//! Each capturing stream has a dependency set, the nodes the next operation on it depends
//! on. An event recorded on a capturing stream remembers that set; a stream that waits for
//! such an event joins the capture with that set as its own (a fork), and the origin stream
//! waiting for an event of a forked stream merges the sets again (a join). At the end every
//! node must lead to the origin stream's dependency set, else the capture was not joined.
//!
//! What the program may not do meanwhile follows HIP: synchronising or querying a capturing
//! stream, or an event recorded in a capture, invalidates the capture; work on the legacy
//! null stream while a global-mode capture of a blocking stream is active is an implicit
//! dependency, an error that invalidates that capture too. The per-thread default stream
//! cannot be captured here (its handle is shared by every thread).
//! Nothing here runs device work.

use std::cell::Cell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{LazyLock, Mutex, MutexGuard};
use std::thread::ThreadId;

use crate::api::graph_store as graph;
use crate::api::ops::Operation;
use crate::error::{HipError, RuntimeError};

/// `hipStreamCaptureMode`.
const MODE_GLOBAL: i32 = 0;
const MODE_THREAD_LOCAL: i32 = 1;
const MODE_RELAXED: i32 = 2;

/// `hipStreamCaptureStatus`.
pub(crate) const STATUS_NONE: i32 = 0;
pub(crate) const STATUS_ACTIVE: i32 = 1;
pub(crate) const STATUS_INVALIDATED: i32 = 2;

/// How many captures are active, so that the launch path skips the lock when none is.
static ACTIVE: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// `hipThreadExchangeStreamCaptureMode`'s per-thread mode.
    static THREAD_MODE: Cell<i32> = const { Cell::new(MODE_GLOBAL) };
}

struct Capture {
    graph: usize,
    origin: usize,
    /// The origin stream's device, for `hipDeviceReset`.
    device: usize,
    mode: i32,
    thread: ThreadId,
    invalidated: bool,
    /// Whether the origin stream synchronises with the null stream.
    blocking: bool,
    /// Each participating stream's dependency set.
    tails: HashMap<usize, Vec<usize>>,
}

#[derive(Default)]
struct Captures {
    next_id: u64,
    captures: HashMap<u64, Capture>,
    /// Capturing stream → capture id.
    streams: HashMap<usize, u64>,
    /// Event recorded in a capture → (capture id, the dependency set it stands for).
    events: HashMap<usize, (u64, Vec<usize>)>,
}

static CAPTURES: LazyLock<Mutex<Captures>> = LazyLock::new(Mutex::default);

fn lock() -> MutexGuard<'static, Captures> {
    crate::sync::lock(&CAPTURES)
}

fn error(code: HipError, detail: &str) -> RuntimeError {
    RuntimeError::status(code, detail)
}

fn relaxed_thread() -> bool {
    THREAD_MODE.try_with(Cell::get).unwrap_or(MODE_GLOBAL) == MODE_RELAXED
}

/// `hipStreamBeginCapture`: `stream` is a created stream of `device` (which the caller keeps
/// from being destroyed meanwhile); `blocking` says whether it synchronises with the null
/// stream.
pub(crate) fn begin(
    stream: usize,
    device: usize,
    mode: i32,
    blocking: bool,
) -> Result<(), RuntimeError> {
    if stream <= 1 {
        return Err(error(
            HipError::ErrorStreamCaptureUnsupported,
            "the legacy null stream cannot be captured",
        ));
    }
    if stream == 2 {
        return Err(error(
            HipError::ErrorStreamCaptureUnsupported,
            "oxhip cannot capture the per-thread default stream",
        ));
    }
    if !(MODE_GLOBAL..=MODE_RELAXED).contains(&mode) {
        return Err(RuntimeError::InvalidValue { argument: "mode" });
    }
    let mut state = lock();
    if state.streams.contains_key(&stream) {
        return Err(error(
            HipError::ErrorIllegalState,
            "the stream is already capturing",
        ));
    }
    state.next_id += 1;
    let id = state.next_id;
    let capture = Capture {
        graph: graph::create(),
        origin: stream,
        device,
        mode,
        thread: std::thread::current().id(),
        invalidated: false,
        blocking,
        tails: HashMap::from([(stream, Vec::new())]),
    };
    state.captures.insert(id, capture);
    state.streams.insert(stream, id);
    ACTIVE.fetch_add(1, Ordering::AcqRel);
    Ok(())
}

/// Removes capture `id` and every trace of it; returns it.
fn remove(state: &mut Captures, id: u64) -> Option<Capture> {
    let capture = state.captures.remove(&id)?;
    state.streams.retain(|_, capture_id| *capture_id != id);
    state.events.retain(|_, (capture_id, _)| *capture_id != id);
    ACTIVE.fetch_sub(1, Ordering::AcqRel);
    Some(capture)
}

/// `hipStreamEndCapture`: the captured graph's handle.
pub(crate) fn end(stream: usize) -> Result<usize, RuntimeError> {
    let not_capturing = || error(HipError::ErrorIllegalState, "the stream is not capturing");
    if stream <= 1 {
        return Err(not_capturing());
    }
    let mut state = lock();
    let id = *state.streams.get(&stream).ok_or_else(not_capturing)?;
    let capture = state.captures.get(&id).ok_or_else(not_capturing)?;
    if capture.origin != stream {
        return Err(error(
            HipError::ErrorStreamCaptureUnmatched,
            "the capture was begun on another stream",
        ));
    }
    if capture.mode != MODE_RELAXED && capture.thread != std::thread::current().id() {
        return Err(error(
            HipError::ErrorStreamCaptureWrongThread,
            "a global or thread-local capture must end on the thread that began it",
        ));
    }
    let capture = remove(&mut state, id).ok_or_else(not_capturing)?;
    drop(state);
    if capture.invalidated {
        graph::destroy(capture.graph);
        return Err(error(
            HipError::ErrorStreamCaptureInvalidated,
            "the capture was invalidated by an earlier error",
        ));
    }
    let joined = capture.tails.get(&stream).cloned().unwrap_or_default();
    if graph::leaves(capture.graph)
        .iter()
        .any(|leaf| !joined.contains(leaf))
    {
        graph::destroy(capture.graph);
        return Err(error(
            HipError::ErrorStreamCaptureUnjoined,
            "a stream forked from the capture was not joined back to the origin stream",
        ));
    }
    Ok(capture.graph)
}

/// The capture status of `stream`, its capture id, graph, and dependency set.
pub(crate) fn info(stream: usize) -> Result<(i32, u64, usize, Vec<usize>), RuntimeError> {
    if stream <= 1 {
        check_legacy_stream()?;
        return Ok((STATUS_NONE, 0, 0, Vec::new()));
    }
    if ACTIVE.load(Ordering::Acquire) == 0 {
        return Ok((STATUS_NONE, 0, 0, Vec::new()));
    }
    let state = lock();
    let Some(id) = state.streams.get(&stream) else {
        return Ok((STATUS_NONE, 0, 0, Vec::new()));
    };
    let Some(capture) = state.captures.get(id) else {
        return Ok((STATUS_NONE, 0, 0, Vec::new()));
    };
    let status = if capture.invalidated {
        STATUS_INVALIDATED
    } else {
        STATUS_ACTIVE
    };
    let tail = capture.tails.get(&stream).cloned().unwrap_or_default();
    Ok((status, *id, capture.graph, tail))
}

/// `hipStreamUpdateCaptureDependencies`: adds (`replace` false) or sets the stream's
/// dependency set; every node must belong to the capture's graph.
pub(crate) fn update_dependencies(
    stream: usize,
    nodes: &[usize],
    replace: bool,
) -> Result<(), RuntimeError> {
    let mut state = lock();
    let not_capturing = || error(HipError::ErrorIllegalState, "the stream is not capturing");
    let id = *state.streams.get(&stream).ok_or_else(not_capturing)?;
    let capture = state.captures.get_mut(&id).ok_or_else(not_capturing)?;
    if nodes
        .iter()
        .any(|node| graph::graph_of(*node) != Some(capture.graph))
    {
        return Err(RuntimeError::InvalidValue {
            argument: "dependencies",
        });
    }
    let tail = capture.tails.entry(stream).or_default();
    if replace {
        tail.clear();
    }
    for node in nodes {
        if !tail.contains(node) {
            tail.push(*node);
        }
    }
    Ok(())
}

fn invalidated() -> RuntimeError {
    error(
        HipError::ErrorStreamCaptureInvalidated,
        "the capture was invalidated by an earlier error",
    )
}

fn invalidate(id: u64) {
    if let Some(capture) = lock().captures.get_mut(&id) {
        capture.invalidated = true;
    }
}

/// What became of an operation issued to a stream that may be capturing.
pub(crate) enum Recorded {
    /// The stream is not capturing: the caller runs the operation (not built).
    No,
    /// Recorded as a node of the capture, or refused.
    Yes(Result<(), RuntimeError>),
    /// Built for a capture that another thread ended meanwhile: the caller runs it as if the
    /// stream had not been capturing, as it would have had it come a moment later.
    Run(Operation),
}

impl Recorded {
    /// The outcome when the operation was captured or refused; `None` when the caller must
    /// run it itself (the operation built for a capture that ended is dropped: the caller
    /// builds what it runs).
    pub(crate) fn done(self) -> Option<Result<(), RuntimeError>> {
        match self {
            Recorded::Yes(result) => Some(result),
            Recorded::No | Recorded::Run(_) => None,
        }
    }
}

/// Records the operation `build` makes as a node of `stream`'s capture, after the stream's
/// dependency set.
pub(crate) fn record(
    stream: usize,
    build: impl FnOnce() -> Result<Operation, RuntimeError>,
) -> Recorded {
    if ACTIVE.load(Ordering::Acquire) == 0 {
        return Recorded::No;
    }
    if stream <= 1 {
        return match check_legacy_stream() {
            Ok(()) => Recorded::No,
            Err(failure) => Recorded::Yes(Err(failure)),
        };
    }
    let id = {
        let state = lock();
        let Some(id) = state.streams.get(&stream).copied() else {
            return Recorded::No;
        };
        match state.captures.get(&id) {
            None => return Recorded::No,
            Some(capture) if capture.invalidated => return Recorded::Yes(Err(invalidated())),
            Some(_) => id,
        }
    };
    // Built without the lock: copying a kernel's arguments asks the backend for its layout.
    let operation = match build() {
        Ok(operation) => operation,
        Err(failure) => {
            invalidate(id);
            return Recorded::Yes(Err(failure));
        }
    };
    let mut state = lock();
    let Some(capture) = state.captures.get_mut(&id) else {
        return Recorded::Run(operation);
    };
    if capture.invalidated {
        return Recorded::Yes(Err(invalidated()));
    }
    let dependencies = capture.tails.get(&stream).cloned().unwrap_or_default();
    Recorded::Yes(
        graph::add(capture.graph, operation, &dependencies).map(|node| {
            capture.tails.insert(stream, vec![node]);
        }),
    )
}

/// `hipEventRecord` on a capturing stream: the event now stands for the stream's
/// dependency set. `None` when the stream is not capturing.
pub(crate) fn record_event(event: usize, stream: usize) -> Option<Result<(), RuntimeError>> {
    if ACTIVE.load(Ordering::Acquire) == 0 {
        return None;
    }
    if stream <= 1 {
        if let Err(failure) = check_legacy_stream() {
            return Some(Err(failure));
        }
    }
    let mut state = lock();
    let Some(id) = state.streams.get(&stream).copied() else {
        // Recorded outside any capture: no longer a capture's event.
        state.events.remove(&event);
        return None;
    };
    let capture = state.captures.get(&id)?;
    if capture.invalidated {
        return Some(Err(invalidated()));
    }
    let tail = capture.tails.get(&stream).cloned().unwrap_or_default();
    state.events.insert(event, (id, tail));
    Some(Ok(()))
}

/// `hipStreamWaitEvent` where the event or the stream belongs to a capture: a fork (the
/// stream joins the capture), a join (the stream's set grows), or a wait on outside work,
/// which adds nothing to the graph. `None` when neither is part of a capture.
pub(crate) fn wait_event(stream: usize, event: usize) -> Option<Result<(), RuntimeError>> {
    if ACTIVE.load(Ordering::Acquire) == 0 {
        return None;
    }
    let mut state = lock();
    let waiting = state.streams.get(&stream).copied();
    let recorded = state.events.get(&event).cloned();
    match (waiting, recorded) {
        (None, None) => None,
        (None, Some((id, nodes))) => {
            if stream <= 2 {
                return Some(Err(error(
                    HipError::ErrorStreamCaptureImplicit,
                    "a default stream cannot wait for an event of a capture",
                )));
            }
            state.streams.insert(stream, id);
            if let Some(capture) = state.captures.get_mut(&id) {
                capture.tails.insert(stream, nodes);
            }
            Some(Ok(()))
        }
        (Some(id), Some((event_id, nodes))) if id == event_id => {
            if let Some(capture) = state.captures.get_mut(&id) {
                let tail = capture.tails.entry(stream).or_default();
                for node in nodes {
                    if !tail.contains(&node) {
                        tail.push(node);
                    }
                }
            }
            Some(Ok(()))
        }
        (Some(id), Some((event_id, _))) => {
            for id in [id, event_id] {
                if let Some(capture) = state.captures.get_mut(&id) {
                    capture.invalidated = true;
                }
            }
            Some(Err(error(
                HipError::ErrorStreamCaptureMerge,
                "the event belongs to another capture",
            )))
        }
        (Some(_), None) => Some(Ok(())),
    }
}

/// Synchronising or querying `stream`: not allowed while it captures.
pub(crate) fn check_stream_sync(stream: usize) -> Result<(), RuntimeError> {
    if ACTIVE.load(Ordering::Acquire) == 0 || stream <= 2 {
        return Ok(());
    }
    let mut state = lock();
    let Some(id) = state.streams.get(&stream).copied() else {
        return Ok(());
    };
    if let Some(capture) = state.captures.get_mut(&id) {
        capture.invalidated = true;
    }
    Err(error(
        HipError::ErrorStreamCaptureUnsupported,
        "the stream is capturing",
    ))
}

/// Whether a capture forbids this thread's potentially unsafe calls (`hipDeviceSynchronize`),
/// by CUDA's rules for the thread's mode (`hipThreadExchangeStreamCaptureMode`): in global
/// mode, any thread's global-mode capture or this thread's own capture that is not relaxed;
/// in thread-local mode, only this thread's own capture that is not relaxed; in relaxed
/// mode, none.
fn forbids(capture: &Capture, thread_mode: i32, thread: ThreadId) -> bool {
    let own = capture.thread == thread && capture.mode != MODE_RELAXED;
    match thread_mode {
        MODE_GLOBAL => own || capture.mode == MODE_GLOBAL,
        MODE_THREAD_LOCAL => own,
        _ => false,
    }
}

/// `hipDeviceSynchronize`: not allowed while a capture forbids it ([`forbids`]), which
/// invalidates that capture.
pub(crate) fn check_device_sync() -> Result<(), RuntimeError> {
    if ACTIVE.load(Ordering::Acquire) == 0 {
        return Ok(());
    }
    let thread_mode = THREAD_MODE.try_with(Cell::get).unwrap_or(MODE_GLOBAL);
    let thread = std::thread::current().id();
    let mut state = lock();
    let mut found = false;
    for capture in state.captures.values_mut() {
        if forbids(capture, thread_mode, thread) {
            capture.invalidated = true;
            found = true;
        }
    }
    if found {
        Err(error(
            HipError::ErrorStreamCaptureUnsupported,
            "a stream capture is active",
        ))
    } else {
        Ok(())
    }
}

/// Waiting for or querying an event: not allowed for an event recorded in an active capture.
pub(crate) fn check_event(event: usize) -> Result<(), RuntimeError> {
    if ACTIVE.load(Ordering::Acquire) == 0 {
        return Ok(());
    }
    let mut state = lock();
    let Some((id, _)) = state.events.get(&event).cloned() else {
        return Ok(());
    };
    if let Some(capture) = state.captures.get_mut(&id) {
        capture.invalidated = true;
    }
    Err(error(
        HipError::ErrorCapturedEvent,
        "the event was recorded in a stream capture",
    ))
}

/// Work on the legacy null stream: an implicit dependency on (and so an error for) every
/// active global-mode capture of a blocking stream.
pub(crate) fn check_legacy_stream() -> Result<(), RuntimeError> {
    if ACTIVE.load(Ordering::Acquire) == 0 || relaxed_thread() {
        return Ok(());
    }
    let mut state = lock();
    let mut found = false;
    for capture in state.captures.values_mut() {
        if capture.mode == MODE_GLOBAL && capture.blocking {
            capture.invalidated = true;
            found = true;
        }
    }
    if found {
        Err(error(
            HipError::ErrorStreamCaptureImplicit,
            "work on the null stream while a blocking stream is capturing",
        ))
    } else {
        Ok(())
    }
}

/// `hipThreadExchangeStreamCaptureMode`.
pub(crate) fn exchange_mode(mode: i32) -> Result<i32, RuntimeError> {
    if !(MODE_GLOBAL..=MODE_RELAXED).contains(&mode) {
        return Err(RuntimeError::InvalidValue { argument: "mode" });
    }
    Ok(THREAD_MODE
        .try_with(|current| current.replace(mode))
        .unwrap_or(MODE_GLOBAL))
}

/// A destroyed stream leaves its capture, which is invalidated (or dropped, for its origin).
pub(crate) fn forget_stream(stream: usize) {
    if ACTIVE.load(Ordering::Acquire) == 0 {
        return;
    }
    let mut state = lock();
    let Some(id) = state.streams.remove(&stream) else {
        return;
    };
    let origin = state.captures.get(&id).map(|capture| capture.origin);
    if origin == Some(stream) {
        if let Some(capture) = remove(&mut state, id) {
            drop(state);
            graph::destroy(capture.graph);
        }
    } else if let Some(capture) = state.captures.get_mut(&id) {
        capture.tails.remove(&stream);
        capture.invalidated = true;
    }
}

/// A destroyed event no longer stands for a capture's dependency set (a driver may give
/// its handle value to the next event it makes).
pub(crate) fn forget_event(event: usize) {
    if ACTIVE.load(Ordering::Acquire) == 0 {
        return;
    }
    lock().events.remove(&event);
}

/// `hipDeviceReset`: every capture of the device's streams ends, unfinished.
pub(crate) fn reset(device: usize) {
    let mut state = lock();
    let ids: Vec<u64> = state
        .captures
        .iter()
        .filter(|(_, capture)| capture.device == device)
        .map(|(id, _)| *id)
        .collect();
    let graphs: Vec<usize> = ids
        .into_iter()
        .filter_map(|id| remove(&mut state, id).map(|capture| capture.graph))
        .collect();
    drop(state);
    graphs.into_iter().for_each(graph::destroy);
}
