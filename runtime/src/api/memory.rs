//! The memory API: device, pinned, managed and pitched allocations, copies and fills (linear,
//! 2D and 3D, typed fills, the driver-style copies, peer copies), device variables
//! (`hipGetSymbolAddress`, `hipMemcpyToSymbol*`), registered and mapped host memory,
//! pointer queries, and managed-memory advice and prefetching. Stream-ordered allocation and
//! memory pools are `pool`.
//!
//! Copies and fills become `Operation`s (`ops`), so a capturing stream records them and
//! the blocking forms run them at once; `ops::copy_plan` checks pitches and cuts 3D copies
//! into 2D ones. `hipMemcpy` and `hipMemset` call the backend directly, once `pointers` has
//! checked their device side. Every allocation that fails for lack of memory tries once
//! more after the memory pools of its device release what they cache
//! (`pool::retry_out_of_memory`).

use std::ffi::{c_int, c_void};

use crate::api::ops::{self, Fill3D, Operation};
use crate::api::{call, capture, device_index, live, non_null, pointers, pool, submit, HipStream};
use crate::backend::{self, Location, RangeValue};
use crate::error::{HipError, RuntimeError};
use crate::log::log;
use crate::registry;
use crate::types::{
    memory_type, Extent, Memcpy2DParam, Memcpy3DParms, MemcpyKind, PitchedPtr, PointerAttribute,
    Pos,
};

/// `hipCpuDeviceId` and `hipInvalidDeviceId`.
const CPU_DEVICE_ID: c_int = -1;
const INVALID_DEVICE_ID: c_int = -2;

fn write<T>(out: *mut T, value: T) {
    // SAFETY: every caller checked `out` non-null; the program promises it writable.
    unsafe { out.write(value) };
}

/// # Safety
/// `free` and `total` must each be NULL or point to writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn hipMemGetInfo(free: *mut usize, total: *mut usize) -> HipError {
    call("hipMemGetInfo", || {
        non_null(free, "free")?;
        non_null(total, "total")?;
        let (backend, device) = backend::current()?;
        let (free_bytes, total_bytes) = backend.mem_info(device)?;
        // SAFETY: both checked non-null; the caller promises they are writable.
        unsafe {
            free.write(free_bytes);
            total.write(total_bytes);
        }
        Ok(())
    })
}

/// # Safety
/// `ptr` must be NULL or point to a writable `void*`.
#[no_mangle]
pub unsafe extern "C" fn hipMalloc(ptr: *mut *mut c_void, size: usize) -> HipError {
    call("hipMalloc", || {
        non_null(ptr, "ptr")?;
        let (backend, device) = backend::current()?;
        let allocation = if size == 0 {
            std::ptr::null_mut()
        } else {
            pool::retry_out_of_memory(device, || backend.malloc(device, size))? as *mut c_void
        };
        log!(2, "hipMalloc({size}) = {allocation:p}");
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { ptr.write(allocation) };
        Ok(())
    })
}

/// # Safety
/// `ptr` must be NULL or come from `hipMalloc`.
#[no_mangle]
pub unsafe extern "C" fn hipFree(ptr: *mut c_void) -> HipError {
    call("hipFree", || {
        if ptr.is_null() {
            return Ok(());
        }
        let (backend, device) = backend::current()?;
        // Out of its pool first: once freed, the address may come back from another
        // thread's allocation, whose pool entry this must not remove.
        pool::forget_allocation(ptr as u64);
        backend.free(device, ptr as u64)
    })
}

/// # Safety
/// `ptr` must be NULL or point to a writable `void*`.
#[no_mangle]
pub unsafe extern "C" fn hipMallocManaged(
    ptr: *mut *mut c_void,
    size: usize,
    flags: u32,
) -> HipError {
    call("hipMallocManaged", || {
        non_null(ptr, "ptr")?;
        if flags != 1 && flags != 2 {
            return Err(RuntimeError::InvalidValue { argument: "flags" });
        }
        let (backend, device) = backend::current()?;
        let allocation = if size == 0 {
            std::ptr::null_mut()
        } else {
            pool::retry_out_of_memory(device, || backend.malloc_managed(device, size, flags))?
                as *mut c_void
        };
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { ptr.write(allocation) };
        Ok(())
    })
}

fn memcpy(
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    kind: c_int,
    stream: Option<HipStream>,
) -> Result<(), RuntimeError> {
    let kind = MemcpyKind::from_raw(kind).ok_or(RuntimeError::InvalidMemcpyKind { kind })?;
    if size == 0 {
        return Ok(());
    }
    non_null(dst, "dst")?;
    non_null(src, "src")?;
    let (backend, device) = backend::current()?;
    pointers::check_linear_copy(backend, device, dst, src, size, kind)?;
    log!(2, "memcpy {src:p} -> {dst:p}, {size} bytes, {kind:?}");
    backend.memcpy(device, dst, src, size, kind, stream.map(|s| s as usize))
}

/// # Safety
/// `dst` and `src` must be valid for `size` bytes in the spaces `kind` names.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpy(
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    kind: c_int,
) -> HipError {
    call("hipMemcpy", || memcpy(dst, src, size, kind, None))
}

/// # Safety
/// As for [`hipMemcpy`]; both ranges must stay valid until the stream reaches the copy.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyAsync(
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    kind: c_int,
    stream: HipStream,
) -> HipError {
    call("hipMemcpyAsync", || {
        submit::submit(stream, |_, _| {
            let copy = ops::linear_copy(dst, src.cast_mut(), size, kind);
            ops::copy_plan(&copy)?;
            Ok(ops::Operation::Copy(copy))
        })
    })
}

fn memset(
    dst: *mut c_void,
    value: c_int,
    size: usize,
    stream: Option<HipStream>,
) -> Result<(), RuntimeError> {
    if size == 0 {
        return Ok(());
    }
    non_null(dst, "dst")?;
    let (backend, device) = backend::current()?;
    pointers::check_range(backend, device, dst as usize, size, "dst")?;
    // Only the low byte counts, as in C's memset.
    backend.memset(
        device,
        dst as u64,
        value as u8,
        size,
        stream.map(|s| s as usize),
    )
}

/// # Safety
/// `dst` must be device memory valid for `size` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemset(dst: *mut c_void, value: c_int, size: usize) -> HipError {
    call("hipMemset", || memset(dst, value, size, None))
}

/// # Safety
/// As for [`hipMemset`].
#[no_mangle]
pub unsafe extern "C" fn hipMemsetAsync(
    dst: *mut c_void,
    value: c_int,
    size: usize,
    stream: HipStream,
) -> HipError {
    call("hipMemsetAsync", || {
        submit::submit(stream, |_, _| {
            ops::Fill3D::new_2d(dst, 0, u32::from(value as u8), 1, size, 1)
                .map(ops::Operation::Fill)
        })
    })
}

fn pitched_allocation(width: usize, height: usize) -> Result<(*mut c_void, usize), RuntimeError> {
    if width == 0 || height == 0 {
        return Ok((std::ptr::null_mut(), 0));
    }
    let (backend, device) = backend::current()?;
    let (pointer, pitch) =
        pool::retry_out_of_memory(device, || backend.malloc_pitch(device, width, height))?;
    Ok((pointer as *mut c_void, pitch))
}

/// `height` rows of at least `width` bytes, each row starting at a multiple of the pitch.
///
/// # Safety
/// `ptr` and `pitch` must each be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMallocPitch(
    ptr: *mut *mut c_void,
    pitch: *mut usize,
    width: usize,
    height: usize,
) -> HipError {
    call("hipMallocPitch", || {
        non_null(ptr, "ptr")?;
        non_null(pitch, "pitch")?;
        let (allocation, row) = pitched_allocation(width, height)?;
        write(ptr, allocation);
        write(pitch, row);
        Ok(())
    })
}

/// As [`hipMallocPitch`]; `element_size` (4, 8 or 16) is the widest access kernels make.
///
/// # Safety
/// `ptr` and `pitch` must each be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMemAllocPitch(
    ptr: *mut *mut c_void,
    pitch: *mut usize,
    width: usize,
    height: usize,
    element_size: u32,
) -> HipError {
    call("hipMemAllocPitch", || {
        non_null(ptr, "dptr")?;
        non_null(pitch, "pitch")?;
        if ![4, 8, 16].contains(&element_size) {
            return Err(RuntimeError::InvalidValue {
                argument: "elementSizeBytes",
            });
        }
        let (allocation, row) = pitched_allocation(width, height)?;
        write(ptr, allocation);
        write(pitch, row);
        Ok(())
    })
}

/// `extent.depth` slices of `extent.height` pitched rows of `extent.width` bytes.
///
/// # Safety
/// `pitched` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMalloc3D(pitched: *mut PitchedPtr, extent: Extent) -> HipError {
    call("hipMalloc3D", || {
        non_null(pitched, "pitchedDevPtr")?;
        let rows = extent
            .height
            .checked_mul(extent.depth)
            .ok_or(RuntimeError::InvalidValue { argument: "extent" })?;
        let (allocation, pitch) = pitched_allocation(extent.width, rows)?;
        write(
            pitched,
            PitchedPtr {
                ptr: allocation,
                pitch,
                xsize: extent.width,
                ysize: extent.height,
            },
        );
        Ok(())
    })
}

fn copy_operation(params: Memcpy3DParms) -> Result<Operation, RuntimeError> {
    ops::copy_plan(&params)?;
    Ok(Operation::Copy(params))
}

fn copy_now(params: Memcpy3DParms) -> Result<(), RuntimeError> {
    submit::run_blocking(&copy_operation(params)?)
}

fn copy_on(stream: HipStream, params: Memcpy3DParms) -> Result<(), RuntimeError> {
    submit::submit(stream, |_, _| copy_operation(params))
}

/// # Safety
/// Both regions (`height` rows of `width` bytes, `dpitch`/`spitch` apart) must be valid in
/// the spaces `kind` names.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpy2D(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: c_int,
) -> HipError {
    call("hipMemcpy2D", || {
        copy_now(ops::pitched_copy(
            dst, dpitch, src, spitch, width, height, kind,
        ))
    })
}

/// # Safety
/// As for [`hipMemcpy2D`]; the regions must stay valid until the stream gets there.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpy2DAsync(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: c_int,
    stream: HipStream,
) -> HipError {
    call("hipMemcpy2DAsync", || {
        copy_on(
            stream,
            ops::pitched_copy(dst, dpitch, src, spitch, width, height, kind),
        )
    })
}

/// The `hipMemcpy3DParms` equivalent of a `hip_Memcpy2D`.
fn param_2d(copy: &Memcpy2DParam) -> Result<Memcpy3DParms, RuntimeError> {
    let side = |kind: i32, host: *mut c_void, device: *mut c_void, array: *mut c_void| match kind {
        memory_type::HOST => Ok((host, true)),
        memory_type::DEVICE | memory_type::UNIFIED => Ok((device, false)),
        memory_type::ARRAY if !array.is_null() => Err(RuntimeError::NotSupported {
            what: "copies to or from a hipArray",
            detail: String::new(),
        }),
        _ => Err(RuntimeError::InvalidValue {
            argument: "memoryType",
        }),
    };
    let (src, src_host) = side(
        copy.srcMemoryType,
        copy.srcHost.cast_mut(),
        copy.srcDevice,
        copy.srcArray,
    )?;
    let (dst, dst_host) = side(
        copy.dstMemoryType,
        copy.dstHost,
        copy.dstDevice,
        copy.dstArray,
    )?;
    let unified =
        copy.srcMemoryType == memory_type::UNIFIED || copy.dstMemoryType == memory_type::UNIFIED;
    let kind = match (unified, src_host, dst_host) {
        (true, _, _) => MemcpyKind::Default,
        (false, true, true) => MemcpyKind::HostToHost,
        (false, true, false) => MemcpyKind::HostToDevice,
        (false, false, true) => MemcpyKind::DeviceToHost,
        (false, false, false) => MemcpyKind::DeviceToDevice,
    };
    let kind = match kind {
        MemcpyKind::HostToHost => 0,
        MemcpyKind::HostToDevice => 1,
        MemcpyKind::DeviceToHost => 2,
        MemcpyKind::DeviceToDevice => 3,
        MemcpyKind::Default => 4,
    };
    let mut params = ops::pitched_copy(
        dst,
        copy.dstPitch,
        src,
        copy.srcPitch,
        copy.WidthInBytes,
        copy.Height,
        kind,
    );
    params.srcPos = Pos {
        x: copy.srcXInBytes,
        y: copy.srcY,
        z: 0,
    };
    params.dstPos = Pos {
        x: copy.dstXInBytes,
        y: copy.dstY,
        z: 0,
    };
    // Offsets reach below the copied rows, so the slice height is the rows they span.
    params.srcPtr.ysize = copy.srcY.saturating_add(copy.Height);
    params.dstPtr.ysize = copy.dstY.saturating_add(copy.Height);
    Ok(params)
}

/// # Safety
/// `copy` must be NULL or readable, describing valid memory.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyParam2D(copy: *const Memcpy2DParam) -> HipError {
    call("hipMemcpyParam2D", || {
        non_null(copy, "pCopy")?;
        // SAFETY: checked non-null; the caller promises it readable.
        copy_now(param_2d(unsafe { &*copy })?)
    })
}

/// # Safety
/// As for [`hipMemcpyParam2D`].
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyParam2DAsync(
    copy: *const Memcpy2DParam,
    stream: HipStream,
) -> HipError {
    call("hipMemcpyParam2DAsync", || {
        non_null(copy, "pCopy")?;
        // SAFETY: checked non-null; the caller promises it readable.
        copy_on(stream, param_2d(unsafe { &*copy })?)
    })
}

/// Pitched memory only: `hipArray`s are not implemented (`hipErrorNotSupported`).
///
/// # Safety
/// `params` must be NULL or readable, describing valid memory.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpy3D(params: *const Memcpy3DParms) -> HipError {
    call("hipMemcpy3D", || {
        non_null(params, "p")?;
        // SAFETY: checked non-null; the caller promises it readable.
        copy_now(unsafe { params.read() })
    })
}

/// # Safety
/// As for [`hipMemcpy3D`].
#[no_mangle]
pub unsafe extern "C" fn hipMemcpy3DAsync(
    params: *const Memcpy3DParms,
    stream: HipStream,
) -> HipError {
    call("hipMemcpy3DAsync", || {
        non_null(params, "p")?;
        // SAFETY: checked non-null; the caller promises it readable.
        copy_on(stream, unsafe { params.read() })
    })
}

fn fill_now(fill: Fill3D) -> Result<(), RuntimeError> {
    submit::run_blocking(&Operation::Fill(fill))
}

fn fill_on(stream: HipStream, fill: Fill3D) -> Result<(), RuntimeError> {
    submit::submit(stream, |_, _| Ok(Operation::Fill(fill)))
}

fn fill_2d(
    dst: *mut c_void,
    pitch: usize,
    value: c_int,
    width: usize,
    height: usize,
) -> Result<Fill3D, RuntimeError> {
    Fill3D::new_2d(dst, pitch, u32::from(value as u8), 1, width, height)
}

fn fill_3d(pitched: PitchedPtr, value: c_int, extent: Extent) -> Result<Fill3D, RuntimeError> {
    if extent.depth > 1 && pitched.ysize < extent.height {
        return Err(RuntimeError::InvalidValue {
            argument: "pitchedDevPtr.ysize",
        });
    }
    let mut fill = Fill3D::new_2d(
        pitched.ptr,
        pitched.pitch,
        u32::from(value as u8),
        1,
        extent.width,
        extent.height,
    )?;
    if extent.width > pitched.pitch {
        return Err(RuntimeError::InvalidValue {
            argument: "pitchedDevPtr.pitch",
        });
    }
    fill.fill.pitch = pitched.pitch;
    fill.depth = extent.depth;
    fill.slice = pitched
        .pitch
        .checked_mul(pitched.ysize)
        .ok_or(RuntimeError::InvalidValue {
            argument: "pitchedDevPtr",
        })?;
    Ok(fill)
}

/// # Safety
/// `dst` must be device memory of `height` rows of `width` bytes, `pitch` apart.
#[no_mangle]
pub unsafe extern "C" fn hipMemset2D(
    dst: *mut c_void,
    pitch: usize,
    value: c_int,
    width: usize,
    height: usize,
) -> HipError {
    call("hipMemset2D", || {
        fill_now(fill_2d(dst, pitch, value, width, height)?)
    })
}

/// # Safety
/// As for [`hipMemset2D`].
#[no_mangle]
pub unsafe extern "C" fn hipMemset2DAsync(
    dst: *mut c_void,
    pitch: usize,
    value: c_int,
    width: usize,
    height: usize,
    stream: HipStream,
) -> HipError {
    call("hipMemset2DAsync", || {
        fill_on(stream, fill_2d(dst, pitch, value, width, height)?)
    })
}

/// # Safety
/// `pitched` must describe device memory covering `extent`.
#[no_mangle]
pub unsafe extern "C" fn hipMemset3D(
    pitched: PitchedPtr,
    value: c_int,
    extent: Extent,
) -> HipError {
    call("hipMemset3D", || fill_now(fill_3d(pitched, value, extent)?))
}

/// # Safety
/// As for [`hipMemset3D`].
#[no_mangle]
pub unsafe extern "C" fn hipMemset3DAsync(
    pitched: PitchedPtr,
    value: c_int,
    extent: Extent,
    stream: HipStream,
) -> HipError {
    call("hipMemset3DAsync", || {
        fill_on(stream, fill_3d(pitched, value, extent)?)
    })
}

fn typed_fill(
    dst: *mut c_void,
    value: u32,
    size: usize,
    count: usize,
) -> Result<Fill3D, RuntimeError> {
    Fill3D::new_2d(dst, 0, value, size, count, 1)
}

/// # Safety
/// `dst` must be device memory of `count` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemsetD8(dst: *mut c_void, value: u8, count: usize) -> HipError {
    call("hipMemsetD8", || {
        fill_now(typed_fill(dst, u32::from(value), 1, count)?)
    })
}

/// # Safety
/// As for [`hipMemsetD8`].
#[no_mangle]
pub unsafe extern "C" fn hipMemsetD8Async(
    dst: *mut c_void,
    value: u8,
    count: usize,
    stream: HipStream,
) -> HipError {
    call("hipMemsetD8Async", || {
        fill_on(stream, typed_fill(dst, u32::from(value), 1, count)?)
    })
}

/// # Safety
/// `dst` must be device memory of `count` 16-bit values.
#[no_mangle]
pub unsafe extern "C" fn hipMemsetD16(dst: *mut c_void, value: u16, count: usize) -> HipError {
    call("hipMemsetD16", || {
        fill_now(typed_fill(dst, u32::from(value), 2, count)?)
    })
}

/// # Safety
/// As for [`hipMemsetD16`].
#[no_mangle]
pub unsafe extern "C" fn hipMemsetD16Async(
    dst: *mut c_void,
    value: u16,
    count: usize,
    stream: HipStream,
) -> HipError {
    call("hipMemsetD16Async", || {
        fill_on(stream, typed_fill(dst, u32::from(value), 2, count)?)
    })
}

/// # Safety
/// `dst` must be device memory of `count` 32-bit values.
#[no_mangle]
pub unsafe extern "C" fn hipMemsetD32(dst: *mut c_void, value: c_int, count: usize) -> HipError {
    call("hipMemsetD32", || {
        fill_now(typed_fill(dst, value as u32, 4, count)?)
    })
}

/// # Safety
/// As for [`hipMemsetD32`].
#[no_mangle]
pub unsafe extern "C" fn hipMemsetD32Async(
    dst: *mut c_void,
    value: c_int,
    count: usize,
    stream: HipStream,
) -> HipError {
    call("hipMemsetD32Async", || {
        fill_on(stream, typed_fill(dst, value as u32, 4, count)?)
    })
}

fn linear(dst: *mut c_void, src: *const c_void, size: usize, kind: c_int) -> Memcpy3DParms {
    ops::linear_copy(dst, src, size, kind)
}

/// # Safety
/// `dst` device memory and `src` host memory of `size` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyHtoD(
    dst: *mut c_void,
    src: *mut c_void,
    size: usize,
) -> HipError {
    call("hipMemcpyHtoD", || copy_now(linear(dst, src, size, 1)))
}

/// # Safety
/// `dst` host memory and `src` device memory of `size` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyDtoH(
    dst: *mut c_void,
    src: *mut c_void,
    size: usize,
) -> HipError {
    call("hipMemcpyDtoH", || copy_now(linear(dst, src, size, 2)))
}

/// # Safety
/// `dst` and `src` device memory of `size` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyDtoD(
    dst: *mut c_void,
    src: *mut c_void,
    size: usize,
) -> HipError {
    call("hipMemcpyDtoD", || copy_now(linear(dst, src, size, 3)))
}

/// # Safety
/// As for [`hipMemcpyHtoD`], valid until the stream gets there.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyHtoDAsync(
    dst: *mut c_void,
    src: *mut c_void,
    size: usize,
    stream: HipStream,
) -> HipError {
    call("hipMemcpyHtoDAsync", || {
        copy_on(stream, linear(dst, src, size, 1))
    })
}

/// # Safety
/// As for [`hipMemcpyDtoH`], valid until the stream gets there.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyDtoHAsync(
    dst: *mut c_void,
    src: *mut c_void,
    size: usize,
    stream: HipStream,
) -> HipError {
    call("hipMemcpyDtoHAsync", || {
        copy_on(stream, linear(dst, src, size, 2))
    })
}

/// # Safety
/// As for [`hipMemcpyDtoD`], valid until the stream gets there.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyDtoDAsync(
    dst: *mut c_void,
    src: *mut c_void,
    size: usize,
    stream: HipStream,
) -> HipError {
    call("hipMemcpyDtoDAsync", || {
        copy_on(stream, linear(dst, src, size, 3))
    })
}

/// A copy ordered on `stream` that returns when it is done.
///
/// # Safety
/// As for `hipMemcpy`.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyWithStream(
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    kind: c_int,
    stream: HipStream,
) -> HipError {
    call("hipMemcpyWithStream", || {
        capture::check_stream_sync(stream as usize)?;
        copy_on(stream, linear(dst, src, size, kind))?;
        let (backend, device, _in_use) = live::stream_device(stream)?;
        backend.stream_synchronize(device, stream as usize)
    })
}

/// The device address and size of the registered variable whose host shadow is at
/// `symbol`, on the current device.
fn symbol(symbol: *const c_void) -> Result<(u64, usize), RuntimeError> {
    non_null(symbol, "symbol")?;
    let address = symbol as usize;
    let variable = registry::variable(address).ok_or(RuntimeError::UnknownSymbol { address })?;
    let fat_binary = registry::fat_binary(variable.fat_binary)
        .filter(|fat_binary| fat_binary.is_registered())
        .ok_or(RuntimeError::UnknownSymbol { address })?;
    let (backend, device) = backend::current()?;
    backend.symbol(device, &fat_binary, &variable.name)
}

/// # Safety
/// `dev_ptr` must be NULL or point to a writable `void*`.
#[no_mangle]
pub unsafe extern "C" fn hipGetSymbolAddress(
    dev_ptr: *mut *mut c_void,
    symbol_address: *const c_void,
) -> HipError {
    call("hipGetSymbolAddress", || {
        non_null(dev_ptr, "devPtr")?;
        let (address, _) = symbol(symbol_address)?;
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { dev_ptr.write(address as *mut c_void) };
        Ok(())
    })
}

/// # Safety
/// `size` must be NULL or point to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn hipGetSymbolSize(
    size: *mut usize,
    symbol_address: *const c_void,
) -> HipError {
    call("hipGetSymbolSize", || {
        non_null(size, "size")?;
        let (_, bytes) = symbol(symbol_address)?;
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { size.write(bytes) };
        Ok(())
    })
}

/// Checks `offset + size` against the variable and returns the device address to copy at.
fn symbol_range(
    symbol_address: *const c_void,
    size: usize,
    offset: usize,
) -> Result<u64, RuntimeError> {
    let (address, bytes) = symbol(symbol_address)?;
    if offset.checked_add(size).is_none_or(|end| end > bytes) {
        return Err(RuntimeError::InvalidValue {
            argument: "sizeBytes + offset",
        });
    }
    Ok(address + offset as u64)
}

/// # Safety
/// `src` must be valid for `size` bytes in the space `kind` names.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyToSymbol(
    symbol_address: *const c_void,
    src: *const c_void,
    size: usize,
    offset: usize,
    kind: c_int,
) -> HipError {
    call("hipMemcpyToSymbol", || {
        let parsed = MemcpyKind::from_raw(kind).ok_or(RuntimeError::InvalidMemcpyKind { kind })?;
        if matches!(parsed, MemcpyKind::HostToHost | MemcpyKind::DeviceToHost) {
            return Err(RuntimeError::InvalidMemcpyKind { kind });
        }
        let dst = symbol_range(symbol_address, size, offset)?;
        memcpy(dst as *mut c_void, src, size, kind, None)
    })
}

/// # Safety
/// `dst` must be valid for `size` bytes in the space `kind` names.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyFromSymbol(
    dst: *mut c_void,
    symbol_address: *const c_void,
    size: usize,
    offset: usize,
    kind: c_int,
) -> HipError {
    call("hipMemcpyFromSymbol", || {
        let parsed = MemcpyKind::from_raw(kind).ok_or(RuntimeError::InvalidMemcpyKind { kind })?;
        if matches!(parsed, MemcpyKind::HostToHost | MemcpyKind::HostToDevice) {
            return Err(RuntimeError::InvalidMemcpyKind { kind });
        }
        let src = symbol_range(symbol_address, size, offset)?;
        memcpy(dst, src as *const c_void, size, kind, None)
    })
}

/// # Safety
/// `src` must be valid for `size` bytes in the space `kind` names until the stream gets
/// there.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyToSymbolAsync(
    symbol: *const c_void,
    src: *const c_void,
    size: usize,
    offset: usize,
    kind: c_int,
    stream: HipStream,
) -> HipError {
    call("hipMemcpyToSymbolAsync", || {
        let parsed = MemcpyKind::from_raw(kind).ok_or(RuntimeError::InvalidMemcpyKind { kind })?;
        if matches!(parsed, MemcpyKind::HostToHost | MemcpyKind::DeviceToHost) {
            return Err(RuntimeError::InvalidMemcpyKind { kind });
        }
        let dst = symbol_range(symbol, size, offset)?;
        copy_on(stream, linear(dst as *mut c_void, src, size, kind))
    })
}

/// # Safety
/// `dst` must be valid for `size` bytes in the space `kind` names until the stream gets
/// there.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyFromSymbolAsync(
    dst: *mut c_void,
    symbol: *const c_void,
    size: usize,
    offset: usize,
    kind: c_int,
    stream: HipStream,
) -> HipError {
    call("hipMemcpyFromSymbolAsync", || {
        let parsed = MemcpyKind::from_raw(kind).ok_or(RuntimeError::InvalidMemcpyKind { kind })?;
        if matches!(parsed, MemcpyKind::HostToHost | MemcpyKind::HostToDevice) {
            return Err(RuntimeError::InvalidMemcpyKind { kind });
        }
        let src = symbol_range(symbol, size, offset)?;
        copy_on(stream, linear(dst, src as *const c_void, size, kind))
    })
}

fn peer_copy(
    dst: *mut c_void,
    dst_device: c_int,
    src: *const c_void,
    src_device: c_int,
    size: usize,
    stream: Option<HipStream>,
) -> Result<(), RuntimeError> {
    let backend = backend::get();
    let dst_device = device_index(backend, dst_device)?;
    let src_device = device_index(backend, src_device)?;
    if size == 0 {
        return Ok(());
    }
    non_null(dst, "dst")?;
    non_null(src, "src")?;
    pointers::check_range(backend, dst_device, dst as usize, size, "dst")?;
    pointers::check_range(backend, src_device, src as usize, size, "src")?;
    match stream {
        None => {
            capture::check_legacy_stream()?;
            backend.memcpy_peer(dst as u64, dst_device, src as u64, src_device, size, None)
        }
        Some(stream) => {
            // Recorded as a copy the driver routes by address (unified addressing).
            if let Some(result) = capture::record(stream as usize, || {
                copy_operation(linear(dst, src, size, 4))
            })
            .done()
            {
                return result;
            }
            backend.memcpy_peer(
                dst as u64,
                dst_device,
                src as u64,
                src_device,
                size,
                Some(stream as usize),
            )
        }
    }
}

/// # Safety
/// `dst` must be memory of device `dst_device` and `src` of `src_device`, `size` bytes each.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyPeer(
    dst: *mut c_void,
    dst_device: c_int,
    src: *const c_void,
    src_device: c_int,
    size: usize,
) -> HipError {
    call("hipMemcpyPeer", || {
        peer_copy(dst, dst_device, src, src_device, size, None)
    })
}

/// # Safety
/// As for [`hipMemcpyPeer`], valid until the stream gets there.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyPeerAsync(
    dst: *mut c_void,
    dst_device: c_int,
    src: *const c_void,
    src_device: c_int,
    size: usize,
    stream: HipStream,
) -> HipError {
    call("hipMemcpyPeerAsync", || {
        peer_copy(dst, dst_device, src, src_device, size, Some(stream))
    })
}

/// # Safety
/// `ptr` must be NULL or point to a writable `void*`.
#[no_mangle]
pub unsafe extern "C" fn hipHostMalloc(ptr: *mut *mut c_void, size: usize, flags: u32) -> HipError {
    call("hipHostMalloc", || {
        non_null(ptr, "ptr")?;
        // Default 0, Portable 1, Mapped 2, WriteCombined 4, NumaUser 0x2000_0000,
        // Coherent 0x4000_0000, NonCoherent 0x8000_0000; coherent and non-coherent
        // together are contradictory.
        const KNOWN: u32 = 0x7 | 0xe000_0000;
        if flags & !KNOWN != 0 || flags & 0xc000_0000 == 0xc000_0000 {
            return Err(RuntimeError::InvalidValue { argument: "flags" });
        }
        let (backend, device) = backend::current()?;
        let allocation = if size == 0 {
            std::ptr::null_mut()
        } else {
            // On the CPU device, host memory is what pools cache.
            pool::retry_out_of_memory(device, || backend.host_malloc(device, size, flags))?
        };
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { ptr.write(allocation) };
        Ok(())
    })
}

/// # Safety
/// As for [`hipHostMalloc`].
#[no_mangle]
pub unsafe extern "C" fn hipMallocHost(ptr: *mut *mut c_void, size: usize) -> HipError {
    // SAFETY: same contract.
    unsafe { hipHostMalloc(ptr, size, 0) }
}

/// # Safety
/// `ptr` must be NULL or come from `hipHostMalloc`.
#[no_mangle]
pub unsafe extern "C" fn hipHostFree(ptr: *mut c_void) -> HipError {
    call("hipHostFree", || {
        if ptr.is_null() {
            return Ok(());
        }
        let (backend, device) = backend::current()?;
        backend.host_free(device, ptr)
    })
}

/// # Safety
/// As for [`hipHostFree`].
#[no_mangle]
pub unsafe extern "C" fn hipFreeHost(ptr: *mut c_void) -> HipError {
    // SAFETY: same contract.
    unsafe { hipHostFree(ptr) }
}

/// # Safety
/// As for `hipHostMalloc`.
#[no_mangle]
pub unsafe extern "C" fn hipHostAlloc(ptr: *mut *mut c_void, size: usize, flags: u32) -> HipError {
    // SAFETY: same contract.
    unsafe { hipHostMalloc(ptr, size, flags) }
}

/// # Safety
/// As for `hipHostMalloc`.
#[no_mangle]
pub unsafe extern "C" fn hipMemAllocHost(ptr: *mut *mut c_void, size: usize) -> HipError {
    // SAFETY: same contract.
    unsafe { hipHostMalloc(ptr, size, 0) }
}

/// Device memory with an AMD placement flag: Default 0, Finegrained 1, SignalMemory 2
/// (8 bytes), Uncached 3, Contiguous 4. Every kind is ordinary device memory here, which is
/// coherent with the host at the synchronisation points HIP defines.
///
/// # Safety
/// `ptr` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipExtMallocWithFlags(
    ptr: *mut *mut c_void,
    size: usize,
    flags: u32,
) -> HipError {
    call("hipExtMallocWithFlags", || {
        non_null(ptr, "ptr")?;
        if flags > 4 || (flags == 2 && size != 8) {
            return Err(RuntimeError::InvalidValue { argument: "flags" });
        }
        let (backend, device) = backend::current()?;
        let allocation = if size == 0 {
            std::ptr::null_mut()
        } else {
            pool::retry_out_of_memory(device, || backend.malloc(device, size))? as *mut c_void
        };
        write(ptr, allocation);
        Ok(())
    })
}

/// Page-locks host memory; `flags`: Portable 1, Mapped 2, IoMemory 4, ReadOnly 8.
///
/// # Safety
/// `ptr` must be host memory of `size` bytes that stays allocated while registered.
#[no_mangle]
pub unsafe extern "C" fn hipHostRegister(ptr: *mut c_void, size: usize, flags: u32) -> HipError {
    call("hipHostRegister", || {
        non_null(ptr, "hostPtr")?;
        if size == 0 {
            return Err(RuntimeError::InvalidValue {
                argument: "sizeBytes",
            });
        }
        if flags & !0xf != 0 {
            return Err(RuntimeError::InvalidValue { argument: "flags" });
        }
        let (backend, device) = backend::current()?;
        backend.host_register(device, ptr, size, flags)
    })
}

/// # Safety
/// `ptr` must be NULL or the start of a registered range.
#[no_mangle]
pub unsafe extern "C" fn hipHostUnregister(ptr: *mut c_void) -> HipError {
    call("hipHostUnregister", || {
        non_null(ptr, "hostPtr")?;
        let (backend, device) = backend::current()?;
        backend.host_unregister(device, ptr)
    })
}

/// # Safety
/// `device_pointer` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipHostGetDevicePointer(
    device_pointer: *mut *mut c_void,
    host_pointer: *mut c_void,
    flags: u32,
) -> HipError {
    call("hipHostGetDevicePointer", || {
        non_null(device_pointer, "devPtr")?;
        non_null(host_pointer, "hstPtr")?;
        if flags != 0 {
            return Err(RuntimeError::InvalidValue { argument: "flags" });
        }
        let (backend, device) = backend::current()?;
        let mapped = backend.host_device_pointer(device, host_pointer)?;
        write(device_pointer, mapped as *mut c_void);
        Ok(())
    })
}

/// # Safety
/// `flags` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipHostGetFlags(flags: *mut u32, host_pointer: *mut c_void) -> HipError {
    call("hipHostGetFlags", || {
        non_null(flags, "flagsPtr")?;
        non_null(host_pointer, "hostPtr")?;
        let (backend, device) = backend::current()?;
        let value = backend.host_flags(device, host_pointer)?;
        write(flags, value);
        Ok(())
    })
}

fn pointer_info(ptr: *const c_void) -> Result<crate::backend::PointerInfo, RuntimeError> {
    non_null(ptr, "ptr")?;
    let (backend, device) = backend::current()?;
    backend.pointer_info(device, ptr)?.ok_or_else(|| {
        RuntimeError::status(
            HipError::ErrorInvalidValue,
            format!("{ptr:p} is not memory the runtime allocated or registered"),
        )
    })
}

/// Memory the runtime did not allocate or register is `hipErrorInvalidValue`, as in HIP.
///
/// # Safety
/// `attributes` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipPointerGetAttributes(
    attributes: *mut PointerAttribute,
    ptr: *const c_void,
) -> HipError {
    call("hipPointerGetAttributes", || {
        non_null(attributes, "attributes")?;
        let info = pointer_info(ptr)?;
        write(
            attributes,
            PointerAttribute {
                type_: info.memory_type,
                device: info.device as c_int,
                devicePointer: info.device_pointer,
                hostPointer: info.host_pointer,
                isManaged: c_int::from(info.is_managed),
                allocationFlags: info.flags,
            },
        );
        Ok(())
    })
}

/// The size of the allocation that contains `ptr`.
///
/// # Safety
/// `size` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMemPtrGetInfo(ptr: *mut c_void, size: *mut usize) -> HipError {
    call("hipMemPtrGetInfo", || {
        non_null(size, "size")?;
        let info = pointer_info(ptr)?;
        if info.size == 0 {
            return Err(RuntimeError::InvalidValue { argument: "ptr" });
        }
        write(size, info.size);
        Ok(())
    })
}

/// # Safety
/// `base` and `size` must each be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMemGetAddressRange(
    base: *mut *mut c_void,
    size: *mut usize,
    ptr: *mut c_void,
) -> HipError {
    call("hipMemGetAddressRange", || {
        let info = pointer_info(ptr)?;
        if info.size == 0 {
            return Err(RuntimeError::InvalidValue { argument: "dptr" });
        }
        if !base.is_null() {
            write(base, info.base as *mut c_void);
        }
        if !size.is_null() {
            write(size, info.size);
        }
        Ok(())
    })
}

/// A `hipMemAdvise`/`hipMemPrefetchAsync` device: `hipCpuDeviceId` or a device ordinal.
fn location(device: c_int) -> Result<Location, RuntimeError> {
    if device == CPU_DEVICE_ID {
        return Ok(Location::Host);
    }
    device_index(backend::get(), device).map(Location::Device)
}

fn location_number(location: Option<Location>) -> c_int {
    match location {
        Some(Location::Host) => CPU_DEVICE_ID,
        Some(Location::Device(device)) => device as c_int,
        None => INVALID_DEVICE_ID,
    }
}

/// `advice`: SetReadMostly 1, UnsetReadMostly 2, SetPreferredLocation 3,
/// UnsetPreferredLocation 4, SetAccessedBy 5, UnsetAccessedBy 6, SetCoarseGrain 100,
/// UnsetCoarseGrain 101; `device` matters for 3, 5 and 6.
///
/// # Safety
/// `ptr` must be NULL or managed memory of `count` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemAdvise(
    ptr: *const c_void,
    count: usize,
    advice: c_int,
    device: c_int,
) -> HipError {
    call("hipMemAdvise", || {
        non_null(ptr, "dev_ptr")?;
        if count == 0 {
            return Err(RuntimeError::InvalidValue { argument: "count" });
        }
        let target = match advice {
            3 | 5 | 6 => location(device)?,
            1 | 2 | 4 | 100 | 101 => Location::Host,
            _ => return Err(RuntimeError::InvalidValue { argument: "advice" }),
        };
        let (backend, current) = backend::current()?;
        backend.mem_advise(current, ptr as u64, count, advice, target)
    })
}

/// Moves managed memory towards `device` (or the host, `hipCpuDeviceId`) in stream order;
/// a hint, recorded as an empty node when the stream captures.
///
/// # Safety
/// `ptr` must be NULL or managed memory of `count` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemPrefetchAsync(
    ptr: *const c_void,
    count: usize,
    device: c_int,
    stream: HipStream,
) -> HipError {
    call("hipMemPrefetchAsync", || {
        non_null(ptr, "dev_ptr")?;
        if count == 0 {
            return Err(RuntimeError::InvalidValue { argument: "count" });
        }
        let target = location(device)?;
        if let Some(result) = capture::record(stream as usize, || Ok(Operation::Empty)).done() {
            return result;
        }
        let (backend, owner, _in_use) = live::stream_device(stream)?;
        backend.mem_prefetch(owner, ptr as u64, count, target, stream as usize)
    })
}

/// Writes one range attribute into `size` bytes at `data`.
fn range_attribute(
    data: *mut c_void,
    size: usize,
    attribute: c_int,
    ptr: *const c_void,
    count: usize,
) -> Result<(), RuntimeError> {
    non_null(data, "data")?;
    non_null(ptr, "dev_ptr")?;
    if count == 0 {
        return Err(RuntimeError::InvalidValue { argument: "count" });
    }
    let int = std::mem::size_of::<c_int>();
    let sized = match attribute {
        1 | 2 | 4 | 100 => size == int,
        3 => size >= int && size.is_multiple_of(int),
        _ => {
            return Err(RuntimeError::InvalidValue {
                argument: "attribute",
            })
        }
    };
    if !sized {
        return Err(RuntimeError::InvalidValue {
            argument: "data_size",
        });
    }
    let (backend, device) = backend::current()?;
    let values: Vec<c_int> =
        match backend.mem_range_attribute(device, ptr as u64, count, attribute)? {
            RangeValue::Int(value) => vec![value],
            RangeValue::Location(location) => vec![location_number(location)],
            RangeValue::Locations(locations) => locations
                .into_iter()
                .map(|location| location_number(Some(location)))
                .collect(),
        };
    let slots = size / int;
    for index in 0..slots {
        let value = values.get(index).copied().unwrap_or(INVALID_DEVICE_ID);
        // SAFETY: `data` is non-null and holds `size` writable bytes (the caller's promise);
        // `index < size / 4`.
        unsafe { data.cast::<c_int>().add(index).write_unaligned(value) };
    }
    Ok(())
}

/// # Safety
/// `data` must be NULL or `data_size` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemRangeGetAttribute(
    data: *mut c_void,
    data_size: usize,
    attribute: c_int,
    ptr: *const c_void,
    count: usize,
) -> HipError {
    call("hipMemRangeGetAttribute", || {
        range_attribute(data, data_size, attribute, ptr, count)
    })
}

/// # Safety
/// `data`, `sizes` and `attributes` must be NULL or hold `number` entries, each `data[i]`
/// NULL or `sizes[i]` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn hipMemRangeGetAttributes(
    data: *mut *mut c_void,
    sizes: *mut usize,
    attributes: *mut c_int,
    number: usize,
    ptr: *const c_void,
    count: usize,
) -> HipError {
    call("hipMemRangeGetAttributes", || {
        non_null(data, "data")?;
        non_null(sizes, "data_sizes")?;
        non_null(attributes, "attributes")?;
        if number == 0 {
            return Err(RuntimeError::InvalidValue {
                argument: "num_attributes",
            });
        }
        for index in 0..number {
            // SAFETY: the caller promises `number` readable entries in each array.
            let (out, size, attribute) = unsafe {
                (
                    data.add(index).read(),
                    sizes.add(index).read(),
                    attributes.add(index).read(),
                )
            };
            range_attribute(out, size, attribute, ptr, count)?;
        }
        Ok(())
    })
}
