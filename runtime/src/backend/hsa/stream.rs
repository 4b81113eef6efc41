//! HIP streams on HSA: one AQL queue per stream, and the signal of the stream's last
//! operation (its tail) so that everything stays in order (hip-abi.md §4.4–4.5).
//!
//! Kernel dispatches and markers (events, waits) are packets of the stream's queue, each
//! with the barrier bit: the queue runs them one after another. Copies run on the DMA
//! engines (`hsa_amd_memory_async_copy`) and host functions on a thread of ours; they
//! depend on the tail by signal, and a packet that follows one of them is preceded by a
//! barrier-AND packet on its signal. A queue that faults (a trap, a failed `assert`, a
//! memory fault) reports through the queue's error callback; every wait checks that report
//! on a short timeout, so a dead queue gives an error, never a hang.

use std::ffi::c_void;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use super::aql::{self, Packet};
use super::ffi::{self, Agent, Api, Queue};
use crate::error::RuntimeError;

/// A signal the backend created, destroyed when the last holder lets go.
pub(crate) struct OwnedSignal {
    pub(crate) signal: ffi::Signal,
    api: &'static Api,
}

impl OwnedSignal {
    /// A signal starting at `initial` (1 for "not done yet").
    pub(crate) fn create(
        api: &'static Api,
        initial: i64,
    ) -> Result<Arc<OwnedSignal>, RuntimeError> {
        let mut signal = ffi::Signal::default();
        // SAFETY: no consumers (0, null) means any agent may wait on it; writes one handle.
        let status = unsafe { (api.hsa_signal_create)(initial, 0, std::ptr::null(), &mut signal) };
        check(api, "hsa_signal_create", status)?;
        Ok(Arc::new(OwnedSignal { signal, api }))
    }

    pub(crate) fn is_done(&self) -> bool {
        // SAFETY: the signal is live while `self` is.
        let value = unsafe { (self.api.hsa_signal_load_scacquire)(self.signal) };
        value < 1
    }

    /// Sets the value (0: done).
    pub(crate) fn store(&self, value: i64) {
        // SAFETY: the signal is live while `self` is.
        unsafe { (self.api.hsa_signal_store_screlease)(self.signal, value) };
    }

    /// Waits until the signal drops below 1, checking `fault` every `slice` ticks of the
    /// system clock so that a faulted queue ends the wait.
    pub(crate) fn wait(&self, fault: &Fault, slice: u64) -> Result<(), RuntimeError> {
        loop {
            fault.check()?;
            // SAFETY: the signal is live while `self` is; the wait may return early.
            let value = unsafe {
                (self.api.hsa_signal_wait_scacquire)(
                    self.signal,
                    ffi::SIGNAL_CONDITION_LT,
                    1,
                    slice,
                    ffi::WAIT_STATE_BLOCKED,
                )
            };
            if value < 1 {
                return fault.check();
            }
        }
    }
}

impl Drop for OwnedSignal {
    fn drop(&mut self) {
        // SAFETY: the handle was created by `create` and is destroyed once, here.
        unsafe { (self.api.hsa_signal_destroy)(self.signal) };
    }
}

/// What a queue's error callback reported: 0 for nothing, else the `hsa_status_t`.
#[derive(Default)]
pub(crate) struct Fault(AtomicU32);

impl Fault {
    pub(crate) fn check(&self) -> Result<(), RuntimeError> {
        match self.0.load(Ordering::Acquire) {
            0 => Ok(()),
            status => Err(fault_error(status)),
        }
    }
}

/// A queue fault as HIP reports it: an exception in a kernel (a trap, which is what a
/// failed device `assert` ends in) is `hipErrorLaunchFailure`; the status says which.
pub(crate) fn fault_error(status: u32) -> RuntimeError {
    let what = if status == ffi::STATUS_ERROR_EXCEPTION {
        "a kernel raised an exception (a failed assert, a trap or a memory fault)"
    } else {
        "the queue failed"
    };
    RuntimeError::status(
        crate::error::HipError::ErrorLaunchFailure,
        format!("{what}: HSA status {status:#x}; the stream can take no more work"),
    )
}

/// The queue's error callback: records the first status in the stream's [`Fault`].
unsafe extern "C" fn on_queue_error(status: ffi::Status, _queue: *mut Queue, data: *mut c_void) {
    // SAFETY: `data` is the `Fault` the stream keeps alive (leaked for the process) for
    // as long as its queue can call back.
    let fault = unsafe { &*data.cast::<Fault>() };
    let _ = fault
        .0
        .compare_exchange(0, status.max(1), Ordering::AcqRel, Ordering::Acquire);
}

/// The last operation of a stream.
struct Tail {
    signal: Arc<OwnedSignal>,
    /// Whether it is a packet of this stream's queue (then the next packet's barrier bit
    /// orders after it) or not (a copy or a host function: a barrier-AND is needed).
    in_queue: bool,
}

/// Work submitted and not yet known to be finished, with what it holds.
pub(crate) struct Pending {
    pub(crate) signal: Arc<OwnedSignal>,
    /// Kernarg buffer to give back to its pool when the dispatch is done.
    pub(crate) kernarg: *mut c_void,
    /// Signals the operation (or a barrier packet just before it) depends on: the packet
    /// processor and the DMA engines read them until the operation is done, so they are not
    /// destroyed before.
    _keep: Vec<Arc<OwnedSignal>>,
}

struct State {
    tail: Option<Tail>,
    pending: Vec<Pending>,
}

/// One HIP stream: an AQL queue of one agent.
pub(crate) struct Stream {
    api: &'static Api,
    pub(crate) agent: Agent,
    queue: *mut Queue,
    pub(crate) fault: &'static Fault,
    pub(crate) blocking: bool,
    state: Mutex<State>,
    slice: u64,
}

// SAFETY: the queue is a process-wide HSA object used under `state`'s lock or through
// HSA's own atomic index operations; `pending` kernarg pointers are only freed.
unsafe impl Send for Stream {}
// SAFETY: as above.
unsafe impl Sync for Stream {}

pub(crate) fn check(
    api: &Api,
    call: &'static str,
    status: ffi::Status,
) -> Result<(), RuntimeError> {
    if status == ffi::STATUS_SUCCESS {
        return Ok(());
    }
    let mut text: *const std::ffi::c_char = std::ptr::null();
    // SAFETY: writes one pointer to a live local; the string is static in the runtime.
    let name = unsafe {
        (api.hsa_status_string)(status, &mut text);
        super::device::static_text(text)
    };
    Err(RuntimeError::Driver {
        call,
        code: i32::try_from(status).unwrap_or(i32::MAX),
        name: if name.is_empty() {
            "unknown hsa_status_t".to_owned()
        } else {
            name
        },
        detail: String::new(),
    })
}

impl Stream {
    /// A stream with a queue of `size` packets (halved until the runtime accepts it, as
    /// clr does). `slice`: system ticks between fault checks while waiting.
    pub(crate) fn create(
        api: &'static Api,
        agent: Agent,
        size: u32,
        blocking: bool,
        slice: u64,
    ) -> Result<Stream, RuntimeError> {
        let fault: &'static Fault = Box::leak(Box::default());
        let mut size = size.clamp(64, 1 << 14).next_power_of_two();
        loop {
            let mut queue: *mut Queue = std::ptr::null_mut();
            // SAFETY: the callback has the declared type and `fault` lives for the process;
            // UINT32_MAX segment sizes let each dispatch say what it needs (clr does so).
            let status = unsafe {
                (api.hsa_queue_create)(
                    agent,
                    size,
                    ffi::QUEUE_TYPE_MULTI,
                    Some(on_queue_error),
                    std::ptr::from_ref(fault).cast_mut().cast(),
                    u32::MAX,
                    u32::MAX,
                    &mut queue,
                )
            };
            if status == ffi::STATUS_SUCCESS && !queue.is_null() {
                // Timestamps for hipEventElapsedTime; a runtime without profiling gives
                // errors there only.
                // SAFETY: the queue was just created.
                unsafe { (api.hsa_amd_profiling_set_profiler_enabled)(queue, 1) };
                return Ok(Stream {
                    api,
                    agent,
                    queue,
                    fault,
                    blocking,
                    state: Mutex::new(State {
                        tail: None,
                        pending: Vec::new(),
                    }),
                    slice,
                });
            }
            if size <= 64 {
                check(api, "hsa_queue_create", status)?;
                return Err(RuntimeError::Internal {
                    reason: "hsa_queue_create returned no queue".to_owned(),
                });
            }
            size /= 2;
        }
    }

    /// The queue's address, for the `hidden_queue_ptr` argument.
    pub(crate) fn queue_address(&self) -> u64 {
        self.queue as u64
    }

    /// Writes one packet into the queue and rings the doorbell.
    fn submit<P: Packet>(&self, packet: &P) -> Result<(), RuntimeError> {
        // SAFETY: the queue is live for the stream's life; HSA's index calls are atomic.
        unsafe {
            let queue = &*self.queue;
            let index = (self.api.hsa_queue_add_write_index_scacq_screl)(self.queue, 1);
            let size = u64::from(queue.size);
            while index.wrapping_sub((self.api.hsa_queue_load_read_index_scacquire)(self.queue))
                >= size
            {
                self.fault.check()?;
                std::thread::yield_now();
            }
            let slot = queue
                .base_address
                .cast::<u8>()
                .add(usize::try_from((index & (size - 1)) * 64).unwrap_or(0));
            aql::publish(slot, packet);
            (self.api.hsa_signal_store_screlease)(
                queue.doorbell_signal,
                i64::try_from(index).unwrap_or(i64::MAX),
            );
        }
        Ok(())
    }

    /// Submits a kernel dispatch after the stream's earlier work and after `extra`
    /// (another stream's work, for the null stream's ordering). `make` receives the
    /// completion signal's handle and returns the packet.
    pub(crate) fn dispatch(
        &self,
        extra: &[Arc<OwnedSignal>],
        kernarg: *mut c_void,
        make: impl FnOnce(u64) -> aql::KernelDispatch,
    ) -> Result<Arc<OwnedSignal>, RuntimeError> {
        self.fault.check()?;
        let mut state = crate::sync::lock(&self.state);
        self.reclaim(&mut state);
        let keep = self.fence(&mut state, extra)?;
        let signal = OwnedSignal::create(self.api, 1)?;
        self.submit(&make(signal.signal.handle))?;
        state.tail = Some(Tail {
            signal: Arc::clone(&signal),
            in_queue: true,
        });
        state.pending.push(Pending {
            signal: Arc::clone(&signal),
            kernarg,
            _keep: keep,
        });
        Ok(signal)
    }

    /// A marker after the stream's work (and after `waits`, other streams' signals): a
    /// barrier-AND packet whose completion signal becomes the tail. Events are markers.
    pub(crate) fn marker(
        &self,
        waits: &[Arc<OwnedSignal>],
    ) -> Result<Arc<OwnedSignal>, RuntimeError> {
        self.fault.check()?;
        let mut state = crate::sync::lock(&self.state);
        self.reclaim(&mut state);
        let mut dependencies: Vec<Arc<OwnedSignal>> = waits.to_vec();
        if let Some(tail) = state.tail.as_ref().filter(|tail| !tail.in_queue) {
            dependencies.push(Arc::clone(&tail.signal));
        }
        let signal = OwnedSignal::create(self.api, 1)?;
        // Five dependencies per packet: earlier packets take the rest.
        let mut chunks: Vec<&[Arc<OwnedSignal>]> = dependencies.chunks(5).collect();
        let last = chunks.pop().unwrap_or(&[]);
        for chunk in chunks {
            let handles: Vec<u64> = chunk.iter().map(|s| s.signal.handle).collect();
            self.submit(&aql::barrier_and(&handles, 0))?;
        }
        let handles: Vec<u64> = last.iter().map(|s| s.signal.handle).collect();
        self.submit(&aql::barrier_and(&handles, signal.signal.handle))?;
        state.tail = Some(Tail {
            signal: Arc::clone(&signal),
            in_queue: true,
        });
        // Kept until done: the packet processor writes to the signal and reads the others.
        state.pending.push(Pending {
            signal: Arc::clone(&signal),
            kernarg: std::ptr::null_mut(),
            _keep: dependencies,
        });
        Ok(signal)
    }

    /// Makes the next packet wait for `extra` and for a tail that is not a packet; returns
    /// the signals the barrier packets read, to keep until the next packet is done.
    fn fence(
        &self,
        state: &mut State,
        extra: &[Arc<OwnedSignal>],
    ) -> Result<Vec<Arc<OwnedSignal>>, RuntimeError> {
        let mut dependencies: Vec<Arc<OwnedSignal>> = extra.to_vec();
        if let Some(tail) = state.tail.as_ref().filter(|tail| !tail.in_queue) {
            dependencies.push(Arc::clone(&tail.signal));
        }
        for chunk in dependencies.chunks(5) {
            let handles: Vec<u64> = chunk.iter().map(|s| s.signal.handle).collect();
            self.submit(&aql::barrier_and(&handles, 0))?;
        }
        Ok(dependencies)
    }

    /// Runs `operation` after the stream's earlier work: it receives the tail's signal
    /// (to depend on) and a fresh completion signal it must bring to 0 when done, which
    /// becomes the tail. For copies (DMA) and host functions.
    pub(crate) fn outside_queue(
        &self,
        operation: impl FnOnce(Option<&Arc<OwnedSignal>>, &Arc<OwnedSignal>) -> Result<(), RuntimeError>,
    ) -> Result<Arc<OwnedSignal>, RuntimeError> {
        self.fault.check()?;
        let mut state = crate::sync::lock(&self.state);
        self.reclaim(&mut state);
        let signal = OwnedSignal::create(self.api, 1)?;
        let previous = state.tail.as_ref().map(|tail| Arc::clone(&tail.signal));
        operation(previous.as_ref(), &signal)?;
        state.tail = Some(Tail {
            signal: Arc::clone(&signal),
            in_queue: false,
        });
        state.pending.push(Pending {
            signal: Arc::clone(&signal),
            kernarg: std::ptr::null_mut(),
            _keep: previous.into_iter().collect(),
        });
        Ok(signal)
    }

    /// The signal of the stream's last operation, if it may not be done.
    pub(crate) fn tail(&self) -> Option<Arc<OwnedSignal>> {
        let state = crate::sync::lock(&self.state);
        state
            .tail
            .as_ref()
            .filter(|tail| !tail.signal.is_done())
            .map(|tail| Arc::clone(&tail.signal))
    }

    /// Waits for everything submitted so far.
    pub(crate) fn synchronize(&self) -> Result<(), RuntimeError> {
        if let Some(tail) = self.tail() {
            tail.wait(self.fault, self.slice)?;
        }
        let mut state = crate::sync::lock(&self.state);
        self.reclaim(&mut state);
        self.fault.check()
    }

    /// `hipStreamQuery`.
    pub(crate) fn query(&self) -> Result<(), RuntimeError> {
        self.fault.check()?;
        match self.tail() {
            Some(_) => Err(RuntimeError::NotReady),
            None => Ok(()),
        }
    }

    /// Gives back the kernarg buffers of finished dispatches.
    fn reclaim(&self, state: &mut State) {
        state.pending.retain(|pending| {
            if !pending.signal.is_done() {
                return true;
            }
            if !pending.kernarg.is_null() {
                // SAFETY: the buffer came from `hsa_amd_memory_pool_allocate` and its
                // dispatch has finished reading it.
                unsafe { (self.api.hsa_amd_memory_pool_free)(pending.kernarg) };
            }
            false
        });
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        // Work still in flight keeps the queue busy: wait (a faulted queue returns at once).
        let _ = self.synchronize();
        // SAFETY: the queue was created by `create` and nothing refers to it any more.
        unsafe { (self.api.hsa_queue_destroy)(self.queue) };
    }
}
