//! Running one kernel launch on the CPU: work-groups spread over OS threads, the work-items of
//! a group either as a plain loop (kernels that never synchronise) or as fibers.
//!
//! The work-item record [`Item`] begins with the C layout `struct __oxhip_cpu_item_t` of
//! `hip/oxhip/cpu.h`; [`Ops`] is `struct __oxhip_cpu_ops`. codegen (`codegen::cpu`) generates
//! the entry points that read them, one per kernel: `__oxhip_cpu_entry.K(args, item)` runs one
//! work-item (as a fiber), `__oxhip_cpu_row.K(args, item)` runs the `blockDim.x` work-items of
//! one row, and
//! `__oxhip_cpu_group.K(args, item, scratch)` runs a whole group of a kernel that codegen split
//! at its barriers and warp exchanges (`codegen::cpu_regions`: each stretch between them is a
//! loop over the work-items), with `scratch` holding each work-item's frame
//! (`__oxhip_cpu_frame.K` bytes) and state; a kernel split at warp exchanges calls
//! [`Ops`]' `exchange` between its phases (`split.rs`).
//!
//! Fibers: a group's work-items run on one OS thread, one at a time, switched only inside the
//! runtime's cross-work-item operations (barrier, ballot, shuffle, lockstep step). A waiting fiber yields to
//! the scheduler, which resumes the others round-robin; the last one to arrive releases the
//! rest by bumping a generation counter. A fiber that returns no longer counts for barriers
//! (as on NVIDIA hardware, where exited threads do not block `__syncthreads`).
//! Static shared memory is thread-local in the image, so one OS thread must run one group at a
//! time, from its first work-item to its last: this module never migrates a group.
//!
//! A cooperative launch ([`run_cooperative`]) runs every group on its own OS thread at once;
//! `grid.sync()` arrives at the group barrier, and the last fiber of the group to arrive
//! blocks its thread on the launch's [`Grid`] barrier before releasing the group.

use std::cell::Cell;
use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use corosensei::stack::DefaultStack;
use corosensei::{Coroutine, CoroutineResult, Yielder};

use crate::error::{HipError, RuntimeError};
use crate::types::Dim3;

/// Lanes per warp on the CPU target (also `warpSize` in the headers and the properties).
pub(crate) const WARP_SIZE: u32 = 32;

/// The default fiber stack, in bytes; `OXHIP_CPU_STACK_SIZE` overrides it.
const DEFAULT_STACK_SIZE: usize = 64 * 1024;

/// `struct __oxhip_cpu_ops`.
#[repr(C)]
pub(crate) struct Ops {
    barrier: unsafe extern "C" fn(*mut Item),
    ballot: unsafe extern "C" fn(*mut Item, i32) -> u64,
    shuffle: unsafe extern "C" fn(*mut Item, i64, i32) -> i64,
    grid_sync: unsafe extern "C" fn(*mut Item),
    step: unsafe extern "C" fn(*mut Item),
    assert_failed: unsafe extern "C" fn(*mut Item),
    exchange: unsafe extern "C" fn(*mut Item, *mut u8, *mut u32, u64, u64, u32) -> u32,
    exchange_patterned: unsafe extern "C" fn(*mut i64, *const u32, u64, u32) -> u32,
}

static OPS: Ops = Ops {
    barrier,
    ballot,
    shuffle,
    grid_sync,
    step,
    assert_failed,
    exchange,
    exchange_patterned,
};

/// `struct __oxhip_cpu_item_t`, followed by fields only the runtime reads.
#[repr(C)]
pub(crate) struct Item {
    thread_idx: [u32; 3],
    block_idx: [u32; 3],
    block_dim: [u32; 3],
    grid_dim: [u32; 3],
    lane: u32,
    linear: u32,
    ops: *const Ops,
    group: *const Group,
    /// The fiber running this work-item (fiber mode only).
    yielder: *const Yielder<(), ()>,
    /// The grid-wide barrier of a cooperative launch; NULL otherwise.
    grid: *const Grid,
    /// Set when the work-item failed an `assert`: its fiber is dropped, not resumed.
    ended: bool,
    /// The launch's assert flag: set by a failed device `assert`, after which the launch
    /// starts no further group and reports `hipErrorAssert`. One per launch, so that
    /// launches running at once on other streams neither see nor clear each other's.
    assert_failed: *const AtomicBool,
}

/// The grid-wide barrier of a cooperative launch: every group runs on its own OS thread,
/// and the last fiber of a group to reach `grid.sync()` blocks that thread here until
/// every group still running has arrived.
pub(crate) struct Grid {
    state: Mutex<GridState>,
    changed: Condvar,
}

struct GridState {
    live: u64,
    arrived: u64,
    generation: u64,
}

impl Grid {
    fn new(groups: u64) -> Grid {
        Grid {
            state: Mutex::new(GridState {
                live: groups,
                arrived: 0,
                generation: 0,
            }),
            changed: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, GridState> {
        crate::sync::lock(&self.state)
    }

    fn release(&self, state: &mut GridState) {
        state.arrived = 0;
        state.generation += 1;
        self.changed.notify_all();
    }

    /// One group arrives; returns when every live group has.
    fn arrive_and_wait(&self) {
        let mut state = self.lock();
        let seen = state.generation;
        state.arrived += 1;
        if state.arrived >= state.live {
            self.release(&mut state);
            return;
        }
        while state.generation == seen {
            state = crate::sync::wait(&self.changed, state);
        }
    }

    /// A finished group no longer counts.
    fn leave(&self) {
        let mut state = self.lock();
        state.live -= 1;
        if state.arrived > 0 && state.arrived >= state.live {
            self.release(&mut state);
        }
    }
}

/// An entry point generated by codegen: `void (void **args, item *)`.
pub(crate) type EntryPoint = unsafe extern "C" fn(*mut *mut c_void, *mut Item);

/// A group entry point generated by codegen: `void (void **args, item *, void *scratch)`.
pub(crate) type GroupEntryPoint = unsafe extern "C" fn(*mut *mut c_void, *mut Item, *mut u8);

/// Alignment of the scratch a group entry point gets (codegen's `cpu_regions::FRAME_ALIGN`).
const FRAME_ALIGN: usize = 64;

/// What to run for one kernel: entry points and the argument table of a loaded image,
/// which the kernel keeps loaded for as long as it exists.
pub(crate) struct Kernel {
    /// One work-item as a fiber; absent when codegen split the kernel at its barriers.
    pub(crate) entry: Option<EntryPoint>,
    /// The whole group, for a kernel split at its barriers, with its frame size in bytes.
    pub(crate) group: Option<(GroupEntryPoint, u64)>,
    /// Present when the kernel never synchronises: no fibers needed.
    pub(crate) row: Option<EntryPoint>,
    /// Start and length of codegen's `__oxhip_cpu_args.<kernel>` table; absent in images
    /// built before it existed. Read through [`Kernel::arguments`].
    arguments: Option<(*const [u32; 2], usize)>,
    /// The image every pointer above points into.
    _image: std::sync::Arc<super::LoadedImage>,
}

// SAFETY: the raw pointer is into the read-only data of `_image`, which is never written
// after loading and which the kernel keeps loaded; entry points are plain functions.
unsafe impl Send for Kernel {}
// SAFETY: as above; nothing in a kernel changes after it is made.
unsafe impl Sync for Kernel {}

impl Kernel {
    /// # Safety
    /// The entry points must be codegen's (with these signatures) and `arguments` codegen's
    /// table of that many pairs, all in `image`.
    pub(super) unsafe fn new(
        entry: Option<EntryPoint>,
        group: Option<(GroupEntryPoint, u64)>,
        row: Option<EntryPoint>,
        arguments: Option<(*const [u32; 2], usize)>,
        image: std::sync::Arc<super::LoadedImage>,
    ) -> Kernel {
        Kernel {
            entry,
            group,
            row,
            arguments,
            _image: image,
        }
    }

    /// `(size, alignment)` of each argument-array slot.
    pub(crate) fn arguments(&self) -> Option<&[[u32; 2]]> {
        let (start, count) = self.arguments?;
        // SAFETY: `start` points at `count` pairs in the image, which `self._image` keeps
        // loaded for at least as long as the returned borrow of `self`.
        Some(unsafe { std::slice::from_raw_parts(start, count) })
    }
}

/// Barrier state shared by the fibers of one group (one OS thread: plain cells).
struct Group {
    live: Cell<u32>,
    arrived: Cell<u32>,
    generation: Cell<u64>,
    /// The arrivals are for a grid sync: releasing them first waits for the grid.
    grid_sync: Cell<bool>,
    grid: *const Grid,
    warps: Vec<Warp>,
}

struct Warp {
    live: Cell<u32>,
    arrived: Cell<u32>,
    generation: Cell<u64>,
    votes: Cell<u64>,
    ballot: Cell<u64>,
    values: [Cell<i64>; WARP_SIZE as usize],
    published: [Cell<i64>; WARP_SIZE as usize],
}

impl Warp {
    fn new(live: u32) -> Warp {
        Warp {
            live: Cell::new(live),
            arrived: Cell::new(0),
            generation: Cell::new(0),
            votes: Cell::new(0),
            ballot: Cell::new(0),
            values: std::array::from_fn(|_| Cell::new(0)),
            published: std::array::from_fn(|_| Cell::new(0)),
        }
    }

    /// The last lane to arrive publishes the lanes' values and releases the others.
    fn release(&self) {
        self.arrived.set(0);
        self.ballot.set(self.votes.replace(0));
        for (published, value) in self.published.iter().zip(&self.values) {
            published.set(value.get());
        }
        self.generation.set(self.generation.get() + 1);
    }
}

impl Group {
    fn release(&self) {
        if self.grid_sync.replace(false) && !self.grid.is_null() {
            // SAFETY: the grid outlives every group of the launch.
            unsafe { &*self.grid }.arrive_and_wait();
        }
        self.arrived.set(0);
        self.generation.set(self.generation.get() + 1);
    }
}

/// Suspends the calling fiber until `generation` moves past `seen`.
///
/// # Safety
/// `item` must be the record of a fiber started by [`run_group_fibers`].
unsafe fn wait(item: &Item, generation: &Cell<u64>, seen: u64) {
    while generation.get() == seen {
        // SAFETY: fibers set `yielder` before running any kernel code; the yielder lives as
        // long as the fiber.
        unsafe { (*item.yielder).suspend(()) };
    }
}

unsafe extern "C" fn barrier(item: *mut Item) {
    // SAFETY: codegen passes the item record the runtime gave the entry point.
    let item = unsafe { &*item };
    if item.group.is_null() {
        return;
    }
    // SAFETY: `group` outlives every fiber of the group.
    let group = unsafe { &*item.group };
    let seen = group.generation.get();
    group.arrived.set(group.arrived.get() + 1);
    if group.arrived.get() >= group.live.get() {
        group.release();
    } else {
        // SAFETY: a group pointer is only set in fiber mode.
        unsafe { wait(item, &group.generation, seen) };
    }
}

/// Arrives at the warp operation with `value` and `vote`; returns once every live lane of the
/// warp has arrived.
///
/// # Safety
/// `item` must be a fiber's record.
unsafe fn warp_exchange(item: &Item, value: i64, vote: bool) -> Option<&Warp> {
    if item.group.is_null() {
        return None;
    }
    // SAFETY: `group` outlives every fiber of the group.
    let group = unsafe { &*item.group };
    let warp = &group.warps[(item.linear / WARP_SIZE) as usize];
    let seen = warp.generation.get();
    warp.values[item.lane as usize].set(value);
    if vote {
        warp.votes.set(warp.votes.get() | (1u64 << item.lane));
    }
    warp.arrived.set(warp.arrived.get() + 1);
    if warp.arrived.get() >= warp.live.get() {
        warp.release();
    } else {
        // SAFETY: forwarded from this function's contract.
        unsafe { wait(item, &warp.generation, seen) };
    }
    Some(warp)
}

unsafe extern "C" fn ballot(item: *mut Item, predicate: i32) -> u64 {
    // SAFETY: codegen passes the item record the runtime gave the entry point.
    let item = unsafe { &*item };
    // SAFETY: as above.
    match unsafe { warp_exchange(item, 0, predicate != 0) } {
        Some(warp) => warp.ballot.get(),
        None => u64::from(predicate != 0) << item.lane,
    }
}

unsafe extern "C" fn shuffle(item: *mut Item, value: i64, source: i32) -> i64 {
    // SAFETY: codegen passes the item record the runtime gave the entry point.
    let item = unsafe { &*item };
    // SAFETY: as above.
    match unsafe { warp_exchange(item, value, false) } {
        Some(warp) => match usize::try_from(source) {
            Ok(lane) if lane < WARP_SIZE as usize => warp.published[lane].get(),
            _ => value,
        },
        None => value,
    }
}

/// Between two phases of a group split at warp exchanges (codegen's `cpu_regions`): does the
/// exchanges whole warps wait at and says what runs next (`split::schedule`). `slot_bytes`
/// is the exchange slot's size per work-item (16: an `i64` column, then two `i32` ones).
unsafe extern "C" fn exchange(
    _item: *mut Item,
    frames: *mut u8,
    states: *mut u32,
    count: u64,
    slot_bytes: u64,
    first_exchange: u32,
) -> u32 {
    let Ok(count) = usize::try_from(count) else {
        crate::log::write_line(format_args!(
            "a split group of {count} work-items; aborting"
        ));
        std::process::abort();
    };
    if slot_bytes != 16 {
        crate::log::write_line(format_args!(
            "a split kernel's exchange slot of {slot_bytes} bytes (16 expected); aborting"
        ));
        std::process::abort();
    }
    // SAFETY: codegen's group entry point passes its scratch: `count` frames as columns
    // (64-byte aligned; the first three are the exchange slot's `i64` words, `i32` operands
    // and `i32` kinds), then `count` states; nothing else touches them during the call.
    let outcome = unsafe {
        let slots = super::split::Slots {
            words: std::slice::from_raw_parts_mut(frames.cast::<i64>(), count),
            operands: std::slice::from_raw_parts(frames.add(8 * count).cast::<i32>(), count),
            kinds: std::slice::from_raw_parts(frames.add(12 * count).cast::<i32>(), count),
        };
        super::split::schedule(
            slots,
            std::slice::from_raw_parts_mut(states, count),
            first_exchange,
        )
    };
    match outcome {
        Ok(next) => next,
        Err(super::split::Deadlock) => {
            // The fibers would wait for ever; a report is more useful than a hang.
            crate::log::write_line(format_args!(
                "kernel deadlock on the CPU device: lanes of a warp wait at a warp operation \
                 (shuffle, vote, __syncwarp) while other lanes of that warp wait at \
                 __syncthreads; aborting"
            ));
            std::process::abort();
        }
    }
}

/// A whole group's shuffle of one constant pattern, which every live work-item of a split
/// group waits at (`split::exchange_patterned`): 1 when done, 0 when the entry point must go
/// lane by lane.
unsafe extern "C" fn exchange_patterned(
    words: *mut i64,
    states: *const u32,
    count: u64,
    pattern: u32,
) -> u32 {
    let Ok(count) = usize::try_from(count) else {
        return 0;
    };
    // SAFETY: codegen's group entry point passes its scratch: the exchange slots' `i64` words
    // (the frames' first column) and the `u32` states of its `count` work-items, which
    // nothing else touches during the call.
    let (words, states) = unsafe {
        (
            std::slice::from_raw_parts_mut(words, count),
            std::slice::from_raw_parts(states, count),
        )
    };
    u32::from(super::split::exchange_patterned(words, states, pattern))
}

/// A lockstep point (codegen's `cpu_lockstep`): the fiber lets every other fiber of the group
/// run to its own next point, since the scheduler resumes them round-robin in order. Nothing
/// to do outside fibers.
unsafe extern "C" fn step(item: *mut Item) {
    // SAFETY: codegen passes the item record the runtime gave the entry point.
    let item = unsafe { &*item };
    if item.yielder.is_null() {
        return;
    }
    // SAFETY: fibers set `yielder` before running any kernel code; the yielder lives as long
    // as the fiber.
    unsafe { (*item.yielder).suspend(()) };
}

/// A grid-wide barrier in a cooperative launch; a group barrier otherwise (the other groups
/// of an ordinary launch need not be running, so waiting for them could deadlock).
/// A failed device `assert` (its message is printed): ends the work-item. Codegen runs every
/// kernel that can reach this as fibers, so the item has a fiber to leave; the scheduler
/// drops it without resuming it.
unsafe extern "C" fn assert_failed(item: *mut Item) {
    // SAFETY: the runtime passes the live record of the calling work-item, whose launch's
    // flag outlives every work-item of the launch.
    let record = unsafe { &mut *item };
    // SAFETY: as above: the flag lives on the stack of the launch's `run`.
    unsafe { &*record.assert_failed }.store(true, Ordering::SeqCst);
    record.ended = true;
    if record.yielder.is_null() {
        // Not a fiber (codegen always makes one for such kernels): nothing to leave to.
        crate::log::write_line(format_args!(
            "a device assert failed outside a fiber; aborting"
        ));
        std::process::abort();
    }
    // SAFETY: set by the fiber running this work-item, which is suspended here for good.
    unsafe { (*record.yielder).suspend(()) };
    crate::log::write_line(format_args!(
        "a work-item that failed an assert was resumed; aborting"
    ));
    std::process::abort();
}

unsafe extern "C" fn grid_sync(item: *mut Item) {
    // SAFETY: codegen passes the item record the runtime gave the entry point.
    let record = unsafe { &*item };
    if !record.grid.is_null() && !record.group.is_null() {
        // SAFETY: `group` outlives every fiber of the group.
        unsafe { &*record.group }.grid_sync.set(true);
    }
    // SAFETY: forwarded; the group barrier's release waits for the grid.
    unsafe { barrier(item) };
}

fn stack_size() -> usize {
    // Read once: `getenv` on every launch would race with a program's `setenv`.
    static SIZE: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *SIZE.get_or_init(|| {
        std::env::var("OXHIP_CPU_STACK_SIZE")
            .ok()
            .and_then(|text| text.trim().parse::<usize>().ok())
            .filter(|size| *size >= 16 * 1024)
            .unwrap_or(DEFAULT_STACK_SIZE)
    })
}

thread_local! {
    /// Fiber stacks kept for the next group this thread runs.
    static STACKS: std::cell::RefCell<Vec<DefaultStack>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// One launch's shape, shared by all worker threads.
pub(crate) struct Shape {
    pub(crate) grid: Dim3,
    pub(crate) block: Dim3,
}

/// Runs every group of the launch, on up to `threads` OS threads. Returns the first failure
/// (a fiber stack that could not be allocated).
///
/// # Safety
/// `args` must be the argument array the kernel's entry point expects, valid until this
/// function returns.
pub(crate) unsafe fn run(
    kernel: &Kernel,
    shape: &Shape,
    args: *mut *mut c_void,
    threads: usize,
) -> Result<(), RuntimeError> {
    let groups = shape.grid.count();
    if groups == 0 || shape.block.count() == 0 {
        return Ok(());
    }
    let next = AtomicU64::new(0);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let assert_failed = AtomicBool::new(false);
    let args = args as usize;
    let work = || loop {
        let index = next.fetch_add(1, Ordering::Relaxed);
        // After a failed assert no further group starts, as a trap ends the whole grid.
        if index >= groups || assert_failed.load(Ordering::Relaxed) {
            break;
        }
        let x = index % u64::from(shape.grid.x);
        let rest = index / u64::from(shape.grid.x);
        let y = rest % u64::from(shape.grid.y);
        let z = rest / u64::from(shape.grid.y);
        let block_idx = [x as u32, y as u32, z as u32];
        // SAFETY: forwarded from this function's contract.
        let result = unsafe {
            run_group(
                kernel,
                shape,
                block_idx,
                args as *mut *mut c_void,
                std::ptr::null(),
                &assert_failed,
            )
        };
        if let Err(message) = result {
            let mut slot = crate::sync::lock(&failure);
            slot.get_or_insert(message);
            next.store(groups, Ordering::Relaxed);
        }
    };
    let threads = threads.clamp(1, usize::try_from(groups).unwrap_or(usize::MAX));
    if threads == 1 {
        work();
    } else {
        std::thread::scope(|scope| {
            // Fewer threads than asked for when the system refuses more: the groups are
            // shared out by the ones that run.
            for _ in 1..threads {
                if std::thread::Builder::new()
                    .spawn_scoped(scope, work)
                    .is_err()
                {
                    break;
                }
            }
            work();
        });
    }
    let failure = failure
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    outcome(failure, &assert_failed)
}

/// A launch's result: a failed assert (which also makes every later synchronisation fail,
/// `ASSERTED`), the first failure of a group, or success.
fn outcome(failure: Option<String>, assert_failed: &AtomicBool) -> Result<(), RuntimeError> {
    if assert_failed.load(Ordering::SeqCst) {
        super::ASSERTED.store(true, Ordering::SeqCst);
        return Err(RuntimeError::status(
            HipError::ErrorAssert,
            "a device-side assert failed in the kernel (its message is above)",
        ));
    }
    failure.map_or(Ok(()), |reason| Err(RuntimeError::Internal { reason }))
}

/// Runs a cooperative launch: every group on its own OS thread at once, so that
/// `grid.sync()` is a grid-wide barrier. The caller limits the number of groups.
///
/// # Safety
/// As for [`run`].
pub(crate) unsafe fn run_cooperative(
    kernel: &Kernel,
    shape: &Shape,
    args: *mut *mut c_void,
) -> Result<(), RuntimeError> {
    let groups = shape.grid.count();
    if groups == 0 || shape.block.count() == 0 {
        return Ok(());
    }
    let grid = Grid::new(groups);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let assert_failed = AtomicBool::new(false);
    let args = args as usize;
    std::thread::scope(|scope| {
        for index in 0..groups {
            let (grid, failure, assert_failed) = (&grid, &failure, &assert_failed);
            let x = index % u64::from(shape.grid.x);
            let rest = index / u64::from(shape.grid.x);
            let block_idx = [
                x as u32,
                (rest % u64::from(shape.grid.y)) as u32,
                (rest / u64::from(shape.grid.y)) as u32,
            ];
            let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
                // SAFETY: forwarded from this function's contract; `grid` outlives the scope.
                let result = unsafe {
                    run_group(
                        kernel,
                        shape,
                        block_idx,
                        args as *mut *mut c_void,
                        grid,
                        assert_failed,
                    )
                };
                grid.leave();
                if let Err(message) = result {
                    crate::sync::lock(failure).get_or_insert(message);
                }
            });
            if let Err(error) = spawned {
                // The groups not started never reach the grid barrier: leave it for them, so
                // that the started ones do not wait for ever, and fail the launch.
                for _ in index..groups {
                    grid.leave();
                }
                crate::sync::lock(failure).get_or_insert(format!(
                    "cannot start a thread for group {index} of a cooperative launch: {error}"
                ));
                break;
            }
        }
    });
    let failure = failure.into_inner().unwrap_or_else(PoisonError::into_inner);
    outcome(failure, &assert_failed)
}

fn item(shape: &Shape, block_idx: [u32; 3], grid: *const Grid, assert_failed: &AtomicBool) -> Item {
    Item {
        thread_idx: [0; 3],
        block_idx,
        block_dim: [shape.block.x, shape.block.y, shape.block.z],
        grid_dim: [shape.grid.x, shape.grid.y, shape.grid.z],
        lane: 0,
        linear: 0,
        ops: &OPS,
        group: std::ptr::null(),
        yielder: std::ptr::null(),
        grid,
        ended: false,
        assert_failed,
    }
}

/// # Safety
/// As for [`run`].
unsafe fn run_group(
    kernel: &Kernel,
    shape: &Shape,
    block_idx: [u32; 3],
    args: *mut *mut c_void,
    grid: *const Grid,
    assert_failed: &AtomicBool,
) -> Result<(), String> {
    if let Some(row) = kernel.row {
        let mut record = item(shape, block_idx, grid, assert_failed);
        for z in 0..shape.block.z {
            for y in 0..shape.block.y {
                record.thread_idx = [0, y, z];
                record.linear = (z * shape.block.y + y) * shape.block.x;
                // SAFETY: `row` is a codegen entry point taking this argument array; the
                // record is valid for the call.
                unsafe { row(args, &mut record) };
            }
        }
        return Ok(());
    }
    if let Some((group, frame)) = kernel.group {
        let mut record = item(shape, block_idx, grid, assert_failed);
        let items = shape.block.count();
        let bytes = frame
            .checked_add(4)
            .and_then(|per_item| per_item.checked_mul(items))
            .and_then(|bytes| usize::try_from(bytes).ok())
            .ok_or_else(|| format!("{items} work-items of {frame} bytes each do not fit"))?;
        return SCRATCH.with(|scratch| {
            let mut scratch = scratch.borrow_mut();
            let needed = bytes + FRAME_ALIGN;
            if scratch.len() < needed {
                scratch.clear();
                scratch.try_reserve_exact(needed).map_err(|_| {
                    format!("could not allocate {bytes} bytes of work-item storage")
                })?;
                scratch.resize(needed, 0);
            }
            let base = scratch.as_mut_ptr();
            let aligned = base.wrapping_add(base.align_offset(FRAME_ALIGN));
            // SAFETY: `group` is a codegen entry point taking this argument array; the record
            // is valid for the call, and `aligned` has `frame * n + 4 * n` writable bytes,
            // aligned as codegen requires.
            unsafe { group(args, &mut record, aligned) };
            Ok(())
        });
    }
    let Some(entry) = kernel.entry else {
        return Err("the kernel has no entry point".to_owned());
    };
    // SAFETY: forwarded.
    unsafe { run_group_fibers(entry, shape, block_idx, args, grid, assert_failed) }
}

thread_local! {
    /// Work-item frames for split kernels, kept between the groups a thread runs.
    static SCRATCH: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// # Safety
/// As for [`run`].
unsafe fn run_group_fibers(
    entry: EntryPoint,
    shape: &Shape,
    block_idx: [u32; 3],
    args: *mut *mut c_void,
    grid: *const Grid,
    assert_failed: &AtomicBool,
) -> Result<(), String> {
    let count = u32::try_from(shape.block.count()).map_err(|_| "block too large".to_owned())?;
    let warps = count.div_ceil(WARP_SIZE);
    let group = Box::new(Group {
        live: Cell::new(count),
        arrived: Cell::new(0),
        generation: Cell::new(0),
        grid_sync: Cell::new(false),
        grid,
        warps: (0..warps)
            .map(|warp| Warp::new((count - warp * WARP_SIZE).min(WARP_SIZE)))
            .collect(),
    });
    let mut items: Vec<Item> = (0..count)
        .map(|linear| {
            let mut record = item(shape, block_idx, grid, assert_failed);
            record.thread_idx = [
                linear % shape.block.x,
                (linear / shape.block.x) % shape.block.y,
                linear / (shape.block.x * shape.block.y),
            ];
            record.linear = linear;
            record.lane = linear % WARP_SIZE;
            record.group = &*group;
            record
        })
        .collect();
    let size = stack_size();
    let mut fibers = Vec::with_capacity(items.len());
    for record in &mut items {
        let stack = match STACKS.with(|stacks| stacks.borrow_mut().pop()) {
            Some(stack) => stack,
            None => DefaultStack::new(size).map_err(|error| {
                format!("cannot allocate a fiber stack of {size} bytes: {error}")
            })?,
        };
        let record = record as *mut Item as usize;
        let args = args as usize;
        let fiber: Coroutine<(), (), (), DefaultStack> =
            Coroutine::with_stack(stack, move |yielder: &Yielder<(), ()>, ()| {
                let record = record as *mut Item;
                // SAFETY: the record lives in `items` until every fiber has finished; the
                // entry point is codegen's, for this argument array.
                unsafe {
                    (*record).yielder = yielder;
                    entry(args as *mut *mut c_void, record);
                }
            });
        fibers.push(Some(fiber));
    }
    let mut remaining = fibers.len();
    while remaining > 0 {
        for (index, slot) in fibers.iter_mut().enumerate() {
            let Some(fiber) = slot else { continue };
            let finished = match fiber.resume(()) {
                CoroutineResult::Return(()) => true,
                CoroutineResult::Yield(()) if items[index].ended => {
                    // A failed assert: the fiber is abandoned where it stopped. Its stack holds
                    // kernel frames and the entry closure's integers, nothing to drop.
                    // SAFETY: as just said.
                    unsafe { fiber.force_reset() };
                    true
                }
                CoroutineResult::Yield(()) => false,
            };
            if finished {
                remaining -= 1;
                if let Some(done) = slot.take() {
                    STACKS.with(|stacks| stacks.borrow_mut().push(done.into_stack()));
                }
                exited(&group, &items[index]);
            }
        }
    }
    Ok(())
}

/// A finished work-item no longer counts for barriers; if everyone else is already waiting,
/// release them.
fn exited(group: &Group, record: &Item) {
    group.live.set(group.live.get() - 1);
    if group.arrived.get() > 0 && group.arrived.get() >= group.live.get() {
        group.release();
    }
    let warp = &group.warps[(record.linear / WARP_SIZE) as usize];
    warp.live.set(warp.live.get() - 1);
    if warp.arrived.get() > 0 && warp.arrived.get() >= warp.live.get() {
        warp.release();
    }
}
