//! Kernel launches (`<<<>>>` through `__hipPushCallConfiguration` and
//! `__hipPopCallConfiguration`, `hipLaunchKernel` and its per-thread-stream form, cooperative
//! launches, `hipExtLaunchKernel`) and the kernel attributes a program reads or sets before
//! launching (`hipFuncGetAttributes`, `hipFuncSetAttribute`, `hipGetFuncBySymbol`, ...).
//!
//! `launch` is the one path these launches and `hipModuleLaunchKernel` take: it checks the
//! configuration, records the launch when the stream is capturing, and otherwise hands it to
//! the backend. Occupancy, which asks the backend about kernels too, is `occupancy`.

use std::ffi::{c_int, c_void};

use crate::api::{call, capture, event, live, non_null, ops, HipEvent, HipStream};
use crate::backend::{self, Launch, PackedArgs};
use crate::error::{HipError, RuntimeError};
use crate::thread::{self, CallConfiguration};
use crate::types::{self, Dim3};

/// Pushes the `<<<grid, block, shared, stream>>>` configuration (called by clang's
/// lowering of `<<<>>>` before the arguments are evaluated).
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn __hipPushCallConfiguration(
    grid: Dim3,
    block: Dim3,
    shared_mem: usize,
    stream: HipStream,
) -> HipError {
    call("__hipPushCallConfiguration", || {
        thread::push_configuration(CallConfiguration {
            grid,
            block,
            shared_mem,
            stream,
        });
        Ok(())
    })
}

/// Pops the configuration pushed for this stub call. On an empty stack the outputs are
/// zeroed and `hipErrorMissingConfiguration` is returned.
///
/// # Safety
/// Each pointer must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn __hipPopCallConfiguration(
    grid: *mut Dim3,
    block: *mut Dim3,
    shared_mem: *mut usize,
    stream: *mut HipStream,
) -> HipError {
    call("__hipPopCallConfiguration", || {
        non_null(grid, "grid")?;
        non_null(block, "block")?;
        non_null(shared_mem, "shared_mem")?;
        non_null(stream, "stream")?;
        let popped = thread::pop_configuration();
        let configuration = popped.unwrap_or(CallConfiguration {
            grid: Dim3::default(),
            block: Dim3::default(),
            shared_mem: 0,
            stream: std::ptr::null_mut(),
        });
        // SAFETY: all four checked non-null; the caller (clang's stub) passes its locals.
        unsafe {
            grid.write(configuration.grid);
            block.write(configuration.block);
            shared_mem.write(configuration.shared_mem);
            stream.write(configuration.stream);
        }
        match popped {
            Some(_) => Ok(()),
            None => Err(RuntimeError::MissingConfiguration),
        }
    })
}

/// The largest block CUDA and HIP devices accept.
const MAX_THREADS_PER_BLOCK: u64 = 1024;

/// One launch: `args` is clang's array of argument pointers, or `packed` the module API's
/// packed buffer; with `per_thread_stream`, the null stream is the per-thread stream.
#[expect(
    clippy::too_many_arguments,
    reason = "the launch parameters of the C API, passed through"
)]
pub(crate) fn launch(
    function_address: *const c_void,
    grid: Dim3,
    block: Dim3,
    args: *mut *mut c_void,
    packed: Option<PackedArgs>,
    shared_mem: usize,
    stream: HipStream,
    per_thread_stream: bool,
    cooperative: bool,
) -> Result<(), RuntimeError> {
    if function_address.is_null() {
        return Err(RuntimeError::UnknownKernel { handle: 0 });
    }
    if grid.count() == 0 || block.count() == 0 {
        return Err(RuntimeError::InvalidConfiguration {
            detail: format!(
                "grid ({},{},{}) block ({},{},{}) has a zero dimension",
                grid.x, grid.y, grid.z, block.x, block.y, block.z
            ),
        });
    }
    if block.count() > MAX_THREADS_PER_BLOCK {
        return Err(RuntimeError::InvalidConfiguration {
            detail: format!(
                "block ({},{},{}) has {} threads, more than {MAX_THREADS_PER_BLOCK}",
                block.x,
                block.y,
                block.z,
                block.count()
            ),
        });
    }
    let effective = if per_thread_stream && stream.is_null() {
        // hipStreamPerThread.
        2
    } else {
        stream as usize
    };
    if let Some(result) = capture::record(effective, || {
        let (backend, device, _in_use) = live::stream_device(stream)?;
        // SAFETY: the launch's own contract (clang's argument array or a packed buffer).
        unsafe {
            ops::kernel_operation(
                backend,
                device,
                function_address as usize,
                grid,
                block,
                args,
                packed,
                shared_mem,
                cooperative,
            )
        }
    })
    .done()
    {
        return result;
    }
    let (backend, device, _in_use) = live::stream_device(stream)?;
    backend.launch(
        device,
        &Launch {
            kernel: function_address as usize,
            grid,
            block,
            args,
            shared_mem,
            stream: stream as usize,
            per_thread_stream,
            packed,
            cooperative,
        },
    )
}

/// Launches the kernel whose host handle is `function_address` (what `&kernel` gives in
/// HIP host code, and what clang's stubs pass). `args` holds one pointer per parameter.
///
/// # Safety
/// `args` must point to one valid pointer per kernel parameter, each to a value of the
/// parameter's type.
#[no_mangle]
pub unsafe extern "C" fn hipLaunchKernel(
    function_address: *const c_void,
    grid: Dim3,
    block: Dim3,
    args: *mut *mut c_void,
    shared_mem: usize,
    stream: HipStream,
) -> HipError {
    call("hipLaunchKernel", || {
        launch(
            function_address,
            grid,
            block,
            args,
            None,
            shared_mem,
            stream,
            false,
            false,
        )
    })
}

/// As [`hipLaunchKernel`], with the null stream meaning the per-thread default stream
/// (clang uses it under `-fgpu-default-stream=per-thread`).
///
/// # Safety
/// As for [`hipLaunchKernel`].
#[no_mangle]
pub unsafe extern "C" fn hipLaunchKernel_spt(
    function_address: *const c_void,
    grid: Dim3,
    block: Dim3,
    args: *mut *mut c_void,
    shared_mem: usize,
    stream: HipStream,
) -> HipError {
    call("hipLaunchKernel_spt", || {
        launch(
            function_address,
            grid,
            block,
            args,
            None,
            shared_mem,
            stream,
            true,
            false,
        )
    })
}

/// Launches a kernel whose blocks may synchronise with each other (`grid_group::sync`):
/// every block must be resident at once, or the launch fails with
/// `hipErrorCooperativeLaunchTooLarge`.
///
/// # Safety
/// As for [`hipLaunchKernel`].
#[no_mangle]
pub unsafe extern "C" fn hipLaunchCooperativeKernel(
    function_address: *const c_void,
    grid: Dim3,
    block: Dim3,
    args: *mut *mut c_void,
    shared_mem: u32,
    stream: HipStream,
) -> HipError {
    call("hipLaunchCooperativeKernel", || {
        launch(
            function_address,
            grid,
            block,
            args,
            None,
            shared_mem as usize,
            stream,
            false,
            true,
        )
    })
}

/// A launch between two optional event records (`start` before, `stop` after); `flags`
/// are AMD's launch hints and change nothing here.
///
/// # Safety
/// As for [`hipLaunchKernel`]; the events must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn hipExtLaunchKernel(
    function_address: *const c_void,
    grid: Dim3,
    block: Dim3,
    args: *mut *mut c_void,
    shared_mem: usize,
    stream: HipStream,
    start: HipEvent,
    stop: HipEvent,
    _flags: c_int,
) -> HipError {
    call("hipExtLaunchKernel", || {
        if !start.is_null() {
            // SAFETY: forwarded from this function's contract.
            let status = unsafe { event::hipEventRecord(start, stream) };
            if status != HipError::Success {
                return Err(RuntimeError::status(status, "recording the start event"));
            }
        }
        launch(
            function_address,
            grid,
            block,
            args,
            None,
            shared_mem,
            stream,
            false,
            false,
        )?;
        if !stop.is_null() {
            // SAFETY: forwarded from this function's contract.
            let status = unsafe { event::hipEventRecord(stop, stream) };
            if status != HipError::Success {
                return Err(RuntimeError::status(status, "recording the stop event"));
            }
        }
        Ok(())
    })
}

/// `kernel` as a registered kernel handle; anything else is an unknown kernel.
pub(crate) fn check_kernel(kernel: *const c_void) -> Result<usize, RuntimeError> {
    if kernel.is_null() || crate::registry::kernel(kernel as usize).is_none() {
        return Err(RuntimeError::UnknownKernel {
            handle: kernel as usize,
        });
    }
    Ok(kernel as usize)
}

/// The `hipFunction_t` of a kernel given by its host handle (`&kernel`): the same handle.
///
/// # Safety
/// `function` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGetFuncBySymbol(
    function: *mut *mut c_void,
    symbol: *const c_void,
) -> HipError {
    call("hipGetFuncBySymbol", || {
        non_null(function, "functionPtr")?;
        let kernel = check_kernel(symbol)?;
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { function.write(kernel as *mut c_void) };
        Ok(())
    })
}

/// # Safety
/// `attributes` must be NULL or point to a writable `hipFuncAttributes`.
#[no_mangle]
pub unsafe extern "C" fn hipFuncGetAttributes(
    attributes: *mut types::FuncAttributes,
    function_address: *const c_void,
) -> HipError {
    call("hipFuncGetAttributes", || {
        non_null(attributes, "attr")?;
        if function_address.is_null() {
            return Err(RuntimeError::UnknownKernel { handle: 0 });
        }
        let (backend, device) = backend::current()?;
        let result = backend.function_attributes(device, function_address as usize)?;
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { attributes.write(result) };
        Ok(())
    })
}

/// `hipFunction_attribute` (CUDA's numbers): MaxThreadsPerBlock 0, SharedSizeBytes 1,
/// ConstSizeBytes 2, LocalSizeBytes 3, NumRegs 4, PtxVersion 5, BinaryVersion 6,
/// CacheModeCa 7, MaxDynamicSharedSizeBytes 8, PreferredSharedMemoryCarveout 9.
///
/// # Safety
/// `value` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipFuncGetAttribute(
    value: *mut c_int,
    attribute: c_int,
    function: *mut c_void,
) -> HipError {
    call("hipFuncGetAttribute", || {
        non_null(value, "value")?;
        let kernel = check_kernel(function)?;
        let (backend, device) = backend::current()?;
        let attributes = backend.function_attributes(device, kernel)?;
        let size = |bytes: usize| c_int::try_from(bytes).unwrap_or(c_int::MAX);
        let result = match attribute {
            0 => attributes.maxThreadsPerBlock,
            1 => size(attributes.sharedSizeBytes),
            2 => size(attributes.constSizeBytes),
            3 => size(attributes.localSizeBytes),
            4 => attributes.numRegs,
            5 => attributes.ptxVersion,
            6 => attributes.binaryVersion,
            7 => attributes.cacheModeCA,
            8 => attributes.maxDynamicSharedSizeBytes,
            9 => attributes.preferredShmemCarveout,
            _ => return Err(RuntimeError::InvalidValue { argument: "attrib" }),
        };
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { value.write(result) };
        Ok(())
    })
}

/// Sets a launch attribute of the kernel whose host handle is `function_address`:
/// `hipFuncAttributeMaxDynamicSharedMemorySize` (8) or
/// `hipFuncAttributePreferredSharedMemoryCarveout` (9). Launches opt in to more than
/// 48 KiB of dynamic shared memory by themselves; this call is still honoured.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipFuncSetAttribute(
    function_address: *const c_void,
    attribute: c_int,
    value: c_int,
) -> HipError {
    call("hipFuncSetAttribute", || {
        if function_address.is_null() {
            return Err(RuntimeError::UnknownKernel { handle: 0 });
        }
        if attribute != 8 && attribute != 9 {
            return Err(RuntimeError::InvalidValue { argument: "attr" });
        }
        let (backend, device) = backend::current()?;
        backend.function_set_attribute(device, function_address as usize, attribute, value)
    })
}

/// A cache-configuration hint; accepted and ignored (as HIP does on AMD).
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipFuncSetCacheConfig(
    function_address: *const c_void,
    config: c_int,
) -> HipError {
    call("hipFuncSetCacheConfig", || {
        if function_address.is_null() {
            return Err(RuntimeError::UnknownKernel { handle: 0 });
        }
        if !(0..=3).contains(&config) {
            return Err(RuntimeError::InvalidValue { argument: "config" });
        }
        Ok(())
    })
}

/// A bank-size preference (`hipSharedMemConfig`) for one kernel; nothing to change on the
/// devices this runtime drives.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipFuncSetSharedMemConfig(
    function: *const c_void,
    config: c_int,
) -> HipError {
    call("hipFuncSetSharedMemConfig", || {
        check_kernel(function)?;
        if !(0..=2).contains(&config) {
            return Err(RuntimeError::status(
                HipError::ErrorInvalidValue,
                format!("{config} is not a hipSharedMemConfig"),
            ));
        }
        Ok(())
    })
}
