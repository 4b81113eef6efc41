//! The C ABI from many threads at once, on the CPU device (issue 29): a stress harness that
//! drives the entry points in random order from eight threads sharing a table of streams
//! and events. Threads create, use and destroy the shared handles, destroy handles that
//! other threads are using or have destroyed already, capture and replay graphs, allocate
//! from pools, and now and then reset the device. Every call must return success or the
//! error its misuse calls for (a destroyed handle is `hipErrorInvalidHandle`), never crash
//! or hang the process; at the end the device must still work.
//!
//! No kernels: this process registers no CPU image (the programs in tests/programs, run by
//! tests/tests/cpu_programs.rs, race launches). `OXHIP_STRESS_SEED` picks another seed;
//! `OXHIP_STRESS_ROUNDS` another length.

use std::collections::BTreeMap;
use std::ffi::{c_void, CStr};
use std::ptr::null_mut;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use oxhip_runtime::api::device::*;
use oxhip_runtime::api::error::*;
use oxhip_runtime::api::event::*;
use oxhip_runtime::api::graph::*;
use oxhip_runtime::api::memory::*;
use oxhip_runtime::api::pool::*;
use oxhip_runtime::api::stream::*;
use oxhip_runtime::api::*;
use oxhip_runtime::error::HipError;
use oxhip_runtime::types::MemPoolProps;

const THREADS: usize = 8;
const SLOTS: usize = 6;

fn name(error: HipError) -> &'static str {
    // SAFETY: hipGetErrorName returns a static NUL-terminated string for any code.
    unsafe { CStr::from_ptr(hipGetErrorName(error as i32)) }
        .to_str()
        .unwrap_or("?")
}

/// A small deterministic generator (one per thread).
struct Random(u64);

impl Random {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as usize
    }
}

/// What every call returned, by call and code, and the codes no call may return.
#[derive(Default)]
struct Outcomes {
    seen: BTreeMap<(&'static str, &'static str), usize>,
    unexpected: Vec<String>,
}

static OUTCOMES: Mutex<Option<Outcomes>> = Mutex::new(None);

/// Records `code` for `call`; `allowed` are the codes besides success that the call may
/// return in this harness.
fn expect(call: &'static str, code: HipError, allowed: &[HipError]) -> bool {
    let mut outcomes = OUTCOMES.lock().unwrap_or_else(|e| e.into_inner());
    let outcomes = outcomes.get_or_insert_with(Outcomes::default);
    *outcomes.seen.entry((call, name(code))).or_default() += 1;
    if code != HipError::Success && !allowed.contains(&code) {
        outcomes.unexpected.push(format!("{call}: {}", name(code)));
    }
    code == HipError::Success
}

const GONE: &[HipError] = &[HipError::ErrorInvalidHandle];
const GONE_OR_BUSY: &[HipError] = &[HipError::ErrorInvalidHandle, HipError::ErrorNotReady];
/// A capture a reset ended, or a stream the reset destroyed.
const CAPTURE_ENDED: &[HipError] = &[
    HipError::ErrorInvalidHandle,
    HipError::ErrorIllegalState,
    HipError::ErrorStreamCaptureInvalidated,
];

static HOST_CALLS: AtomicUsize = AtomicUsize::new(0);

unsafe extern "C" fn host_call(_: *mut c_void) {
    HOST_CALLS.fetch_add(1, Ordering::Relaxed);
}

/// Shared handles: 0 is an empty slot.
struct Shared {
    streams: [AtomicUsize; SLOTS],
    events: [AtomicUsize; SLOTS],
}

/// One thread's turn: `rounds` random operations.
///
/// # Safety
/// Calls the C ABI with pointers to live locals and to memory it allocated itself.
unsafe fn churn(shared: &Shared, seed: u64, rounds: usize, resets: bool) {
    let mut random = Random(seed | 1);
    let mut own = null_mut::<c_void>();
    let size = 4096;
    // SAFETY (the whole function): every pointer handed to the runtime is a live local or
    // memory this thread allocated and still owns; handles may be stale, which is the test.
    unsafe {
        expect("hipMalloc", hipMalloc(&mut own, size), &[]);
        let mut second = null_mut::<c_void>();
        expect("hipMalloc", hipMalloc(&mut second, size), &[]);
        for _ in 0..rounds {
            let slot = random.below(SLOTS);
            let stream = shared.streams[slot].load(Ordering::Acquire) as HipStream;
            let event = shared.events[random.below(SLOTS)].load(Ordering::Acquire) as HipEvent;
            match random.below(22) {
                0 => {
                    let mut created = null_mut();
                    if expect("hipStreamCreate", hipStreamCreate(&mut created), &[]) {
                        let previous =
                            shared.streams[slot].swap(created as usize, Ordering::AcqRel);
                        if previous != 0 {
                            expect(
                                "hipStreamDestroy",
                                hipStreamDestroy(previous as HipStream),
                                GONE,
                            );
                        }
                    }
                }
                1 => {
                    let mut created = null_mut();
                    if expect("hipEventCreate", hipEventCreate(&mut created), &[]) {
                        let previous = shared.events[slot].swap(created as usize, Ordering::AcqRel);
                        if previous != 0 {
                            expect(
                                "hipEventDestroy",
                                hipEventDestroy(previous as HipEvent),
                                GONE,
                            );
                        }
                    }
                }
                // Destroys a handle other threads may be using, or have destroyed already.
                2 if !stream.is_null() => {
                    expect("hipStreamDestroy", hipStreamDestroy(stream), GONE);
                }
                3 if !event.is_null() => {
                    expect("hipEventDestroy", hipEventDestroy(event), GONE);
                }
                4 => {
                    expect("hipStreamSynchronize", hipStreamSynchronize(stream), GONE);
                }
                5 => {
                    expect("hipStreamQuery", hipStreamQuery(stream), GONE_OR_BUSY);
                }
                // Asynchronous work writes a block of its own, freed (after the work, which
                // `hipFree` waits for) when done: the harness itself must have no data
                // race, so that ThreadSanitizer's reports are the runtime's.
                6 => {
                    let block = scratch(size);
                    expect(
                        "hipMemsetAsync",
                        hipMemsetAsync(block, random.below(256) as i32, size, stream),
                        GONE,
                    );
                    expect("hipFree", hipFree(block), &[]);
                }
                7 => {
                    let block = scratch(size);
                    expect(
                        "hipMemcpyAsync",
                        hipMemcpyAsync(block, own, size, 3, stream),
                        GONE,
                    );
                    expect("hipFree", hipFree(block), &[]);
                }
                8 if !event.is_null() => {
                    expect("hipEventRecord", hipEventRecord(event, stream), GONE);
                }
                9 if !event.is_null() => {
                    expect(
                        "hipStreamWaitEvent",
                        hipStreamWaitEvent(stream, event, 0),
                        GONE,
                    );
                }
                10 if !event.is_null() => {
                    expect("hipEventSynchronize", hipEventSynchronize(event), GONE);
                }
                11 if !event.is_null() => {
                    expect("hipEventQuery", hipEventQuery(event), GONE_OR_BUSY);
                }
                12 if !event.is_null() => {
                    let mut ms = 0.0f32;
                    expect(
                        "hipEventElapsedTime",
                        hipEventElapsedTime(&mut ms, event, event),
                        GONE_OR_BUSY,
                    );
                }
                13 => {
                    expect(
                        "hipLaunchHostFunc",
                        hipLaunchHostFunc(stream, Some(host_call), null_mut()),
                        GONE,
                    );
                }
                14 => {
                    let mut block = null_mut();
                    if expect(
                        "hipMallocAsync",
                        hipMallocAsync(&mut block, 512, stream),
                        GONE,
                    ) {
                        let code = hipFreeAsync(block, stream);
                        if !expect("hipFreeAsync", code, GONE) {
                            expect("hipFree", hipFree(block), &[]);
                        }
                    }
                }
                15 => {
                    // A capture of a stream of its own, replayed on a shared stream.
                    let mut own_stream = null_mut();
                    if !expect("hipStreamCreate", hipStreamCreate(&mut own_stream), &[]) {
                        continue;
                    }
                    let block = scratch(size);
                    if expect(
                        "hipStreamBeginCapture",
                        hipStreamBeginCapture(own_stream, 2),
                        CAPTURE_ENDED,
                    ) {
                        expect(
                            "hipMemsetAsync (captured)",
                            hipMemsetAsync(block, 7, size, own_stream),
                            CAPTURE_ENDED,
                        );
                        let mut graph = null_mut();
                        if expect(
                            "hipStreamEndCapture",
                            hipStreamEndCapture(own_stream, &mut graph),
                            CAPTURE_ENDED,
                        ) {
                            let mut exec = null_mut();
                            if expect(
                                "hipGraphInstantiate",
                                hipGraphInstantiate(&mut exec, graph, null_mut(), null_mut(), 0),
                                &[],
                            ) {
                                expect("hipGraphLaunch", hipGraphLaunch(exec, stream), GONE);
                                expect("hipGraphExecDestroy", hipGraphExecDestroy(exec), &[]);
                            }
                            expect("hipGraphDestroy", hipGraphDestroy(graph), &[]);
                        }
                    }
                    expect("hipStreamDestroy", hipStreamDestroy(own_stream), GONE);
                    expect("hipFree", hipFree(block), &[]);
                }
                16 => {
                    let mut device = -1;
                    expect("hipSetDevice", hipSetDevice(0), &[]);
                    expect("hipGetDevice", hipGetDevice(&mut device), &[]);
                    assert_eq!(device, 0);
                }
                17 => {
                    expect("hipMemcpy", hipMemcpy(second, own, size, 3), &[]);
                }
                18 => {
                    let mut block = null_mut();
                    if expect(
                        "hipMalloc",
                        hipMalloc(&mut block, 1 + random.below(4096)),
                        &[],
                    ) {
                        expect("hipFree", hipFree(block), &[]);
                    }
                }
                19 => {
                    expect("hipDeviceSynchronize", hipDeviceSynchronize(), &[]);
                }
                20 => {
                    let mut pool = null_mut();
                    let props = pool_props();
                    if expect("hipMemPoolCreate", hipMemPoolCreate(&mut pool, &props), &[]) {
                        let mut block = null_mut();
                        if expect(
                            "hipMallocFromPoolAsync",
                            hipMallocFromPoolAsync(&mut block, 256, pool, stream),
                            GONE,
                        ) && !expect("hipFreeAsync", hipFreeAsync(block, stream), GONE)
                        {
                            expect("hipFree", hipFree(block), &[]);
                        }
                        // A pool destroyed by a reset is gone already.
                        expect(
                            "hipMemPoolDestroy",
                            hipMemPoolDestroy(pool),
                            &[HipError::ErrorInvalidValue],
                        );
                    }
                }
                21 if resets && random.below(40) == 0 => {
                    expect("hipDeviceReset", hipDeviceReset(), &[]);
                }
                _ => {}
            }
        }
        expect("hipDeviceSynchronize", hipDeviceSynchronize(), &[]);
        expect("hipFree", hipFree(own), &[]);
        expect("hipFree", hipFree(second), &[]);
    }
}

/// A fresh device block for one asynchronous operation.
///
/// # Safety
/// Calls the C ABI.
unsafe fn scratch(size: usize) -> *mut c_void {
    let mut block = null_mut();
    // SAFETY: `block` is a live local.
    let code = unsafe { hipMalloc(&mut block, size) };
    expect("hipMalloc", code, &[]);
    block
}

fn pool_props() -> MemPoolProps {
    // SAFETY: plain data; all zeros is a valid value to fill in.
    let mut props: MemPoolProps = unsafe { std::mem::zeroed() };
    props.allocType = 1;
    props.location.type_ = 1;
    props.location.id = 0;
    props
}

#[test]
fn many_threads_churn_shared_streams_and_events() {
    // SAFETY: the first thing this test binary does, before any thread exists.
    unsafe { std::env::set_var("OXHIP_VISIBLE_DEVICES", "cpu") };
    let seed: u64 = std::env::var("OXHIP_STRESS_SEED")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(0x5eed_2911);
    let rounds: usize = std::env::var("OXHIP_STRESS_ROUNDS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(4000);
    let shared = Shared {
        streams: Default::default(),
        events: Default::default(),
    };
    std::thread::scope(|scope| {
        for thread in 0..THREADS {
            let shared = &shared;
            let seed = seed
                .wrapping_mul(thread as u64 + 1)
                .wrapping_add(thread as u64);
            // Two threads also reset the device now and then.
            // SAFETY: see `churn`.
            scope.spawn(move || unsafe { churn(shared, seed, rounds, thread < 2) });
        }
    });
    // Whatever was left in the table is destroyed once (or was destroyed by a reset).
    // SAFETY: handles from the table; stale ones are the test.
    unsafe {
        for slot in &shared.streams {
            let stream = slot.swap(0, Ordering::AcqRel);
            if stream != 0 {
                expect(
                    "hipStreamDestroy",
                    hipStreamDestroy(stream as HipStream),
                    GONE,
                );
            }
        }
        for slot in &shared.events {
            let event = slot.swap(0, Ordering::AcqRel);
            if event != 0 {
                expect("hipEventDestroy", hipEventDestroy(event as HipEvent), GONE);
            }
        }
        // The device still works.
        let mut stream = null_mut();
        assert_eq!(hipStreamCreate(&mut stream), HipError::Success);
        let mut pointer = null_mut::<c_void>();
        assert_eq!(hipMalloc(&mut pointer, 64), HipError::Success);
        assert_eq!(hipMemsetAsync(pointer, 9, 64, stream), HipError::Success);
        let mut back = [0u8; 64];
        assert_eq!(hipStreamSynchronize(stream), HipError::Success);
        assert_eq!(
            hipMemcpy(back.as_mut_ptr().cast(), pointer, 64, 2),
            HipError::Success
        );
        assert_eq!(back, [9u8; 64]);
        assert_eq!(hipFree(pointer), HipError::Success);
        assert_eq!(hipStreamDestroy(stream), HipError::Success);
    }
    let outcomes = OUTCOMES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take()
        .unwrap_or_default();
    let total: usize = outcomes.seen.values().sum();
    let mut table = format!("{total} calls from {THREADS} threads:\n");
    for ((call, code), count) in &outcomes.seen {
        table.push_str(&format!("  {call:28} {code:32} {count}\n"));
    }
    #[expect(
        clippy::print_stderr,
        reason = "the table of outcomes, shown with --nocapture"
    )]
    {
        eprint!("{table}");
    }
    assert!(
        outcomes.unexpected.is_empty(),
        "unexpected results: {:?}",
        outcomes.unexpected
    );
    // Every call kind ran, and some handles were found destroyed.
    assert!(outcomes.seen.len() > 30, "{:?}", outcomes.seen.keys());
    assert!(outcomes
        .seen
        .keys()
        .any(|(_, code)| *code == "hipErrorInvalidHandle"));
}
