//! Handles the program holds (streams, events) and the API calls using them.
//!
//! A handle is a driver object behind a bare pointer value: the CUDA driver takes a destroyed
//! `CUstream` or `CUevent` for a live one and faults. So the runtime keeps a table of the
//! handles it made, and every call that passes a handle to a backend holds an [`InUse`] of
//! it until the backend returns. Destroying a handle first takes it out of the table (later
//! lookups fail with `hipErrorInvalidHandle`), then waits until no call still uses it, and
//! only then destroys the driver object (docs/reliability.md, "Threads").
//!
//! The tables of streams and events are here rather than in `stream` and `event`, whose
//! entry points make and destroy the handles, because nearly every area looks them up
//! (launches, copies, pools, graphs, and streams and events each other's): kept here, the
//! lookup makes no area depend on another.

use std::collections::HashMap;
use std::sync::{Arc, Condvar, LazyLock, Mutex};

use crate::api::{HipEvent, HipStream};
use crate::backend::{self, Backend};
use crate::error::RuntimeError;
use crate::sync::{lock, wait};

/// The calls using one handle.
#[derive(Default)]
struct Users {
    count: usize,
    retired: bool,
}

#[derive(Default)]
struct Live {
    users: Mutex<Users>,
    idle: Condvar,
}

/// One call's use of a handle: the handle is not destroyed while this exists.
pub(crate) struct InUse(Arc<Live>);

impl Drop for InUse {
    fn drop(&mut self) {
        let mut users = lock(&self.0.users);
        users.count -= 1;
        if users.count == 0 {
            self.0.idle.notify_all();
        }
    }
}

/// A handle taken out of its table, to be destroyed once no call uses it.
pub(crate) struct Retiring(Arc<Live>);

impl Retiring {
    /// Waits until the calls that were using the handle have returned. A call must not wait
    /// for a handle it holds an [`InUse`] of.
    pub(crate) fn wait(self) {
        let mut users = lock(&self.0.users);
        users.retired = true;
        while users.count > 0 {
            users = wait(&self.0.idle, users);
        }
    }
}

/// The live handles of one kind, with what the runtime knows of each (`I`).
pub(crate) struct Table<I> {
    entries: Mutex<HashMap<usize, (I, Arc<Live>)>>,
}

impl<I: Copy> Default for Table<I> {
    fn default() -> Self {
        Table {
            entries: Mutex::new(HashMap::new()),
        }
    }
}

impl<I: Copy> Table<I> {
    /// Records a handle a backend just made.
    pub(crate) fn insert(&self, handle: usize, info: I) {
        lock(&self.entries).insert(handle, (info, Arc::default()));
    }

    /// What is known of a live handle, without holding it.
    pub(crate) fn info(&self, handle: usize) -> Option<I> {
        lock(&self.entries).get(&handle).map(|(info, _)| *info)
    }

    /// A live handle, held until the returned [`InUse`] is dropped.
    pub(crate) fn enter(&self, handle: usize) -> Option<(I, InUse)> {
        let entries = lock(&self.entries);
        let (info, live) = entries.get(&handle)?;
        let mut users = lock(&live.users);
        if users.retired {
            return None;
        }
        users.count += 1;
        Some((*info, InUse(Arc::clone(live))))
    }

    /// Takes a handle out of the table: of two threads destroying it, one gets it.
    pub(crate) fn claim(&self, handle: usize) -> Option<(I, Retiring)> {
        lock(&self.entries)
            .remove(&handle)
            .map(|(info, live)| (info, Retiring(live)))
    }

    /// Takes every handle `which` selects out of the table (`hipDeviceReset`, which runs
    /// while no other call does, so none is in use).
    pub(crate) fn claim_all(&self, which: impl Fn(&I) -> bool) -> Vec<(usize, I)> {
        let mut entries = lock(&self.entries);
        let handles: Vec<usize> = entries
            .iter()
            .filter(|(_, (info, _))| which(info))
            .map(|(handle, _)| *handle)
            .collect();
        handles
            .into_iter()
            .filter_map(|handle| {
                let (info, live) = entries.remove(&handle)?;
                lock(&live.users).retired = true;
                Some((handle, info))
            })
            .collect()
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct StreamInfo {
    pub(crate) device: usize,
    pub(crate) flags: u32,
    pub(crate) priority: i32,
}

/// The streams `hipStreamCreate*` made and `hipStreamDestroy` has not destroyed.
pub(crate) static STREAMS: LazyLock<Table<StreamInfo>> = LazyLock::new(Table::default);

pub(crate) fn stream_info(stream: usize) -> Option<StreamInfo> {
    STREAMS.info(stream)
}

/// The backend and device that own `stream`: its creator's device, or the current device
/// for the null (0), legacy (1) and per-thread (2) streams. A handle the runtime did not
/// make (or has destroyed) is `hipErrorInvalidHandle` here: the CUDA driver would take it
/// for a `CUstream` and fault (the misuse test did, on the H100). The stream is not
/// destroyed while the returned [`InUse`] exists: keep it until the backend call returns.
pub(crate) fn stream_device(
    stream: HipStream,
) -> Result<(&'static dyn Backend, usize, Option<InUse>), RuntimeError> {
    let (backend, current) = backend::current()?;
    if stream as usize <= 2 {
        return Ok((backend, current, None));
    }
    let (info, in_use) = STREAMS
        .enter(stream as usize)
        .ok_or(RuntimeError::InvalidHandle { what: "stream" })?;
    Ok((backend, info.device, Some(in_use)))
}

/// The events `hipEventCreate*` made and `hipEventDestroy` has not destroyed, with the
/// device each was made on: any other handle is `hipErrorInvalidHandle` before a backend
/// sees it (the CUDA driver takes a stray `CUevent` for a pointer and faults;
/// tests/programs/misuse.hip did, on the H100).
pub(crate) static EVENTS: LazyLock<Table<usize>> = LazyLock::new(Table::default);

/// A live event and its device, held until the returned [`InUse`] is dropped (keep it until
/// the backend call returns).
pub(crate) fn event_device(event: HipEvent) -> Result<(usize, usize, InUse), RuntimeError> {
    let (device, in_use) = EVENTS
        .enter(event as usize)
        .ok_or(RuntimeError::InvalidHandle { what: "event" })?;
    Ok((event as usize, device, in_use))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;

    #[test]
    fn a_claimed_handle_is_gone_for_new_calls() {
        let table = Table::default();
        table.insert(0x40, 3usize);
        assert_eq!(table.enter(0x40).map(|(info, _)| info), Some(3));
        let (info, retiring) = table.claim(0x40).unwrap();
        assert_eq!(info, 3);
        assert!(table.claim(0x40).is_none(), "claimed twice");
        assert!(table.enter(0x40).is_none());
        retiring.wait();
    }

    #[test]
    fn destruction_waits_for_the_calls_using_the_handle() {
        let table = Table::default();
        table.insert(0x40, ());
        let (_, in_use) = table.enter(0x40).unwrap();
        let released = AtomicBool::new(false);
        std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(Duration::from_millis(50));
                released.store(true, Ordering::SeqCst);
                drop(in_use);
            });
            let (_, retiring) = table.claim(0x40).unwrap();
            retiring.wait();
            assert!(released.load(Ordering::SeqCst), "destroyed while in use");
        });
    }

    /// Many threads use, destroy and re-create handles whose values repeat (as a driver's
    /// freed handles do): a handle is never destroyed twice, never while in use, and a
    /// re-created handle is never lost to an earlier destruction.
    #[test]
    fn handles_churned_from_many_threads() {
        let table: Table<usize> = Table::default();
        let in_use = [(); 4].map(|()| std::sync::atomic::AtomicUsize::new(0));
        for value in 0..4 {
            table.insert(value, 0);
        }
        std::thread::scope(|scope| {
            for thread in 0..8 {
                let (table, in_use) = (&table, &in_use);
                scope.spawn(move || {
                    for round in 0..2000 {
                        let value = (thread + round) % 4;
                        if round % 3 == 0 {
                            if let Some((_, retiring)) = table.claim(value) {
                                retiring.wait();
                                assert_eq!(in_use[value].load(Ordering::SeqCst), 0);
                                table.insert(value, round);
                            }
                        } else if let Some((_, held)) = table.enter(value) {
                            in_use[value].fetch_add(1, Ordering::SeqCst);
                            std::thread::yield_now();
                            in_use[value].fetch_sub(1, Ordering::SeqCst);
                            drop(held);
                        }
                    }
                });
            }
        });
    }
}
