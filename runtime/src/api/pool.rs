//! Stream-ordered allocation (`hipMallocAsync`, `hipFreeAsync`, `hipMallocFromPoolAsync`)
//! and memory pools, kept by the runtime on both backends.
//!
//! A pool hands out device memory of its device and caches what is freed. `hipFreeAsync`
//! queues a host function on the stream that returns the block to the cache when the
//! stream gets there, so a later allocation can only reuse memory whose earlier users have
//! finished. Cached memory above the pool's release threshold goes back to the device at
//! the next synchronisation (`hipDeviceSynchronize`, `hipStreamSynchronize`,
//! `hipEventSynchronize`), as HIP and CUDA do; `hipMemPoolTrimTo` releases on demand.
//! Cached memory never makes an allocation fail: a device allocation that fails for lack of
//! memory (here and in `memory`) releases every cached block of its device and tries once
//! more (`retry_out_of_memory`), whatever the pools' thresholds.
//! Pools export nothing (no IPC handle types), and allocation in a capturing stream (graph
//! memory nodes) is not supported.

use std::collections::HashMap;
use std::ffi::{c_int, c_void};
use std::sync::{LazyLock, Mutex, MutexGuard};

use crate::api::{call, device_index, non_null, HipStream};
use crate::backend;
use crate::error::{HipError, RuntimeError};
use crate::types::{MemAccessDesc, MemLocation, MemPoolProps};

pub type HipMemPool = *mut c_void;

/// `hipMemAccessFlags`.
const ACCESS_NONE: c_int = 0;
const ACCESS_READ_WRITE: c_int = 3;

#[derive(Debug)]
struct Pool {
    device: usize,
    release_threshold: u64,
    /// `hipMemPoolReuseFollowEventDependencies`, `…AllowOpportunistic`,
    /// `…AllowInternalDependencies` (attributes 1–3).
    reuse: [c_int; 3],
    /// Freed blocks: (address, size).
    cached: Vec<(u64, usize)>,
    /// Blocks handed out: address → size.
    used: HashMap<u64, usize>,
    reserved_high: u64,
    used_high: u64,
    /// Access granted to other devices.
    access: HashMap<usize, c_int>,
    /// Destroyed while blocks were still in use: those are released as they come back.
    destroyed: bool,
}

impl Pool {
    fn new(device: usize) -> Pool {
        Pool {
            device,
            release_threshold: 0,
            reuse: [1, 1, 1],
            cached: Vec::new(),
            used: HashMap::new(),
            reserved_high: 0,
            used_high: 0,
            access: HashMap::new(),
            destroyed: false,
        }
    }

    fn used_bytes(&self) -> u64 {
        self.used.values().map(|size| *size as u64).sum()
    }

    fn reserved_bytes(&self) -> u64 {
        self.used_bytes()
            + self
                .cached
                .iter()
                .map(|(_, size)| *size as u64)
                .sum::<u64>()
    }

    fn note_high_water(&mut self) {
        self.reserved_high = self.reserved_high.max(self.reserved_bytes());
        self.used_high = self.used_high.max(self.used_bytes());
    }

    /// A cached block that fits `size` without wasting more than half of it (best fit).
    fn take_cached(&mut self, size: usize) -> Option<(u64, usize)> {
        let index = self
            .cached
            .iter()
            .enumerate()
            .filter(|(_, (_, block))| *block >= size && *block <= size.saturating_mul(2))
            .min_by_key(|(_, (_, block))| *block)
            .map(|(index, _)| index)?;
        Some(self.cached.swap_remove(index))
    }

    /// Cached blocks to release so that at most `keep` bytes stay reserved.
    fn trim(&mut self, keep: u64) -> Vec<u64> {
        let mut released = Vec::new();
        // Largest first, so that as few blocks as possible go.
        self.cached.sort_by_key(|(_, size)| *size);
        while self.reserved_bytes() > keep {
            let Some((address, _)) = self.cached.pop() else {
                break;
            };
            released.push(address);
        }
        released
    }
}

#[derive(Default)]
struct Pools {
    next: usize,
    pools: HashMap<usize, Pool>,
    /// Each device's default pool and current pool.
    defaults: HashMap<usize, usize>,
    current: HashMap<usize, usize>,
    /// Block address → its pool.
    owners: HashMap<u64, usize>,
}

static POOLS: LazyLock<Mutex<Pools>> = LazyLock::new(|| {
    Mutex::new(Pools {
        next: 0x9000,
        ..Pools::default()
    })
});

fn lock() -> MutexGuard<'static, Pools> {
    crate::sync::lock(&POOLS)
}

impl Pools {
    fn create(&mut self, device: usize) -> usize {
        self.next += 0x10;
        self.pools.insert(self.next, Pool::new(device));
        self.next
    }

    fn default_pool(&mut self, device: usize) -> usize {
        if let Some(pool) = self.defaults.get(&device) {
            return *pool;
        }
        let pool = self.create(device);
        self.defaults.insert(device, pool);
        pool
    }

    fn current_pool(&mut self, device: usize) -> usize {
        match self.current.get(&device) {
            Some(pool) => *pool,
            None => self.default_pool(device),
        }
    }

    /// Takes every cached block of `device`'s pools out of its pool, for release: the
    /// addresses, and the bytes they hold.
    fn take_all_cached(&mut self, device: usize) -> (Vec<u64>, u64) {
        let mut addresses = Vec::new();
        let mut bytes = 0;
        for pool in self.pools.values_mut() {
            if pool.device != device {
                continue;
            }
            for (address, size) in pool.cached.drain(..) {
                addresses.push(address);
                bytes += size as u64;
            }
        }
        for address in &addresses {
            self.owners.remove(address);
        }
        // A destroyed pool goes once its last block has.
        self.pools
            .retain(|_, pool| !pool.destroyed || !pool.used.is_empty());
        (addresses, bytes)
    }

    fn live(&mut self, pool: HipMemPool) -> Result<&mut Pool, RuntimeError> {
        self.pools
            .get_mut(&(pool as usize))
            .filter(|pool| !pool.destroyed)
            .ok_or(RuntimeError::InvalidValue {
                argument: "mem_pool",
            })
    }
}

/// Releases `addresses` to device `device`.
fn release(device: usize, addresses: Vec<u64>) {
    if addresses.is_empty() {
        return;
    }
    let Ok((backend, _)) = backend::current() else {
        return;
    };
    for address in addresses {
        if let Err(error) = backend.free(device, address) {
            crate::log::log!(1, "releasing pooled memory {address:#x}: {error}");
        }
    }
}

/// After a synchronisation: every pool (of `device`, or all) keeps at most its release
/// threshold of cached memory.
pub(crate) fn release_unused(device: Option<usize>) {
    let mut pools = lock();
    if pools.pools.is_empty() {
        return;
    }
    let mut released: Vec<(usize, Vec<u64>)> = Vec::new();
    for pool in pools.pools.values_mut() {
        if device.is_some_and(|device| device != pool.device) || pool.cached.is_empty() {
            continue;
        }
        let keep = if pool.destroyed {
            0
        } else {
            pool.release_threshold
        };
        released.push((pool.device, pool.trim(keep)));
    }
    for (_, addresses) in &released {
        for address in addresses {
            pools.owners.remove(address);
        }
    }
    pools
        .pools
        .retain(|_, pool| !pool.destroyed || !pool.used.is_empty());
    drop(pools);
    for (device, addresses) in released {
        release(device, addresses);
    }
}

/// Releases every cached block of `device`'s pools, whatever their release thresholds;
/// returns whether there was any.
pub(crate) fn release_cached(device: usize) -> bool {
    let (addresses, bytes) = lock().take_all_cached(device);
    if addresses.is_empty() {
        return false;
    }
    crate::log::log!(
        1,
        "device {device} is out of memory: releasing {bytes} bytes cached by memory pools"
    );
    release(device, addresses);
    true
}

/// Runs `allocate`, an allocation of `device`'s memory; if it fails for lack of memory,
/// releases the memory that pools of the device cache and runs it once more. The pools'
/// lock is not held here: `allocate` calls the backend.
pub(crate) fn retry_out_of_memory<T>(
    device: usize,
    allocate: impl FnMut() -> Result<T, RuntimeError>,
) -> Result<T, RuntimeError> {
    retry_after_release(allocate, || release_cached(device))
}

/// `allocate`, and once more after `release` when it failed for lack of memory and
/// `release` freed something.
fn retry_after_release<T>(
    mut allocate: impl FnMut() -> Result<T, RuntimeError>,
    release: impl FnOnce() -> bool,
) -> Result<T, RuntimeError> {
    match allocate() {
        Err(error) if error.code() == HipError::ErrorOutOfMemory && release() => allocate(),
        result => result,
    }
}

/// `hipFree` of a pooled block: it leaves its pool.
pub(crate) fn forget_allocation(address: u64) {
    let mut pools = lock();
    if let Some(pool) = pools.owners.remove(&address) {
        if let Some(pool) = pools.pools.get_mut(&pool) {
            pool.used.remove(&address);
        }
    }
}

/// `hipDeviceReset`: the device's memory is gone, and with it its pools.
pub(crate) fn forget_device(device: usize) {
    let mut pools = lock();
    let gone: Vec<usize> = pools
        .pools
        .iter()
        .filter(|(_, pool)| pool.device == device)
        .map(|(handle, _)| *handle)
        .collect();
    let Pools {
        pools: table,
        owners,
        defaults,
        current,
        ..
    } = &mut *pools;
    for handle in gone {
        table.remove(&handle);
    }
    owners.retain(|_, pool| table.contains_key(pool));
    defaults.remove(&device);
    current.remove(&device);
}

/// Which pool an allocation comes from.
#[derive(Clone, Copy)]
enum From {
    /// The current pool of the stream's device (`hipMallocAsync`).
    Current,
    Pool(usize),
}

fn allocate(from: From, size: usize, stream: HipStream) -> Result<*mut c_void, RuntimeError> {
    if crate::api::capture::info(stream as usize)?.0 != crate::api::capture::STATUS_NONE {
        return Err(RuntimeError::status(
            HipError::ErrorNotSupported,
            "stream-ordered allocation in a capturing stream (graph memory nodes)",
        ));
    }
    let (backend, stream_device, _in_use) = crate::api::live::stream_device(stream)?;
    // The pool is found and its cache tried under one lock, so that a pool destroyed by
    // another thread meanwhile is an error here, not a block recorded for a dead pool.
    let (pool, device) = {
        let mut pools = lock();
        let pool = match from {
            From::Current => pools.current_pool(stream_device),
            From::Pool(pool) => pool,
        };
        let entry = pools.live(pool as HipMemPool)?;
        if size == 0 {
            return Ok(std::ptr::null_mut());
        }
        if let Some((address, block)) = entry.take_cached(size) {
            entry.used.insert(address, block);
            entry.note_high_water();
            return Ok(address as *mut c_void);
        }
        (pool, entry.device)
    };
    let address = retry_out_of_memory(device, || backend.malloc(device, size))?;
    let mut pools = lock();
    match pools.live(pool as HipMemPool) {
        Ok(entry) => {
            entry.used.insert(address, size);
            entry.note_high_water();
            pools.owners.insert(address, pool);
            Ok(address as *mut c_void)
        }
        Err(gone) => {
            drop(pools);
            // Destroyed while the block was allocated: give it back.
            let _ = backend.free(device, address);
            Err(gone)
        }
    }
}

/// # Safety
/// `ptr` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMallocAsync(
    ptr: *mut *mut c_void,
    size: usize,
    stream: HipStream,
) -> HipError {
    call("hipMallocAsync", || {
        non_null(ptr, "dev_ptr")?;
        let allocation = allocate(From::Current, size, stream)?;
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { ptr.write(allocation) };
        Ok(())
    })
}

/// # Safety
/// `ptr` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMallocFromPoolAsync(
    ptr: *mut *mut c_void,
    size: usize,
    pool: HipMemPool,
    stream: HipStream,
) -> HipError {
    call("hipMallocFromPoolAsync", || {
        non_null(ptr, "dev_ptr")?;
        let allocation = allocate(From::Pool(pool as usize), size, stream)?;
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { ptr.write(allocation) };
        Ok(())
    })
}

/// Returns a block to its pool when `stream` gets here; memory from `hipMalloc` is freed
/// once the stream's earlier work is done.
///
/// # Safety
/// `ptr` must be NULL or memory from a HIP allocation, unused after the stream gets here.
#[no_mangle]
pub unsafe extern "C" fn hipFreeAsync(ptr: *mut c_void, stream: HipStream) -> HipError {
    call("hipFreeAsync", || {
        non_null(ptr, "dev_ptr")?;
        if crate::api::capture::info(stream as usize)?.0 != crate::api::capture::STATUS_NONE {
            return Err(RuntimeError::status(
                HipError::ErrorNotSupported,
                "stream-ordered free in a capturing stream (graph memory nodes)",
            ));
        }
        let address = ptr as u64;
        let (backend, device, _in_use) = crate::api::live::stream_device(stream)?;
        let owner = lock().owners.get(&address).copied();
        let Some(pool) = owner else {
            backend.stream_synchronize(device, stream as usize)?;
            return backend.free(device, address);
        };
        let give_back = move || {
            let mut pools = lock();
            if let Some(entry) = pools.pools.get_mut(&pool) {
                if let Some(size) = entry.used.remove(&address) {
                    entry.cached.push((address, size));
                }
            }
        };
        // A stream with nothing left to run has passed every use of the block already: it
        // goes back now, sparing a host function's round trip through the driver (Thrust
        // frees its temporaries so, after the algorithm's work is done).
        if backend.stream_query(device, stream as usize).is_ok() {
            give_back();
            return Ok(());
        }
        backend.launch_host_func(device, stream as usize, Box::new(give_back))
    })
}

/// # Safety
/// `pool` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetDefaultMemPool(
    pool: *mut HipMemPool,
    device: c_int,
) -> HipError {
    call("hipDeviceGetDefaultMemPool", || {
        non_null(pool, "mem_pool")?;
        let device = device_index(backend::get(), device)?;
        let handle = lock().default_pool(device);
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { pool.write(handle as HipMemPool) };
        Ok(())
    })
}

/// # Safety
/// `pool` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetMemPool(pool: *mut HipMemPool, device: c_int) -> HipError {
    call("hipDeviceGetMemPool", || {
        non_null(pool, "mem_pool")?;
        let device = device_index(backend::get(), device)?;
        let handle = lock().current_pool(device);
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { pool.write(handle as HipMemPool) };
        Ok(())
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceSetMemPool(device: c_int, pool: HipMemPool) -> HipError {
    call("hipDeviceSetMemPool", || {
        let device = device_index(backend::get(), device)?;
        let mut pools = lock();
        if pools.live(pool)?.device != device {
            return Err(RuntimeError::InvalidValue {
                argument: "mem_pool",
            });
        }
        pools.current.insert(device, pool as usize);
        Ok(())
    })
}

/// Pinned device memory of one device (`hipMemLocationTypeDevice`), without export
/// handles (`hipMemHandleTypeNone`); anything else is `hipErrorNotSupported`.
///
/// # Safety
/// `pool` must be NULL or writable; `props` NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn hipMemPoolCreate(
    pool: *mut HipMemPool,
    props: *const MemPoolProps,
) -> HipError {
    call("hipMemPoolCreate", || {
        non_null(pool, "mem_pool")?;
        non_null(props, "pool_props")?;
        // SAFETY: checked non-null; the caller promises it readable.
        let props = unsafe { props.read() };
        // hipMemAllocationTypePinned 1, hipMemLocationTypeDevice 1.
        if props.allocType != 1 || props.location.type_ != 1 {
            return Err(RuntimeError::InvalidValue {
                argument: "pool_props",
            });
        }
        let device = device_index(backend::get(), props.location.id)?;
        if props.handleTypes != 0 {
            return Err(RuntimeError::NotSupported {
                what: "memory pools with export handle types",
                detail: String::new(),
            });
        }
        let handle = lock().create(device);
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { pool.write(handle as HipMemPool) };
        Ok(())
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipMemPoolDestroy(pool: HipMemPool) -> HipError {
    call("hipMemPoolDestroy", || {
        let mut pools = lock();
        let device = pools.live(pool)?.device;
        if pools.defaults.get(&device) == Some(&(pool as usize)) {
            return Err(RuntimeError::InvalidValue {
                argument: "a device's default pool",
            });
        }
        if pools.current.get(&device) == Some(&(pool as usize)) {
            pools.current.remove(&device);
        }
        let entry = pools.live(pool)?;
        entry.destroyed = true;
        let released = entry.trim(0);
        let empty = entry.used.is_empty();
        for address in &released {
            pools.owners.remove(address);
        }
        if empty {
            pools.pools.remove(&(pool as usize));
        }
        drop(pools);
        release(device, released);
        Ok(())
    })
}

/// Releases cached memory until the pool holds at most `keep` bytes.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipMemPoolTrimTo(pool: HipMemPool, keep: usize) -> HipError {
    call("hipMemPoolTrimTo", || {
        let mut pools = lock();
        let entry = pools.live(pool)?;
        let device = entry.device;
        let released = entry.trim(keep as u64);
        for address in &released {
            pools.owners.remove(address);
        }
        drop(pools);
        release(device, released);
        Ok(())
    })
}

/// `hipMemPoolAttr`: the reuse switches 1–3 (`int`), ReleaseThreshold 4, and the
/// `uint64_t` statistics 5–8, of which only the high-water marks (6, 8) can be set, to 0.
///
/// # Safety
/// `value` must be NULL or point to the attribute's type.
#[no_mangle]
pub unsafe extern "C" fn hipMemPoolSetAttribute(
    pool: HipMemPool,
    attribute: c_int,
    value: *mut c_void,
) -> HipError {
    call("hipMemPoolSetAttribute", || {
        non_null(value, "value")?;
        let mut pools = lock();
        let entry = pools.live(pool)?;
        match attribute {
            1..=3 => {
                // SAFETY: checked non-null; these attributes are `int`.
                entry.reuse[attribute as usize - 1] = unsafe { value.cast::<c_int>().read() };
            }
            // SAFETY (all three): checked non-null; these attributes are `uint64_t`.
            4 => entry.release_threshold = unsafe { value.cast::<u64>().read() },
            6 if unsafe { value.cast::<u64>().read() } == 0 => {
                entry.reserved_high = entry.reserved_bytes();
            }
            8 if unsafe { value.cast::<u64>().read() } == 0 => {
                entry.used_high = entry.used_bytes();
            }
            _ => return Err(RuntimeError::InvalidValue { argument: "attr" }),
        }
        Ok(())
    })
}

/// # Safety
/// `value` must be NULL or point to the attribute's type.
#[no_mangle]
pub unsafe extern "C" fn hipMemPoolGetAttribute(
    pool: HipMemPool,
    attribute: c_int,
    value: *mut c_void,
) -> HipError {
    call("hipMemPoolGetAttribute", || {
        non_null(value, "value")?;
        let mut pools = lock();
        let entry = pools.live(pool)?;
        let wide = match attribute {
            1..=3 => {
                // SAFETY: checked non-null; these attributes are `int`.
                unsafe {
                    value
                        .cast::<c_int>()
                        .write(entry.reuse[attribute as usize - 1])
                };
                return Ok(());
            }
            4 => entry.release_threshold,
            5 => entry.reserved_bytes(),
            6 => entry.reserved_high,
            7 => entry.used_bytes(),
            8 => entry.used_high,
            _ => return Err(RuntimeError::InvalidValue { argument: "attr" }),
        };
        // SAFETY: checked non-null; these attributes are `uint64_t`.
        unsafe { value.cast::<u64>().write(wide) };
        Ok(())
    })
}

/// Grants (or, for other devices, revokes) access to the pool's memory.
///
/// # Safety
/// `descriptors` must be NULL or hold `count` readable entries.
#[no_mangle]
pub unsafe extern "C" fn hipMemPoolSetAccess(
    pool: HipMemPool,
    descriptors: *const MemAccessDesc,
    count: usize,
) -> HipError {
    call("hipMemPoolSetAccess", || {
        if count == 0 {
            return Ok(());
        }
        non_null(descriptors, "desc_list")?;
        // SAFETY: checked non-null; the caller promises `count` readable entries.
        let list = unsafe { std::slice::from_raw_parts(descriptors, count) };
        let backend = backend::get();
        let mut pools = lock();
        let entry = pools.live(pool)?;
        for descriptor in list {
            if descriptor.location.type_ != 1 || ![0, 1, 3].contains(&descriptor.flags) {
                return Err(RuntimeError::InvalidValue {
                    argument: "desc_list",
                });
            }
            let device = device_index(backend, descriptor.location.id)?;
            if device == entry.device {
                // The owner always has read-write access.
                if descriptor.flags != ACCESS_READ_WRITE {
                    return Err(RuntimeError::InvalidValue {
                        argument: "desc_list",
                    });
                }
                continue;
            }
            if descriptor.flags != ACCESS_NONE && !backend.can_access_peer(device, entry.device)? {
                return Err(RuntimeError::status(
                    HipError::ErrorInvalidDevice,
                    format!(
                        "device {device} cannot access the memory of device {}",
                        entry.device
                    ),
                ));
            }
            entry.access.insert(device, descriptor.flags);
        }
        Ok(())
    })
}

/// # Safety
/// `flags` must be NULL or writable; `location` NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn hipMemPoolGetAccess(
    flags: *mut c_int,
    pool: HipMemPool,
    location: *const MemLocation,
) -> HipError {
    call("hipMemPoolGetAccess", || {
        non_null(flags, "flags")?;
        non_null(location, "location")?;
        // SAFETY: checked non-null; the caller promises it readable.
        let location = unsafe { location.read() };
        if location.type_ != 1 {
            return Err(RuntimeError::InvalidValue {
                argument: "location",
            });
        }
        let device = device_index(backend::get(), location.id)?;
        let mut pools = lock();
        let entry = pools.live(pool)?;
        let value = if device == entry.device {
            ACCESS_READ_WRITE
        } else {
            entry.access.get(&device).copied().unwrap_or(ACCESS_NONE)
        };
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { flags.write(value) };
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cached_blocks_are_reused_by_best_fit() {
        let mut pool = Pool::new(0);
        pool.cached = vec![(0x1000, 4096), (0x9000, 512), (0x5000, 1024)];
        assert_eq!(pool.take_cached(600), Some((0x5000, 1024)));
        // 4096 bytes is more than twice 1500: a new block is better.
        assert_eq!(pool.take_cached(1500), None);
        assert_eq!(pool.take_cached(3000), Some((0x1000, 4096)));
        assert_eq!(pool.reserved_bytes(), 512);
    }

    fn out_of_memory() -> RuntimeError {
        RuntimeError::status(HipError::ErrorOutOfMemory, "no memory")
    }

    /// Runs `retry_after_release` over `results`, one an attempt, with a release that frees
    /// something when `released`; returns the result, the attempts and the releases.
    fn check_retry(
        results: Vec<Result<u64, RuntimeError>>,
        released: bool,
    ) -> (Result<u64, RuntimeError>, usize, usize) {
        let mut results = results.into_iter();
        let mut attempts = 0;
        let mut releases = 0;
        let result = retry_after_release(
            || {
                attempts += 1;
                results.next().expect("no more attempts planned")
            },
            || {
                releases += 1;
                released
            },
        );
        (result, attempts, releases)
    }

    #[test]
    fn out_of_memory_releases_cached_memory_and_tries_once_more() {
        let (result, attempts, releases) = check_retry(vec![Err(out_of_memory()), Ok(7)], true);
        assert_eq!((result.ok(), attempts, releases), (Some(7), 2, 1));
        // Still out of memory after the release: the error, after one retry only.
        let (result, attempts, releases) =
            check_retry(vec![Err(out_of_memory()), Err(out_of_memory())], true);
        assert_eq!(
            result.map_err(|error| error.code()),
            Err(HipError::ErrorOutOfMemory)
        );
        assert_eq!((attempts, releases), (2, 1));
        // Nothing was cached: no second attempt.
        let (result, attempts, releases) = check_retry(vec![Err(out_of_memory())], false);
        assert!(result.is_err());
        assert_eq!((attempts, releases), (1, 1));
        // Other failures and successes release nothing.
        let invalid = RuntimeError::InvalidValue { argument: "size" };
        let (result, attempts, releases) = check_retry(vec![Err(invalid)], true);
        assert_eq!(
            result.map_err(|error| error.code()),
            Err(HipError::ErrorInvalidValue)
        );
        assert_eq!((attempts, releases), (1, 0));
        let (result, attempts, releases) = check_retry(vec![Ok(3)], true);
        assert_eq!((result.ok(), attempts, releases), (Some(3), 1, 0));
    }

    #[test]
    fn releasing_a_device_takes_every_cached_block_of_its_pools() {
        let mut pools = Pools::default();
        let kept = pools.create(0);
        let other = pools.create(0);
        let elsewhere = pools.create(1);
        let destroyed = pools.create(0);
        let blocks = [
            (kept, 0x1000, 4096),
            (other, 0x2000, 512),
            (elsewhere, 0x3000, 256),
            (destroyed, 0x4000, 1024),
        ];
        for (handle, address, size) in blocks {
            let pool = pools.pools.get_mut(&handle).unwrap();
            pool.cached.push((address, size));
            pools.owners.insert(address, handle);
        }
        let in_use = pools.pools.get_mut(&kept).unwrap();
        in_use.used.insert(0x5000, 100);
        pools.owners.insert(0x5000, kept);
        pools.pools.get_mut(&destroyed).unwrap().destroyed = true;

        let (mut addresses, bytes) = pools.take_all_cached(0);
        addresses.sort_unstable();
        assert_eq!(addresses, [0x1000, 0x2000, 0x4000]);
        assert_eq!(bytes, 4096 + 512 + 1024);
        // Blocks in use and other devices' caches stay; the destroyed pool is gone.
        assert_eq!(pools.pools[&kept].reserved_bytes(), 100);
        assert_eq!(pools.pools[&elsewhere].reserved_bytes(), 256);
        assert!(!pools.pools.contains_key(&destroyed));
        let mut owned: Vec<u64> = pools.owners.keys().copied().collect();
        owned.sort_unstable();
        assert_eq!(owned, [0x3000, 0x5000]);
        assert_eq!(pools.take_all_cached(0), (Vec::new(), 0));
    }

    #[test]
    fn trimming_keeps_used_memory() {
        let mut pool = Pool::new(0);
        pool.used.insert(0x100, 1000);
        pool.cached = vec![(0x1000, 300), (0x2000, 700)];
        assert_eq!(pool.trim(1400), [0x2000]);
        assert_eq!(pool.reserved_bytes(), 1300);
        assert_eq!(pool.trim(0), [0x1000]);
        assert_eq!(pool.reserved_bytes(), 1000);
    }
}
