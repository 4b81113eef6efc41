//! The device API: initialisation and versions, the current device, properties and
//! attributes, PCI identity, limits, cache and shared memory preferences, device flags,
//! device choice, peer access, `hipDeviceSynchronize` and `hipDeviceReset`, the context API's
//! simple part (a context is a device here) and the profiler switches.
//!
//! `hipDeviceReset` has the other areas forget the device's streams, events, pools and
//! graphs, so this area depends on those; none of them depends on this one.
//!
//! Preferences the hardware may ignore (cache configuration, shared-memory bank size, the
//! scheduling flags) are kept per device by the runtime, so that a program reads back what
//! it set on every backend; the CUDA backend also passes them to the driver.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::ffi::{c_char, c_int, c_void, CStr};
use std::sync::{LazyLock, Mutex, MutexGuard};

use crate::api::{call, call_alone, capture, device_index, event, graph, non_null, pool, stream};
use crate::backend::{self, limit, Backend};
use crate::error::{HipError, RuntimeError};
use crate::thread;
use crate::types::{self, DeviceProp};

#[derive(Clone, Debug, Default)]
struct DeviceState {
    flags: u32,
    cache_config: i32,
    shared_mem_config: i32,
    /// Devices this one has peer access to.
    peers: HashSet<usize>,
}

static STATE: LazyLock<Mutex<HashMap<usize, DeviceState>>> = LazyLock::new(Mutex::default);

fn lock() -> MutexGuard<'static, HashMap<usize, DeviceState>> {
    crate::sync::lock(&STATE)
}

/// Runs `body` on the device's state under the lock. The setters call the backend inside
/// `body` (short driver calls that never come back into `api`), so that what is recorded is
/// what the driver was last told, and two threads' checks and changes do not interleave.
fn with_state<T>(device: usize, body: impl FnOnce(&mut DeviceState) -> T) -> T {
    body(lock().entry(device).or_default())
}

/// `hipDeviceReset`: the device's preferences and peer access go back to their defaults.
pub(crate) fn forget(device: usize) {
    lock().remove(&device);
}

fn properties(device: c_int) -> Result<(&'static dyn Backend, usize, DeviceProp), RuntimeError> {
    let backend = backend::get();
    let index = device_index(backend, device)?;
    Ok((backend, index, backend.properties(index)?))
}

/// Initialises the runtime (selects the backend). Only `flags == 0` is defined.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipInit(flags: u32) -> HipError {
    call("hipInit", || {
        if flags != 0 {
            return Err(RuntimeError::InvalidValue { argument: "flags" });
        }
        backend::current().map(|_| ())
    })
}

/// # Safety
/// `count` must be NULL or point to writable `int`.
#[no_mangle]
pub unsafe extern "C" fn hipGetDeviceCount(count: *mut c_int) -> HipError {
    call("hipGetDeviceCount", || {
        non_null(count, "count")?;
        let backend = backend::get();
        let devices = c_int::try_from(backend.device_count()).unwrap_or(c_int::MAX);
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { count.write(devices) };
        // HIP reports "no device" as an error, with the count set to 0.
        if devices == 0 {
            return Err(backend.unavailable());
        }
        Ok(())
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipSetDevice(device: c_int) -> HipError {
    call("hipSetDevice", || {
        device_index(backend::get(), device)?;
        thread::set_current_device(device);
        Ok(())
    })
}

/// # Safety
/// `device` must be NULL or point to writable `int`.
#[no_mangle]
pub unsafe extern "C" fn hipGetDevice(device: *mut c_int) -> HipError {
    call("hipGetDevice", || {
        non_null(device, "device")?;
        let (_, current) = backend::current()?;
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { device.write(current as c_int) };
        Ok(())
    })
}

/// # Safety
/// `prop` must be NULL or point to a writable `hipDeviceProp_t` (HIP 6 layout).
#[no_mangle]
pub unsafe extern "C" fn hipGetDeviceProperties(prop: *mut DeviceProp, device: c_int) -> HipError {
    call("hipGetDeviceProperties", || {
        non_null(prop, "prop")?;
        let backend = backend::get();
        let index = device_index(backend, device)?;
        let properties = backend.properties(index)?;
        // SAFETY: checked non-null; the caller promises a writable hipDeviceProp_t.
        unsafe { prop.write(properties) };
        Ok(())
    })
}

/// The name HIP 6 headers use for `hipGetDeviceProperties` (same layout).
///
/// # Safety
/// As for [`hipGetDeviceProperties`].
#[no_mangle]
pub unsafe extern "C" fn hipGetDevicePropertiesR0600(
    prop: *mut DeviceProp,
    device: c_int,
) -> HipError {
    // SAFETY: same contract.
    unsafe { hipGetDeviceProperties(prop, device) }
}

/// # Safety
/// `value` must be NULL or point to a writable `int`.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetAttribute(
    value: *mut c_int,
    attribute: c_int,
    device: c_int,
) -> HipError {
    call("hipDeviceGetAttribute", || {
        non_null(value, "value")?;
        let backend = backend::get();
        let index = device_index(backend, device)?;
        let properties = backend.properties(index)?;
        let extras = backend.extras(index);
        let result = types::device_attribute(&properties, &extras, attribute).ok_or(
            RuntimeError::InvalidValue {
                argument: "attribute",
            },
        )?;
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { value.write(result) };
        Ok(())
    })
}

/// Copies the device name, truncated to `length - 1` bytes and NUL-terminated.
///
/// # Safety
/// `name` must be NULL or point to `length` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetName(
    name: *mut c_char,
    length: c_int,
    device: c_int,
) -> HipError {
    call("hipDeviceGetName", || {
        non_null(name, "name")?;
        let length = usize::try_from(length)
            .ok()
            .filter(|length| *length > 0)
            .ok_or(RuntimeError::InvalidValue { argument: "len" })?;
        let backend = backend::get();
        let index = device_index(backend, device)?;
        let properties = backend.properties(index)?;
        // SAFETY: checked non-null; the caller promises `length` writable bytes.
        let target = unsafe { std::slice::from_raw_parts_mut(name, length) };
        // SAFETY: `properties.name` is NUL-terminated by `set_c_string`.
        let text = unsafe { std::ffi::CStr::from_ptr(properties.name.as_ptr()) };
        types::set_c_string(target, &text.to_string_lossy());
        Ok(())
    })
}

/// The HIP version this runtime implements, encoded as HIP_VERSION
/// (major × 10 000 000 + minor × 100 000 + patch; `crate::version`, from the header).
pub const HIP_VERSION: c_int = crate::version::ENCODED;

/// # Safety
/// `version` must be NULL or point to writable `int`.
#[no_mangle]
pub unsafe extern "C" fn hipRuntimeGetVersion(version: *mut c_int) -> HipError {
    call("hipRuntimeGetVersion", || {
        non_null(version, "version")?;
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { version.write(HIP_VERSION) };
        Ok(())
    })
}

/// Writes the vendor driver's version (CUDA encoding on NVIDIA), or 0 without a driver.
///
/// # Safety
/// `version` must be NULL or point to writable `int`.
#[no_mangle]
pub unsafe extern "C" fn hipDriverGetVersion(version: *mut c_int) -> HipError {
    call("hipDriverGetVersion", || {
        non_null(version, "version")?;
        let driver = backend::get().driver_version();
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { version.write(driver) };
        Ok(())
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceSynchronize() -> HipError {
    call("hipDeviceSynchronize", || {
        capture::check_device_sync()?;
        let (backend, device) = backend::current()?;
        backend.synchronize(device)?;
        pool::release_unused(Some(device));
        Ok(())
    })
}

/// Destroys every allocation, stream, event and loaded module of the current device.
///
/// # Safety
/// Always safe to call; pointers and handles from before the reset become invalid.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceReset() -> HipError {
    // Alone: no other thread is using a stream, event, pool or module of the device.
    call_alone("hipDeviceReset", || {
        let (backend, device) = backend::current()?;
        capture::reset(device);
        pool::forget_device(device);
        stream::forget_device(device);
        event::forget_device(device);
        graph::forget_device(device);
        forget(device);
        backend.reset(device)
    })
}

/// `domain:bus:device.function`, as lower-case hex ("0000:c1:00.0").
fn pci_bus_id(prop: &DeviceProp) -> String {
    format!(
        "{:04x}:{:02x}:{:02x}.0",
        prop.pciDomainID, prop.pciBusID, prop.pciDeviceID
    )
}

/// Reads `[domain:]bus:device.function` (hex fields).
fn parse_pci_bus_id(text: &str) -> Option<(i32, i32, i32)> {
    let (location, _function) = text.trim().split_once('.')?;
    let fields: Vec<&str> = location.split(':').collect();
    let hex = |field: &str| i32::from_str_radix(field, 16).ok();
    match fields.as_slice() {
        [domain, bus, device] => Some((hex(domain)?, hex(bus)?, hex(device)?)),
        [bus, device] => Some((0, hex(bus)?, hex(device)?)),
        _ => None,
    }
}

/// # Safety
/// `id` must be NULL or point to `length` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetPCIBusId(
    id: *mut c_char,
    length: c_int,
    device: c_int,
) -> HipError {
    call("hipDeviceGetPCIBusId", || {
        non_null(id, "pciBusId")?;
        let (_, _, prop) = properties(device)?;
        let text = pci_bus_id(&prop);
        let length = usize::try_from(length)
            .ok()
            .filter(|length| *length > text.len())
            .ok_or(RuntimeError::InvalidValue { argument: "len" })?;
        // SAFETY: checked non-null; the caller promises `length` writable bytes.
        let target = unsafe { std::slice::from_raw_parts_mut(id, length) };
        crate::types::set_c_string(target, &text);
        Ok(())
    })
}

/// # Safety
/// `device` must be NULL or writable; `id` NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetByPCIBusId(device: *mut c_int, id: *const c_char) -> HipError {
    call("hipDeviceGetByPCIBusId", || {
        non_null(device, "device")?;
        non_null(id, "pciBusId")?;
        // SAFETY: checked non-null; the caller promises a NUL-terminated string.
        let text = unsafe { CStr::from_ptr(id) }.to_string_lossy();
        let wanted = parse_pci_bus_id(&text).ok_or(RuntimeError::InvalidValue {
            argument: "pciBusId",
        })?;
        let backend = backend::get();
        for index in 0..backend.device_count() {
            let prop = backend.properties(index)?;
            if (prop.pciDomainID, prop.pciBusID, prop.pciDeviceID) == wanted {
                // SAFETY: checked non-null; the caller promises it writable.
                unsafe { device.write(index as c_int) };
                return Ok(());
            }
        }
        Err(RuntimeError::status(
            HipError::ErrorInvalidDevice,
            format!("no device at PCI location `{text}`"),
        ))
    })
}

/// # Safety
/// `bytes` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceTotalMem(bytes: *mut usize, device: c_int) -> HipError {
    call("hipDeviceTotalMem", || {
        non_null(bytes, "bytes")?;
        let (_, _, prop) = properties(device)?;
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { bytes.write(prop.totalGlobalMem) };
        Ok(())
    })
}

/// # Safety
/// `major` and `minor` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceComputeCapability(
    major: *mut c_int,
    minor: *mut c_int,
    device: c_int,
) -> HipError {
    call("hipDeviceComputeCapability", || {
        non_null(major, "major")?;
        non_null(minor, "minor")?;
        let (_, _, prop) = properties(device)?;
        // SAFETY: both checked non-null; the caller promises them writable.
        unsafe {
            major.write(prop.major);
            minor.write(prop.minor);
        }
        Ok(())
    })
}

/// `hipDevice_t` is the device's ordinal.
///
/// # Safety
/// `device` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGet(device: *mut c_int, ordinal: c_int) -> HipError {
    call("hipDeviceGet", || {
        non_null(device, "device")?;
        device_index(backend::get(), ordinal)?;
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { device.write(ordinal) };
        Ok(())
    })
}

/// # Safety
/// `uuid` must be NULL or point to 16 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetUuid(uuid: *mut [c_char; 16], device: c_int) -> HipError {
    call("hipDeviceGetUuid", || {
        non_null(uuid, "uuid")?;
        let (_, _, prop) = properties(device)?;
        // SAFETY: checked non-null; the caller promises 16 writable bytes.
        unsafe { uuid.write(prop.uuid) };
        Ok(())
    })
}

fn check_limit(limit: c_int) -> Result<(), RuntimeError> {
    if [
        limit::STACK_SIZE,
        limit::PRINTF_FIFO_SIZE,
        limit::MALLOC_HEAP_SIZE,
    ]
    .contains(&limit)
    {
        Ok(())
    } else {
        Err(RuntimeError::status(
            HipError::ErrorUnsupportedLimit,
            format!("limit {limit} is not a hipLimit_t this runtime knows"),
        ))
    }
}

/// # Safety
/// `value` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetLimit(value: *mut usize, limit: c_int) -> HipError {
    call("hipDeviceGetLimit", || {
        non_null(value, "pValue")?;
        check_limit(limit)?;
        let (backend, device) = backend::current()?;
        let current = backend.limit(device, limit)?;
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { value.write(current) };
        Ok(())
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceSetLimit(limit: c_int, value: usize) -> HipError {
    call("hipDeviceSetLimit", || {
        check_limit(limit)?;
        let (backend, device) = backend::current()?;
        backend.set_limit(device, limit, value)
    })
}

/// # Safety
/// `config` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetCacheConfig(config: *mut c_int) -> HipError {
    call("hipDeviceGetCacheConfig", || {
        non_null(config, "cacheConfig")?;
        let (_, device) = backend::current()?;
        let value = with_state(device, |state| state.cache_config);
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { config.write(value) };
        Ok(())
    })
}

/// A preference (`hipFuncCache_t`); kept and read back, passed to the CUDA driver.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceSetCacheConfig(config: c_int) -> HipError {
    call("hipDeviceSetCacheConfig", || {
        if !(0..=3).contains(&config) {
            return Err(RuntimeError::InvalidValue {
                argument: "cacheConfig",
            });
        }
        let (backend, device) = backend::current()?;
        with_state(device, |state| {
            backend.set_cache_config(device, config)?;
            state.cache_config = config;
            Ok(())
        })
    })
}

/// # Safety
/// `config` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetSharedMemConfig(config: *mut c_int) -> HipError {
    call("hipDeviceGetSharedMemConfig", || {
        non_null(config, "pConfig")?;
        let (_, device) = backend::current()?;
        let value = with_state(device, |state| state.shared_mem_config);
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { config.write(value) };
        Ok(())
    })
}

/// A bank-size preference (`hipSharedMemConfig`); kept and read back. Current devices
/// have one bank size, so it changes nothing.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceSetSharedMemConfig(config: c_int) -> HipError {
    call("hipDeviceSetSharedMemConfig", || {
        if !(0..=2).contains(&config) {
            return Err(RuntimeError::InvalidValue { argument: "config" });
        }
        let (_, device) = backend::current()?;
        with_state(device, |state| state.shared_mem_config = config);
        Ok(())
    })
}

/// `hipDeviceSchedule*` (one of Auto 0, Spin 1, Yield 2, BlockingSync 4), optionally with
/// `hipDeviceMapHost` (8) and `hipDeviceLmemResizeToMax` (16).
fn check_device_flags(flags: u32) -> Result<(), RuntimeError> {
    if flags & !0x1f != 0 || ![0, 1, 2, 4].contains(&(flags & 0x7)) {
        return Err(RuntimeError::InvalidValue { argument: "flags" });
    }
    Ok(())
}

fn set_device_flags(device: usize, flags: u32) -> Result<(), RuntimeError> {
    check_device_flags(flags)?;
    with_state(device, |state| {
        backend::get().set_device_flags(device, flags)?;
        state.flags = flags;
        Ok(())
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipSetDeviceFlags(flags: u32) -> HipError {
    call("hipSetDeviceFlags", || {
        let (_, device) = backend::current()?;
        set_device_flags(device, flags)
    })
}

/// # Safety
/// `flags` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGetDeviceFlags(flags: *mut u32) -> HipError {
    call("hipGetDeviceFlags", || {
        non_null(flags, "flags")?;
        let (_, device) = backend::current()?;
        let value = with_state(device, |state| state.flags);
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { flags.write(value) };
        Ok(())
    })
}

/// How well a device matches the properties a program asked for: one point per field the
/// program set (non-zero) that the device meets.
fn match_score(wanted: &DeviceProp, device: &DeviceProp) -> u32 {
    let name = |prop: &DeviceProp| {
        let bytes: Vec<u8> = prop
            .name
            .iter()
            .take_while(|c| **c != 0)
            .map(|c| *c as u8)
            .collect();
        String::from_utf8_lossy(&bytes).into_owned()
    };
    let wanted_name = name(wanted);
    let checks = [
        (!wanted_name.is_empty(), name(device).contains(&wanted_name)),
        (
            wanted.major != 0,
            device.major > wanted.major
                || (device.major == wanted.major && device.minor >= wanted.minor),
        ),
        (
            wanted.totalGlobalMem != 0,
            device.totalGlobalMem >= wanted.totalGlobalMem,
        ),
        (
            wanted.sharedMemPerBlock != 0,
            device.sharedMemPerBlock >= wanted.sharedMemPerBlock,
        ),
        (
            wanted.maxThreadsPerBlock != 0,
            device.maxThreadsPerBlock >= wanted.maxThreadsPerBlock,
        ),
        (
            wanted.multiProcessorCount != 0,
            device.multiProcessorCount >= wanted.multiProcessorCount,
        ),
        (wanted.warpSize != 0, device.warpSize == wanted.warpSize),
        (wanted.clockRate != 0, device.clockRate >= wanted.clockRate),
        (
            wanted.integrated != 0,
            device.integrated == wanted.integrated,
        ),
        (wanted.managedMemory != 0, device.managedMemory != 0),
        (wanted.cooperativeLaunch != 0, device.cooperativeLaunch != 0),
    ];
    checks.iter().filter(|(asked, met)| *asked && *met).count() as u32
}

/// The device that meets most of the fields `prop` sets (the first one on a tie).
///
/// # Safety
/// `device` must be NULL or writable; `prop` NULL or a readable `hipDeviceProp_t`.
#[no_mangle]
pub unsafe extern "C" fn hipChooseDevice(device: *mut c_int, prop: *const DeviceProp) -> HipError {
    call("hipChooseDevice", || {
        non_null(device, "device")?;
        non_null(prop, "prop")?;
        // SAFETY: checked non-null; the caller promises a readable hipDeviceProp_t.
        let wanted = unsafe { prop.read() };
        let backend = backend::get();
        let count = backend.device_count();
        if count == 0 {
            return Err(backend.unavailable());
        }
        let mut best = (0, 0);
        for index in 0..count {
            let score = match_score(&wanted, &backend.properties(index)?);
            if score > best.1 {
                best = (index, score);
            }
        }
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { device.write(best.0 as c_int) };
        Ok(())
    })
}

/// # Safety
/// `can_access` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceCanAccessPeer(
    can_access: *mut c_int,
    device: c_int,
    peer: c_int,
) -> HipError {
    call("hipDeviceCanAccessPeer", || {
        non_null(can_access, "canAccessPeer")?;
        let backend = backend::get();
        let (device, peer) = (device_index(backend, device)?, device_index(backend, peer)?);
        // A device is not a peer of itself.
        let can = device != peer && backend.can_access_peer(device, peer)?;
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { can_access.write(c_int::from(can)) };
        Ok(())
    })
}

fn enable_peer(device: usize, peer: usize) -> Result<(), RuntimeError> {
    let backend = backend::get();
    if device == peer {
        return Err(RuntimeError::status(
            HipError::ErrorInvalidDevice,
            "a device cannot be its own peer",
        ));
    }
    with_state(device, |state| {
        if state.peers.contains(&peer) {
            return Err(RuntimeError::status(
                HipError::ErrorPeerAccessAlreadyEnabled,
                format!("device {device} already has access to device {peer}"),
            ));
        }
        if !backend.can_access_peer(device, peer)? {
            return Err(RuntimeError::status(
                HipError::ErrorPeerAccessUnsupported,
                format!("device {device} cannot access the memory of device {peer}"),
            ));
        }
        backend.enable_peer_access(device, peer)?;
        state.peers.insert(peer);
        Ok(())
    })
}

fn disable_peer(device: usize, peer: usize) -> Result<(), RuntimeError> {
    with_state(device, |state| {
        if !state.peers.contains(&peer) {
            return Err(RuntimeError::status(
                HipError::ErrorPeerAccessNotEnabled,
                format!("device {device} has no peer access to device {peer}"),
            ));
        }
        backend::get().disable_peer_access(device, peer)?;
        state.peers.remove(&peer);
        Ok(())
    })
}

/// Lets the current device access `peer`'s memory; `flags` must be 0.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceEnablePeerAccess(peer: c_int, flags: u32) -> HipError {
    call("hipDeviceEnablePeerAccess", || {
        let (backend, device) = backend::current()?;
        let peer = device_index(backend, peer)?;
        if flags != 0 {
            return Err(RuntimeError::InvalidValue { argument: "flags" });
        }
        enable_peer(device, peer)
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceDisablePeerAccess(peer: c_int) -> HipError {
    call("hipDeviceDisablePeerAccess", || {
        let (backend, device) = backend::current()?;
        let peer = device_index(backend, peer)?;
        disable_peer(device, peer)
    })
}

/// `hipDeviceP2PAttr`: PerformanceRank 0, AccessSupported 1, NativeAtomicSupported 2,
/// HipArrayAccessSupported 3.
///
/// # Safety
/// `value` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetP2PAttribute(
    value: *mut c_int,
    attribute: c_int,
    source: c_int,
    destination: c_int,
) -> HipError {
    call("hipDeviceGetP2PAttribute", || {
        non_null(value, "value")?;
        let backend = backend::get();
        let source = device_index(backend, source)?;
        let destination = device_index(backend, destination)?;
        if source == destination {
            return Err(RuntimeError::status(
                HipError::ErrorInvalidDevice,
                "a device is not its own peer",
            ));
        }
        let access = backend.can_access_peer(source, destination)?;
        let result = match attribute {
            0 | 3 => 0,
            1 | 2 => c_int::from(access),
            _ => return Err(RuntimeError::InvalidValue { argument: "attr" }),
        };
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { value.write(result) };
        Ok(())
    })
}

// ---- Contexts: each device has one, its primary context; a context handle names it. ----

/// Context handles are `(device + 1) << 4 | 0xc`: never NULL, never a valid pointer.
fn context_handle(device: usize) -> *mut c_void {
    std::ptr::without_provenance_mut(((device + 1) << 4) | 0xc)
}

fn context_device(context: *mut c_void) -> Result<usize, RuntimeError> {
    let value = context as usize;
    if value & 0xf != 0xc || value >> 4 == 0 || (value >> 4) > backend::get().device_count() {
        return Err(RuntimeError::status(
            HipError::ErrorInvalidContext,
            format!("{value:#x} is not a context handle"),
        ));
    }
    Ok((value >> 4) - 1)
}

thread_local! {
    /// Devices pushed by `hipCtxPushCurrent`, to restore on `hipCtxPopCurrent`.
    static CONTEXT_STACK: RefCell<Vec<i32>> = const { RefCell::new(Vec::new()) };
}

/// A "new" context is the device's primary context, made current with `flags`.
///
/// # Safety
/// `context` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipCtxCreate(
    context: *mut *mut c_void,
    flags: u32,
    device: c_int,
) -> HipError {
    call("hipCtxCreate", || {
        non_null(context, "ctx")?;
        let index = device_index(backend::get(), device)?;
        set_device_flags(index, flags)?;
        thread::set_current_device(device);
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { context.write(context_handle(index)) };
        Ok(())
    })
}

/// Primary contexts live as long as the process; destroying one checks the handle only.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipCtxDestroy(context: *mut c_void) -> HipError {
    call("hipCtxDestroy", || context_device(context).map(|_| ()))
}

/// # Safety
/// `context` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipCtxGetCurrent(context: *mut *mut c_void) -> HipError {
    call("hipCtxGetCurrent", || {
        non_null(context, "ctx")?;
        let (_, device) = backend::current()?;
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { context.write(context_handle(device)) };
        Ok(())
    })
}

/// Makes the context's device current; NULL changes nothing.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipCtxSetCurrent(context: *mut c_void) -> HipError {
    call("hipCtxSetCurrent", || {
        if context.is_null() {
            return Ok(());
        }
        let device = context_device(context)?;
        thread::set_current_device(device as i32);
        Ok(())
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipCtxPushCurrent(context: *mut c_void) -> HipError {
    call("hipCtxPushCurrent", || {
        let device = context_device(context)?;
        let previous = thread::current_device();
        let _ = CONTEXT_STACK.try_with(|stack| stack.borrow_mut().push(previous));
        thread::set_current_device(device as i32);
        Ok(())
    })
}

/// # Safety
/// `context` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipCtxPopCurrent(context: *mut *mut c_void) -> HipError {
    call("hipCtxPopCurrent", || {
        let (_, device) = backend::current()?;
        let previous = CONTEXT_STACK
            .try_with(|stack| stack.borrow_mut().pop())
            .ok()
            .flatten()
            .ok_or(RuntimeError::status(
                HipError::ErrorInvalidContext,
                "no context was pushed on this thread",
            ))?;
        if !context.is_null() {
            // SAFETY: checked non-null; the caller promises it writable.
            unsafe { context.write(context_handle(device)) };
        }
        thread::set_current_device(previous);
        Ok(())
    })
}

/// # Safety
/// `device` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipCtxGetDevice(device: *mut c_int) -> HipError {
    call("hipCtxGetDevice", || {
        non_null(device, "device")?;
        let (_, current) = backend::current()?;
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { device.write(current as c_int) };
        Ok(())
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipCtxSynchronize() -> HipError {
    // SAFETY: no preconditions.
    unsafe { hipDeviceSynchronize() }
}

/// # Safety
/// `version` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipCtxGetApiVersion(
    context: *mut c_void,
    version: *mut c_int,
) -> HipError {
    call("hipCtxGetApiVersion", || {
        non_null(version, "apiVersion")?;
        if !context.is_null() {
            context_device(context)?;
        }
        // The context API level CUDA has reported since 3.2.
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { version.write(3020) };
        Ok(())
    })
}

/// # Safety
/// `flags` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipCtxGetFlags(flags: *mut u32) -> HipError {
    // SAFETY: same contract.
    unsafe { hipGetDeviceFlags(flags) }
}

/// The primary context of `device`.
///
/// # Safety
/// `context` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDevicePrimaryCtxRetain(
    context: *mut *mut c_void,
    device: c_int,
) -> HipError {
    call("hipDevicePrimaryCtxRetain", || {
        non_null(context, "pctx")?;
        let index = device_index(backend::get(), device)?;
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { context.write(context_handle(index)) };
        Ok(())
    })
}

/// The runtime keeps primary contexts for the life of the process.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipDevicePrimaryCtxRelease(device: c_int) -> HipError {
    call("hipDevicePrimaryCtxRelease", || {
        device_index(backend::get(), device).map(|_| ())
    })
}

/// # Safety
/// `flags` and `active` must each be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDevicePrimaryCtxGetState(
    device: c_int,
    flags: *mut u32,
    active: *mut c_int,
) -> HipError {
    call("hipDevicePrimaryCtxGetState", || {
        non_null(flags, "flags")?;
        non_null(active, "active")?;
        let index = device_index(backend::get(), device)?;
        let value = with_state(index, |state| state.flags);
        // SAFETY: both checked non-null; the caller promises them writable.
        unsafe {
            flags.write(value);
            active.write(1);
        }
        Ok(())
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipDevicePrimaryCtxSetFlags(device: c_int, flags: u32) -> HipError {
    call("hipDevicePrimaryCtxSetFlags", || {
        let index = device_index(backend::get(), device)?;
        set_device_flags(index, flags)
    })
}

/// # Safety
/// Always safe to call; as `hipDeviceReset` for `device`.
#[no_mangle]
pub unsafe extern "C" fn hipDevicePrimaryCtxReset(device: c_int) -> HipError {
    let previous = thread::current_device();
    thread::set_current_device(device);
    // SAFETY: no preconditions beyond hipDeviceReset's.
    let result = unsafe { hipDeviceReset() };
    thread::set_current_device(previous);
    result
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipCtxEnablePeerAccess(peer: *mut c_void, flags: u32) -> HipError {
    call("hipCtxEnablePeerAccess", || {
        let peer = context_device(peer)?;
        if flags != 0 {
            return Err(RuntimeError::InvalidValue { argument: "flags" });
        }
        let (_, device) = backend::current()?;
        enable_peer(device, peer)
    })
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipCtxDisablePeerAccess(peer: *mut c_void) -> HipError {
    call("hipCtxDisablePeerAccess", || {
        let peer = context_device(peer)?;
        let (_, device) = backend::current()?;
        disable_peer(device, peer)
    })
}

/// # Safety
/// `config` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipCtxGetCacheConfig(config: *mut c_int) -> HipError {
    // SAFETY: same contract.
    unsafe { hipDeviceGetCacheConfig(config) }
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipCtxSetCacheConfig(config: c_int) -> HipError {
    // SAFETY: same contract.
    unsafe { hipDeviceSetCacheConfig(config) }
}

/// # Safety
/// `config` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipCtxGetSharedMemConfig(config: *mut c_int) -> HipError {
    // SAFETY: same contract.
    unsafe { hipDeviceGetSharedMemConfig(config) }
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipCtxSetSharedMemConfig(config: c_int) -> HipError {
    // SAFETY: same contract.
    unsafe { hipDeviceSetSharedMemConfig(config) }
}

/// Profiling is left to external tools; the switches succeed and do nothing.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipProfilerStart() -> HipError {
    HipError::Success
}

/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipProfilerStop() -> HipError {
    HipError::Success
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pci_bus_ids_print_and_parse() {
        let mut prop = DeviceProp::zeroed();
        prop.pciDomainID = 0;
        prop.pciBusID = 0xc1;
        prop.pciDeviceID = 3;
        assert_eq!(pci_bus_id(&prop), "0000:c1:03.0");
        assert_eq!(parse_pci_bus_id("0000:c1:03.0"), Some((0, 0xc1, 3)));
        assert_eq!(parse_pci_bus_id("C1:03.0"), Some((0, 0xc1, 3)));
        assert_eq!(parse_pci_bus_id("garbage"), None);
    }

    #[test]
    fn device_flags_take_one_schedule_mode() {
        assert!(check_device_flags(0).is_ok());
        assert!(check_device_flags(4 | 8 | 16).is_ok());
        assert!(check_device_flags(3).is_err());
        assert!(check_device_flags(0x40).is_err());
    }

    #[test]
    fn context_handles_name_devices() {
        assert_eq!(context_handle(0) as usize, 0x1c);
        assert!(context_device(std::ptr::null_mut()).is_err());
        assert!(context_device(0x1000 as *mut c_void).is_err());
    }
}
