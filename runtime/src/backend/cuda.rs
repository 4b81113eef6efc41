//! The NVIDIA backend over the CUDA driver API.
//!
//! `libcuda.so.1` is opened with `dlopen`; `cuInit`, `cuDriverGetVersion` and
//! `cuGetProcAddress_v2` come from `dlsym`, every other entry point from
//! `cuGetProcAddress_v2` at one fixed CUDA version ([`CUDA_API_VERSION`]), and each
//! function type below is written as CUDA 12.0 declares it (hip-abi.md §0.9, §5.1).
//! The driver answers `CUDA_SUCCESS` even for unknown symbols, so both the pointer and
//! the symbol status are checked.
//!
//! Each device's primary context is retained at its first use and made current on every
//! thread before a call (the current context is thread-local, §5.2). A fat binary's image
//! for a device is chosen and loaded at the first launch of one of its kernels on that
//! device, after `image_check` has passed it; loaded modules and looked-up functions are
//! cached for the life of the process.
//! This module does not validate API arguments; `api` has done that.

use std::cell::Cell;
use std::collections::HashMap;
use std::ffi::{c_char, c_void, CStr, CString};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use libloading::Library;

use super::{
    ptx_variants, Backend, DevicePtr, EventHandle, Launch, Location, RangeValue, StreamHandle,
};
use crate::error::RuntimeError;
use crate::image::{self, ImageFormat};
use crate::image_check;
use crate::log::log;
use crate::registry::{self, FatBinary};
use crate::sync::lock;
use crate::types::{
    memory_type, set_c_string, DeviceExtras, DeviceProp, FuncAttributes, MemcpyKind,
};

/// The CUDA version whose entry points (and their signatures) we request.
const CUDA_API_VERSION: i32 = 12000;

type CuResult = i32;
type CuDevice = i32;
type CuContext = *mut c_void;
type CuModule = *mut c_void;
type CuFunction = *mut c_void;
type CuStream = *mut c_void;
type CuEvent = *mut c_void;
type CuDevicePtr = u64;

const CUDA_SUCCESS: CuResult = 0;
/// `CUDA_ERROR_DEINITIALIZED`: the driver is shutting down (seen at process exit).
const CUDA_ERROR_DEINITIALIZED: CuResult = 4;
const CUDA_ERROR_NOT_READY: CuResult = 600;
/// `CU_STREAM_PER_THREAD`, the per-thread default stream handle.
const CU_STREAM_PER_THREAD: usize = 0x2;
/// `CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES`.
const CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: i32 = 8;
/// `CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK`: the largest block the function launches with.
const CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: i32 = 0;
/// `CU_FUNC_ATTRIBUTE_NUM_REGS`.
const CU_FUNC_ATTRIBUTE_NUM_REGS: i32 = 4;
/// Dynamic shared memory a kernel may use without opting in.
const DEFAULT_DYNAMIC_SHARED_LIMIT: usize = 48 * 1024;

// `CUjit_option` values (hip-abi.md §5.3).
const CU_JIT_WALL_TIME: i32 = 2;
const CU_JIT_INFO_LOG_BUFFER: i32 = 3;
const CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES: i32 = 4;
const CU_JIT_ERROR_LOG_BUFFER: i32 = 5;
const CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES: i32 = 6;
const CU_JIT_LOG_VERBOSE: i32 = 12;
const JIT_LOG_CAPACITY: usize = 16 * 1024;

type CuInit = unsafe extern "C" fn(u32) -> CuResult;
type CuDriverGetVersion = unsafe extern "C" fn(*mut i32) -> CuResult;
type CuGetProcAddress =
    unsafe extern "C" fn(*const c_char, *mut *mut c_void, i32, u64, *mut i32) -> CuResult;

/// Declares the table of driver entry points resolved through `cuGetProcAddress_v2`.
macro_rules! driver_api {
    ($($name:ident: fn($($arg:ty),* $(,)?);)*) => {
        #[expect(non_snake_case, reason = "fields are named after the CUDA entry points")]
        struct Api {
            $($name: unsafe extern "C" fn($($arg),*) -> CuResult,)*
        }

        impl Api {
            /// # Safety
            /// `get_proc_address` must be the driver's `cuGetProcAddress_v2`, after `cuInit`.
            unsafe fn resolve(get_proc_address: CuGetProcAddress) -> Result<Api, RuntimeError> {
                Ok(Api {
                    $($name: {
                        // SAFETY: forwarded from this function's contract.
                        let pointer = unsafe { resolve_one(get_proc_address, stringify!($name)) }?;
                        // SAFETY: the driver returned the entry point for this name at
                        // CUDA_API_VERSION, whose C signature is the one declared here.
                        unsafe {
                            std::mem::transmute::<*mut c_void, unsafe extern "C" fn($($arg),*) -> CuResult>(pointer)
                        }
                    },)*
                })
            }
        }
    };
}

driver_api! {
    cuGetErrorName: fn(CuResult, *mut *const c_char);
    cuDeviceGetCount: fn(*mut i32);
    cuDeviceGet: fn(*mut CuDevice, i32);
    cuDeviceGetName: fn(*mut c_char, i32, CuDevice);
    cuDeviceGetUuid: fn(*mut [u8; 16], CuDevice);
    cuDeviceTotalMem: fn(*mut usize, CuDevice);
    cuDeviceGetAttribute: fn(*mut i32, i32, CuDevice);
    cuDevicePrimaryCtxRetain: fn(*mut CuContext, CuDevice);
    cuDevicePrimaryCtxReset: fn(CuDevice);
    cuCtxSetCurrent: fn(CuContext);
    cuCtxSynchronize: fn();
    cuMemAlloc: fn(*mut CuDevicePtr, usize);
    cuMemFree: fn(CuDevicePtr);
    cuMemGetInfo: fn(*mut usize, *mut usize);
    cuMemHostAlloc: fn(*mut *mut c_void, usize, u32);
    cuMemFreeHost: fn(*mut c_void);
    cuMemAllocManaged: fn(*mut CuDevicePtr, usize, u32);
    cuStreamWaitEvent: fn(CuStream, CuEvent, u32);
    cuMemcpy: fn(CuDevicePtr, CuDevicePtr, usize);
    cuMemcpyAsync: fn(CuDevicePtr, CuDevicePtr, usize, CuStream);
    cuMemsetD8: fn(CuDevicePtr, u8, usize);
    cuMemsetD8Async: fn(CuDevicePtr, u8, usize, CuStream);
    cuModuleLoadDataEx: fn(*mut CuModule, *const c_void, u32, *mut i32, *mut *mut c_void);
    cuModuleGetFunction: fn(*mut CuFunction, CuModule, *const c_char);
    cuModuleGetGlobal: fn(*mut CuDevicePtr, *mut usize, CuModule, *const c_char);
    cuModuleUnload: fn(CuModule);
    cuFuncSetAttribute: fn(CuFunction, i32, i32);
    cuFuncGetAttribute: fn(*mut i32, i32, CuFunction);
    cuLaunchKernel: fn(
        CuFunction, u32, u32, u32, u32, u32, u32, u32, CuStream,
        *mut *mut c_void, *mut *mut c_void,
    );
    cuLaunchCooperativeKernel: fn(
        CuFunction, u32, u32, u32, u32, u32, u32, u32, CuStream, *mut *mut c_void,
    );
    cuStreamCreate: fn(*mut CuStream, u32);
    cuStreamDestroy: fn(CuStream);
    cuStreamSynchronize: fn(CuStream);
    cuStreamQuery: fn(CuStream);
    cuEventCreate: fn(*mut CuEvent, u32);
    cuEventRecord: fn(CuEvent, CuStream);
    cuEventSynchronize: fn(CuEvent);
    cuEventQuery: fn(CuEvent);
    cuEventElapsedTime: fn(*mut f32, CuEvent, CuEvent);
    cuEventDestroy: fn(CuEvent);
}

/// Declares entry points resolved on first use, each at the CUDA version that introduced
/// the signature written here. A driver without one makes only the API calls that need
/// it fail (`hipErrorNotSupported`), not the whole backend.
macro_rules! optional_api {
    ($($name:ident @ $version:literal: fn($($arg:ty),* $(,)?);)*) => {
        #[expect(non_snake_case, reason = "fields are named after the CUDA entry points")]
        #[derive(Default)]
        struct OptionalApi {
            $($name: std::sync::OnceLock<Option<unsafe extern "C" fn($($arg),*) -> CuResult>>,)*
        }

        #[expect(non_snake_case, reason = "methods are named after the CUDA entry points")]
        impl OptionalApi {
            $(
                fn $name(
                    &self,
                    get_proc_address: CuGetProcAddress,
                ) -> Result<unsafe extern "C" fn($($arg),*) -> CuResult, RuntimeError> {
                    let entry = self.$name.get_or_init(|| {
                        // SAFETY: `get_proc_address` is the driver's `cuGetProcAddress_v2`,
                        // called after `cuInit` (the backend exists only then).
                        let pointer = unsafe {
                            resolve_at(get_proc_address, stringify!($name), $version)
                        };
                        match pointer {
                            // SAFETY: the driver returned the entry point for this name at
                            // this version, whose C signature is the one declared here.
                            Ok(pointer) => Some(unsafe {
                                std::mem::transmute::<
                                    *mut c_void,
                                    unsafe extern "C" fn($($arg),*) -> CuResult,
                                >(pointer)
                            }),
                            Err(error) => {
                                log!(1, "{error}");
                                None
                            }
                        }
                    });
                    entry.ok_or_else(|| RuntimeError::NotSupported {
                        what: stringify!($name),
                        detail: format!(" by this CUDA driver (needs CUDA {})", $version),
                    })
                }
            )*
        }
    };
}

optional_api! {
    cuCtxGetLimit @ 12000: fn(*mut usize, i32);
    cuCtxSetLimit @ 12000: fn(i32, usize);
    cuCtxSetCacheConfig @ 12000: fn(i32);
    cuDevicePrimaryCtxSetFlags @ 12000: fn(CuDevice, u32);
    cuCtxGetStreamPriorityRange @ 12000: fn(*mut i32, *mut i32);
    cuStreamCreateWithPriority @ 12000: fn(*mut CuStream, u32, i32);
    cuLaunchHostFunc @ 12000: fn(CuStream, unsafe extern "C" fn(*mut c_void), *mut c_void);
    cuDeviceCanAccessPeer @ 12000: fn(*mut i32, CuDevice, CuDevice);
    cuCtxEnablePeerAccess @ 12000: fn(CuContext, u32);
    cuCtxDisablePeerAccess @ 12000: fn(CuContext);
    cuMemcpyPeer @ 12000: fn(CuDevicePtr, CuContext, CuDevicePtr, CuContext, usize);
    cuMemcpyPeerAsync @ 12000: fn(CuDevicePtr, CuContext, CuDevicePtr, CuContext, usize, CuStream);
    cuMemAllocPitch @ 12000: fn(*mut CuDevicePtr, *mut usize, usize, usize, u32);
    cuMemcpy2D @ 12000: fn(*const CudaMemcpy2D);
    cuMemcpy2DAsync @ 12000: fn(*const CudaMemcpy2D, CuStream);
    cuMemsetD16 @ 12000: fn(CuDevicePtr, u16, usize);
    cuMemsetD16Async @ 12000: fn(CuDevicePtr, u16, usize, CuStream);
    cuMemsetD32 @ 12000: fn(CuDevicePtr, u32, usize);
    cuMemsetD32Async @ 12000: fn(CuDevicePtr, u32, usize, CuStream);
    cuMemsetD2D8 @ 12000: fn(CuDevicePtr, usize, u8, usize, usize);
    cuMemsetD2D8Async @ 12000: fn(CuDevicePtr, usize, u8, usize, usize, CuStream);
    cuMemsetD2D16 @ 12000: fn(CuDevicePtr, usize, u16, usize, usize);
    cuMemsetD2D16Async @ 12000: fn(CuDevicePtr, usize, u16, usize, usize, CuStream);
    cuMemsetD2D32 @ 12000: fn(CuDevicePtr, usize, u32, usize, usize);
    cuMemsetD2D32Async @ 12000: fn(CuDevicePtr, usize, u32, usize, usize, CuStream);
    cuMemHostRegister @ 12000: fn(*mut c_void, usize, u32);
    cuMemHostUnregister @ 12000: fn(*mut c_void);
    cuMemHostGetDevicePointer @ 12000: fn(*mut CuDevicePtr, *mut c_void, u32);
    cuMemHostGetFlags @ 12000: fn(*mut u32, *mut c_void);
    cuPointerGetAttribute @ 12000: fn(*mut c_void, i32, CuDevicePtr);
    cuPointerGetAttributes @ 12000: fn(u32, *mut i32, *mut *mut c_void, CuDevicePtr);
    // At 12000 these are the first forms, taking a device ordinal (hip-abi.md §5.1); the
    // `_v2` forms with a CUmemLocation start at 12020.
    cuMemAdvise @ 12000: fn(CuDevicePtr, usize, i32, CuDevice);
    cuMemPrefetchAsync @ 12000: fn(CuDevicePtr, usize, CuDevice, CuStream);
    cuMemRangeGetAttribute @ 12000: fn(*mut c_void, usize, i32, CuDevicePtr, usize);
    cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags @ 12000: fn(*mut i32, CuFunction, i32, usize, u32);
    cuFuncGetParamInfo @ 12040: fn(CuFunction, usize, *mut usize, *mut usize);
}

/// `CUDA_MEMCPY2D` (the `_v2` layout every CUDA 12 and 13 driver uses).
#[repr(C)]
struct CudaMemcpy2D {
    src_x_in_bytes: usize,
    src_y: usize,
    src_memory_type: u32,
    src_host: *const c_void,
    src_device: CuDevicePtr,
    src_array: *mut c_void,
    src_pitch: usize,
    dst_x_in_bytes: usize,
    dst_y: usize,
    dst_memory_type: u32,
    dst_host: *mut c_void,
    dst_device: CuDevicePtr,
    dst_array: *mut c_void,
    dst_pitch: usize,
    width_in_bytes: usize,
    height: usize,
}

// `CUmemorytype`.
const CU_MEMORYTYPE_HOST: u32 = 1;
const CU_MEMORYTYPE_DEVICE: u32 = 2;
const CU_MEMORYTYPE_ARRAY: u32 = 3;
const CU_MEMORYTYPE_UNIFIED: u32 = 4;
/// `CU_DEVICE_CPU`: the host as a managed-memory location.
const CU_DEVICE_CPU: CuDevice = -1;
/// `CU_DEVICE_INVALID`.
const CU_DEVICE_INVALID: CuDevice = -2;
const CUDA_ERROR_INVALID_VALUE: CuResult = 1;

/// Runs a host function queued with `cuLaunchHostFunc`; `data` is a leaked
/// `Box<HostCall>`, reclaimed here.
unsafe extern "C" fn run_host_call(data: *mut c_void) {
    // SAFETY: `launch_host_func` leaked exactly this box for this one call.
    let call = unsafe { Box::from_raw(data.cast::<crate::backend::HostCall>()) };
    // A panic must not unwind into the driver's thread.
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(call));
}

/// Resolves one entry point at [`CUDA_API_VERSION`].
///
/// # Safety
/// `get_proc_address` must be the driver's `cuGetProcAddress_v2`, after `cuInit`.
unsafe fn resolve_one(
    get_proc_address: CuGetProcAddress,
    name: &'static str,
) -> Result<*mut c_void, RuntimeError> {
    // SAFETY: forwarded from this function's contract.
    unsafe { resolve_at(get_proc_address, name, CUDA_API_VERSION) }
}

/// Resolves one entry point at CUDA `version`.
///
/// # Safety
/// `get_proc_address` must be the driver's `cuGetProcAddress_v2`, after `cuInit`.
unsafe fn resolve_at(
    get_proc_address: CuGetProcAddress,
    name: &'static str,
    version: i32,
) -> Result<*mut c_void, RuntimeError> {
    let symbol = CString::new(name).map_err(|_| RuntimeError::Internal {
        reason: format!("entry point name `{name}` contains NUL"),
    })?;
    let mut pointer: *mut c_void = std::ptr::null_mut();
    let mut status: i32 = -1;
    // SAFETY: all pointers are to live locals; the signature is CUDA 12.0's
    // `cuGetProcAddress_v2(const char*, void**, int, cuuint64_t, CUdriverProcAddressQueryResult*)`.
    let code = unsafe { get_proc_address(symbol.as_ptr(), &mut pointer, version, 0, &mut status) };
    if code != CUDA_SUCCESS || status != 0 || pointer.is_null() {
        return Err(RuntimeError::NoDevice {
            reason: format!(
                "the CUDA driver has no `{name}` for CUDA {version} (result {code}, symbol status {status})"
            ),
        });
    }
    Ok(pointer)
}

/// A raw driver handle that may cross threads (CUDA handles are process-wide).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Raw(*mut c_void);
// SAFETY: CUDA contexts, modules and functions are process-wide handles that the
// driver allows to be used from any thread.
unsafe impl Send for Raw {}
// SAFETY: as above; the handle is only copied, never dereferenced by us.
unsafe impl Sync for Raw {}

struct Device {
    handle: CuDevice,
    /// Compute capability as major × 10 + minor.
    sm: u32,
    name: String,
    /// The retained primary context, once used.
    context: Mutex<Option<Raw>>,
}

#[derive(Clone, Copy)]
struct CachedFunction {
    function: Raw,
    /// The largest dynamic shared size this function has been opted in to.
    dynamic_shared_limit: usize,
    /// The largest block `function` takes, when the module has register-limited copies of
    /// it (`ptx_variants`), and those copies with theirs, fewest registers last.
    register_variants: Option<RegisterVariants>,
}

#[derive(Clone, Copy)]
struct RegisterVariants {
    max_threads: u32,
    copies: [Option<(u32, Raw)>; 2],
}

impl CachedFunction {
    /// The function to launch a block of `threads` threads with: the kernel itself while the
    /// block fits it, else its copy with the most registers that takes the block.
    fn for_block(&self, threads: u32) -> Raw {
        let Some(variants) = self.register_variants else {
            return self.function;
        };
        if threads <= variants.max_threads {
            return self.function;
        }
        variants
            .copies
            .iter()
            .flatten()
            .find(|(max_threads, _)| threads <= *max_threads)
            .map_or(self.function, |(_, copy)| *copy)
    }
}

/// A resolved function and the fat binary it was resolved from.
type ResolvedFunction = (CachedFunction, Arc<FatBinary>);

/// One fat binary's module on one device, or why it could not be loaded; set once.
type ModuleCell = Arc<std::sync::OnceLock<Result<Raw, RuntimeError>>>;

/// A device's properties as the CUDA backend keeps them.
struct KnownProperties(DeviceProp);
// SAFETY: the raw pointer fields of `DeviceProp` (AMD's HDP registers) are always null on this
// backend; the rest is plain data.
unsafe impl Send for KnownProperties {}

pub(crate) struct Cuda {
    api: Api,
    optional: OptionalApi,
    get_proc_address: CuGetProcAddress,
    driver_version: i32,
    devices: Vec<Device>,
    /// By (fat binary index, device): each module is loaded at most once, by the first
    /// thread that asks, while the others wait on its cell. Two loads of one fat binary
    /// would give its `__device__` variables two copies, and a kernel resolved from one
    /// would not see what `hipMemcpyToSymbol` wrote to the other.
    modules: Mutex<HashMap<(usize, usize), ModuleCell>>,
    /// By (kernel handle, device), with the fat binary each came from: an entry whose fat
    /// binary has been unregistered since is resolved again. The lock is held across
    /// `cuFuncSetAttribute`, so that the recorded limit is the driver's.
    functions: Mutex<HashMap<(usize, usize), ResolvedFunction>>,
    /// By loaded module: the kernels it holds register-limited copies of, and their caps
    /// (`ptx_variants`).
    register_variants: Mutex<HashMap<usize, HashMap<String, Vec<u32>>>>,
    /// Page-locked host memory the runtime allocated or registered: start → (size, flags as
    /// the program gave them). The driver cannot tell registered memory's flags, and on
    /// systems with heterogeneous memory management it may describe any host pointer.
    /// Each entry also names the device whose context made it, which `hipDeviceReset` frees.
    /// An entry is removed before the driver frees its memory, so that a block the driver
    /// hands out again at the same address is never removed by the earlier free.
    pinned: Mutex<std::collections::BTreeMap<usize, (usize, u32, usize)>>,
    /// Bumped by `hipDeviceReset`, so threads set their context again.
    generation: AtomicU64,
    /// Each device's properties, asked of the driver once: the hundred attribute queries
    /// cost about 1 ms, and programs ask in loops (HeCBench's `histogram` 400 times, which
    /// made its whole run 2.2x nvcc's; the CUDA runtime keeps them too).
    properties: Mutex<HashMap<usize, KnownProperties>>,
    /// Kept open for the life of the process; the function pointers point into it.
    _library: Library,
}

thread_local! {
    /// The context this thread made current, and the generation it did so in.
    static BOUND: Cell<(*mut c_void, u64)> = const { Cell::new((std::ptr::null_mut(), u64::MAX)) };
}

impl Cuda {
    /// Loads the driver, initialises it and lists the devices. Every failure becomes
    /// `RuntimeError::NoDevice` with the reason, so the caller can fall back.
    pub(crate) fn open() -> Result<Cuda, RuntimeError> {
        let no_device = |reason: String| RuntimeError::NoDevice { reason };
        // SAFETY: loading the system CUDA driver runs its initialisers, which have no
        // preconditions on our side.
        let library = unsafe { Library::new("libcuda.so.1") }
            .map_err(|error| no_device(format!("cannot load `libcuda.so.1`: {error}")))?;
        // SAFETY: the types are the C signatures of these three driver exports.
        let (cu_init, cu_driver_get_version, cu_get_proc_address) = unsafe {
            let cu_init = *library
                .get::<CuInit>(b"cuInit\0")
                .map_err(|error| no_device(format!("`libcuda.so.1` has no `cuInit`: {error}")))?;
            let cu_driver_get_version = *library
                .get::<CuDriverGetVersion>(b"cuDriverGetVersion\0")
                .map_err(|error| no_device(format!("no `cuDriverGetVersion`: {error}")))?;
            let cu_get_proc_address = *library
                .get::<CuGetProcAddress>(b"cuGetProcAddress_v2\0")
                .map_err(|error| {
                    no_device(format!(
                        "no `cuGetProcAddress_v2` (a CUDA 12 driver is required): {error}"
                    ))
                })?;
            (cu_init, cu_driver_get_version, cu_get_proc_address)
        };
        let mut driver_version = 0;
        // SAFETY: writes one int to a live local.
        unsafe { cu_driver_get_version(&mut driver_version) };
        // SAFETY: `cuInit(0)` has no preconditions.
        let code = unsafe { cu_init(0) };
        if code != CUDA_SUCCESS {
            return Err(no_device(format!(
                "`cuInit` failed with {code} (driver version {driver_version})"
            )));
        }
        if driver_version < CUDA_API_VERSION {
            return Err(no_device(format!(
                "the CUDA driver supports CUDA {driver_version}; {CUDA_API_VERSION} or newer is required"
            )));
        }
        // SAFETY: `cu_get_proc_address` is the driver's `cuGetProcAddress_v2`, after `cuInit`.
        let api = unsafe { Api::resolve(cu_get_proc_address) }?;
        let mut cuda = Cuda {
            api,
            optional: OptionalApi::default(),
            get_proc_address: cu_get_proc_address,
            driver_version,
            devices: Vec::new(),
            modules: Mutex::new(HashMap::new()),
            functions: Mutex::new(HashMap::new()),
            register_variants: Mutex::new(HashMap::new()),
            pinned: Mutex::new(std::collections::BTreeMap::new()),
            generation: AtomicU64::new(0),
            properties: Mutex::new(HashMap::new()),
            _library: library,
        };
        cuda.devices = cuda.list_devices()?;
        Ok(cuda)
    }

    fn list_devices(&self) -> Result<Vec<Device>, RuntimeError> {
        let mut count = 0;
        // SAFETY: writes one int to a live local.
        self.check("cuDeviceGetCount", unsafe {
            (self.api.cuDeviceGetCount)(&mut count)
        })?;
        let mut devices = Vec::new();
        for ordinal in 0..count {
            let mut handle = 0;
            // SAFETY: writes one CUdevice to a live local; `ordinal` is below the count.
            self.check("cuDeviceGet", unsafe {
                (self.api.cuDeviceGet)(&mut handle, ordinal)
            })?;
            let major = self.attribute(handle, 75)?;
            let minor = self.attribute(handle, 76)?;
            let mut name_buffer = [0 as c_char; 256];
            // SAFETY: the buffer is 256 bytes and its length is passed.
            self.check("cuDeviceGetName", unsafe {
                (self.api.cuDeviceGetName)(name_buffer.as_mut_ptr(), 256, handle)
            })?;
            // SAFETY: the driver NUL-terminates the name within the buffer, and the
            // buffer's last byte is never written past.
            let name = unsafe { CStr::from_ptr(name_buffer.as_ptr()) }
                .to_string_lossy()
                .into_owned();
            let sm = u32::try_from(major * 10 + minor).unwrap_or(0);
            log!(1, "device {ordinal}: {name} (sm_{sm})");
            devices.push(Device {
                handle,
                sm,
                name,
                context: Mutex::new(None),
            });
        }
        Ok(devices)
    }

    fn attribute(&self, device: CuDevice, attribute: i32) -> Result<i32, RuntimeError> {
        let mut value = 0;
        // SAFETY: writes one int to a live local.
        self.check("cuDeviceGetAttribute", unsafe {
            (self.api.cuDeviceGetAttribute)(&mut value, attribute, device)
        })?;
        Ok(value)
    }

    fn error_name(&self, code: CuResult) -> String {
        if code == CUDA_ERROR_DEINITIALIZED {
            // `cuGetErrorName` itself fails once the driver is deinitialised.
            return "CUDA_ERROR_DEINITIALIZED".to_owned();
        }
        let mut name: *const c_char = std::ptr::null();
        // SAFETY: writes one pointer to a live local.
        let result = unsafe { (self.api.cuGetErrorName)(code, &mut name) };
        if result != CUDA_SUCCESS || name.is_null() {
            return "unknown CUresult".to_owned();
        }
        // SAFETY: the driver returns a static NUL-terminated string.
        unsafe { CStr::from_ptr(name) }
            .to_string_lossy()
            .into_owned()
    }

    fn driver_error(&self, call: &'static str, code: CuResult, detail: String) -> RuntimeError {
        RuntimeError::Driver {
            call,
            code,
            name: self.error_name(code),
            detail,
        }
    }

    fn check(&self, call: &'static str, code: CuResult) -> Result<(), RuntimeError> {
        if code == CUDA_SUCCESS {
            Ok(())
        } else {
            Err(self.driver_error(call, code, String::new()))
        }
    }

    /// Makes `device`'s primary context current on this thread (retaining it first if
    /// this is the device's first use).
    fn enter(&self, device: usize) -> Result<(), RuntimeError> {
        // The generation first: a reset between the two reads then costs one more
        // `cuCtxSetCurrent` later, where the other order would skip a needed one.
        let generation = self.generation.load(Ordering::Acquire);
        let context = self.context(device)?;
        let bound = BOUND
            .try_with(Cell::get)
            .unwrap_or((std::ptr::null_mut(), u64::MAX));
        if bound != (context.0, generation) {
            // SAFETY: `context` is a primary context retained by `context()`.
            self.check("cuCtxSetCurrent", unsafe {
                (self.api.cuCtxSetCurrent)(context.0)
            })?;
            let _ = BOUND.try_with(|cell| cell.set((context.0, generation)));
        }
        Ok(())
    }

    fn context(&self, device: usize) -> Result<Raw, RuntimeError> {
        let entry = &self.devices[device];
        let mut slot = lock(&entry.context);
        if let Some(context) = *slot {
            return Ok(context);
        }
        let mut context: CuContext = std::ptr::null_mut();
        // SAFETY: writes one context handle to a live local; `entry.handle` came from
        // `cuDeviceGet`.
        self.check("cuDevicePrimaryCtxRetain", unsafe {
            (self.api.cuDevicePrimaryCtxRetain)(&mut context, entry.handle)
        })?;
        log!(1, "device {device}: primary context retained");
        *slot = Some(Raw(context));
        Ok(Raw(context))
    }

    /// The loaded module of `fat_binary` for `device`, loading it on first use.
    fn module(&self, fat_binary: &FatBinary, device: usize) -> Result<Raw, RuntimeError> {
        let key = (fat_binary.index, device);
        // The table's lock is held only to find the cell: loads of different modules overlap.
        let cell = Arc::clone(lock(&self.modules).entry(key).or_default());
        cell.get_or_init(|| self.load_module(fat_binary, device))
            .clone()
    }

    /// The image of `fat_binary` for `device` and how to load it, `None` when there is none.
    fn select<'a>(
        &self,
        images: &'a [registry::Image],
        device: usize,
    ) -> Option<(&'a registry::Image, ImageFormat)> {
        let candidates: Vec<_> = images.iter().map(|image| image.candidate()).collect();
        image::select_nvptx(&candidates, self.devices[device].sm)
            .map(|selection| (&images[selection.index], selection.format))
    }

    /// The PTX image of `fat_binary` for `device`, ignoring cubins.
    fn select_ptx<'a>(
        &self,
        images: &'a [registry::Image],
        device: usize,
    ) -> Option<&'a registry::Image> {
        let ptx: Vec<&registry::Image> = images
            .iter()
            .filter(|image| image::classify(&image.data) == ImageFormat::Ptx)
            .collect();
        let candidates: Vec<_> = ptx.iter().map(|image| image.candidate()).collect();
        image::select_nvptx(&candidates, self.devices[device].sm)
            .map(|selection| ptx[selection.index])
    }

    fn load_module(&self, fat_binary: &FatBinary, device: usize) -> Result<Raw, RuntimeError> {
        let started = std::time::Instant::now();
        let images = fat_binary.images()?;
        let sm = self.devices[device].sm;
        let Some((chosen, format)) = self.select(images, device) else {
            let error = RuntimeError::NoBinaryForGpu {
                arch: format!("sm_{sm}"),
                available: registry::describe(images),
            };
            log!(1, "device {device}: {error}");
            return Err(error);
        };
        log!(
            1,
            "device {device} (sm_{sm}): loading `{}` as {format:?} ({} bytes) from fat binary #{}",
            chosen.id(),
            chosen.data.len(),
            fat_binary.index
        );
        let parsed = started.elapsed();
        let bytes = checked_image(chosen, format)?;
        // The PTX beside a cubin, read and checked only when the register-limited copies or
        // a driver that refuses the cubin need it.
        let ptx = || {
            let image = self.select_ptx(images, device)?;
            let bytes = checked_image(image, ImageFormat::Ptx).ok()?;
            Some(bytes.strip_suffix(&[0]).unwrap_or(&bytes).to_vec())
        };
        let checked = started.elapsed();
        self.enter(device)?;
        let module = self.load_image(&bytes, format, ptx, &chosen.id(), device)?;
        let loaded = started.elapsed();
        // Managed variables registered after the backend started (a library opened
        // later) get their allocation now; then each module's copy of the pointer
        // variable is set (hip-abi.md §1.5).
        super::materialise_managed(self);
        // Allocating managed memory made device 0's context current on this thread.
        self.enter(device)?;
        for (name, allocation) in registry::managed_allocations_in(fat_binary.index) {
            let (mut address, mut size): (CuDevicePtr, usize) = (0, 0);
            // SAFETY: `module` was just loaded; the name is NUL-terminated; outputs are
            // live locals.
            let code = unsafe {
                (self.api.cuModuleGetGlobal)(
                    &mut address,
                    &mut size,
                    module.0,
                    ptx_name(&name).as_ptr(),
                )
            };
            if code != CUDA_SUCCESS || size != std::mem::size_of::<u64>() {
                let error = self.driver_error(
                    "cuModuleGetGlobal",
                    code,
                    format!(
                        " for managed variable `{}` ({size} bytes)",
                        name.to_string_lossy()
                    ),
                );
                log!(1, "device {device}: {error}");
                return Err(error);
            }
            // SAFETY: copies the 8-byte pointer value from a live local to the device
            // variable of exactly that size.
            self.check("cuMemcpy", unsafe {
                (self.api.cuMemcpy)(address, (&raw const allocation) as CuDevicePtr, size)
            })?;
        }
        log!(
            2,
            "device {device}: fat binary #{} ready in {} us: images {} us, image checks {} us, driver load {} us, managed variables {} us",
            fat_binary.index,
            started.elapsed().as_micros(),
            parsed.as_micros(),
            (checked - parsed).as_micros(),
            (loaded - checked).as_micros(),
            (started.elapsed() - loaded).as_micros()
        );
        Ok(module)
    }

    /// Loads `bytes` (a checked image) into the current context, the JIT's logs going to
    /// `OXHIP_LOG`.
    fn jit_load(&self, bytes: &[u8], id: &str, device: usize) -> Result<Raw, RuntimeError> {
        let mut info_log = vec![0u8; JIT_LOG_CAPACITY];
        let mut error_log = vec![0u8; JIT_LOG_CAPACITY];
        let verbose = crate::log::level() >= 1;
        let mut options = vec![
            CU_JIT_INFO_LOG_BUFFER,
            CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
            CU_JIT_ERROR_LOG_BUFFER,
            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
            CU_JIT_WALL_TIME,
        ];
        // The `void*` option values carry integers in the pointer bits, as the driver
        // API specifies for size and flag options.
        let mut values: Vec<*mut c_void> = vec![
            info_log.as_mut_ptr().cast(),
            std::ptr::without_provenance_mut(JIT_LOG_CAPACITY),
            error_log.as_mut_ptr().cast(),
            std::ptr::without_provenance_mut(JIT_LOG_CAPACITY),
            std::ptr::null_mut(),
        ];
        if verbose {
            options.push(CU_JIT_LOG_VERBOSE);
            // The option's value is the integer 1 carried in the pointer bits.
            values.push(std::ptr::without_provenance_mut(1));
        }
        let mut module: CuModule = std::ptr::null_mut();
        // SAFETY: `bytes` is a complete image (PTX NUL-terminated); the option and
        // value arrays have the same length, and the log buffers are as large as
        // their declared sizes and outlive the call.
        let code = unsafe {
            (self.api.cuModuleLoadDataEx)(
                &mut module,
                bytes.as_ptr().cast(),
                options.len() as u32,
                options.as_mut_ptr(),
                values.as_mut_ptr(),
            )
        };
        let log_text = |buffer: &[u8], used: *mut c_void| {
            let used = (used as usize).min(buffer.len());
            String::from_utf8_lossy(&buffer[..used])
                .trim_end_matches('\0')
                .trim()
                .to_owned()
        };
        let info = log_text(&info_log, values[1]);
        let errors = log_text(&error_log, values[3]);
        // CU_JIT_WALL_TIME writes a float into the low bytes of its value slot.
        let wall_ms = f32::from_bits(values[4] as usize as u32);
        if !info.is_empty() {
            log!(1, "JIT info log for `{}`:\n{info}", id);
        }
        if code != CUDA_SUCCESS {
            let detail = if errors.is_empty() {
                String::new()
            } else {
                format!("; JIT error log: {errors}")
            };
            let error = self.driver_error("cuModuleLoadDataEx", code, detail);
            log!(1, "device {device}: loading `{}` failed: {error}", id);
            return Err(error);
        }
        log!(1, "device {device}: module loaded in {wall_ms:.1} ms");
        Ok(Raw(module))
    }

    /// The driver's answers for [`Backend::properties`], asked once per device.
    fn query_properties(&self, device: usize) -> Result<DeviceProp, RuntimeError> {
        let entry = &self.devices[device];
        let handle = entry.handle;
        // An attribute this driver does not know reads as 0 rather than failing the
        // whole query (newer numbers are rejected by older drivers).
        let attribute = |number: i32| -> Result<i32, RuntimeError> {
            Ok(self.attribute(handle, number).unwrap_or_else(|error| {
                log!(2, "device {device}: attribute {number}: {error}");
                0
            }))
        };
        let size = |number: i32| attribute(number).map(|value| usize::try_from(value).unwrap_or(0));
        let mut prop = DeviceProp::zeroed();
        set_c_string(&mut prop.name, &entry.name);
        set_c_string(&mut prop.gcnArchName, &format!("sm_{}", entry.sm));
        let mut uuid = [0u8; 16];
        // SAFETY: writes 16 bytes to a live local.
        if unsafe { (self.api.cuDeviceGetUuid)(&mut uuid, handle) } == CUDA_SUCCESS {
            for (slot, byte) in prop.uuid.iter_mut().zip(uuid) {
                *slot = byte as c_char;
            }
        }
        // SAFETY: writes one size_t to a live field.
        self.check("cuDeviceTotalMem", unsafe {
            (self.api.cuDeviceTotalMem)(&mut prop.totalGlobalMem, handle)
        })?;
        // CUdevice_attribute numbers from CUDA 12.0's cuda.h.
        prop.maxThreadsPerBlock = attribute(1)?;
        prop.maxThreadsDim = [attribute(2)?, attribute(3)?, attribute(4)?];
        prop.maxGridSize = [attribute(5)?, attribute(6)?, attribute(7)?];
        prop.sharedMemPerBlock = size(8)?;
        prop.totalConstMem = size(9)?;
        prop.warpSize = attribute(10)?;
        prop.memPitch = size(11)?;
        prop.regsPerBlock = attribute(12)?;
        prop.clockRate = attribute(13)?;
        prop.textureAlignment = size(14)?;
        prop.deviceOverlap = attribute(15)?;
        prop.multiProcessorCount = attribute(16)?;
        prop.kernelExecTimeoutEnabled = attribute(17)?;
        prop.integrated = attribute(18)?;
        prop.canMapHostMemory = attribute(19)?;
        prop.computeMode = attribute(20)?;
        prop.maxTexture1D = attribute(21)?;
        prop.maxTexture2D = [attribute(22)?, attribute(23)?];
        prop.maxTexture3D = [attribute(24)?, attribute(25)?, attribute(26)?];
        prop.surfaceAlignment = size(30)?;
        prop.concurrentKernels = attribute(31)?;
        prop.ECCEnabled = attribute(32)?;
        prop.pciBusID = attribute(33)?;
        prop.pciDeviceID = attribute(34)?;
        prop.tccDriver = attribute(35)?;
        prop.memoryClockRate = attribute(36)?;
        prop.memoryBusWidth = attribute(37)?;
        prop.l2CacheSize = attribute(38)?;
        prop.maxThreadsPerMultiProcessor = attribute(39)?;
        prop.asyncEngineCount = attribute(40)?;
        prop.unifiedAddressing = attribute(41)?;
        prop.pciDomainID = attribute(50)?;
        prop.texturePitchAlignment = size(51)?;
        prop.maxTexture1DLinear = attribute(69)?;
        prop.major = attribute(75)?;
        prop.minor = attribute(76)?;
        prop.streamPrioritiesSupported = attribute(78)?;
        prop.globalL1CacheSupported = attribute(79)?;
        prop.localL1CacheSupported = attribute(80)?;
        prop.sharedMemPerMultiprocessor = size(81)?;
        prop.maxSharedMemoryPerMultiProcessor = prop.sharedMemPerMultiprocessor;
        prop.regsPerMultiprocessor = attribute(82)?;
        prop.managedMemory = attribute(83)?;
        prop.isMultiGpuBoard = attribute(84)?;
        prop.multiGpuBoardGroupID = attribute(85)?;
        prop.hostNativeAtomicSupported = attribute(86)?;
        prop.singleToDoublePrecisionPerfRatio = attribute(87)?;
        prop.pageableMemoryAccess = attribute(88)?;
        prop.concurrentManagedAccess = attribute(89)?;
        prop.computePreemptionSupported = attribute(90)?;
        prop.canUseHostPointerForRegisteredMem = attribute(91)?;
        prop.cooperativeLaunch = attribute(95)?;
        prop.sharedMemPerBlockOptin = size(97)?;
        prop.hostRegisterSupported = attribute(99)?;
        prop.pageableMemoryAccessUsesHostPageTables = attribute(100)?;
        prop.directManagedMemAccessFromHost = attribute(101)?;
        prop.maxBlocksPerMultiProcessor = attribute(106)?;
        prop.persistingL2CacheMaxSize = attribute(108)?;
        prop.accessPolicyMaxWindowSize = attribute(109)?;
        prop.reservedSharedMemPerBlock = size(111)?;
        prop.sparseHipArraySupported = attribute(112)?;
        prop.hostRegisterReadOnlySupported = attribute(113)?;
        prop.timelineSemaphoreInteropSupported = attribute(114)?;
        prop.memoryPoolsSupported = attribute(115)?;
        prop.gpuDirectRDMASupported = attribute(116)?;
        prop.clusterLaunch = attribute(120)?;
        prop.maxTexture1DMipmap = attribute(77)?;
        prop.maxTexture2DMipmap = [attribute(73)?, attribute(74)?];
        prop.maxTexture2DLinear = [attribute(70)?, attribute(71)?, attribute(72)?];
        prop.maxTexture2DGather = [attribute(45)?, attribute(46)?];
        prop.maxTexture3DAlt = [attribute(47)?, attribute(48)?, attribute(49)?];
        prop.maxTextureCubemap = attribute(52)?;
        prop.maxTexture1DLayered = [attribute(42)?, attribute(43)?];
        prop.maxTexture2DLayered = [attribute(27)?, attribute(28)?, attribute(29)?];
        prop.maxTextureCubemapLayered = [attribute(53)?, attribute(54)?];
        prop.maxSurface1D = attribute(55)?;
        prop.maxSurface2D = [attribute(56)?, attribute(57)?];
        prop.maxSurface3D = [attribute(58)?, attribute(59)?, attribute(60)?];
        prop.maxSurface1DLayered = [attribute(61)?, attribute(62)?];
        prop.maxSurface2DLayered = [attribute(63)?, attribute(64)?, attribute(65)?];
        prop.maxSurfaceCubemap = attribute(66)?;
        prop.maxSurfaceCubemapLayered = [attribute(67)?, attribute(68)?];
        prop.cooperativeMultiDeviceLaunch = attribute(96)?;
        prop.gpuDirectRDMAFlushWritesOptions = attribute(117)? as u32;
        prop.gpuDirectRDMAWritesOrdering = attribute(118)?;
        prop.deferredMappingHipArraySupported = attribute(121)?;
        prop.ipcEventSupported = attribute(125)?;
        // The runtime's own pools (`pools`) serve hipMallocAsync on every device; they
        // export no handles.
        prop.memoryPoolsSupported = 1;
        prop.memoryPoolSupportedHandleTypes = 0;
        // NVIDIA devices call through function pointers.
        prop.unifiedFunctionPointers = 1;
        // clock64() counts SM cycles.
        prop.clockInstructionRate = prop.clockRate;
        // Every hipDeviceArch_t feature flag: all NVIDIA GPUs CUDA 12 supports have them.
        prop.arch = 0x1_ffff;
        // Left 0: the Windows LUID, and AMD-only fields (HDP registers, large BAR, ASIC
        // revision, the multi-device cooperative launch restrictions).
        Ok(prop)
    }

    /// One non-negative attribute of `function` (`cuFuncGetAttribute`), `None` when the driver
    /// does not give it.
    fn function_attribute(&self, function: CuFunction, number: i32) -> Option<u32> {
        let mut value = 0;
        // SAFETY: writes one int to a live local; `function` is a live handle.
        let code = unsafe { (self.api.cuFuncGetAttribute)(&mut value, number, function) };
        (code == CUDA_SUCCESS).then(|| u32::try_from(value).unwrap_or(0))
    }

    /// The register-limited copies (`ptx_variants`) that the kernels of a just-loaded
    /// `module` need: the unbounded kernels of `ptx` (the module's own PTX, or the PTX beside
    /// the cubin it was loaded from) whose registers refuse 512- or 1,024-thread blocks.
    fn variant_requests<'p>(
        &self,
        module: Raw,
        ptx: &'p str,
        device: usize,
    ) -> Vec<(&'p str, u32)> {
        let mut requests = Vec::new();
        for kernel in ptx_variants::unbounded_kernels(ptx) {
            let Ok(name) = CString::new(kernel) else {
                continue;
            };
            let mut function: CuFunction = std::ptr::null_mut();
            // SAFETY: `module` is loaded; the name is NUL-terminated.
            let code =
                unsafe { (self.api.cuModuleGetFunction)(&mut function, module.0, name.as_ptr()) };
            if code != CUDA_SUCCESS {
                continue;
            }
            let (Some(registers), Some(max_threads)) = (
                self.function_attribute(function, CU_FUNC_ATTRIBUTE_NUM_REGS),
                self.function_attribute(function, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK),
            ) else {
                continue;
            };
            let caps = ptx_variants::caps_needed(registers, max_threads);
            if !caps.is_empty() {
                log!(
                    1,
                    "device {device}: kernel `{kernel}` uses {registers} registers, blocks of at most {max_threads} threads; adding copies limited to {caps:?} registers"
                );
                requests.extend(caps.into_iter().map(|cap| (kernel, cap)));
            }
        }
        requests
    }

    /// Loads `ptx` with the requested register-limited copies appended (`ptx_variants`) and
    /// records them for [`Self::resolve_variants`]; `None` when the copies cannot be made or
    /// the module with them does not load (the caller keeps what it has).
    fn load_with_variants(
        &self,
        ptx: &str,
        requests: &[(&str, u32)],
        id: &str,
        device: usize,
    ) -> Option<Raw> {
        let Some(text) = ptx_variants::with_variants(ptx, requests) else {
            log!(
                1,
                "device {device}: `{id}`: the PTX could not be copied; no register-limited copies"
            );
            return None;
        };
        let mut with_nul = text.into_bytes();
        with_nul.push(0);
        let module = match self.jit_load(&with_nul, id, device) {
            Ok(module) => module,
            Err(error) => {
                log!(
                    1,
                    "device {device}: `{id}` with register-limited copies did not load: {error}"
                );
                return None;
            }
        };
        self.record_variants(module, requests);
        Some(module)
    }

    /// Records that `module` holds the requested copies, for [`Self::resolve_variants`].
    fn record_variants(&self, module: Raw, requests: &[(&str, u32)]) {
        let mut by_kernel: HashMap<String, Vec<u32>> = HashMap::new();
        for &(kernel, cap) in requests {
            by_kernel.entry(kernel.to_owned()).or_default().push(cap);
        }
        lock(&self.register_variants).insert(module.0 as usize, by_kernel);
    }

    /// Whether the loaded `module` has a function named `name`.
    fn has_function(&self, module: Raw, name: &str) -> bool {
        let Ok(name) = CString::new(name) else {
            return false;
        };
        let mut function: CuFunction = std::ptr::null_mut();
        // SAFETY: `module` is loaded; the name is NUL-terminated; the output is a live local.
        let code =
            unsafe { (self.api.cuModuleGetFunction)(&mut function, module.0, name.as_ptr()) };
        code == CUDA_SUCCESS
    }

    /// Unloads a module nothing has used (a load replaced by another).
    fn unload(&self, module: Raw, device: usize) {
        // SAFETY: `module` was loaded by us and no function or variable of it was handed out.
        let code = unsafe { (self.api.cuModuleUnload)(module.0) };
        if code != CUDA_SUCCESS {
            log!(
                1,
                "device {device}: cuModuleUnload of a replaced load failed ({code})"
            );
        }
    }

    /// `module` (just loaded, unused), or in its place `ptx` loaded with the register-limited
    /// copies that `module`'s kernels need, when they need any and that load works.
    fn with_copies(&self, module: Raw, ptx: &str, id: &str, device: usize) -> Raw {
        let requests = self.variant_requests(module, ptx, device);
        if requests.is_empty() {
            return module;
        }
        // A cubin the driver made with `ptxas` already holds the copies (docs/driver.md).
        if requests.iter().all(|&(kernel, cap)| {
            self.has_function(module, &ptx_variants::variant_name(kernel, cap))
        }) {
            log!(
                1,
                "device {device}: `{id}` holds the register-limited copies already"
            );
            self.record_variants(module, &requests);
            return module;
        }
        match self.load_with_variants(ptx, &requests, id, device) {
            Some(reloaded) => {
                self.unload(module, device);
                reloaded
            }
            None => module,
        }
    }

    /// Loads the chosen image: PTX with the register-limited copies its kernels need; a cubin
    /// as it is, unless its kernels need such copies that it lacks or the driver refuses it,
    /// when the PTX of the same fat binary (from `ptx`, if any) is loaded instead. All before
    /// anything uses the module, so a replaced load holds no `__device__` variable the program
    /// wrote.
    fn load_image(
        &self,
        bytes: &[u8],
        format: ImageFormat,
        ptx: impl Fn() -> Option<Vec<u8>>,
        id: &str,
        device: usize,
    ) -> Result<Raw, RuntimeError> {
        fn text(bytes: &[u8]) -> Option<&str> {
            std::str::from_utf8(bytes).ok()
        }
        if format == ImageFormat::Ptx {
            let module = self.jit_load(bytes, id, device)?;
            return Ok(match text(bytes) {
                Some(ptx) => self.with_copies(module, ptx, id, device),
                None => module,
            });
        }
        let started = std::time::Instant::now();
        match self.jit_load(bytes, id, device) {
            Ok(module) => {
                let loaded = started.elapsed();
                // The cubin's own records say whether it holds every copy its kernels need
                // (`ptx_variants::cubin_copies`); only when they do not is the PTX read and
                // each unbounded kernel asked for its registers.
                let copies = (format == ImageFormat::Cubin)
                    .then(|| ptx_variants::cubin_copies(bytes))
                    .flatten();
                let from_cubin = copies.is_some();
                let module = match copies {
                    Some(copies) => {
                        if !copies.is_empty() {
                            log!(
                                1,
                                "device {device}: `{id}` holds the {} register-limited copies its kernels need",
                                copies.len()
                            );
                        }
                        let requests: Vec<(&str, u32)> = copies
                            .iter()
                            .map(|(kernel, cap)| (kernel.as_str(), *cap))
                            .collect();
                        self.record_variants(module, &requests);
                        module
                    }
                    None => match ptx() {
                        Some(ptx) => match text(&ptx) {
                            Some(ptx) => self.with_copies(module, ptx, id, device),
                            None => module,
                        },
                        None => module,
                    },
                };
                log!(
                    2,
                    "device {device}: `{id}`: cuModuleLoadDataEx {} us, the register-limited copies' checks {} us ({})",
                    loaded.as_micros(),
                    (started.elapsed() - loaded).as_micros(),
                    if from_cubin {
                        "from the cubin's records"
                    } else {
                        "from the PTX beside it"
                    }
                );
                Ok(module)
            }
            Err(error) => {
                // A cubin this driver cannot load (made by a newer ptxas): the PTX beside it.
                let Some(ptx) = ptx() else {
                    return Err(error);
                };
                log!(
                    1,
                    "device {device}: `{id}` did not load ({error}); loading its PTX instead"
                );
                let module = self.jit_load(&bundler::with_trailing_nul(&ptx), id, device)?;
                Ok(match text(&ptx) {
                    Some(ptx) => self.with_copies(module, ptx, id, device),
                    None => module,
                })
            }
        }
    }

    /// Finds (and caches) the function for a kernel handle on a device.
    fn function(&self, handle: usize, device: usize) -> Result<CachedFunction, RuntimeError> {
        if let Some((cached, fat_binary)) = lock(&self.functions).get(&(handle, device)) {
            if fat_binary.is_registered() {
                return Ok(*cached);
            }
        }
        let kernel = registry::kernel(handle).ok_or(RuntimeError::UnknownKernel { handle })?;
        let mut first_error = None;
        for fat_binary in kernel.fat_binaries.iter().filter(|f| f.is_registered()) {
            log!(
                3,
                "kernel `{}`: its module, fat binary #{}",
                kernel.name.to_string_lossy(),
                fat_binary.index
            );
            let module = match self.module(fat_binary, device) {
                Ok(module) => module,
                Err(error) => {
                    first_error.get_or_insert(error);
                    continue;
                }
            };
            log!(
                3,
                "kernel `{}`: cuModuleGetFunction",
                kernel.name.to_string_lossy()
            );
            let mut function: CuFunction = std::ptr::null_mut();
            // SAFETY: `module` is a loaded module; the name is NUL-terminated.
            let code = unsafe {
                (self.api.cuModuleGetFunction)(
                    &mut function,
                    module.0,
                    ptx_name(&kernel.name).as_ptr(),
                )
            };
            if code != CUDA_SUCCESS {
                let error = self.driver_error(
                    "cuModuleGetFunction",
                    code,
                    format!(" for `{}`", kernel.name.to_string_lossy()),
                );
                log!(1, "{error}");
                first_error.get_or_insert(error);
                continue;
            }
            log!(
                2,
                "kernel `{}` resolved on device {device}",
                kernel.name.to_string_lossy()
            );
            let cached = CachedFunction {
                function: Raw(function),
                dynamic_shared_limit: DEFAULT_DYNAMIC_SHARED_LIMIT,
                register_variants: self.resolve_variants(module, function, &kernel.name),
            };
            // Two threads resolving the same handle find the same module (it loads once) and
            // so the same function; either entry may stay.
            lock(&self.functions)
                .entry((handle, device))
                .or_insert((cached, Arc::clone(fat_binary)));
            return Ok(cached);
        }
        Err(first_error.unwrap_or(RuntimeError::UnknownKernel { handle }))
    }

    /// The register-limited copies of a kernel that `module` holds, resolved, with the block
    /// size each takes; `None` when it has none.
    fn resolve_variants(
        &self,
        module: Raw,
        function: CuFunction,
        name: &CStr,
    ) -> Option<RegisterVariants> {
        let ptx = ptx_name(name);
        let caps = lock(&self.register_variants)
            .get(&(module.0 as usize))?
            .get(ptx.to_str().ok()?)?
            .clone();
        let max_threads = |function: CuFunction| {
            self.function_attribute(function, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)
        };
        let mut variants = RegisterVariants {
            max_threads: max_threads(function)?,
            copies: [None; 2],
        };
        for (slot, cap) in variants.copies.iter_mut().zip(caps) {
            let copy_name =
                CString::new(ptx_variants::variant_name(ptx.to_str().ok()?, cap)).ok()?;
            let mut copy: CuFunction = std::ptr::null_mut();
            // SAFETY: `module` is loaded; the name is NUL-terminated.
            let code =
                unsafe { (self.api.cuModuleGetFunction)(&mut copy, module.0, copy_name.as_ptr()) };
            if code == CUDA_SUCCESS {
                *slot = max_threads(copy).map(|threads| (threads, Raw(copy)));
            }
        }
        Some(variants)
    }

    /// Sets the kernel's dynamic shared memory limit (`raise_only`: only if `bytes` is above
    /// the recorded one), recording what the driver now holds.
    fn set_dynamic_shared_limit(
        &self,
        handle: usize,
        device: usize,
        function: Raw,
        bytes: usize,
        raise_only: bool,
    ) -> Result<(), RuntimeError> {
        let mut functions = lock(&self.functions);
        let recorded = functions
            .get(&(handle, device))
            .map_or(DEFAULT_DYNAMIC_SHARED_LIMIT, |(cached, _)| {
                cached.dynamic_shared_limit
            });
        if raise_only && bytes <= recorded {
            return Ok(());
        }
        let value = i32::try_from(bytes).map_err(|_| RuntimeError::InvalidConfiguration {
            detail: format!("{bytes} bytes of dynamic shared memory"),
        })?;
        // SAFETY: `function` is a live function handle.
        self.check("cuFuncSetAttribute", unsafe {
            (self.api.cuFuncSetAttribute)(
                function.0,
                CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                value,
            )
        })?;
        if let Some((cached, _)) = functions.get_mut(&(handle, device)) {
            cached.dynamic_shared_limit = bytes;
        }
        Ok(())
    }

    fn stream(stream: StreamHandle) -> CuStream {
        stream as CuStream
    }

    /// The driver's handle of a location (`CU_DEVICE_CPU` for the host).
    fn location_device(&self, location: Location) -> CuDevice {
        match location {
            Location::Host => CU_DEVICE_CPU,
            Location::Device(device) => self
                .devices
                .get(device)
                .map_or(CU_DEVICE_INVALID, |entry| entry.handle),
        }
    }

    /// The location of a driver device handle; `None` for `CU_DEVICE_INVALID` or unknown.
    fn device_location(&self, handle: CuDevice) -> Option<Location> {
        if handle == CU_DEVICE_CPU {
            return Some(Location::Host);
        }
        self.devices
            .iter()
            .position(|entry| entry.handle == handle)
            .map(Location::Device)
    }

    /// The pinned range containing `address`: start, size and flags.
    fn pinned_range(&self, address: usize) -> Option<(usize, usize, u32)> {
        lock(&self.pinned)
            .range(..=address)
            .next_back()
            .filter(|(start, (size, _, _))| address < *start + (*size).max(1))
            .map(|(start, (size, flags, _))| (*start, *size, *flags))
    }

    /// Gives back the page-locked range at `ptr` with `release`. Its entry leaves the table
    /// first, so that a block the driver hands out again at the same address meanwhile is
    /// never removed by this release; it comes back if the driver refuses.
    fn unpin(
        &self,
        ptr: *mut c_void,
        release: impl FnOnce() -> Result<(), RuntimeError>,
    ) -> Result<(), RuntimeError> {
        let entry = lock(&self.pinned).remove(&(ptr as usize));
        let released = release();
        if let (Err(_), Some(entry)) = (&released, entry) {
            lock(&self.pinned).insert(ptr as usize, entry);
        }
        released
    }

    /// One `cuPointerGetAttribute` value of type `T`; `None` when the driver refuses.
    fn pointer_attribute<T: Default>(&self, ptr: *const c_void, attribute: i32) -> Option<T> {
        let get = self
            .optional
            .cuPointerGetAttribute(self.get_proc_address)
            .ok()?;
        let mut value = T::default();
        // SAFETY: `value` is a live local of the type the driver writes for `attribute`
        // (each caller pairs them as cuda.h documents).
        let code = unsafe { get((&raw mut value).cast(), attribute, ptr as CuDevicePtr) };
        (code == CUDA_SUCCESS).then_some(value)
    }

    /// What the driver says about `ptr`, in one `cuPointerGetAttributes` call where the
    /// driver has it (one call a query: every copy and fill checks its device pointers, and
    /// seven `cuPointerGetAttribute` calls had made a 256-byte `hipMemset` take twice CUDA's
    /// time on the H200, `benches/gpu/small.cu`), else one `cuPointerGetAttribute` call an
    /// attribute. `None` for memory the driver does not know.
    fn pointer_attributes(&self, ptr: *const c_void) -> Option<DriverPointer> {
        // CUpointer_attribute numbers: MEMORY_TYPE 2, DEVICE_POINTER 3, HOST_POINTER 4,
        // IS_MANAGED 8, DEVICE_ORDINAL 9, RANGE_START_ADDR 11, RANGE_SIZE 12.
        if let Ok(get) = self.optional.cuPointerGetAttributes(self.get_proc_address) {
            let mut attributes = [2i32, 8, 9, 3, 4, 11, 12];
            let (mut kind, mut is_managed, mut ordinal) = (0u32, 0u64, 0i32);
            let (mut device_pointer, mut host_pointer) = (0u64, 0u64);
            let (mut base, mut size) = (0u64, 0usize);
            let mut data = [
                (&raw mut kind).cast::<c_void>(),
                (&raw mut is_managed).cast(),
                (&raw mut ordinal).cast(),
                (&raw mut device_pointer).cast(),
                (&raw mut host_pointer).cast(),
                (&raw mut base).cast(),
                (&raw mut size).cast(),
            ];
            // SAFETY: seven attribute numbers and seven live locals of the widths cuda.h
            // gives them (IS_MANAGED is a boolean; a zeroed wider slot reads the same).
            let code = unsafe {
                get(
                    attributes.len() as u32,
                    attributes.as_mut_ptr(),
                    data.as_mut_ptr(),
                    ptr as CuDevicePtr,
                )
            };
            // An attribute that does not apply is left at its zero, and memory the driver
            // does not know reads as type 0, the call itself succeeding. Where it fails the
            // attributes are asked one by one below.
            if code == CUDA_SUCCESS {
                return (kind != 0).then_some(DriverPointer {
                    kind,
                    is_managed: is_managed != 0,
                    ordinal,
                    device_pointer,
                    host_pointer,
                    base,
                    size,
                });
            }
        }
        // Memory the driver does not know fails the first query.
        let kind = self.pointer_attribute::<u32>(ptr, 2)?;
        Some(DriverPointer {
            kind,
            is_managed: self.pointer_attribute::<u64>(ptr, 8).unwrap_or(0) != 0,
            ordinal: self.pointer_attribute::<i32>(ptr, 9).unwrap_or(0),
            device_pointer: self.pointer_attribute::<u64>(ptr, 3).unwrap_or(0),
            host_pointer: self.pointer_attribute::<u64>(ptr, 4).unwrap_or(0),
            base: self.pointer_attribute::<u64>(ptr, 11).unwrap_or(0),
            size: self.pointer_attribute::<usize>(ptr, 12).unwrap_or(0),
        })
    }
}

/// The driver's attributes of one pointer (`Cuda::pointer_attributes`).
struct DriverPointer {
    kind: u32,
    is_managed: bool,
    ordinal: i32,
    device_pointer: u64,
    host_pointer: u64,
    base: u64,
    size: usize,
}

/// The bytes of `image` to give the driver (PTX NUL-terminated, as `cuModuleLoadData` needs
/// it), once they pass the structural checks for `format` (`image_check`).
fn checked_image(
    image: &registry::Image,
    format: ImageFormat,
) -> Result<std::borrow::Cow<'_, [u8]>, RuntimeError> {
    let bytes = match format {
        ImageFormat::Ptx => bundler::with_trailing_nul(&image.data),
        ImageFormat::Cubin | ImageFormat::NvidiaFatbin => {
            std::borrow::Cow::Borrowed(image.data.as_slice())
        }
    };
    let checked = match format {
        ImageFormat::Ptx => image_check::check_ptx(&bytes),
        ImageFormat::Cubin => image_check::check_cubin(&bytes),
        ImageFormat::NvidiaFatbin => image_check::check_nvidia_fatbin(&bytes),
    };
    checked.map_err(|reason| RuntimeError::InvalidImage {
        image: image.id(),
        reason,
    })?;
    Ok(bytes)
}

impl Backend for Cuda {
    fn name(&self) -> &'static str {
        "cuda"
    }

    fn check_image(&self, device: usize, fat_binary: &FatBinary) -> Result<(), RuntimeError> {
        let images = fat_binary.images()?;
        match self.select(images, device) {
            Some((image, format)) => checked_image(image, format).map(drop),
            None => Ok(()),
        }
    }

    fn device_count(&self) -> usize {
        self.devices.len()
    }

    fn driver_version(&self) -> i32 {
        self.driver_version
    }

    fn properties(&self, device: usize) -> Result<DeviceProp, RuntimeError> {
        if let Some(known) = lock(&self.properties).get(&device) {
            return Ok(known.0);
        }
        let prop = self.query_properties(device)?;
        lock(&self.properties).insert(device, KnownProperties(prop));
        Ok(prop)
    }

    fn malloc(&self, device: usize, size: usize) -> Result<DevicePtr, RuntimeError> {
        self.enter(device)?;
        let mut pointer: CuDevicePtr = 0;
        // SAFETY: writes one device pointer to a live local.
        self.check("cuMemAlloc", unsafe {
            (self.api.cuMemAlloc)(&mut pointer, size)
        })?;
        Ok(pointer)
    }

    fn free(&self, device: usize, ptr: DevicePtr) -> Result<(), RuntimeError> {
        self.enter(device)?;
        // SAFETY: the driver validates the pointer and reports an error for foreign ones.
        self.check("cuMemFree", unsafe { (self.api.cuMemFree)(ptr) })
    }

    fn memcpy(
        &self,
        device: usize,
        dst: *mut c_void,
        src: *const c_void,
        size: usize,
        kind: MemcpyKind,
        stream: Option<StreamHandle>,
    ) -> Result<(), RuntimeError> {
        self.enter(device)?;
        if kind == MemcpyKind::HostToHost && stream.is_none() {
            // As a synchronous copy on the null stream, wait for earlier work first.
            // SAFETY: no arguments.
            self.check("cuCtxSynchronize", unsafe { (self.api.cuCtxSynchronize)() })?;
            // SAFETY: `api` checked both pointers for null; the caller promises `size`
            // readable bytes at `src` and writable bytes at `dst`.
            unsafe { std::ptr::copy(src.cast::<u8>(), dst.cast::<u8>(), size) };
            return Ok(());
        }
        // With unified addressing the driver tells host from device pointers itself,
        // which also covers hipMemcpyDefault and pinned or managed memory.
        match stream {
            // SAFETY: the caller promises valid ranges; the driver checks device pointers.
            None => self.check("cuMemcpy", unsafe {
                (self.api.cuMemcpy)(dst as CuDevicePtr, src as CuDevicePtr, size)
            }),
            // SAFETY: as above; the stream handle is the caller's.
            Some(stream) => self.check("cuMemcpyAsync", unsafe {
                (self.api.cuMemcpyAsync)(
                    dst as CuDevicePtr,
                    src as CuDevicePtr,
                    size,
                    Self::stream(stream),
                )
            }),
        }
    }

    fn memset(
        &self,
        device: usize,
        dst: DevicePtr,
        value: u8,
        size: usize,
        stream: Option<StreamHandle>,
    ) -> Result<(), RuntimeError> {
        self.enter(device)?;
        match stream {
            // SAFETY: the driver checks the device range.
            None => self.check("cuMemsetD8", unsafe {
                (self.api.cuMemsetD8)(dst, value, size)
            }),
            // SAFETY: as above; the stream handle is the caller's.
            Some(stream) => self.check("cuMemsetD8Async", unsafe {
                (self.api.cuMemsetD8Async)(dst, value, size, Self::stream(stream))
            }),
        }
    }

    fn host_malloc(
        &self,
        device: usize,
        size: usize,
        flags: u32,
    ) -> Result<*mut c_void, RuntimeError> {
        self.enter(device)?;
        let mut pointer: *mut c_void = std::ptr::null_mut();
        // SAFETY: writes one pointer to a live local; hipHostMalloc's Portable, Mapped and
        // WriteCombined flags have the values of CU_MEMHOSTALLOC_* (the others are AMD's).
        self.check("cuMemHostAlloc", unsafe {
            (self.api.cuMemHostAlloc)(&mut pointer, size, flags & 0x7)
        })?;
        lock(&self.pinned).insert(pointer as usize, (size, flags, device));
        Ok(pointer)
    }

    fn host_free(&self, device: usize, ptr: *mut c_void) -> Result<(), RuntimeError> {
        self.enter(device)?;
        self.unpin(ptr, || {
            // SAFETY: the driver validates the pointer.
            self.check("cuMemFreeHost", unsafe { (self.api.cuMemFreeHost)(ptr) })
        })
    }

    fn malloc_managed(
        &self,
        device: usize,
        size: usize,
        flags: u32,
    ) -> Result<DevicePtr, RuntimeError> {
        self.enter(device)?;
        let mut pointer: CuDevicePtr = 0;
        // SAFETY: writes one device pointer to a live local; hipMemAttach* flags have the
        // values of CU_MEM_ATTACH_*.
        self.check("cuMemAllocManaged", unsafe {
            (self.api.cuMemAllocManaged)(&mut pointer, size, flags)
        })?;
        Ok(pointer)
    }

    fn stream_wait_event(
        &self,
        device: usize,
        stream: StreamHandle,
        event: EventHandle,
    ) -> Result<(), RuntimeError> {
        self.enter(device)?;
        // SAFETY: the driver validates both handles.
        self.check("cuStreamWaitEvent", unsafe {
            (self.api.cuStreamWaitEvent)(Self::stream(stream), event as CuEvent, 0)
        })
    }

    fn synchronize(&self, device: usize) -> Result<(), RuntimeError> {
        self.enter(device)?;
        log!(3, "device {device}: cuCtxSynchronize");
        // SAFETY: no arguments; a context is current.
        let code = unsafe { (self.api.cuCtxSynchronize)() };
        log!(3, "device {device}: cuCtxSynchronize returned {code}");
        self.check("cuCtxSynchronize", code)
    }

    fn synchronize_used_devices(&self) {
        for (device, entry) in self.devices.iter().enumerate() {
            if lock(&entry.context).is_none() {
                continue;
            }
            match self.synchronize(device) {
                // The driver was already torn down by its own exit handler: nothing runs.
                Err(RuntimeError::Driver {
                    code: CUDA_ERROR_DEINITIALIZED,
                    ..
                })
                | Ok(()) => {}
                Err(error) => log!(1, "device {device}: synchronizing at exit: {error}"),
            }
        }
    }

    fn reset(&self, device: usize) -> Result<(), RuntimeError> {
        let entry = &self.devices[device];
        // The context slot stays locked until the driver has reset the context and the caches
        // are clear, so that no thread retains the old context or caches what it loads into it
        // meanwhile (`api` also keeps every other call out while a reset runs).
        let mut slot = lock(&entry.context);
        let result = if slot.take().is_some() {
            log!(1, "device {device}: resetting the primary context");
            // SAFETY: `entry.handle` came from `cuDeviceGet`.
            self.check("cuDevicePrimaryCtxReset", unsafe {
                (self.api.cuDevicePrimaryCtxReset)(entry.handle)
            })
        } else {
            Ok(())
        };
        lock(&self.modules).retain(|(_, module_device), _| *module_device != device);
        lock(&self.functions).retain(|(_, function_device), _| *function_device != device);
        // Resetting the context frees its page-locked memory and registrations.
        lock(&self.pinned).retain(|_, (_, _, owner)| *owner != device);
        self.generation.fetch_add(1, Ordering::AcqRel);
        drop(slot);
        result
    }

    fn launch(&self, device: usize, launch: &Launch) -> Result<(), RuntimeError> {
        self.enter(device)?;
        let cached = self.function(launch.kernel, device)?;
        if launch.shared_mem > cached.dynamic_shared_limit {
            self.set_dynamic_shared_limit(
                launch.kernel,
                device,
                cached.function,
                launch.shared_mem,
                true,
            )?;
        }
        // A block the kernel's registers do not take goes to its register-limited copy, which
        // has not been opted in to more dynamic shared memory than the default.
        let threads = launch
            .block
            .x
            .saturating_mul(launch.block.y)
            .saturating_mul(launch.block.z);
        let function = cached.for_block(threads);
        if function != cached.function && launch.shared_mem > DEFAULT_DYNAMIC_SHARED_LIMIT {
            let bytes = i32::try_from(launch.shared_mem).map_err(|_| {
                RuntimeError::InvalidConfiguration {
                    detail: format!("{} bytes of dynamic shared memory", launch.shared_mem),
                }
            })?;
            // SAFETY: `function` is a live function handle.
            self.check("cuFuncSetAttribute", unsafe {
                (self.api.cuFuncSetAttribute)(
                    function.0,
                    CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                    bytes,
                )
            })?;
        }
        let stream = if launch.stream == 0 && launch.per_thread_stream {
            CU_STREAM_PER_THREAD
        } else {
            launch.stream
        };
        log!(
            2,
            "launch {:#x} grid ({},{},{}) block ({},{},{}) shared {} stream {stream:#x}",
            launch.kernel,
            launch.grid.x,
            launch.grid.y,
            launch.grid.z,
            launch.block.x,
            launch.block.y,
            launch.block.z,
            launch.shared_mem
        );
        // CUDA's `extra` array (hip-abi.md §5.4): BUFFER_POINTER 1, BUFFER_SIZE 2, END 0.
        let mut size = launch.packed.map_or(0, |packed| packed.size);
        let mut extra: Vec<*mut c_void> = match launch.packed {
            Some(packed) => vec![
                std::ptr::without_provenance_mut(1),
                packed.buffer,
                std::ptr::without_provenance_mut(2),
                (&raw mut size).cast(),
                std::ptr::null_mut(),
            ],
            None => Vec::new(),
        };
        let extra_pointer = if extra.is_empty() {
            std::ptr::null_mut()
        } else {
            extra.as_mut_ptr()
        };
        if launch.cooperative {
            if launch.packed.is_some() {
                return Err(RuntimeError::InvalidValue { argument: "extra" });
            }
            // SAFETY: as for cuLaunchKernel below; the cooperative form takes no `extra`.
            let code = unsafe {
                (self.api.cuLaunchCooperativeKernel)(
                    function.0,
                    launch.grid.x,
                    launch.grid.y,
                    launch.grid.z,
                    launch.block.x,
                    launch.block.y,
                    launch.block.z,
                    launch.shared_mem as u32,
                    Self::stream(stream),
                    launch.args,
                )
            };
            return self.check("cuLaunchCooperativeKernel", code);
        }
        // SAFETY: `args` is clang's array of pointers to each kernel argument, which is
        // exactly `kernelParams` (hip-abi.md §5.4), or NULL when `extra` carries the
        // packed buffer; `extra` and `size` outlive the call, which copies the arguments.
        let code = unsafe {
            (self.api.cuLaunchKernel)(
                function.0,
                launch.grid.x,
                launch.grid.y,
                launch.grid.z,
                launch.block.x,
                launch.block.y,
                launch.block.z,
                launch.shared_mem as u32,
                Self::stream(stream),
                launch.args,
                extra_pointer,
            )
        };
        log!(3, "cuLaunchKernel returned {code}");
        self.check("cuLaunchKernel", code)
    }

    fn function_set_attribute(
        &self,
        device: usize,
        kernel: usize,
        attribute: i32,
        value: i32,
    ) -> Result<(), RuntimeError> {
        self.enter(device)?;
        let cached = self.function(kernel, device)?;
        if attribute == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES {
            let bytes = usize::try_from(value)
                .map_err(|_| RuntimeError::InvalidValue { argument: "value" })?;
            return self.set_dynamic_shared_limit(kernel, device, cached.function, bytes, false);
        }
        // SAFETY: `cached.function` is a live function handle; HIP's attribute numbers
        // are CUDA's.
        self.check("cuFuncSetAttribute", unsafe {
            (self.api.cuFuncSetAttribute)(cached.function.0, attribute, value)
        })?;
        // The kernel's register-limited copies follow it (the driver took the value above).
        for (_, copy) in cached
            .register_variants
            .iter()
            .flat_map(|variants| variants.copies.iter().flatten())
        {
            // SAFETY: as above, for the copy's handle.
            unsafe { (self.api.cuFuncSetAttribute)(copy.0, attribute, value) };
        }
        Ok(())
    }

    fn function_attributes(
        &self,
        device: usize,
        kernel: usize,
    ) -> Result<FuncAttributes, RuntimeError> {
        self.enter(device)?;
        let function = self.function(kernel, device)?.function;
        let attribute = |number: i32| -> Result<i32, RuntimeError> {
            let mut value = 0;
            // SAFETY: writes one int to a live local; `function` is a live handle.
            self.check("cuFuncGetAttribute", unsafe {
                (self.api.cuFuncGetAttribute)(&mut value, number, function.0)
            })?;
            Ok(value)
        };
        let size = |number: i32| attribute(number).map(|value| usize::try_from(value).unwrap_or(0));
        // CUfunction_attribute numbers from CUDA 12.0's cuda.h.
        Ok(FuncAttributes {
            maxThreadsPerBlock: attribute(0)?,
            sharedSizeBytes: size(1)?,
            constSizeBytes: size(2)?,
            localSizeBytes: size(3)?,
            numRegs: attribute(4)?,
            ptxVersion: attribute(5)?,
            binaryVersion: attribute(6)?,
            cacheModeCA: attribute(7)?,
            maxDynamicSharedSizeBytes: attribute(8)?,
            preferredShmemCarveout: attribute(9)?,
        })
    }

    fn stream_create(&self, device: usize, flags: u32) -> Result<StreamHandle, RuntimeError> {
        self.enter(device)?;
        let mut stream: CuStream = std::ptr::null_mut();
        // SAFETY: writes one handle to a live local.
        self.check("cuStreamCreate", unsafe {
            (self.api.cuStreamCreate)(&mut stream, flags)
        })?;
        Ok(stream as StreamHandle)
    }

    fn stream_destroy(&self, device: usize, stream: StreamHandle) -> Result<(), RuntimeError> {
        self.enter(device)?;
        // SAFETY: the driver validates the handle.
        self.check("cuStreamDestroy", unsafe {
            (self.api.cuStreamDestroy)(Self::stream(stream))
        })
    }

    fn stream_synchronize(&self, device: usize, stream: StreamHandle) -> Result<(), RuntimeError> {
        self.enter(device)?;
        // SAFETY: the driver validates the handle; 0 is the null stream.
        self.check("cuStreamSynchronize", unsafe {
            (self.api.cuStreamSynchronize)(Self::stream(stream))
        })
    }

    fn stream_query(&self, device: usize, stream: StreamHandle) -> Result<(), RuntimeError> {
        self.enter(device)?;
        // SAFETY: the driver validates the handle.
        let code = unsafe { (self.api.cuStreamQuery)(Self::stream(stream)) };
        self.check("cuStreamQuery", code)
    }

    fn event_create(&self, device: usize, flags: u32) -> Result<EventHandle, RuntimeError> {
        self.enter(device)?;
        let mut event: CuEvent = std::ptr::null_mut();
        // SAFETY: writes one handle to a live local; HIP's event flags have CUDA's values.
        self.check("cuEventCreate", unsafe {
            (self.api.cuEventCreate)(&mut event, flags)
        })?;
        Ok(event as EventHandle)
    }

    fn event_record(
        &self,
        device: usize,
        event: EventHandle,
        stream: StreamHandle,
    ) -> Result<(), RuntimeError> {
        self.enter(device)?;
        // SAFETY: the driver validates both handles.
        self.check("cuEventRecord", unsafe {
            (self.api.cuEventRecord)(event as CuEvent, Self::stream(stream))
        })
    }

    fn event_synchronize(&self, device: usize, event: EventHandle) -> Result<(), RuntimeError> {
        self.enter(device)?;
        // SAFETY: the driver validates the handle.
        self.check("cuEventSynchronize", unsafe {
            (self.api.cuEventSynchronize)(event as CuEvent)
        })
    }

    fn event_query(&self, device: usize, event: EventHandle) -> Result<(), RuntimeError> {
        self.enter(device)?;
        // SAFETY: the driver validates the handle.
        let code = unsafe { (self.api.cuEventQuery)(event as CuEvent) };
        if code == CUDA_ERROR_NOT_READY {
            return Err(self.driver_error("cuEventQuery", code, String::new()));
        }
        self.check("cuEventQuery", code)
    }

    fn event_elapsed_ms(
        &self,
        device: usize,
        start: EventHandle,
        end: EventHandle,
    ) -> Result<f32, RuntimeError> {
        self.enter(device)?;
        let mut milliseconds = 0.0f32;
        // SAFETY: writes one float to a live local; the driver validates the handles.
        self.check("cuEventElapsedTime", unsafe {
            (self.api.cuEventElapsedTime)(&mut milliseconds, start as CuEvent, end as CuEvent)
        })?;
        Ok(milliseconds)
    }

    fn event_destroy(&self, device: usize, event: EventHandle) -> Result<(), RuntimeError> {
        self.enter(device)?;
        // SAFETY: the driver validates the handle.
        self.check("cuEventDestroy", unsafe {
            (self.api.cuEventDestroy)(event as CuEvent)
        })
    }

    fn mem_info(&self, device: usize) -> Result<(usize, usize), RuntimeError> {
        self.enter(device)?;
        let (mut free, mut total) = (0usize, 0usize);
        // SAFETY: writes two size_t to live locals.
        self.check("cuMemGetInfo", unsafe {
            (self.api.cuMemGetInfo)(&mut free, &mut total)
        })?;
        Ok((free, total))
    }

    fn symbol(
        &self,
        device: usize,
        fat_binary: &FatBinary,
        name: &CStr,
    ) -> Result<(DevicePtr, usize), RuntimeError> {
        self.enter(device)?;
        let module = self.module(fat_binary, device)?;
        let (mut address, mut size): (CuDevicePtr, usize) = (0, 0);
        // SAFETY: `module` is a loaded module; the name is NUL-terminated; both outputs
        // are live locals.
        let code = unsafe {
            (self.api.cuModuleGetGlobal)(&mut address, &mut size, module.0, ptx_name(name).as_ptr())
        };
        if code != CUDA_SUCCESS {
            return Err(self.driver_error(
                "cuModuleGetGlobal",
                code,
                format!(" for `{}`", name.to_string_lossy()),
            ));
        }
        Ok((address, size))
    }

    fn extras(&self, device: usize) -> DeviceExtras {
        let handle = self.devices[device].handle;
        DeviceExtras {
            // CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED.
            virtual_memory_management: self.attribute(handle, 102).unwrap_or(0),
            // wall_clock64() reads %globaltimer, which counts nanoseconds.
            wall_clock_rate: 1_000_000,
            fine_grain: self.attribute(handle, 19).unwrap_or(0),
        }
    }

    fn limit(&self, device: usize, limit: i32) -> Result<usize, RuntimeError> {
        self.enter(device)?;
        let get = self.optional.cuCtxGetLimit(self.get_proc_address)?;
        let mut value = 0usize;
        // SAFETY: writes one size_t to a live local; hipLimit_t values are CUlimit's.
        self.check("cuCtxGetLimit", unsafe { get(&mut value, limit) })?;
        Ok(value)
    }

    fn set_limit(&self, device: usize, limit: i32, value: usize) -> Result<(), RuntimeError> {
        self.enter(device)?;
        let set = self.optional.cuCtxSetLimit(self.get_proc_address)?;
        // SAFETY: plain values; hipLimit_t values are CUlimit's.
        self.check("cuCtxSetLimit", unsafe { set(limit, value) })
    }

    fn set_cache_config(&self, device: usize, config: i32) -> Result<(), RuntimeError> {
        self.enter(device)?;
        // A preference only: a driver that does not take it changes nothing.
        if let Ok(set) = self.optional.cuCtxSetCacheConfig(self.get_proc_address) {
            // SAFETY: a plain value; hipFuncCache_t values are CUfunc_cache's.
            let code = unsafe { set(config) };
            if code != CUDA_SUCCESS {
                log!(
                    1,
                    "device {device}: cuCtxSetCacheConfig({config}) -> {code}"
                );
            }
        }
        Ok(())
    }

    fn set_device_flags(&self, device: usize, flags: u32) -> Result<(), RuntimeError> {
        // hipDeviceSchedule* and hipDeviceLmemResizeToMax have CU_CTX_*'s values; the
        // deprecated map-host flag (0x8) is implied by unified addressing.
        let flags = flags & !0x8;
        if let Ok(set) = self
            .optional
            .cuDevicePrimaryCtxSetFlags(self.get_proc_address)
        {
            // SAFETY: `handle` came from `cuDeviceGet`.
            let code = unsafe { set(self.devices[device].handle, flags) };
            if code != CUDA_SUCCESS {
                log!(
                    1,
                    "device {device}: cuDevicePrimaryCtxSetFlags({flags:#x}) -> {code}"
                );
            }
        }
        Ok(())
    }

    fn stream_priority_range(&self, device: usize) -> Result<(i32, i32), RuntimeError> {
        self.enter(device)?;
        let get = self
            .optional
            .cuCtxGetStreamPriorityRange(self.get_proc_address)?;
        let (mut least, mut greatest) = (0, 0);
        // SAFETY: writes two ints to live locals.
        self.check("cuCtxGetStreamPriorityRange", unsafe {
            get(&mut least, &mut greatest)
        })?;
        Ok((least, greatest))
    }

    fn stream_create_with_priority(
        &self,
        device: usize,
        flags: u32,
        priority: i32,
    ) -> Result<StreamHandle, RuntimeError> {
        self.enter(device)?;
        let create = self
            .optional
            .cuStreamCreateWithPriority(self.get_proc_address)?;
        let mut stream: CuStream = std::ptr::null_mut();
        // SAFETY: writes one handle to a live local.
        self.check("cuStreamCreateWithPriority", unsafe {
            create(&mut stream, flags, priority)
        })?;
        Ok(stream as StreamHandle)
    }

    fn launch_host_func(
        &self,
        device: usize,
        stream: StreamHandle,
        call: crate::backend::HostCall,
    ) -> Result<(), RuntimeError> {
        self.enter(device)?;
        let launch = self.optional.cuLaunchHostFunc(self.get_proc_address)?;
        let data = Box::into_raw(Box::new(call)).cast::<c_void>();
        // SAFETY: `run_host_call` takes back exactly this box once the stream gets there.
        let code = unsafe { launch(Self::stream(stream), run_host_call, data) };
        if code != CUDA_SUCCESS {
            // SAFETY: the driver did not take the call, so the box is still ours.
            drop(unsafe { Box::from_raw(data.cast::<crate::backend::HostCall>()) });
        }
        self.check("cuLaunchHostFunc", code)
    }

    fn can_access_peer(&self, device: usize, peer: usize) -> Result<bool, RuntimeError> {
        let query = self.optional.cuDeviceCanAccessPeer(self.get_proc_address)?;
        let mut can = 0;
        // SAFETY: writes one int to a live local; both handles came from `cuDeviceGet`.
        self.check("cuDeviceCanAccessPeer", unsafe {
            query(
                &mut can,
                self.devices[device].handle,
                self.devices[peer].handle,
            )
        })?;
        Ok(can != 0)
    }

    fn enable_peer_access(&self, device: usize, peer: usize) -> Result<(), RuntimeError> {
        let peer_context = self.context(peer)?;
        self.enter(device)?;
        let enable = self.optional.cuCtxEnablePeerAccess(self.get_proc_address)?;
        // SAFETY: `peer_context` is a retained primary context; flags must be 0.
        self.check("cuCtxEnablePeerAccess", unsafe {
            enable(peer_context.0, 0)
        })
    }

    fn disable_peer_access(&self, device: usize, peer: usize) -> Result<(), RuntimeError> {
        let peer_context = self.context(peer)?;
        self.enter(device)?;
        let disable = self
            .optional
            .cuCtxDisablePeerAccess(self.get_proc_address)?;
        // SAFETY: `peer_context` is a retained primary context.
        self.check("cuCtxDisablePeerAccess", unsafe { disable(peer_context.0) })
    }

    fn memcpy_peer(
        &self,
        dst: DevicePtr,
        dst_device: usize,
        src: DevicePtr,
        src_device: usize,
        size: usize,
        stream: Option<StreamHandle>,
    ) -> Result<(), RuntimeError> {
        let dst_context = self.context(dst_device)?;
        let src_context = self.context(src_device)?;
        self.enter(dst_device)?;
        match stream {
            None => {
                let copy = self.optional.cuMemcpyPeer(self.get_proc_address)?;
                // SAFETY: both contexts are retained; the driver checks both ranges.
                self.check("cuMemcpyPeer", unsafe {
                    copy(dst, dst_context.0, src, src_context.0, size)
                })
            }
            Some(stream) => {
                let copy = self.optional.cuMemcpyPeerAsync(self.get_proc_address)?;
                // SAFETY: as above; the stream handle is the caller's.
                self.check("cuMemcpyPeerAsync", unsafe {
                    copy(
                        dst,
                        dst_context.0,
                        src,
                        src_context.0,
                        size,
                        Self::stream(stream),
                    )
                })
            }
        }
    }

    fn malloc_pitch(
        &self,
        device: usize,
        width: usize,
        height: usize,
    ) -> Result<(DevicePtr, usize), RuntimeError> {
        self.enter(device)?;
        let allocate = self.optional.cuMemAllocPitch(self.get_proc_address)?;
        let (mut pointer, mut pitch): (CuDevicePtr, usize) = (0, 0);
        // SAFETY: writes a pointer and a size_t to live locals. Element size 16: rows are
        // aligned for the widest accesses kernels make (vector types).
        self.check("cuMemAllocPitch", unsafe {
            allocate(&mut pointer, &mut pitch, width, height, 16)
        })?;
        Ok((pointer, pitch))
    }

    fn memcpy_2d(
        &self,
        device: usize,
        copy: &crate::backend::Copy2D,
        stream: Option<StreamHandle>,
    ) -> Result<(), RuntimeError> {
        self.enter(device)?;
        let (src_type, dst_type) = match copy.kind {
            MemcpyKind::HostToHost => (CU_MEMORYTYPE_HOST, CU_MEMORYTYPE_HOST),
            MemcpyKind::HostToDevice => (CU_MEMORYTYPE_HOST, CU_MEMORYTYPE_DEVICE),
            MemcpyKind::DeviceToHost => (CU_MEMORYTYPE_DEVICE, CU_MEMORYTYPE_HOST),
            MemcpyKind::DeviceToDevice => (CU_MEMORYTYPE_DEVICE, CU_MEMORYTYPE_DEVICE),
            // With unified addressing the driver tells the spaces apart itself.
            MemcpyKind::Default => (CU_MEMORYTYPE_UNIFIED, CU_MEMORYTYPE_UNIFIED),
        };
        let host = |kind: u32| kind == CU_MEMORYTYPE_HOST;
        let parameters = CudaMemcpy2D {
            src_x_in_bytes: 0,
            src_y: 0,
            src_memory_type: src_type,
            src_host: if host(src_type) {
                copy.src
            } else {
                std::ptr::null()
            },
            src_device: if host(src_type) {
                0
            } else {
                copy.src as CuDevicePtr
            },
            src_array: std::ptr::null_mut(),
            src_pitch: copy.src_pitch,
            dst_x_in_bytes: 0,
            dst_y: 0,
            dst_memory_type: dst_type,
            dst_host: if host(dst_type) {
                copy.dst
            } else {
                std::ptr::null_mut()
            },
            dst_device: if host(dst_type) {
                0
            } else {
                copy.dst as CuDevicePtr
            },
            dst_array: std::ptr::null_mut(),
            dst_pitch: copy.dst_pitch,
            width_in_bytes: copy.width,
            height: copy.height,
        };
        match stream {
            None => {
                let run = self.optional.cuMemcpy2D(self.get_proc_address)?;
                // SAFETY: `parameters` is a complete CUDA_MEMCPY2D that outlives the call;
                // the driver checks the ranges.
                self.check("cuMemcpy2D", unsafe { run(&parameters) })
            }
            Some(stream) => {
                let run = self.optional.cuMemcpy2DAsync(self.get_proc_address)?;
                // SAFETY: as above; the driver reads the struct before returning.
                self.check("cuMemcpy2DAsync", unsafe {
                    run(&parameters, Self::stream(stream))
                })
            }
        }
    }

    fn fill(
        &self,
        device: usize,
        fill: &crate::backend::Fill,
        stream: Option<StreamHandle>,
    ) -> Result<(), RuntimeError> {
        self.enter(device)?;
        let linear = fill.height == 1 || fill.pitch == fill.width * fill.element_size;
        let count = fill.width * fill.height;
        let (dst, pitch, value, width, height) =
            (fill.dst, fill.pitch, fill.value, fill.width, fill.height);
        let gpa = self.get_proc_address;
        let api = &self.optional;
        // SAFETY (every call below): plain values; the driver checks the device range.
        let code = unsafe {
            match (fill.element_size, linear, stream.map(Self::stream)) {
                (1, true, None) => (self.api.cuMemsetD8)(dst, value as u8, count),
                (1, true, Some(s)) => (self.api.cuMemsetD8Async)(dst, value as u8, count, s),
                (2, true, None) => api.cuMemsetD16(gpa)?(dst, value as u16, count),
                (2, true, Some(s)) => api.cuMemsetD16Async(gpa)?(dst, value as u16, count, s),
                (4, true, None) => api.cuMemsetD32(gpa)?(dst, value, count),
                (4, true, Some(s)) => api.cuMemsetD32Async(gpa)?(dst, value, count, s),
                (1, false, None) => api.cuMemsetD2D8(gpa)?(dst, pitch, value as u8, width, height),
                (1, false, Some(s)) => {
                    api.cuMemsetD2D8Async(gpa)?(dst, pitch, value as u8, width, height, s)
                }
                (2, false, None) => {
                    api.cuMemsetD2D16(gpa)?(dst, pitch, value as u16, width, height)
                }
                (2, false, Some(s)) => {
                    api.cuMemsetD2D16Async(gpa)?(dst, pitch, value as u16, width, height, s)
                }
                (_, false, None) => api.cuMemsetD2D32(gpa)?(dst, pitch, value, width, height),
                (_, _, Some(s)) => {
                    api.cuMemsetD2D32Async(gpa)?(dst, pitch, value, width, height, s)
                }
                (_, true, None) => api.cuMemsetD32(gpa)?(dst, value, count),
            }
        };
        self.check("cuMemset", code)
    }

    fn host_register(
        &self,
        device: usize,
        ptr: *mut c_void,
        size: usize,
        flags: u32,
    ) -> Result<(), RuntimeError> {
        self.enter(device)?;
        let register = self.optional.cuMemHostRegister(self.get_proc_address)?;
        // SAFETY: the driver validates the range; hipHostRegister* flags are
        // CU_MEMHOSTREGISTER_*'s.
        self.check("cuMemHostRegister", unsafe { register(ptr, size, flags) })?;
        lock(&self.pinned).insert(ptr as usize, (size, flags, device));
        Ok(())
    }

    fn host_unregister(&self, device: usize, ptr: *mut c_void) -> Result<(), RuntimeError> {
        self.enter(device)?;
        let unregister = self.optional.cuMemHostUnregister(self.get_proc_address)?;
        self.unpin(ptr, || {
            // SAFETY: the driver validates the pointer.
            self.check("cuMemHostUnregister", unsafe { unregister(ptr) })
        })
    }

    fn host_device_pointer(
        &self,
        device: usize,
        ptr: *mut c_void,
    ) -> Result<DevicePtr, RuntimeError> {
        self.enter(device)?;
        let get = self
            .optional
            .cuMemHostGetDevicePointer(self.get_proc_address)?;
        let mut pointer: CuDevicePtr = 0;
        // SAFETY: writes one device pointer to a live local; flags must be 0.
        self.check("cuMemHostGetDevicePointer", unsafe {
            get(&mut pointer, ptr, 0)
        })?;
        Ok(pointer)
    }

    fn host_flags(&self, device: usize, ptr: *mut c_void) -> Result<u32, RuntimeError> {
        self.enter(device)?;
        let known = self.pinned_range(ptr as usize).map(|(_, _, flags)| flags);
        let get = self.optional.cuMemHostGetFlags(self.get_proc_address)?;
        let mut flags = 0u32;
        // SAFETY: writes one unsigned int to a live local.
        let code = unsafe { get(&mut flags, ptr) };
        match known {
            // The driver's view (which adds implied flags) and the program's own.
            Some(given) => Ok(given | if code == CUDA_SUCCESS { flags } else { 0 }),
            None => self.check("cuMemHostGetFlags", code).map(|()| flags),
        }
    }

    fn pointer_info(
        &self,
        device: usize,
        ptr: *const c_void,
    ) -> Result<Option<crate::backend::PointerInfo>, RuntimeError> {
        self.enter(device)?;
        let Some(DriverPointer {
            kind,
            is_managed,
            ordinal,
            device_pointer,
            host_pointer,
            base,
            size,
        }) = self.pointer_attributes(ptr)
        else {
            return Ok(None);
        };
        let (device_pointer, host_pointer) =
            (device_pointer as *mut c_void, host_pointer as *mut c_void);
        let pinned = self.pinned_range(ptr as usize);
        if kind == CU_MEMORYTYPE_HOST && !is_managed && pinned.is_none() {
            // Host memory the program neither allocated through HIP nor registered: HIP
            // reports it as unknown even where the driver can describe it.
            return Ok(None);
        }
        let memory_type = match kind {
            _ if is_managed => memory_type::MANAGED,
            CU_MEMORYTYPE_HOST => memory_type::HOST,
            CU_MEMORYTYPE_DEVICE => memory_type::DEVICE,
            CU_MEMORYTYPE_ARRAY => memory_type::ARRAY,
            _ => memory_type::UNIFIED,
        };
        let flags = pinned.map_or(0, |(_, _, flags)| flags);
        // Page-locked host memory's extent is the runtime's record where the driver has none.
        let (base, size) = match pinned {
            Some((start, length, _)) if size == 0 => (start as u64, length),
            _ => (base, size),
        };
        let device = match self.device_location(ordinal) {
            Some(Location::Device(local)) => local,
            _ => device,
        };
        Ok(Some(crate::backend::PointerInfo {
            memory_type,
            device,
            device_pointer,
            host_pointer,
            is_managed,
            flags,
            base,
            size,
        }))
    }

    fn mem_advise(
        &self,
        device: usize,
        ptr: DevicePtr,
        size: usize,
        advice: i32,
        target: Location,
    ) -> Result<(), RuntimeError> {
        if advice == 100 || advice == 101 {
            // hipMemAdviseSet/UnsetCoarseGrain: AMD coherence modes; NVIDIA managed memory
            // is always coherent, so there is nothing to change.
            return Ok(());
        }
        self.enter(device)?;
        let advise = self.optional.cuMemAdvise(self.get_proc_address)?;
        // SAFETY: plain values; hipMemoryAdvise 1–6 are CUmem_advise's numbers.
        self.check("cuMemAdvise", unsafe {
            advise(ptr, size, advice, self.location_device(target))
        })
    }

    fn mem_prefetch(
        &self,
        device: usize,
        ptr: DevicePtr,
        size: usize,
        target: Location,
        stream: StreamHandle,
    ) -> Result<(), RuntimeError> {
        self.enter(device)?;
        let prefetch = self.optional.cuMemPrefetchAsync(self.get_proc_address)?;
        // SAFETY: plain values; the driver checks the range and the stream.
        self.check("cuMemPrefetchAsync", unsafe {
            prefetch(
                ptr,
                size,
                self.location_device(target),
                Self::stream(stream),
            )
        })
    }

    fn mem_range_attribute(
        &self,
        device: usize,
        ptr: DevicePtr,
        size: usize,
        attribute: i32,
    ) -> Result<RangeValue, RuntimeError> {
        if attribute == 100 {
            // hipMemRangeAttributeCoherencyMode: always fine-grained (coherent) here.
            return Ok(RangeValue::Int(0));
        }
        self.enter(device)?;
        let get = self
            .optional
            .cuMemRangeGetAttribute(self.get_proc_address)?;
        // AccessedBy fills one int per device that has the advice, then CU_DEVICE_INVALID.
        let slots = if attribute == 3 {
            self.devices.len() + 1
        } else {
            1
        };
        let mut values = vec![CU_DEVICE_INVALID; slots];
        // SAFETY: `values` holds `slots` ints, the size passed; CUmem_range_attribute
        // numbers are HIP's for 1–4.
        self.check("cuMemRangeGetAttribute", unsafe {
            get(
                values.as_mut_ptr().cast(),
                slots * std::mem::size_of::<i32>(),
                attribute,
                ptr,
                size,
            )
        })?;
        Ok(match attribute {
            2 | 4 => RangeValue::Location(self.device_location(values[0])),
            3 => RangeValue::Locations(
                values
                    .into_iter()
                    .filter_map(|handle| self.device_location(handle))
                    .collect(),
            ),
            _ => RangeValue::Int(values[0]),
        })
    }

    fn occupancy(
        &self,
        device: usize,
        kernel: usize,
        block_size: u32,
        dynamic_shared: usize,
        flags: u32,
    ) -> Result<u32, RuntimeError> {
        self.enter(device)?;
        let function = self.function(kernel, device)?.function;
        let query = self
            .optional
            .cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(self.get_proc_address)?;
        let mut blocks = 0;
        let block_size = i32::try_from(block_size).map_err(|_| RuntimeError::InvalidValue {
            argument: "blockSize",
        })?;
        // SAFETY: writes one int to a live local; `function` is a live handle;
        // hipOccupancy* flags are CU_OCCUPANCY_*'s.
        self.check(
            "cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags",
            unsafe { query(&mut blocks, function.0, block_size, dynamic_shared, flags) },
        )?;
        Ok(u32::try_from(blocks).unwrap_or(0))
    }

    fn kernel_argument_sizes(
        &self,
        device: usize,
        kernel: usize,
    ) -> Result<Vec<usize>, RuntimeError> {
        self.enter(device)?;
        let function = self.function(kernel, device)?.function;
        let info = self.optional.cuFuncGetParamInfo(self.get_proc_address)?;
        let mut sizes = Vec::new();
        // A kernel has far fewer parameters than this; the loop ends at the first index
        // past the last one, which the driver rejects.
        for index in 0..4096 {
            let (mut offset, mut size) = (0usize, 0usize);
            // SAFETY: writes two size_t to live locals; `function` is a live handle.
            let code = unsafe { info(function.0, index, &mut offset, &mut size) };
            // Past the last parameter the driver refuses the index; at index 0 that means
            // a kernel without parameters, any other failure there is a real one.
            if code == CUDA_ERROR_INVALID_VALUE || (code != CUDA_SUCCESS && index > 0) {
                break;
            }
            self.check("cuFuncGetParamInfo", code)?;
            sizes.push(size);
        }
        Ok(sizes)
    }
}

/// The name a registered kernel or variable has in PTX: `.` is not allowed in PTX
/// identifiers, and codegen (and LLVM's NVPTX backend) writes it as `_$_`.
fn ptx_name(name: &std::ffi::CStr) -> std::borrow::Cow<'_, std::ffi::CStr> {
    let bytes = name.to_bytes();
    if !bytes.contains(&b'.') {
        return std::borrow::Cow::Borrowed(name);
    }
    let mut clean = Vec::with_capacity(bytes.len() + 8);
    for &byte in bytes {
        if byte == b'.' {
            clean.extend_from_slice(b"_$_");
        } else {
            clean.push(byte);
        }
    }
    // The bytes came from a C string and gained no NUL.
    std::borrow::Cow::Owned(std::ffi::CString::new(clean).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memcpy_2d_parameters_have_the_v2_layout() {
        assert_eq!(std::mem::size_of::<CudaMemcpy2D>(), 128);
        assert_eq!(std::mem::offset_of!(CudaMemcpy2D, src_host), 24);
        assert_eq!(std::mem::offset_of!(CudaMemcpy2D, dst_x_in_bytes), 56);
        assert_eq!(std::mem::offset_of!(CudaMemcpy2D, dst_memory_type), 72);
        assert_eq!(std::mem::offset_of!(CudaMemcpy2D, width_in_bytes), 112);
    }
}
