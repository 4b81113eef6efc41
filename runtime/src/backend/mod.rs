//! The seam between the HIP API and a vendor driver.
//!
//! `api` validates arguments and keeps per-thread state; a [`Backend`] does the work on
//! one kind of device. Selection happens once, at the first call that needs a device:
//! the CUDA driver (`libcuda.so.1`) if it loads and reports devices, otherwise
//! [`NoDevice`], which answers every device call with `hipErrorNoDevice`.
//! FIXME(#2): an HSA backend (AMD) and a CPU backend slot in here as further
//! implementations of the same trait, tried in a fixed order.

pub(crate) mod cpu;
pub(crate) mod cuda;

use std::ffi::{c_void, CStr};
use std::sync::OnceLock;

use crate::error::RuntimeError;
use crate::log::log;
use crate::registry::FatBinary;
use crate::types::{DeviceProp, Dim3, FuncAttributes, MemcpyKind};

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
            let setting = std::env::var("OXHIP_VISIBLE_DEVICES").ok();
            let backend = Box::new(cpu::devices::Devices::new(select(), setting.as_deref()));
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
    match cuda::Cuda::open() {
        Ok(cuda) if cuda.device_count() > 0 => {
            log!(
                1,
                "backend: CUDA driver {}, {} device(s)",
                cuda.driver_version(),
                cuda.device_count()
            );
            materialise_managed(&cuda);
            Box::new(cuda)
        }
        Ok(_) => {
            log!(1, "backend: CUDA driver loaded but reports no devices");
            Box::new(NoDevice {
                reason: "the CUDA driver reports no devices".to_owned(),
            })
        }
        Err(error) => {
            log!(1, "backend: none ({error})");
            Box::new(NoDevice {
                reason: error.to_string(),
            })
        }
    }
}
