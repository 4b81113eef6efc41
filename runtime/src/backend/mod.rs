//! The seam between the HIP API and a vendor driver.
//!
//! `api` validates arguments and keeps per-thread state; a [`Backend`] does the work on
//! one kind of device. Selection happens once, at the first call that needs a device
//! ([`get`]): ROCm's HSA runtime (`libhsa-runtime64.so.1`, [`hsa`]) for AMD GPUs and the
//! CUDA driver (`libcuda.so.1`, [`cuda`]) for NVIDIA GPUs are both tried; each one that
//! loads and reports devices is used, AMD GPUs numbered first ([`vendors`] joins them when
//! both have some). With neither, [`NoDevice`] answers every device call with
//! `hipErrorNoDevice`, giving both reasons. Either way, `cpu::devices` wraps the choice into
//! the device list the program sees: the GPUs first, then the CPU device (`cpu`) when the
//! program holds a CPU image or `OXHIP_VISIBLE_DEVICES` names it.

pub(crate) mod advice;
pub(crate) mod cpu;
pub(crate) mod cuda;
pub(crate) mod hsa;
pub mod ptx_variants;
pub(crate) mod vendors;

use std::ffi::{c_void, CStr};
use std::sync::OnceLock;

use crate::error::RuntimeError;
use crate::log::log;
use crate::registry::FatBinary;
use crate::types::{DeviceExtras, DeviceProp, Dim3, FuncAttributes, MemcpyKind};

/// A device allocation's address as the backend sees it.
pub(crate) type DevicePtr = u64;

/// Opaque stream and event handles (`hipStream_t`, `hipEvent_t` values). `0` is the
/// null stream.
pub(crate) type StreamHandle = usize;
pub(crate) type EventHandle = usize;

/// One kernel launch, with clang's argument array passed through unchanged.
pub(crate) struct Launch {
    pub(crate) kernel: usize,
    pub(crate) grid: Dim3,
    pub(crate) block: Dim3,
    pub(crate) args: *mut *mut c_void,
    pub(crate) shared_mem: usize,
    pub(crate) stream: StreamHandle,
    /// `hipLaunchKernel_spt`: the null stream means the per-thread default stream.
    pub(crate) per_thread_stream: bool,
    /// `hipModuleLaunchKernel`'s packed argument buffer, when `args` is NULL.
    pub(crate) packed: Option<PackedArgs>,
    /// `hipLaunchCooperativeKernel`: every block must be resident at once, so that a
    /// grid-wide barrier (`grid_group::sync`) can complete.
    pub(crate) cooperative: bool,
}

/// Kernel arguments packed at their natural offsets in one buffer (the `extra` form of
/// `hipModuleLaunchKernel`, hip-abi.md §5.4).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PackedArgs {
    pub(crate) buffer: *mut c_void,
    pub(crate) size: usize,
}

/// A 2D copy: `height` rows of `width` bytes, rows `src_pitch` and `dst_pitch` bytes apart.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Copy2D {
    pub(crate) dst: *mut c_void,
    pub(crate) dst_pitch: usize,
    pub(crate) src: *const c_void,
    pub(crate) src_pitch: usize,
    pub(crate) width: usize,
    pub(crate) height: usize,
    pub(crate) kind: MemcpyKind,
}

/// A 2D fill of device memory: `height` rows of `width` elements of `element_size` bytes
/// (1, 2 or 4), each `value` (its low bytes), rows `pitch` bytes apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fill {
    pub(crate) dst: DevicePtr,
    pub(crate) pitch: usize,
    pub(crate) value: u32,
    pub(crate) element_size: usize,
    pub(crate) width: usize,
    pub(crate) height: usize,
}

/// Where managed memory should live or was prefetched to: the host, or a device of the
/// backend (its own numbering).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Location {
    Host,
    Device(usize),
}

/// What a backend knows about a pointer it allocated or registered.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PointerInfo {
    /// A `hipMemoryType` value.
    pub(crate) memory_type: i32,
    /// The backend's own number of the device the memory belongs to.
    pub(crate) device: usize,
    pub(crate) device_pointer: *mut c_void,
    pub(crate) host_pointer: *mut c_void,
    pub(crate) is_managed: bool,
    /// The flags given at allocation or registration.
    pub(crate) flags: u32,
    /// The allocation containing the pointer: its start and size (0 when unknown).
    pub(crate) base: u64,
    pub(crate) size: usize,
}

/// One `hipMemRangeAttribute` value of a managed range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum RangeValue {
    /// `ReadMostly`, `CoherencyMode`.
    Int(i32),
    /// `PreferredLocation`, `LastPrefetchLocation`: `None` when unset or mixed.
    Location(Option<Location>),
    /// `AccessedBy`.
    Locations(Vec<Location>),
}

/// A host function queued on a stream (`hipLaunchHostFunc`, `hipStreamAddCallback`, graph
/// host nodes). It must not call the runtime.
pub(crate) type HostCall = Box<dyn FnOnce() + Send>;

/// `hipLimit_t` values.
pub(crate) mod limit {
    pub(crate) const STACK_SIZE: i32 = 0;
    pub(crate) const PRINTF_FIFO_SIZE: i32 = 1;
    pub(crate) const MALLOC_HEAP_SIZE: i32 = 2;
}

fn unsupported<T>(what: &'static str) -> Result<T, RuntimeError> {
    Err(RuntimeError::NotSupported {
        what,
        detail: " by this backend".to_owned(),
    })
}

/// Everything the HIP API needs from a driver. Device numbers are already range-checked
/// by the caller. Pointers are raw: the backend trusts `api` to have checked them for
/// null where HIP requires it.
pub(crate) trait Backend: Send + Sync {
    fn name(&self) -> &'static str;
    fn device_count(&self) -> usize;
    /// The error for device calls when `device_count()` is 0.
    fn unavailable(&self) -> RuntimeError {
        RuntimeError::NoDevice {
            reason: format!("the {} backend reports no devices", self.name()),
        }
    }
    /// Driver version in the vendor's encoding (CUDA: 1000 × major + 10 × minor).
    fn driver_version(&self) -> i32;
    fn properties(&self, device: usize) -> Result<DeviceProp, RuntimeError>;
    fn malloc(&self, device: usize, size: usize) -> Result<DevicePtr, RuntimeError>;
    fn free(&self, device: usize, ptr: DevicePtr) -> Result<(), RuntimeError>;
    /// `stream == None`: synchronous copy (`hipMemcpy`).
    fn memcpy(
        &self,
        device: usize,
        dst: *mut c_void,
        src: *const c_void,
        size: usize,
        kind: MemcpyKind,
        stream: Option<StreamHandle>,
    ) -> Result<(), RuntimeError>;
    fn memset(
        &self,
        device: usize,
        dst: DevicePtr,
        value: u8,
        size: usize,
        stream: Option<StreamHandle>,
    ) -> Result<(), RuntimeError>;
    /// Page-locked host memory; `flags` are `hipHostMalloc*` (CUDA's values).
    fn host_malloc(
        &self,
        device: usize,
        size: usize,
        flags: u32,
    ) -> Result<*mut c_void, RuntimeError>;
    fn host_free(&self, device: usize, ptr: *mut c_void) -> Result<(), RuntimeError>;
    /// Managed memory; `flags` are `hipMemAttach*` (CUDA's values).
    fn malloc_managed(
        &self,
        device: usize,
        size: usize,
        flags: u32,
    ) -> Result<DevicePtr, RuntimeError>;
    fn stream_wait_event(
        &self,
        device: usize,
        stream: StreamHandle,
        event: EventHandle,
    ) -> Result<(), RuntimeError>;
    fn synchronize(&self, device: usize) -> Result<(), RuntimeError>;
    /// Waits for every device that has been used; for program exit, so that pending
    /// kernels finish and their `printf` output is flushed.
    fn synchronize_used_devices(&self);
    fn reset(&self, device: usize) -> Result<(), RuntimeError>;
    fn launch(&self, device: usize, launch: &Launch) -> Result<(), RuntimeError>;
    /// `hipFuncSetAttribute`: `attribute` is 8 (max dynamic shared memory) or 9
    /// (preferred shared memory carveout), CUDA's numbers too.
    fn function_set_attribute(
        &self,
        device: usize,
        kernel: usize,
        attribute: i32,
        value: i32,
    ) -> Result<(), RuntimeError>;
    /// Attributes of the kernel with this host handle, as compiled for `device`.
    fn function_attributes(
        &self,
        device: usize,
        kernel: usize,
    ) -> Result<FuncAttributes, RuntimeError>;
    fn stream_create(&self, device: usize, flags: u32) -> Result<StreamHandle, RuntimeError>;
    fn stream_destroy(&self, device: usize, stream: StreamHandle) -> Result<(), RuntimeError>;
    fn stream_synchronize(&self, device: usize, stream: StreamHandle) -> Result<(), RuntimeError>;
    fn stream_query(&self, device: usize, stream: StreamHandle) -> Result<(), RuntimeError>;
    fn event_create(&self, device: usize, flags: u32) -> Result<EventHandle, RuntimeError>;
    fn event_record(
        &self,
        device: usize,
        event: EventHandle,
        stream: StreamHandle,
    ) -> Result<(), RuntimeError>;
    fn event_synchronize(&self, device: usize, event: EventHandle) -> Result<(), RuntimeError>;
    fn event_query(&self, device: usize, event: EventHandle) -> Result<(), RuntimeError>;
    fn event_elapsed_ms(
        &self,
        device: usize,
        start: EventHandle,
        end: EventHandle,
    ) -> Result<f32, RuntimeError>;
    fn event_destroy(&self, device: usize, event: EventHandle) -> Result<(), RuntimeError>;
    /// Free and total memory of the device, in bytes.
    fn mem_info(&self, device: usize) -> Result<(usize, usize), RuntimeError>;
    /// Device address and size of the variable `name` in `fat_binary`'s image for
    /// `device` (loading the image if needed).
    fn symbol(
        &self,
        device: usize,
        fat_binary: &FatBinary,
        name: &CStr,
    ) -> Result<(DevicePtr, usize), RuntimeError>;

    // The methods below have defaults for backends that lack them (`NoDevice`, which is never
    // reached because `api` checks for a device first).

    /// Checks the image that `device` would load from `fat_binary` (`image_check`) without
    /// loading it, so that `hipModuleLoadData` reports a damaged image at once, as HIP does,
    /// while the load waits for the first use. A fat binary without an image for the device
    /// passes: its first use says so. The default checks nothing.
    fn check_image(&self, _device: usize, _fat_binary: &FatBinary) -> Result<(), RuntimeError> {
        Ok(())
    }
    /// Attributes that `hipDeviceProp_t` has no field for.
    fn extras(&self, _device: usize) -> DeviceExtras {
        DeviceExtras::default()
    }
    /// `hipLimit_t` values (`limit` module).
    fn limit(&self, _device: usize, _limit: i32) -> Result<usize, RuntimeError> {
        unsupported("device limits")
    }
    fn set_limit(&self, _device: usize, _limit: i32, _value: usize) -> Result<(), RuntimeError> {
        unsupported("device limits")
    }
    /// A `hipFuncCache_t` preference for the device; a hint.
    fn set_cache_config(&self, _device: usize, _config: i32) -> Result<(), RuntimeError> {
        Ok(())
    }
    /// `hipSetDeviceFlags` scheduling flags; a hint.
    fn set_device_flags(&self, _device: usize, _flags: u32) -> Result<(), RuntimeError> {
        Ok(())
    }
    /// `(least, greatest)` stream priority; greatest is numerically lower.
    fn stream_priority_range(&self, _device: usize) -> Result<(i32, i32), RuntimeError> {
        Ok((0, 0))
    }
    /// A created stream with a priority in the range above (already clamped).
    fn stream_create_with_priority(
        &self,
        device: usize,
        flags: u32,
        _priority: i32,
    ) -> Result<StreamHandle, RuntimeError> {
        self.stream_create(device, flags)
    }
    /// Runs `call` when the stream reaches this point (`None` work after it waits for it).
    fn launch_host_func(
        &self,
        _device: usize,
        _stream: StreamHandle,
        _call: HostCall,
    ) -> Result<(), RuntimeError> {
        unsupported("host functions on streams")
    }
    fn can_access_peer(&self, _device: usize, _peer: usize) -> Result<bool, RuntimeError> {
        Ok(false)
    }
    fn enable_peer_access(&self, _device: usize, _peer: usize) -> Result<(), RuntimeError> {
        unsupported("peer access")
    }
    fn disable_peer_access(&self, _device: usize, _peer: usize) -> Result<(), RuntimeError> {
        unsupported("peer access")
    }
    /// A copy between the memory of two devices of this backend.
    fn memcpy_peer(
        &self,
        _dst: DevicePtr,
        _dst_device: usize,
        _src: DevicePtr,
        _src_device: usize,
        _size: usize,
        _stream: Option<StreamHandle>,
    ) -> Result<(), RuntimeError> {
        unsupported("peer copies")
    }
    /// A pitched allocation of `height` rows of at least `width` bytes; returns the
    /// pointer and the pitch.
    fn malloc_pitch(
        &self,
        device: usize,
        width: usize,
        height: usize,
    ) -> Result<(DevicePtr, usize), RuntimeError> {
        let pitch = pitch_for(width, 256);
        let size = pitch
            .checked_mul(height)
            .ok_or(RuntimeError::InvalidValue { argument: "height" })?;
        Ok((self.malloc(device, size)?, pitch))
    }
    /// `stream == None`: synchronous.
    fn memcpy_2d(
        &self,
        _device: usize,
        _copy: &Copy2D,
        _stream: Option<StreamHandle>,
    ) -> Result<(), RuntimeError> {
        unsupported("2D copies")
    }
    fn fill(
        &self,
        _device: usize,
        _fill: &Fill,
        _stream: Option<StreamHandle>,
    ) -> Result<(), RuntimeError> {
        unsupported("typed fills")
    }
    /// Page-locks `size` bytes at `ptr` (`hipHostRegister*` flags).
    fn host_register(
        &self,
        _device: usize,
        _ptr: *mut c_void,
        _size: usize,
        _flags: u32,
    ) -> Result<(), RuntimeError> {
        unsupported("host memory registration")
    }
    fn host_unregister(&self, _device: usize, _ptr: *mut c_void) -> Result<(), RuntimeError> {
        unsupported("host memory registration")
    }
    /// The device address of pinned or registered host memory.
    fn host_device_pointer(
        &self,
        _device: usize,
        _ptr: *mut c_void,
    ) -> Result<DevicePtr, RuntimeError> {
        unsupported("mapped host memory")
    }
    /// The flags pinned or registered host memory was created with.
    fn host_flags(&self, _device: usize, _ptr: *mut c_void) -> Result<u32, RuntimeError> {
        unsupported("mapped host memory")
    }
    /// `None` for memory this backend does not know.
    fn pointer_info(
        &self,
        _device: usize,
        _ptr: *const c_void,
    ) -> Result<Option<PointerInfo>, RuntimeError> {
        Ok(None)
    }
    /// The start and size of what contains `ptr`: an allocation or registered range of any
    /// device of this backend, or a device variable of a loaded image; `None` for memory the
    /// runtime neither made nor was told about. A size of 0 means the extent is unknown.
    /// `api::pointers` checks every device pointer of a copy or fill against it.
    fn memory_range(
        &self,
        device: usize,
        ptr: *const c_void,
    ) -> Result<Option<(DevicePtr, usize)>, RuntimeError> {
        Ok(self
            .pointer_info(device, ptr)?
            .map(|info| (info.base, info.size)))
    }
    /// `hipMemoryAdvise` on managed memory; `target` is where the advice points.
    fn mem_advise(
        &self,
        _device: usize,
        _ptr: DevicePtr,
        _size: usize,
        _advice: i32,
        _target: Location,
    ) -> Result<(), RuntimeError> {
        unsupported("managed memory advice")
    }
    fn mem_prefetch(
        &self,
        _device: usize,
        _ptr: DevicePtr,
        _size: usize,
        _target: Location,
        _stream: StreamHandle,
    ) -> Result<(), RuntimeError> {
        unsupported("managed memory prefetch")
    }
    fn mem_range_attribute(
        &self,
        _device: usize,
        _ptr: DevicePtr,
        _size: usize,
        _attribute: i32,
    ) -> Result<RangeValue, RuntimeError> {
        unsupported("managed memory range attributes")
    }
    /// How many blocks of `block_size` threads using `dynamic_shared` bytes fit on one
    /// multiprocessor (`hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags`).
    fn occupancy(
        &self,
        _device: usize,
        _kernel: usize,
        _block_size: u32,
        _dynamic_shared: usize,
        _flags: u32,
    ) -> Result<u32, RuntimeError> {
        unsupported("occupancy queries")
    }
    /// The size in bytes of each of the kernel's parameters, in order (for copying the
    /// arguments of a captured or graph launch).
    fn kernel_argument_sizes(
        &self,
        _device: usize,
        _kernel: usize,
    ) -> Result<Vec<usize>, RuntimeError> {
        unsupported("kernel parameter layouts")
    }
}

/// The smallest multiple of `alignment` that holds `width` bytes (at least one alignment).
pub(crate) fn pitch_for(width: usize, alignment: usize) -> usize {
    let alignment = alignment.max(1);
    width.max(1).div_ceil(alignment) * alignment
}

/// The backend used when no driver is usable. Keeps the reason for messages.
pub(crate) struct NoDevice {
    pub(crate) reason: String,
}

impl NoDevice {
    fn error(&self) -> RuntimeError {
        RuntimeError::NoDevice {
            reason: self.reason.clone(),
        }
    }
}

impl Backend for NoDevice {
    fn name(&self) -> &'static str {
        "none"
    }
    fn device_count(&self) -> usize {
        0
    }
    fn unavailable(&self) -> RuntimeError {
        self.error()
    }
    fn driver_version(&self) -> i32 {
        0
    }
    fn properties(&self, _: usize) -> Result<DeviceProp, RuntimeError> {
        Err(self.error())
    }
    fn malloc(&self, _: usize, _: usize) -> Result<DevicePtr, RuntimeError> {
        Err(self.error())
    }
    fn free(&self, _: usize, _: DevicePtr) -> Result<(), RuntimeError> {
        Err(self.error())
    }
    fn memcpy(
        &self,
        _: usize,
        _: *mut c_void,
        _: *const c_void,
        _: usize,
        _: MemcpyKind,
        _: Option<StreamHandle>,
    ) -> Result<(), RuntimeError> {
        Err(self.error())
    }
    fn memset(
        &self,
        _: usize,
        _: DevicePtr,
        _: u8,
        _: usize,
        _: Option<StreamHandle>,
    ) -> Result<(), RuntimeError> {
        Err(self.error())
    }
    fn host_malloc(&self, _: usize, _: usize, _: u32) -> Result<*mut c_void, RuntimeError> {
        Err(self.error())
    }
    fn host_free(&self, _: usize, _: *mut c_void) -> Result<(), RuntimeError> {
        Err(self.error())
    }
    fn malloc_managed(&self, _: usize, _: usize, _: u32) -> Result<DevicePtr, RuntimeError> {
        Err(self.error())
    }
    fn stream_wait_event(
        &self,
        _: usize,
        _: StreamHandle,
        _: EventHandle,
    ) -> Result<(), RuntimeError> {
        Err(self.error())
    }
    fn synchronize(&self, _: usize) -> Result<(), RuntimeError> {
        Err(self.error())
    }
    fn synchronize_used_devices(&self) {}
    fn reset(&self, _: usize) -> Result<(), RuntimeError> {
        Err(self.error())
    }
    fn launch(&self, _: usize, _: &Launch) -> Result<(), RuntimeError> {
        Err(self.error())
    }
    fn function_set_attribute(
        &self,
        _: usize,
        _: usize,
        _: i32,
        _: i32,
    ) -> Result<(), RuntimeError> {
        Err(self.error())
    }
    fn function_attributes(&self, _: usize, _: usize) -> Result<FuncAttributes, RuntimeError> {
        Err(self.error())
    }
    fn stream_create(&self, _: usize, _: u32) -> Result<StreamHandle, RuntimeError> {
        Err(self.error())
    }
    fn stream_destroy(&self, _: usize, _: StreamHandle) -> Result<(), RuntimeError> {
        Err(self.error())
    }
    fn stream_synchronize(&self, _: usize, _: StreamHandle) -> Result<(), RuntimeError> {
        Err(self.error())
    }
    fn stream_query(&self, _: usize, _: StreamHandle) -> Result<(), RuntimeError> {
        Err(self.error())
    }
    fn event_create(&self, _: usize, _: u32) -> Result<EventHandle, RuntimeError> {
        Err(self.error())
    }
    fn event_record(&self, _: usize, _: EventHandle, _: StreamHandle) -> Result<(), RuntimeError> {
        Err(self.error())
    }
    fn event_synchronize(&self, _: usize, _: EventHandle) -> Result<(), RuntimeError> {
        Err(self.error())
    }
    fn event_query(&self, _: usize, _: EventHandle) -> Result<(), RuntimeError> {
        Err(self.error())
    }
    fn event_elapsed_ms(
        &self,
        _: usize,
        _: EventHandle,
        _: EventHandle,
    ) -> Result<f32, RuntimeError> {
        Err(self.error())
    }
    fn event_destroy(&self, _: usize, _: EventHandle) -> Result<(), RuntimeError> {
        Err(self.error())
    }
    fn mem_info(&self, _: usize) -> Result<(usize, usize), RuntimeError> {
        Err(self.error())
    }
    fn symbol(
        &self,
        _: usize,
        _: &FatBinary,
        _: &CStr,
    ) -> Result<(DevicePtr, usize), RuntimeError> {
        Err(self.error())
    }
}

/// The backend and the calling thread's current device, or why there is none.
pub(crate) fn current() -> Result<(&'static dyn Backend, usize), RuntimeError> {
    let backend = get();
    let count = backend.device_count();
    if count == 0 {
        return Err(backend.unavailable());
    }
    let device = crate::thread::current_device();
    match usize::try_from(device) {
        Ok(index) if index < count => Ok((backend, index)),
        _ => Err(RuntimeError::InvalidDevice { device, count }),
    }
}

/// Moves every registered `__managed__` variable that is still in its host staging copy
/// into managed memory on device 0 and repoints its host pointer variable.
pub(crate) fn materialise_managed(backend: &dyn Backend) {
    // One thread at a time: two first loads racing would each move a variable, and the
    // second would copy the first's managed memory and repoint the host variable again.
    static MATERIALISING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _alone = crate::sync::lock(&MATERIALISING);
    for (key, size, host_pointer_variable) in crate::registry::unallocated_managed_variables() {
        // hipMemAttachGlobal.
        match backend.malloc_managed(0, size.max(1), 1) {
            Ok(allocation) => {
                let variable = host_pointer_variable as *mut *mut c_void;
                // SAFETY: `variable` is the host pointer variable clang registered (a
                // writable `void*` in the program's data); it points at the staging copy
                // of `size` bytes made at registration; `allocation` is fresh managed
                // memory of at least `size` bytes, which the host may access.
                unsafe {
                    let staging = variable.read();
                    std::ptr::copy_nonoverlapping(
                        staging.cast::<u8>(),
                        allocation as *mut u8,
                        size,
                    );
                    variable.write(allocation as *mut c_void);
                }
                crate::registry::set_managed_allocation(key, allocation);
                log!(
                    2,
                    "managed variable at {host_pointer_variable:#x} moved to {allocation:#x}"
                );
            }
            Err(error) => log!(
                1,
                "managed variable at {host_pointer_variable:#x} stays in host memory: {error}"
            ),
        }
    }
}

static BACKEND: OnceLock<Box<dyn Backend>> = OnceLock::new();

/// The process-wide backend, chosen on first use.
pub(crate) fn get() -> &'static dyn Backend {
    BACKEND
        .get_or_init(|| {
            let setting = visible_devices_setting(
                std::env::var("OXHIP_VISIBLE_DEVICES").ok(),
                std::env::var("HIP_VISIBLE_DEVICES").ok(),
                crate::registry::any_host_image(),
            );
            // A selection of the CPU device alone starts no vendor driver: the CUDA driver's
            // start and ROCm's runtime took about 0.25 s of every CPU-device run on the lent
            // H200 machine (a whole vadd: 21-27 ms now, 275-309 before), and the program then
            // behaves as on a machine without GPUs.
            let gpus: Box<dyn Backend> = if cpu::devices::names_no_gpu(setting.as_deref()) {
                log!(
                    1,
                    "runtime initialising: {}; GPUs not probed: the device selection `{}` names none",
                    crate::registry::summary(),
                    setting.as_deref().unwrap_or_default()
                );
                Box::new(NoDevice {
                    reason: "the device selection (OXHIP_VISIBLE_DEVICES or HIP_VISIBLE_DEVICES) names no GPU".to_owned(),
                })
            } else {
                select()
            };
            let backend = Box::new(cpu::devices::Devices::new(gpus, setting.as_deref()));
            // Registered after `cuInit`, so it runs before the CUDA driver's own exit
            // handler has torn the driver down (handlers run in reverse order); the
            // registration destructors were registered earlier and run too late for it.
            // SAFETY: `atexit` takes a plain function with no preconditions.
            unsafe { atexit(synchronize_at_exit_handler) };
            backend
        })
        .as_ref()
}

extern "C" {
    fn atexit(handler: extern "C" fn()) -> i32;
}

extern "C" fn synchronize_at_exit_handler() {
    // A panic must not unwind into the C library.
    let _ = std::panic::catch_unwind(synchronize_at_exit);
}

/// Waits once for the devices already in use, as ROCm's runtime does at exit, so that
/// kernels still running when `main` returns finish and flush their `printf` output.
/// Never starts a backend.
pub(crate) fn synchronize_at_exit() {
    static SYNCHRONIZED: std::sync::Once = std::sync::Once::new();
    SYNCHRONIZED.call_once(|| {
        if let Some(backend) = get_if_started() {
            backend.synchronize_used_devices();
        }
    });
}

/// The backend if one was already chosen; never starts one (for use at exit).
pub(crate) fn get_if_started() -> Option<&'static dyn Backend> {
    BACKEND.get().map(|backend| backend.as_ref())
}

fn select() -> Box<dyn Backend> {
    log!(1, "runtime initialising: {}", crate::registry::summary());
    let mut found: Vec<Box<dyn Backend>> = Vec::new();
    let mut reasons = Vec::new();
    match hsa::Hsa::open() {
        Ok(hsa) => {
            log!(
                1,
                "backend: {}, {} AMD GPU(s)",
                hsa.describe(),
                hsa.device_count()
            );
            found.push(Box::new(hsa));
        }
        Err(error) => {
            let reason = hsa::describe_decline(&error);
            log!(1, "AMD GPUs: none ({reason})");
            reasons.push(format!("AMD: {reason}"));
        }
    }
    match cuda::Cuda::open() {
        Ok(cuda) if cuda.device_count() > 0 => {
            log!(
                1,
                "backend: CUDA driver {}, {} device(s)",
                cuda.driver_version(),
                cuda.device_count()
            );
            found.push(Box::new(cuda));
        }
        Ok(_) => {
            log!(
                1,
                "NVIDIA GPUs: none (the CUDA driver loaded but reports no devices)"
            );
            reasons.push("NVIDIA: the CUDA driver reports no devices".to_owned());
        }
        Err(error) => {
            log!(1, "NVIDIA GPUs: none ({error})");
            reasons.push(format!("NVIDIA: {error}"));
        }
    }
    let backend: Box<dyn Backend> = match found.len() {
        0 => {
            return Box::new(NoDevice {
                reason: reasons.join("; "),
            })
        }
        1 => found.remove(0),
        _ => Box::new(vendors::Vendors::new(found)),
    };
    materialise_managed(backend.as_ref());
    backend
}

/// The device selection the program asked for: `OXHIP_VISIBLE_DEVICES` as written, else
/// HIP's `HIP_VISIBLE_DEVICES` (GPU numbers, as HIP reads it; the CPU device stays listed
/// when the program has a CPU image). `CUDA_VISIBLE_DEVICES` and `ROCR_VISIBLE_DEVICES`
/// are applied by the vendor drivers themselves, before oxhip sees their devices.
fn visible_devices_setting(
    oxhip: Option<String>,
    hip: Option<String>,
    cpu_by_default: bool,
) -> Option<String> {
    if oxhip.is_some() {
        return oxhip;
    }
    let hip = hip?;
    let mut entries: Vec<String> = hip
        .split(',')
        .map(str::trim)
        .filter(|entry| !entry.is_empty())
        .map(|entry| match entry.parse::<usize>() {
            Ok(number) => format!("gpu:{number}"),
            // A UUID or anything else HIP takes that oxhip does not: it names no device,
            // as an unknown entry does for HIP.
            Err(_) => "none".to_owned(),
        })
        .collect();
    if cpu_by_default {
        entries.push("cpu".to_owned());
    }
    Some(entries.join(","))
}

#[cfg(test)]
mod tests {
    use super::visible_devices_setting;

    #[test]
    fn hip_visible_devices_selects_gpus_when_oxhips_variable_is_unset() {
        let some = |text: &str| Some(text.to_owned());
        assert_eq!(
            visible_devices_setting(some("cpu"), some("1"), true),
            some("cpu")
        );
        assert_eq!(
            visible_devices_setting(None, some("1,0"), false),
            some("gpu:1,gpu:0")
        );
        assert_eq!(
            visible_devices_setting(None, some("1"), true),
            some("gpu:1,cpu")
        );
        assert_eq!(visible_devices_setting(None, some(""), false), some(""));
        assert_eq!(
            visible_devices_setting(None, some("GPU-abc"), false),
            some("none")
        );
        assert_eq!(visible_devices_setting(None, None, true), None);
    }
}
