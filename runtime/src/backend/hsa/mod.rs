//! The AMD backend: GPUs driven through ROCm's HSA runtime (`libhsa-runtime64.so.1`),
//! opened at run time like the CUDA driver. Built to the HSA specification, LLVM's
//! AMDGPUUsage and hip-abi.md §3–4; no AMD GPU has run it (docs/amd.md).
//!
//! - [`ffi`]: the entry points and enums; [`device`]: agents, pools, properties;
//! - [`metadata`]: a code object's `NT_AMDGPU_METADATA` note, the kernels' argument layouts;
//! - [`kernarg`]: one launch's kernarg segment, explicit and hidden arguments;
//! - [`aql`]: dispatch and barrier packets; [`stream`]: queues, signals, ordering;
//! - [`printf`]: the host end of device `printf` on amdgcn (records in the hostcall buffer).
//!
//! A fat binary's code object for a device is chosen by target ID (`image::select_amdgcn`),
//! checked, and loaded at the first use on that device, once, into one HSA executable.

pub(crate) mod aql;
pub(crate) mod device;
pub(crate) mod ffi;
pub(crate) mod kernarg;
pub(crate) mod metadata;
pub(crate) mod printf;
pub(crate) mod stream;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::ffi::{c_void, CStr, CString};
use std::sync::{Arc, Mutex, OnceLock};

use super::advice::{self, Advice};
use super::{
    Backend, Copy2D, DevicePtr, EventHandle, Fill, Launch, Location, PointerInfo, RangeValue,
    StreamHandle,
};
use crate::error::{HipError, RuntimeError};
use crate::log::log;
use crate::registry::{self, FatBinary};
use crate::sync::lock;
use crate::types::{memory_type, DeviceExtras, DeviceProp, FuncAttributes, MemcpyKind};
use device::{AgentInfo, HostPools};
use ffi::{Agent, Api};
use stream::{check, OwnedSignal, Stream};

/// Bytes of each device's printf buffer (records of all kernels between two drains).
const PRINTF_BUFFER_SIZE: usize = 4 << 20;
/// Packets per queue.
const QUEUE_SIZE: u32 = 4096;

/// One fat binary's code object loaded on one device.
struct Module {
    api: &'static Api,
    executable: ffi::Executable,
    reader: ffi::CodeObjectReader,
    code_object: metadata::CodeObject,
    /// The bytes the reader was made from: HSA keeps pointers into them.
    _image: Vec<u8>,
}

impl Drop for Module {
    fn drop(&mut self) {
        // SAFETY: both were created by `load` and are destroyed once, here; a handle still 0
        // (creation failed) is skipped.
        unsafe {
            if self.executable.handle != 0 {
                (self.api.hsa_executable_destroy)(self.executable);
            }
            (self.api.hsa_code_object_reader_destroy)(self.reader);
        }
    }
}

/// A kernel ready to dispatch.
struct Kernel {
    kernel_object: u64,
    info: metadata::KernelInfo,
    /// Keeps the executable (and so `kernel_object`) alive.
    _module: Arc<Module>,
}

/// A resolved kernel and the fat binary it was resolved from.
type ResolvedKernel = (Arc<Kernel>, Arc<FatBinary>);

type ModuleCell = Arc<OnceLock<Result<Arc<Module>, RuntimeError>>>;

/// What the backend allocated or registered, for pointer queries and frees.
#[derive(Clone, Copy, Debug)]
struct Allocation {
    size: usize,
    device: usize,
    kind: AllocationKind,
    flags: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AllocationKind {
    Device,
    Host,
    Registered { agent_pointer: u64 },
    Managed,
}

struct Device {
    info: AgentInfo,
    null_stream: OnceLock<Result<Arc<Stream>, RuntimeError>>,
    /// The printf buffer (fine-grained host memory), set up at the first launch.
    printf: OnceLock<Result<usize, RuntimeError>>,
    /// Peers whose memory this device's kernels may use.
    peers: Mutex<HashSet<usize>>,
    used: std::sync::atomic::AtomicBool,
}

struct Event {
    device: usize,
    /// The marker of the last record, if any.
    signal: Mutex<Option<Arc<OwnedSignal>>>,
    timing: bool,
}

pub(crate) struct Hsa {
    api: &'static Api,
    library: String,
    version: (u16, u16),
    /// Ticks per second of the system timestamp.
    frequency: u64,
    host: HostPools,
    devices: Vec<Device>,
    modules: Mutex<HashMap<(usize, usize), ModuleCell>>,
    /// By (kernel handle, device), with the fat binary each came from: an entry whose fat
    /// binary has been unregistered since is resolved again.
    kernels: Mutex<HashMap<(usize, usize), ResolvedKernel>>,
    allocations: Mutex<BTreeMap<u64, Allocation>>,
    /// Advice given for managed allocations, by start (`backend::advice`): they are
    /// fine-grained host memory and never move, so advice and prefetches are recorded.
    advice: Mutex<HashMap<u64, Advice>>,
    /// Device variables of loaded code objects that the program was given the address of:
    /// start → (size, device). Code objects stay loaded, so these stay valid.
    variables: Mutex<BTreeMap<u64, (usize, usize)>>,
    streams: Mutex<HashMap<StreamHandle, Arc<Stream>>>,
    /// `hipStreamPerThread` (and launches through the `_spt` entry points): one blocking
    /// stream per (device, host thread), made on first use and kept in `streams` under a
    /// handle of its own, so that device synchronisation and the null stream's rules see it.
    per_thread: Mutex<HashMap<(usize, std::thread::ThreadId), StreamHandle>>,
    events: Mutex<HashMap<EventHandle, Arc<Event>>>,
    /// `hipDeviceSetLimit` values, by (device, limit).
    limits: Mutex<HashMap<(usize, i32), usize>>,
    next_handle: std::sync::atomic::AtomicUsize,
}

/// The amdgpu driver's compute device, which ROCm's HSA runtime opens.
const KFD: &str = "/dev/kfd";

impl Hsa {
    /// Loads the HSA runtime, initialises it and finds the GPU agents. Every failure is
    /// `RuntimeError::NoDevice` with the reason, so the caller falls back.
    pub(crate) fn open() -> Result<Hsa, RuntimeError> {
        let no_device = |reason: String| RuntimeError::NoDevice { reason };
        // ROCm's runtime reaches AMD GPUs through the amdgpu driver's `/dev/kfd`; without it
        // `hsa_init` can only fail, and loading the runtime to learn that cost every program
        // 11 ms at start on the lent NVIDIA machine, which has ROCm's runtime installed. A
        // library named by `OXHIP_HSA_LIBRARY` (another HSA implementation) is always tried.
        if ffi::named_library().is_none() && !std::path::Path::new(KFD).exists() {
            return Err(no_device(format!(
                "no AMD GPU driver ({KFD} does not exist); the HSA runtime was not loaded"
            )));
        }
        let (api, library) = ffi::open().map_err(no_device)?;
        // Leaked only once the backend is kept (below): a declined runtime is closed again.
        let owned = Box::new(api);
        let api: &Api = &owned;
        // SAFETY: `hsa_init` has no preconditions (it is reference counted).
        let status = unsafe { (api.hsa_init)() };
        if status != ffi::STATUS_SUCCESS {
            let error = check(api, "hsa_init", status).err();
            return Err(no_device(format!(
                "`{library}` loaded, but hsa_init failed ({}): no usable AMD GPU driver ({KFD})",
                error.map_or_else(|| format!("status {status:#x}"), |e| e.to_string())
            )));
        }
        let system = |attribute: u32| -> u64 {
            let mut value = 0u64;
            // SAFETY: the attributes asked for write at most 8 bytes.
            unsafe { (api.hsa_system_get_info)(attribute, (&raw mut value).cast()) };
            value
        };
        let major = u16::try_from(system(ffi::SYSTEM_INFO_VERSION_MAJOR) & 0xffff).unwrap_or(0);
        let minor = u16::try_from(system(ffi::SYSTEM_INFO_VERSION_MINOR) & 0xffff).unwrap_or(0);
        let frequency = system(ffi::SYSTEM_INFO_TIMESTAMP_FREQUENCY).max(1);
        // Declining after a successful hsa_init shuts the runtime down again, so that its
        // threads and its hold on the driver do not outlive the decision.
        let decline = |reason: String| {
            // SAFETY: pairs the successful hsa_init above; nothing of HSA is in use.
            unsafe { (api.hsa_shut_down)() };
            no_device(reason)
        };
        let found = match device::discover(api) {
            Ok(found) => found,
            Err(status) => {
                return Err(decline(format!(
                    "hsa_iterate_agents failed: {}",
                    check(api, "hsa_iterate_agents", status)
                        .err()
                        .map_or_else(String::new, |e| e.to_string())
                )))
            }
        };
        if found.gpus.is_empty() {
            return Err(decline(format!(
                "`{library}` (HSA {major}.{minor}) reports no GPU agent"
            )));
        }
        let Some(host) = found.host else {
            return Err(decline(
                "the HSA runtime reports no CPU agent with kernarg and fine-grained pools"
                    .to_owned(),
            ));
        };
        for (index, gpu) in found.gpus.iter().enumerate() {
            log!(
                1,
                "device {index}: {} ({}), {} compute units",
                gpu.name,
                device::arch_name(&gpu.isa),
                gpu.compute_units
            );
        }
        let api: &'static Api = Box::leak(owned);
        Ok(Hsa {
            api,
            library,
            version: (major, minor),
            frequency,
            host,
            devices: found
                .gpus
                .into_iter()
                .map(|info| Device {
                    info,
                    null_stream: OnceLock::new(),
                    printf: OnceLock::new(),
                    peers: Mutex::new(HashSet::new()),
                    used: std::sync::atomic::AtomicBool::new(false),
                })
                .collect(),
            modules: Mutex::new(HashMap::new()),
            kernels: Mutex::new(HashMap::new()),
            allocations: Mutex::new(BTreeMap::new()),
            advice: Mutex::new(HashMap::new()),
            variables: Mutex::new(BTreeMap::new()),
            streams: Mutex::new(HashMap::new()),
            per_thread: Mutex::new(HashMap::new()),
            events: Mutex::new(HashMap::new()),
            limits: Mutex::new(HashMap::new()),
            next_handle: std::sync::atomic::AtomicUsize::new(0x1000),
        })
    }

    /// What was loaded, for the log.
    pub(crate) fn describe(&self) -> String {
        format!(
            "HSA {}.{} from `{}`",
            self.version.0, self.version.1, self.library
        )
    }

    fn check(&self, call: &'static str, status: ffi::Status) -> Result<(), RuntimeError> {
        check(self.api, call, status)
    }

    /// Ticks of the system clock in 10 ms: how long a wait runs between fault checks.
    fn slice(&self) -> u64 {
        (self.frequency / 100).max(1)
    }

    fn agent(&self, device: usize) -> Agent {
        self.devices[device].info.agent
    }

    fn all_agents(&self) -> Vec<Agent> {
        self.devices.iter().map(|d| d.info.agent).collect()
    }

    fn null_stream(&self, device: usize) -> Result<Arc<Stream>, RuntimeError> {
        self.devices[device]
            .null_stream
            .get_or_init(|| {
                Stream::create(
                    self.api,
                    self.agent(device),
                    QUEUE_SIZE.min(self.devices[device].info.queue_max_size),
                    true,
                    self.slice(),
                )
                .map(Arc::new)
            })
            .clone()
    }

    /// The stream a handle means on `device`: `hipStreamLegacy` (1) is the null stream (0),
    /// and `hipStreamPerThread` (2) the calling thread's own stream, made on first use.
    fn resolve(&self, device: usize, handle: StreamHandle) -> Result<StreamHandle, RuntimeError> {
        match handle {
            1 => Ok(0),
            2 => {
                let key = (device, std::thread::current().id());
                let mut per_thread = lock(&self.per_thread);
                if let Some(handle) = per_thread.get(&key) {
                    return Ok(*handle);
                }
                // CUDA's per-thread default stream is a blocking stream.
                let handle = self.stream_create(device, 0)?;
                per_thread.insert(key, handle);
                Ok(handle)
            }
            _ => Ok(handle),
        }
    }

    fn stream(&self, device: usize, handle: StreamHandle) -> Result<Arc<Stream>, RuntimeError> {
        self.devices[device]
            .used
            .store(true, std::sync::atomic::Ordering::Relaxed);
        let handle = self.resolve(device, handle)?;
        if handle == 0 {
            return self.null_stream(device);
        }
        lock(&self.streams)
            .get(&handle)
            .cloned()
            .ok_or(RuntimeError::InvalidHandle { what: "stream" })
    }

    /// What a stream's next operation must also wait for under HIP's null-stream rules:
    /// the null stream waits for every blocking stream of the device, and a blocking
    /// stream for the null stream.
    fn implicit_waits(&self, device: usize, handle: StreamHandle) -> Vec<Arc<OwnedSignal>> {
        let agent = self.agent(device);
        let Ok(handle) = self.resolve(device, handle) else {
            return Vec::new();
        };
        if handle == 0 {
            lock(&self.streams)
                .values()
                .filter(|stream| stream.blocking && stream.agent == agent)
                .filter_map(|stream| stream.tail())
                .collect()
        } else {
            let blocking = lock(&self.streams).get(&handle).is_some_and(|s| s.blocking);
            match self.devices[device].null_stream.get() {
                Some(Ok(null)) if blocking => null.tail().into_iter().collect(),
                _ => Vec::new(),
            }
        }
    }

    fn allocate(&self, pool: ffi::MemoryPool, size: usize) -> Result<*mut c_void, RuntimeError> {
        let mut pointer: *mut c_void = std::ptr::null_mut();
        // SAFETY: writes one pointer to a live local.
        let status =
            unsafe { (self.api.hsa_amd_memory_pool_allocate)(pool, size.max(1), 0, &mut pointer) };
        if status != ffi::STATUS_SUCCESS {
            return Err(RuntimeError::status(
                HipError::ErrorOutOfMemory,
                format!(
                    "hsa_amd_memory_pool_allocate of {size} bytes failed: {}",
                    self.check("hsa_amd_memory_pool_allocate", status)
                        .err()
                        .map_or_else(String::new, |e| e.to_string())
                ),
            ));
        }
        Ok(pointer)
    }

    /// Lets `agents` use memory at `pointer` (host pools, and device memory for peers).
    fn allow(&self, agents: &[Agent], pointer: *const c_void) -> Result<(), RuntimeError> {
        let count = u32::try_from(agents.len()).unwrap_or(u32::MAX);
        // SAFETY: `agents` holds `count` live handles; null flags as documented.
        self.check("hsa_amd_agents_allow_access", unsafe {
            (self.api.hsa_amd_agents_allow_access)(
                count,
                agents.as_ptr(),
                std::ptr::null(),
                pointer,
            )
        })
    }

    fn record(&self, pointer: u64, allocation: Allocation) {
        lock(&self.allocations).insert(pointer, allocation);
    }

    /// Runs `body` on the advice of the managed allocation that holds the whole range.
    fn with_advice<T>(
        &self,
        ptr: DevicePtr,
        size: usize,
        body: impl FnOnce(&mut Advice) -> Result<T, RuntimeError>,
    ) -> Result<T, RuntimeError> {
        let not_managed = || advice::not_managed(ptr as usize, size);
        let (start, allocation) = self.find(ptr).ok_or_else(not_managed)?;
        let end = ptr.checked_add(size as u64).ok_or_else(not_managed)?;
        if allocation.kind != AllocationKind::Managed
            || size == 0
            || end > start + allocation.size as u64
        {
            return Err(not_managed());
        }
        body(lock(&self.advice).entry(start).or_default())
    }

    /// The allocation holding `address`: its start and record.
    fn find(&self, address: u64) -> Option<(u64, Allocation)> {
        let allocations = lock(&self.allocations);
        let (start, allocation) = allocations.range(..=address).next_back()?;
        (address < start + allocation.size.max(1) as u64).then_some((*start, *allocation))
    }

    /// The agent that owns the memory at `address` for a copy: the device's agent for
    /// device memory, the CPU agent for host memory we know (pinned, registered, managed).
    /// `None`: pageable host memory that must be locked first.
    fn owner(&self, address: u64) -> Option<(Agent, u64)> {
        let Some((start, allocation)) = self.find(address) else {
            // A device variable of a loaded code object is the device's memory.
            let variables = lock(&self.variables);
            let (start, (size, device)) = variables.range(..=address).next_back()?;
            return (address < start + (*size).max(1) as u64)
                .then(|| (self.agent(*device), address));
        };
        Some(match allocation.kind {
            AllocationKind::Device => (self.agent(allocation.device), address),
            AllocationKind::Host | AllocationKind::Managed => (self.host.cpu, address),
            AllocationKind::Registered { agent_pointer } => {
                (self.host.cpu, agent_pointer + (address - start))
            }
        })
    }

    /// A copy on `stream` after its earlier work. Pageable host memory is locked for the
    /// copy, which then completes before this returns (as CUDA does for pageable memory).
    fn copy(
        &self,
        device: usize,
        dst: *mut c_void,
        src: *const c_void,
        size: usize,
        stream: &Arc<Stream>,
        waits: Vec<Arc<OwnedSignal>>,
    ) -> Result<Arc<OwnedSignal>, RuntimeError> {
        let mut locked = Vec::new();
        let mut side = |address: u64| -> Result<(Agent, u64), RuntimeError> {
            if let Some(known) = self.owner(address) {
                return Ok(known);
            }
            let mut agent_pointer: *mut c_void = std::ptr::null_mut();
            let mut agents = self.all_agents();
            // SAFETY: the caller promises `size` valid bytes at `address`; the agents are
            // live; writes one pointer.
            self.check("hsa_amd_memory_lock", unsafe {
                (self.api.hsa_amd_memory_lock)(
                    address as *mut c_void,
                    size,
                    agents.as_mut_ptr(),
                    i32::try_from(agents.len()).unwrap_or(i32::MAX),
                    &mut agent_pointer,
                )
            })?;
            locked.push(address);
            Ok((self.host.cpu, agent_pointer as u64))
        };
        let (dst_agent, dst_address) = side(dst as u64)?;
        let (src_agent, src_address) = side(src as u64)?;
        let _ = device;
        let result = stream.outside_queue(|tail, done| {
            let mut dependencies: Vec<ffi::Signal> = waits.iter().map(|s| s.signal).collect();
            if let Some(tail) = tail {
                dependencies.push(tail.signal);
            }
            // SAFETY: both ranges are `size` bytes the agents may access (device memory,
            // pinned or just locked host memory); the dependency signals are live.
            self.check("hsa_amd_memory_async_copy", unsafe {
                (self.api.hsa_amd_memory_async_copy)(
                    dst_address as *mut c_void,
                    dst_agent,
                    src_address as *const c_void,
                    src_agent,
                    size,
                    u32::try_from(dependencies.len()).unwrap_or(0),
                    dependencies.as_ptr(),
                    done.signal,
                )
            })
        });
        if !locked.is_empty() {
            if let Ok(done) = &result {
                let waited = done.wait(stream.fault, self.slice());
                for address in &locked {
                    // SAFETY: locked above; the copy using it has finished.
                    unsafe { (self.api.hsa_amd_memory_unlock)(*address as *mut c_void) };
                }
                waited?;
            } else {
                for address in &locked {
                    // SAFETY: locked above; no copy was started.
                    unsafe { (self.api.hsa_amd_memory_unlock)(*address as *mut c_void) };
                }
            }
        }
        result
    }

    /// The loaded module of `fat_binary` for `device`, loading it once.
    fn module(&self, fat_binary: &FatBinary, device: usize) -> Result<Arc<Module>, RuntimeError> {
        let cell = Arc::clone(
            lock(&self.modules)
                .entry((fat_binary.index, device))
                .or_default(),
        );
        cell.get_or_init(|| self.load(fat_binary, device).map(Arc::new))
            .clone()
    }

    /// The code object of `images` for `device`, checked (`image_check::check_amdgpu`) so
    /// that ROCm's loader never sees a damaged one; `None` when there is none for it.
    fn checked_image<'a>(
        &self,
        images: &'a [registry::Image],
        device: usize,
    ) -> Result<Option<&'a registry::Image>, RuntimeError> {
        let isa = &self.devices[device].info.isa;
        let candidates: Vec<_> = images.iter().map(|image| image.candidate()).collect();
        let Some(index) = crate::image::select_amdgcn(&candidates, isa) else {
            return Ok(None);
        };
        let image = &images[index];
        crate::image_check::check_amdgpu(&image.data).map_err(|reason| {
            RuntimeError::InvalidImage {
                image: image.id(),
                reason,
            }
        })?;
        Ok(Some(image))
    }

    fn load(&self, fat_binary: &FatBinary, device: usize) -> Result<Module, RuntimeError> {
        let images = fat_binary.images()?;
        let isa = &self.devices[device].info.isa;
        let Some(chosen) = self.checked_image(images, device)? else {
            let error = RuntimeError::NoBinaryForGpu {
                arch: device::arch_name(isa).to_owned(),
                available: registry::describe(images),
            };
            log!(1, "device {device}: {error}");
            return Err(error);
        };
        let code_object =
            metadata::parse(&chosen.data).map_err(|error| RuntimeError::InvalidImage {
                image: chosen.id(),
                reason: error.to_string(),
            })?;
        log!(
            1,
            "device {device} ({}): loading `{}` ({} bytes, {} kernels, built for {}) from fat binary #{}",
            device::arch_name(isa),
            chosen.id(),
            chosen.data.len(),
            code_object.kernels.len(),
            code_object.target,
            fat_binary.index
        );
        let image = chosen.data.clone();
        let mut reader = ffi::CodeObjectReader::default();
        // SAFETY: `image` outlives the reader (both live in the returned module).
        self.check("hsa_code_object_reader_create_from_memory", unsafe {
            (self.api.hsa_code_object_reader_create_from_memory)(
                image.as_ptr().cast(),
                image.len(),
                &mut reader,
            )
        })?;
        let mut executable = ffi::Executable::default();
        let result = (|| {
            // SAFETY: writes one handle; null options.
            self.check("hsa_executable_create_alt", unsafe {
                (self.api.hsa_executable_create_alt)(
                    ffi::PROFILE_FULL,
                    ffi::ROUNDING_MODE_DEFAULT,
                    std::ptr::null(),
                    &mut executable,
                )
            })?;
            // SAFETY: the executable and reader are live; null options and no loaded-code-
            // object output.
            self.check("hsa_executable_load_agent_code_object", unsafe {
                (self.api.hsa_executable_load_agent_code_object)(
                    executable,
                    self.agent(device),
                    reader,
                    std::ptr::null(),
                    std::ptr::null_mut(),
                )
            })?;
            // SAFETY: as above.
            self.check("hsa_executable_freeze", unsafe {
                (self.api.hsa_executable_freeze)(executable, std::ptr::null())
            })
        })();
        let module = Module {
            api: self.api,
            executable,
            reader,
            code_object,
            _image: image,
        };
        if let Err(error) = result {
            log!(
                1,
                "device {device}: loading `{}` failed: {error}",
                chosen.id()
            );
            drop(module);
            return Err(error);
        }
        // Managed variables: each module's pointer variable gets the shared allocation.
        super::materialise_managed(self);
        for (name, allocation) in registry::managed_allocations_in(fat_binary.index) {
            let (address, size) = self.variable(&module, device, &name)?;
            if size != std::mem::size_of::<u64>() {
                return Err(RuntimeError::Internal {
                    reason: format!(
                        "managed variable `{}` has {size} bytes on the device",
                        name.to_string_lossy()
                    ),
                });
            }
            let null = self.null_stream(device)?;
            let done = self.copy(
                device,
                address as *mut c_void,
                (&raw const allocation).cast(),
                size,
                &null,
                Vec::new(),
            )?;
            done.wait(null.fault, self.slice())?;
        }
        Ok(module)
    }

    /// The symbol `name` of a loaded module for `device`'s agent.
    fn lookup(&self, module: &Module, device: usize, name: &CStr) -> Option<ffi::ExecutableSymbol> {
        let mut symbol = ffi::ExecutableSymbol::default();
        let agent = self.agent(device);
        // SAFETY: the executable is frozen and live; the name is NUL-terminated.
        let status = unsafe {
            (self.api.hsa_executable_get_symbol_by_name)(
                module.executable,
                name.as_ptr(),
                &agent,
                &mut symbol,
            )
        };
        (status == ffi::STATUS_SUCCESS).then_some(symbol)
    }

    fn variable(
        &self,
        module: &Module,
        device: usize,
        name: &CStr,
    ) -> Result<(DevicePtr, usize), RuntimeError> {
        let Some(symbol) = self.lookup(module, device, name) else {
            return Err(RuntimeError::NotFound {
                what: "device variable",
                name: name.to_string_lossy().into_owned(),
            });
        };
        let mut address = 0u64;
        let mut size = 0u32;
        // SAFETY: ADDRESS writes a u64, SIZE a u32.
        unsafe {
            (self.api.hsa_executable_symbol_get_info)(
                symbol,
                ffi::SYMBOL_INFO_VARIABLE_ADDRESS,
                (&raw mut address).cast(),
            );
            (self.api.hsa_executable_symbol_get_info)(
                symbol,
                ffi::SYMBOL_INFO_VARIABLE_SIZE,
                (&raw mut size).cast(),
            );
        }
        lock(&self.variables).insert(address, (size as usize, device));
        Ok((address, size as usize))
    }

    /// The kernel for a host handle on a device, loading its module on first use.
    fn kernel(&self, handle: usize, device: usize) -> Result<Arc<Kernel>, RuntimeError> {
        if let Some((kernel, fat_binary)) = lock(&self.kernels).get(&(handle, device)) {
            if fat_binary.is_registered() {
                return Ok(Arc::clone(kernel));
            }
        }
        let registered = registry::kernel(handle).ok_or(RuntimeError::UnknownKernel { handle })?;
        let name = registered.name.to_string_lossy().into_owned();
        let mut first_error = None;
        for fat_binary in registered.fat_binaries.iter().filter(|f| f.is_registered()) {
            let module = match self.module(fat_binary, device) {
                Ok(module) => module,
                Err(error) => {
                    first_error.get_or_insert(error);
                    continue;
                }
            };
            let Some(info) = module.code_object.kernel(&name).cloned() else {
                first_error.get_or_insert(RuntimeError::NotFound {
                    what: "kernel",
                    name: name.clone(),
                });
                continue;
            };
            let symbol_name =
                CString::new(info.symbol.clone()).map_err(|_| RuntimeError::Internal {
                    reason: format!("kernel symbol `{}` holds a NUL", info.symbol),
                })?;
            let Some(symbol) = self.lookup(&module, device, &symbol_name) else {
                first_error.get_or_insert(RuntimeError::NotFound {
                    what: "kernel descriptor",
                    name: info.symbol.clone(),
                });
                continue;
            };
            let mut kernel_object = 0u64;
            // SAFETY: KERNEL_OBJECT writes a u64.
            self.check("hsa_executable_symbol_get_info", unsafe {
                (self.api.hsa_executable_symbol_get_info)(
                    symbol,
                    ffi::SYMBOL_INFO_KERNEL_OBJECT,
                    (&raw mut kernel_object).cast(),
                )
            })?;
            log!(2, "kernel `{name}` resolved on device {device}");
            let kernel = Arc::new(Kernel {
                kernel_object,
                info,
                _module: module,
            });
            lock(&self.kernels)
                .entry((handle, device))
                .or_insert((Arc::clone(&kernel), Arc::clone(fat_binary)));
            return Ok(kernel);
        }
        Err(first_error.unwrap_or(RuntimeError::UnknownKernel { handle }))
    }

    /// The device's printf buffer, made on first use.
    fn printf_buffer(&self, device: usize) -> Result<usize, RuntimeError> {
        self.devices[device]
            .printf
            .get_or_init(|| {
                let buffer = self.allocate(self.host.fine, PRINTF_BUFFER_SIZE)?;
                self.allow(&self.all_agents(), buffer)?;
                // SAFETY: the allocation is PRINTF_BUFFER_SIZE bytes of host memory, and no
                // kernel has it yet.
                printf::initialise(unsafe {
                    std::slice::from_raw_parts_mut(buffer.cast::<u8>(), PRINTF_BUFFER_SIZE)
                });
                Ok(buffer as usize)
            })
            .clone()
    }

    /// Prints what kernels of an idle device wrote with `printf`, and empties the buffer.
    fn flush_printf(&self, device: usize) {
        let Some(Ok(buffer)) = self.devices[device].printf.get() else {
            return;
        };
        // SAFETY: the buffer is PRINTF_BUFFER_SIZE bytes of host memory; the device is idle
        // (every caller has synchronised it), so no kernel writes to it now.
        let bytes =
            unsafe { std::slice::from_raw_parts_mut(*buffer as *mut u8, PRINTF_BUFFER_SIZE) };
        let drained = printf::drain(bytes);
        if !drained.text.is_empty() {
            use std::io::Write;
            let mut stdout = std::io::stdout().lock();
            let _ = stdout.write_all(drained.text.as_ref());
            let _ = stdout.flush();
        }
        if drained.dropped > 0 {
            log!(
                1,
                "device {device}: {} printf records did not fit the buffer",
                drained.dropped
            );
        }
        printf::reset(bytes);
    }

    /// Waits for every stream of the device.
    fn synchronize_device(&self, device: usize) -> Result<(), RuntimeError> {
        let agent = self.agent(device);
        let streams: Vec<Arc<Stream>> = lock(&self.streams)
            .values()
            .filter(|stream| stream.agent == agent)
            .cloned()
            .collect();
        let mut result = Ok(());
        if let Some(Ok(null)) = self.devices[device].null_stream.get() {
            result = null.synchronize();
        }
        for stream in streams {
            let synchronized = stream.synchronize();
            if result.is_ok() {
                result = synchronized;
            }
        }
        self.flush_printf(device);
        result
    }

    fn event(&self, handle: EventHandle) -> Result<Arc<Event>, RuntimeError> {
        lock(&self.events)
            .get(&handle)
            .cloned()
            .ok_or(RuntimeError::InvalidHandle { what: "event" })
    }

    fn new_handle(&self) -> usize {
        self.next_handle
            .fetch_add(0x10, std::sync::atomic::Ordering::Relaxed)
    }
}

impl Backend for Hsa {
    fn name(&self) -> &'static str {
        "hsa"
    }

    /// The structure of the code object and its metadata, without loading it.
    fn check_image(&self, device: usize, fat_binary: &FatBinary) -> Result<(), RuntimeError> {
        let images = fat_binary.images()?;
        if let Some(image) = self.checked_image(images, device)? {
            metadata::parse(&image.data).map_err(|error| RuntimeError::InvalidImage {
                image: image.id(),
                reason: error.to_string(),
            })?;
        }
        Ok(())
    }

    fn device_count(&self) -> usize {
        self.devices.len()
    }

    /// HIP's encoding on AMD: major × 10,000,000 + minor × 100,000 of the HSA runtime.
    fn driver_version(&self) -> i32 {
        i32::from(self.version.0) * 10_000_000 + i32::from(self.version.1) * 100_000
    }

    fn properties(&self, device: usize) -> Result<DeviceProp, RuntimeError> {
        Ok(device::properties(&self.devices[device].info))
    }

    fn malloc(&self, device: usize, size: usize) -> Result<DevicePtr, RuntimeError> {
        let pointer = self.allocate(self.devices[device].info.device_pool, size)?;
        let peers: Vec<Agent> = lock(&self.devices[device].peers)
            .iter()
            .map(|peer| self.agent(*peer))
            .collect();
        if !peers.is_empty() {
            self.allow(&peers, pointer)?;
        }
        self.record(
            pointer as u64,
            Allocation {
                size,
                device,
                kind: AllocationKind::Device,
                flags: 0,
            },
        );
        Ok(pointer as u64)
    }

    fn free(&self, _device: usize, ptr: DevicePtr) -> Result<(), RuntimeError> {
        lock(&self.advice).remove(&ptr);
        if lock(&self.allocations).remove(&ptr).is_none() {
            return Err(RuntimeError::InvalidValue { argument: "ptr" });
        }
        // SAFETY: the pointer came from `hsa_amd_memory_pool_allocate` (it was recorded).
        self.check("hsa_amd_memory_pool_free", unsafe {
            (self.api.hsa_amd_memory_pool_free)(ptr as *mut c_void)
        })
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
        if size == 0 {
            return Ok(());
        }
        let handle = stream.unwrap_or(0);
        let target = self.stream(device, handle)?;
        if kind == MemcpyKind::HostToHost
            && self.owner(dst as u64).is_none()
            && self.owner(src as u64).is_none()
        {
            target.synchronize()?;
            // SAFETY: the caller promises `size` bytes at both; they may overlap.
            unsafe { std::ptr::copy(src.cast::<u8>(), dst.cast::<u8>(), size) };
            return Ok(());
        }
        let waits = self.implicit_waits(device, handle);
        let done = self.copy(device, dst, src, size, &target, waits)?;
        if stream.is_none() {
            done.wait(target.fault, self.slice())?;
        }
        Ok(())
    }

    fn memset(
        &self,
        device: usize,
        dst: DevicePtr,
        value: u8,
        size: usize,
        stream: Option<StreamHandle>,
    ) -> Result<(), RuntimeError> {
        if size == 0 {
            return Ok(());
        }
        // `hsa_amd_memory_fill` is synchronous and fills whole 32-bit words: the stream's
        // earlier work is waited for, the aligned middle filled, and the ragged ends copied.
        let target = self.stream(device, stream.unwrap_or(0))?;
        for wait in self.implicit_waits(device, stream.unwrap_or(0)) {
            wait.wait(target.fault, self.slice())?;
        }
        target.synchronize()?;
        let head = usize::try_from((4 - dst % 4) % 4).unwrap_or(0).min(size);
        let words = (size - head) / 4;
        let tail = size - head - words * 4;
        if words > 0 {
            let word = u32::from_ne_bytes([value; 4]);
            // SAFETY: `api` checked the range lies in device memory of this device.
            self.check("hsa_amd_memory_fill", unsafe {
                (self.api.hsa_amd_memory_fill)((dst + head as u64) as *mut c_void, word, words)
            })?;
        }
        let bytes = [value; 4];
        for (offset, count) in [(0, head), (head + words * 4, tail)] {
            if count > 0 {
                self.memcpy(
                    device,
                    (dst + offset as u64) as *mut c_void,
                    bytes.as_ptr().cast(),
                    count,
                    MemcpyKind::HostToDevice,
                    None,
                )?;
            }
        }
        Ok(())
    }

    fn host_malloc(
        &self,
        device: usize,
        size: usize,
        flags: u32,
    ) -> Result<*mut c_void, RuntimeError> {
        let pointer = self.allocate(self.host.fine, size)?;
        self.allow(&self.all_agents(), pointer)?;
        self.record(
            pointer as u64,
            Allocation {
                size,
                device,
                kind: AllocationKind::Host,
                flags,
            },
        );
        Ok(pointer)
    }

    fn host_free(&self, _device: usize, ptr: *mut c_void) -> Result<(), RuntimeError> {
        if lock(&self.allocations).remove(&(ptr as u64)).is_none() {
            return Err(RuntimeError::InvalidValue { argument: "ptr" });
        }
        // SAFETY: recorded, so it came from `hsa_amd_memory_pool_allocate`.
        self.check("hsa_amd_memory_pool_free", unsafe {
            (self.api.hsa_amd_memory_pool_free)(ptr)
        })
    }

    /// Managed memory is fine-grained host memory every GPU may use: coherent on every AMD
    /// GPU, with or without XNACK, at host-memory speed for the GPU (no page migration).
    fn malloc_managed(
        &self,
        device: usize,
        size: usize,
        flags: u32,
    ) -> Result<DevicePtr, RuntimeError> {
        let pointer = self.allocate(self.host.fine, size)?;
        self.allow(&self.all_agents(), pointer)?;
        self.record(
            pointer as u64,
            Allocation {
                size,
                device,
                kind: AllocationKind::Managed,
                flags,
            },
        );
        Ok(pointer as u64)
    }

    /// Recorded only: managed memory is fine-grained host memory that every agent reads in
    /// place (`backend::advice`).
    fn mem_advise(
        &self,
        _device: usize,
        ptr: DevicePtr,
        size: usize,
        advice: i32,
        target: Location,
    ) -> Result<(), RuntimeError> {
        self.with_advice(ptr, size, |entry| entry.apply(advice, target))
    }

    /// Nothing moves (see `mem_advise`); the stream is checked and the target remembered
    /// for `hipMemRangeAttributeLastPrefetchLocation`.
    fn mem_prefetch(
        &self,
        device: usize,
        ptr: DevicePtr,
        size: usize,
        target: Location,
        stream: StreamHandle,
    ) -> Result<(), RuntimeError> {
        self.stream(device, stream)?;
        self.with_advice(ptr, size, |entry| {
            entry.prefetched(target);
            Ok(())
        })
    }

    fn mem_range_attribute(
        &self,
        _device: usize,
        ptr: DevicePtr,
        size: usize,
        attribute: i32,
    ) -> Result<RangeValue, RuntimeError> {
        self.with_advice(ptr, size, |entry| entry.attribute(attribute))
    }

    fn stream_wait_event(
        &self,
        device: usize,
        stream: StreamHandle,
        event: EventHandle,
    ) -> Result<(), RuntimeError> {
        let event = self.event(event)?;
        let Some(signal) = lock(&event.signal).clone() else {
            return Ok(());
        };
        self.stream(device, stream)?.marker(&[signal])?;
        Ok(())
    }

    fn synchronize(&self, device: usize) -> Result<(), RuntimeError> {
        self.synchronize_device(device)
    }

    fn synchronize_used_devices(&self) {
        for (device, entry) in self.devices.iter().enumerate() {
            if entry.used.load(std::sync::atomic::Ordering::Relaxed) {
                if let Err(error) = self.synchronize_device(device) {
                    log!(1, "device {device}: synchronizing at exit: {error}");
                }
            }
        }
    }

    fn reset(&self, device: usize) -> Result<(), RuntimeError> {
        let result = self.synchronize_device(device);
        let agent = self.agent(device);
        lock(&self.streams).retain(|_, stream| stream.agent != agent);
        lock(&self.per_thread).retain(|(owner, _), _| *owner != device);
        lock(&self.events).retain(|_, event| event.device != device);
        lock(&self.kernels).retain(|(_, kernel_device), _| *kernel_device != device);
        lock(&self.modules).retain(|(_, module_device), _| *module_device != device);
        lock(&self.variables).retain(|_, (_, owner)| *owner != device);
        let freed: Vec<(u64, Allocation)> = {
            let mut allocations = lock(&self.allocations);
            let mine: Vec<u64> = allocations
                .iter()
                .filter(|(_, a)| a.device == device && a.kind == AllocationKind::Device)
                .map(|(start, _)| *start)
                .collect();
            mine.into_iter()
                .filter_map(|start| allocations.remove(&start).map(|a| (start, a)))
                .collect()
        };
        for (start, _) in freed {
            // SAFETY: recorded device memory of this device; the device is idle.
            unsafe { (self.api.hsa_amd_memory_pool_free)(start as *mut c_void) };
        }
        result
    }

    fn launch(&self, device: usize, launch: &Launch) -> Result<(), RuntimeError> {
        let kernel = self.kernel(launch.kernel, device)?;
        let info = &kernel.info;
        let block = [launch.block.x, launch.block.y, launch.block.z];
        let threads = u64::from(block[0]) * u64::from(block[1]) * u64::from(block[2]);
        if launch.cooperative {
            // The grid barrier (hip_cooperative_groups.h) is portable: it needs only every
            // block resident at once.
            let gpu = &self.devices[device].info;
            let per_cu = occupancy(
                info,
                gpu,
                u32::try_from(threads).unwrap_or(u32::MAX),
                launch.shared_mem,
            );
            let limit = u64::from(per_cu) * u64::from(gpu.compute_units);
            let blocks =
                u64::from(launch.grid.x) * u64::from(launch.grid.y) * u64::from(launch.grid.z);
            if blocks > limit {
                return Err(RuntimeError::CooperativeLaunchTooLarge { blocks, limit });
            }
        }
        if info.max_flat_workgroup_size > 0 && threads > u64::from(info.max_flat_workgroup_size) {
            return Err(RuntimeError::InvalidConfiguration {
                detail: format!(
                    "{threads} threads per block; the kernel was compiled for at most {}",
                    info.max_flat_workgroup_size
                ),
            });
        }
        let lds = u64::from(info.group_segment_fixed_size) + launch.shared_mem as u64;
        if lds > self.devices[device].info.lds_size as u64 {
            return Err(RuntimeError::InvalidConfiguration {
                detail: format!(
                    "{lds} bytes of shared memory per block; the device has {}",
                    self.devices[device].info.lds_size
                ),
            });
        }
        let dynamic_shared =
            u32::try_from(launch.shared_mem).map_err(|_| RuntimeError::InvalidConfiguration {
                detail: "dynamic shared memory over 4 GiB".to_owned(),
            })?;
        let handle = if launch.per_thread_stream && launch.stream == 0 {
            2
        } else {
            launch.stream
        };
        let target = self.stream(device, handle)?;
        let printf_buffer = self.printf_buffer(device)? as u64;
        let (size, align) = kernarg::size_and_align(info);
        let kernarg_pointer = self.allocate(self.host.kernarg, size.max(align))?;
        if !(kernarg_pointer as usize).is_multiple_of(align) {
            // SAFETY: just allocated.
            unsafe { (self.api.hsa_amd_memory_pool_free)(kernarg_pointer) };
            return Err(RuntimeError::Internal {
                reason: format!("the kernarg pool returned memory aligned below {align}"),
            });
        }
        let filled = (|| {
            self.allow(&[self.agent(device)], kernarg_pointer)?;
            // SAFETY: `size` bytes were just allocated for this launch only.
            let buffer =
                unsafe { std::slice::from_raw_parts_mut(kernarg_pointer.cast::<u8>(), size) };
            let explicit = info.explicit_args().count();
            let pointers: Vec<*const u8>;
            let packed: &[u8];
            let arguments = match launch.packed {
                Some(buffer) => {
                    // SAFETY: hipModuleLaunchKernel's caller promises `size` bytes there.
                    packed = unsafe {
                        std::slice::from_raw_parts(buffer.buffer.cast::<u8>(), buffer.size)
                    };
                    kernarg::Arguments::Packed(packed)
                }
                None => {
                    if launch.args.is_null() && explicit > 0 {
                        return Err(RuntimeError::InvalidValue { argument: "args" });
                    }
                    // SAFETY: clang's argument array holds one pointer per parameter.
                    pointers = (0..explicit)
                        .map(|i| unsafe { *launch.args.add(i) }.cast_const().cast::<u8>())
                        .collect();
                    kernarg::Arguments::Pointers(&pointers)
                }
            };
            let dispatch = kernarg::Dispatch {
                grid: [launch.grid.x, launch.grid.y, launch.grid.z],
                block,
                dynamic_shared,
            };
            let services = kernarg::Services {
                printf_buffer: 0,
                hostcall_buffer: printf_buffer,
                heap: 0,
                multigrid_sync: 0,
                queue: target.queue_address(),
                private_base: 0,
                shared_base: 0,
            };
            kernarg::fill(info, &arguments, &dispatch, &services, buffer).map_err(|error| {
                RuntimeError::status(
                    HipError::ErrorInvalidValue,
                    format!(
                        "the arguments of `{}` do not fit its kernarg segment: {error}",
                        info.name
                    ),
                )
            })
        })();
        if let Err(error) = filled {
            // SAFETY: allocated above and never handed to a queue.
            unsafe { (self.api.hsa_amd_memory_pool_free)(kernarg_pointer) };
            return Err(error);
        }
        // A kernel with a dynamic stack (recursion, calls not inlined: most -O0 code) needs
        // more scratch than its fixed size says: the stack-size limit, as clr gives it.
        let scratch = if info.uses_dynamic_stack {
            let stack = self.limit(device, super::limit::STACK_SIZE)?;
            info.private_segment_fixed_size
                .max(u32::try_from(stack).unwrap_or(u32::MAX))
        } else {
            info.private_segment_fixed_size
        };
        let fields = aql::DispatchFields {
            grid: [launch.grid.x, launch.grid.y, launch.grid.z],
            block,
            private_segment_size: scratch,
            group_segment_fixed_size: info.group_segment_fixed_size,
            dynamic_shared,
            kernel_object: kernel.kernel_object,
            kernarg_address: kernarg_pointer as u64,
            completion_signal: 0,
        };
        // Checked before anything is queued, so a refused launch queues nothing.
        let checked =
            aql::kernel_dispatch(&fields).map_err(|error| RuntimeError::InvalidConfiguration {
                detail: error.to_string(),
            });
        let packet = match checked {
            Ok(packet) => packet,
            Err(error) => {
                // SAFETY: allocated above and never handed to a queue.
                unsafe { (self.api.hsa_amd_memory_pool_free)(kernarg_pointer) };
                return Err(error);
            }
        };
        log!(
            2,
            "launch `{}` grid ({},{},{}) block ({},{},{}) shared {} on device {device}",
            info.name,
            launch.grid.x,
            launch.grid.y,
            launch.grid.z,
            block[0],
            block[1],
            block[2],
            launch.shared_mem
        );
        let waits = self.implicit_waits(device, handle);
        target.dispatch(&waits, kernarg_pointer, |signal| aql::KernelDispatch {
            completion_signal: signal,
            ..packet
        })?;
        Ok(())
    }

    fn function_set_attribute(
        &self,
        device: usize,
        kernel: usize,
        attribute: i32,
        value: i32,
    ) -> Result<(), RuntimeError> {
        let kernel = self.kernel(kernel, device)?;
        // Max dynamic shared memory: any amount up to the device's LDS is allowed without
        // opting in on AMD; a request above it is refused.
        if attribute == 8 {
            let limit = self.devices[device].info.lds_size as u64;
            let wanted = u64::try_from(value).unwrap_or(u64::MAX)
                + u64::from(kernel.info.group_segment_fixed_size);
            if wanted > limit {
                return Err(RuntimeError::InvalidValue { argument: "value" });
            }
        }
        Ok(())
    }

    fn function_attributes(
        &self,
        device: usize,
        kernel: usize,
    ) -> Result<FuncAttributes, RuntimeError> {
        let kernel = self.kernel(kernel, device)?;
        let info = &kernel.info;
        let lds = self.devices[device].info.lds_size;
        let (major, minor) = device::version_of(device::arch_name(&self.devices[device].info.isa));
        Ok(FuncAttributes {
            maxThreadsPerBlock: i32::try_from(info.max_flat_workgroup_size).unwrap_or(1024),
            sharedSizeBytes: info.group_segment_fixed_size as usize,
            constSizeBytes: 0,
            localSizeBytes: info.private_segment_fixed_size as usize,
            numRegs: i32::try_from(info.vgpr_count).unwrap_or(0),
            ptxVersion: 0,
            binaryVersion: major * 10 + minor,
            cacheModeCA: 0,
            maxDynamicSharedSizeBytes: i32::try_from(
                lds.saturating_sub(info.group_segment_fixed_size as usize),
            )
            .unwrap_or(0),
            preferredShmemCarveout: -1,
        })
    }

    fn stream_create(&self, device: usize, flags: u32) -> Result<StreamHandle, RuntimeError> {
        let stream = Stream::create(
            self.api,
            self.agent(device),
            QUEUE_SIZE.min(self.devices[device].info.queue_max_size),
            // hipStreamNonBlocking = 1.
            flags & 1 == 0,
            self.slice(),
        )?;
        let handle = self.new_handle();
        lock(&self.streams).insert(handle, Arc::new(stream));
        Ok(handle)
    }

    fn stream_destroy(&self, _device: usize, stream: StreamHandle) -> Result<(), RuntimeError> {
        let stream = lock(&self.streams)
            .remove(&stream)
            .ok_or(RuntimeError::InvalidHandle { what: "stream" })?;
        // Work still queued finishes first (HIP returns at once and lets it run; the queue is
        // destroyed when the last holder, maybe an event, lets go).
        drop(stream);
        Ok(())
    }

    fn stream_synchronize(&self, device: usize, stream: StreamHandle) -> Result<(), RuntimeError> {
        let stream = self.resolve(device, stream)?;
        if stream == 0 {
            // The null stream also waits for the blocking streams.
            for wait in self.implicit_waits(device, 0) {
                wait.wait(self.null_stream(device)?.fault, self.slice())?;
            }
        }
        let result = self.stream(device, stream)?.synchronize();
        if self.idle(device) {
            self.flush_printf(device);
        }
        result
    }

    fn stream_query(&self, device: usize, stream: StreamHandle) -> Result<(), RuntimeError> {
        self.stream(device, stream)?.query()
    }

    fn event_create(&self, device: usize, flags: u32) -> Result<EventHandle, RuntimeError> {
        let handle = self.new_handle();
        lock(&self.events).insert(
            handle,
            Arc::new(Event {
                device,
                signal: Mutex::new(None),
                // hipEventDisableTiming = 2.
                timing: flags & 2 == 0,
            }),
        );
        Ok(handle)
    }

    fn event_record(
        &self,
        device: usize,
        event: EventHandle,
        stream: StreamHandle,
    ) -> Result<(), RuntimeError> {
        let event = self.event(event)?;
        let waits = self.implicit_waits(device, stream);
        let marker = self.stream(device, stream)?.marker(&waits)?;
        *lock(&event.signal) = Some(marker);
        Ok(())
    }

    fn event_synchronize(&self, device: usize, event: EventHandle) -> Result<(), RuntimeError> {
        let event = self.event(event)?;
        let signal = lock(&event.signal).clone();
        if let Some(signal) = signal {
            let fault = stream::Fault::default();
            signal.wait(&fault, self.slice())?;
        }
        if self.idle(device) {
            self.flush_printf(device);
        }
        Ok(())
    }

    fn event_query(&self, _device: usize, event: EventHandle) -> Result<(), RuntimeError> {
        let event = self.event(event)?;
        let done = lock(&event.signal)
            .as_ref()
            .is_none_or(|signal| signal.is_done());
        if done {
            Ok(())
        } else {
            Err(RuntimeError::NotReady)
        }
    }

    fn event_elapsed_ms(
        &self,
        device: usize,
        start: EventHandle,
        end: EventHandle,
    ) -> Result<f32, RuntimeError> {
        let (start, end) = (self.event(start)?, self.event(end)?);
        if !start.timing || !end.timing {
            return Err(RuntimeError::InvalidHandle { what: "event" });
        }
        let time = |event: &Event| -> Result<u64, RuntimeError> {
            let signal = lock(&event.signal)
                .clone()
                .ok_or(RuntimeError::InvalidHandle { what: "event" })?;
            if !signal.is_done() {
                return Err(RuntimeError::NotReady);
            }
            let mut time = ffi::DispatchTime::default();
            // SAFETY: the signal completed a packet of a profiled queue of this agent.
            self.check("hsa_amd_profiling_get_dispatch_time", unsafe {
                (self.api.hsa_amd_profiling_get_dispatch_time)(
                    self.agent(device),
                    signal.signal,
                    &mut time,
                )
            })?;
            Ok(time.end)
        };
        let (from, to) = (time(&start)?, time(&end)?);
        let ticks = to as f64 - from as f64;
        Ok((ticks * 1000.0 / self.frequency as f64) as f32)
    }

    fn event_destroy(&self, _device: usize, event: EventHandle) -> Result<(), RuntimeError> {
        lock(&self.events)
            .remove(&event)
            .map(drop)
            .ok_or(RuntimeError::InvalidHandle { what: "event" })
    }

    fn mem_info(&self, device: usize) -> Result<(usize, usize), RuntimeError> {
        let total = self.devices[device].info.device_pool_size;
        let mut available = 0u64;
        // SAFETY: MEMORY_AVAIL writes a u64.
        let status = unsafe {
            (self.api.hsa_agent_get_info)(
                self.agent(device),
                ffi::AMD_AGENT_INFO_MEMORY_AVAIL,
                (&raw mut available).cast(),
            )
        };
        let free = if status == ffi::STATUS_SUCCESS {
            usize::try_from(available).unwrap_or(total)
        } else {
            let used: usize = lock(&self.allocations)
                .values()
                .filter(|a| a.device == device && a.kind == AllocationKind::Device)
                .map(|a| a.size)
                .sum();
            total.saturating_sub(used)
        };
        Ok((free.min(total), total))
    }

    fn symbol(
        &self,
        device: usize,
        fat_binary: &FatBinary,
        name: &CStr,
    ) -> Result<(DevicePtr, usize), RuntimeError> {
        let module = self.module(fat_binary, device)?;
        self.variable(&module, device, name)
    }

    fn extras(&self, device: usize) -> DeviceExtras {
        let _ = device;
        DeviceExtras {
            virtual_memory_management: 0,
            // s_memrealtime counts at 100 MHz on the GPUs HIP supports.
            wall_clock_rate: 100_000,
            fine_grain: 1,
        }
    }

    /// The stack size is the scratch each work-item gets beyond the kernel's own; the printf
    /// FIFO is the device's printf buffer; the heap is the devicelibs heap inside each code
    /// object (128 MiB, fixed at build time).
    fn limit(&self, device: usize, limit: i32) -> Result<usize, RuntimeError> {
        if let Some(value) = lock(&self.limits).get(&(device, limit)) {
            return Ok(*value);
        }
        Ok(match limit {
            super::limit::STACK_SIZE => 1024,
            super::limit::PRINTF_FIFO_SIZE => PRINTF_BUFFER_SIZE,
            super::limit::MALLOC_HEAP_SIZE => 128 << 20,
            _ => {
                return Err(RuntimeError::status(
                    HipError::ErrorUnsupportedLimit,
                    format!("limit {limit} is not one HIP has"),
                ))
            }
        })
    }

    fn set_limit(&self, device: usize, limit: i32, value: usize) -> Result<(), RuntimeError> {
        match limit {
            super::limit::STACK_SIZE => {}
            // Fixed sizes: a request within them is met, a larger one is refused.
            super::limit::PRINTF_FIFO_SIZE | super::limit::MALLOC_HEAP_SIZE => {
                if value > self.limit(device, limit)? {
                    return Err(RuntimeError::status(
                        HipError::ErrorInvalidValue,
                        format!(
                            "the AMD backend's {} is fixed at {} bytes",
                            if limit == super::limit::PRINTF_FIFO_SIZE {
                                "printf buffer"
                            } else {
                                "device heap"
                            },
                            self.limit(device, limit)?
                        ),
                    ));
                }
                return Ok(());
            }
            _ => return self.limit(device, limit).map(drop),
        }
        lock(&self.limits).insert((device, limit), value);
        Ok(())
    }

    /// Row by row (one copy when both sides are contiguous).
    fn memcpy_2d(
        &self,
        device: usize,
        copy: &Copy2D,
        stream: Option<StreamHandle>,
    ) -> Result<(), RuntimeError> {
        if copy.width == copy.dst_pitch && copy.width == copy.src_pitch {
            return self.memcpy(
                device,
                copy.dst,
                copy.src,
                copy.width * copy.height,
                copy.kind,
                stream,
            );
        }
        for row in 0..copy.height {
            self.memcpy(
                device,
                copy.dst
                    .cast::<u8>()
                    .wrapping_add(row * copy.dst_pitch)
                    .cast(),
                copy.src
                    .cast::<u8>()
                    .wrapping_add(row * copy.src_pitch)
                    .cast(),
                copy.width,
                copy.kind,
                stream,
            )?;
        }
        Ok(())
    }

    /// 1-byte values are memsets; 4-byte values on aligned rows are `hsa_amd_memory_fill`;
    /// anything else copies a row of the pattern from the host.
    fn fill(
        &self,
        device: usize,
        fill: &Fill,
        stream: Option<StreamHandle>,
    ) -> Result<(), RuntimeError> {
        let row_bytes = fill.width * fill.element_size;
        if fill.element_size == 1 {
            for row in 0..fill.height {
                let start = fill.dst + (row * fill.pitch) as u64;
                self.memset(device, start, fill.value as u8, row_bytes, stream)?;
            }
            return Ok(());
        }
        let target = self.stream(device, stream.unwrap_or(0))?;
        target.synchronize()?;
        let aligned = fill.dst.is_multiple_of(4) && fill.pitch.is_multiple_of(4);
        if fill.element_size == 4 && aligned {
            for row in 0..fill.height {
                let start = fill.dst + (row * fill.pitch) as u64;
                // SAFETY: `api` checked the rows lie in device memory of this device.
                self.check("hsa_amd_memory_fill", unsafe {
                    (self.api.hsa_amd_memory_fill)(start as *mut c_void, fill.value, fill.width)
                })?;
            }
            return Ok(());
        }
        let element = &fill.value.to_le_bytes()[..fill.element_size.min(4)];
        let pattern: Vec<u8> = element.iter().copied().cycle().take(row_bytes).collect();
        for row in 0..fill.height {
            let start = fill.dst + (row * fill.pitch) as u64;
            self.memcpy(
                device,
                start as *mut c_void,
                pattern.as_ptr().cast(),
                row_bytes,
                MemcpyKind::HostToDevice,
                None,
            )?;
        }
        Ok(())
    }

    fn launch_host_func(
        &self,
        device: usize,
        stream: StreamHandle,
        call: super::HostCall,
    ) -> Result<(), RuntimeError> {
        let target = self.stream(device, stream)?;
        let slice = self.slice();
        target.outside_queue(move |tail, done| {
            let tail = tail.cloned();
            let done = Arc::clone(done);
            std::thread::Builder::new()
                .name("oxhip-host-func".to_owned())
                .spawn(move || {
                    if let Some(tail) = tail {
                        let _ = tail.wait(&stream::Fault::default(), slice);
                    }
                    call();
                    done.store(0);
                })
                .map(drop)
                .map_err(|error| RuntimeError::Internal {
                    reason: format!("cannot start the host-function thread: {error}"),
                })
        })?;
        Ok(())
    }

    fn can_access_peer(&self, device: usize, peer: usize) -> Result<bool, RuntimeError> {
        if device == peer {
            return Ok(false);
        }
        let mut access = ffi::POOL_ACCESS_NEVER_ALLOWED;
        // SAFETY: ACCESS writes a u32.
        let status = unsafe {
            (self.api.hsa_amd_agent_memory_pool_get_info)(
                self.agent(device),
                self.devices[peer].info.device_pool,
                ffi::AGENT_POOL_INFO_ACCESS,
                (&raw mut access).cast(),
            )
        };
        Ok(status == ffi::STATUS_SUCCESS && access != ffi::POOL_ACCESS_NEVER_ALLOWED)
    }

    fn enable_peer_access(&self, device: usize, peer: usize) -> Result<(), RuntimeError> {
        if !self.can_access_peer(device, peer)? {
            return Err(RuntimeError::status(
                HipError::ErrorInvalidDevice,
                format!("device {device} cannot reach the memory of device {peer}"),
            ));
        }
        if !lock(&self.devices[peer].peers).insert(device) {
            return Err(RuntimeError::status(
                HipError::ErrorPeerAccessAlreadyEnabled,
                format!("peer access from device {device} to {peer} is already enabled"),
            ));
        }
        // What the peer already allocated becomes reachable too.
        let existing: Vec<u64> = lock(&self.allocations)
            .iter()
            .filter(|(_, a)| a.device == peer && a.kind == AllocationKind::Device)
            .map(|(start, _)| *start)
            .collect();
        let mut agents = vec![self.agent(peer)];
        agents.extend(
            lock(&self.devices[peer].peers)
                .iter()
                .map(|other| self.agent(*other)),
        );
        for start in existing {
            self.allow(&agents, start as *const c_void)?;
        }
        Ok(())
    }

    fn disable_peer_access(&self, device: usize, peer: usize) -> Result<(), RuntimeError> {
        if lock(&self.devices[peer].peers).remove(&device) {
            Ok(())
        } else {
            Err(RuntimeError::status(
                HipError::ErrorPeerAccessNotEnabled,
                format!("peer access from device {device} to {peer} was not enabled"),
            ))
        }
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
        let _ = dst_device;
        self.memcpy(
            src_device,
            dst as *mut c_void,
            src as *const c_void,
            size,
            MemcpyKind::DeviceToDevice,
            stream,
        )
    }

    fn host_register(
        &self,
        device: usize,
        ptr: *mut c_void,
        size: usize,
        flags: u32,
    ) -> Result<(), RuntimeError> {
        let mut agents = self.all_agents();
        let mut agent_pointer: *mut c_void = std::ptr::null_mut();
        // SAFETY: the caller promises `size` bytes at `ptr`; writes one pointer.
        self.check("hsa_amd_memory_lock", unsafe {
            (self.api.hsa_amd_memory_lock)(
                ptr,
                size,
                agents.as_mut_ptr(),
                i32::try_from(agents.len()).unwrap_or(i32::MAX),
                &mut agent_pointer,
            )
        })?;
        self.record(
            ptr as u64,
            Allocation {
                size,
                device,
                kind: AllocationKind::Registered {
                    agent_pointer: agent_pointer as u64,
                },
                flags,
            },
        );
        Ok(())
    }

    fn host_unregister(&self, _device: usize, ptr: *mut c_void) -> Result<(), RuntimeError> {
        let removed = {
            let mut allocations = lock(&self.allocations);
            match allocations.get(&(ptr as u64)) {
                Some(a) if matches!(a.kind, AllocationKind::Registered { .. }) => {
                    allocations.remove(&(ptr as u64))
                }
                _ => None,
            }
        };
        if removed.is_none() {
            return Err(RuntimeError::status(
                HipError::ErrorHostMemoryNotRegistered,
                "the pointer was not registered with hipHostRegister",
            ));
        }
        // SAFETY: locked by `host_register`.
        self.check("hsa_amd_memory_unlock", unsafe {
            (self.api.hsa_amd_memory_unlock)(ptr)
        })
    }

    fn host_device_pointer(
        &self,
        _device: usize,
        ptr: *mut c_void,
    ) -> Result<DevicePtr, RuntimeError> {
        match self.find(ptr as u64) {
            Some((start, allocation)) => Ok(match allocation.kind {
                AllocationKind::Registered { agent_pointer } => {
                    agent_pointer + (ptr as u64 - start)
                }
                _ => ptr as u64,
            }),
            None => Err(RuntimeError::InvalidValue { argument: "ptr" }),
        }
    }

    fn host_flags(&self, _device: usize, ptr: *mut c_void) -> Result<u32, RuntimeError> {
        match self.find(ptr as u64) {
            Some((_, allocation)) if allocation.kind != AllocationKind::Device => {
                Ok(allocation.flags)
            }
            _ => Err(RuntimeError::InvalidValue { argument: "ptr" }),
        }
    }

    fn pointer_info(
        &self,
        _device: usize,
        ptr: *const c_void,
    ) -> Result<Option<PointerInfo>, RuntimeError> {
        Ok(self.find(ptr as u64).map(|(start, allocation)| {
            let (memory_type, device_pointer) = match allocation.kind {
                AllocationKind::Device => (memory_type::DEVICE, ptr as u64),
                AllocationKind::Host => (memory_type::HOST, ptr as u64),
                AllocationKind::Registered { agent_pointer } => {
                    (memory_type::HOST, agent_pointer + (ptr as u64 - start))
                }
                AllocationKind::Managed => (memory_type::MANAGED, ptr as u64),
            };
            PointerInfo {
                memory_type,
                device: allocation.device,
                device_pointer: device_pointer as *mut c_void,
                host_pointer: if allocation.kind == AllocationKind::Device {
                    std::ptr::null_mut()
                } else {
                    ptr.cast_mut()
                },
                is_managed: allocation.kind == AllocationKind::Managed,
                flags: allocation.flags,
                base: start,
                size: allocation.size,
            }
        }))
    }

    /// An allocation or registered range, else a device variable the program was given.
    fn memory_range(
        &self,
        _device: usize,
        ptr: *const c_void,
    ) -> Result<Option<(DevicePtr, usize)>, RuntimeError> {
        if let Some((start, allocation)) = self.find(ptr as u64) {
            return Ok(Some((start, allocation.size)));
        }
        let variables = lock(&self.variables);
        Ok(variables
            .range(..=ptr as u64)
            .next_back()
            .filter(|(start, (size, _))| (ptr as u64) < **start + (*size).max(1) as u64)
            .map(|(start, (size, _))| (*start, *size)))
    }

    fn occupancy(
        &self,
        device: usize,
        kernel: usize,
        block_size: u32,
        dynamic_shared: usize,
        _flags: u32,
    ) -> Result<u32, RuntimeError> {
        let kernel = self.kernel(kernel, device)?;
        let gpu = &self.devices[device].info;
        Ok(occupancy(&kernel.info, gpu, block_size, dynamic_shared))
    }

    fn kernel_argument_sizes(
        &self,
        device: usize,
        kernel: usize,
    ) -> Result<Vec<usize>, RuntimeError> {
        Ok(kernarg::argument_sizes(&self.kernel(kernel, device)?.info))
    }
}

impl Hsa {
    /// Whether no stream of the device has work that may still run.
    fn idle(&self, device: usize) -> bool {
        let agent = self.agent(device);
        let null_idle = match self.devices[device].null_stream.get() {
            Some(Ok(null)) => null.tail().is_none(),
            _ => true,
        };
        null_idle
            && lock(&self.streams)
                .values()
                .filter(|stream| stream.agent == agent)
                .all(|stream| stream.tail().is_none())
    }
}

/// Blocks of `block_size` threads that fit on one compute unit at once: limited by wave
/// slots (4 SIMDs, `max_waves_per_cu` in all), by the VGPR file (per SIMD: 512 registers
/// per lane on gfx90a/gfx94x, 256 elsewhere, allocated in granules of 8) and by LDS.
fn occupancy(
    info: &metadata::KernelInfo,
    gpu: &AgentInfo,
    block_size: u32,
    dynamic_shared: usize,
) -> u32 {
    let wave = gpu.wavefront_size.max(1);
    let waves_per_block = block_size.max(1).div_ceil(wave);
    let by_slots = gpu.max_waves_per_cu / waves_per_block;
    let arch = device::arch_name(&gpu.isa);
    let unified =
        arch.starts_with("gfx90a") || arch.starts_with("gfx94") || arch.starts_with("gfx95");
    let file = if unified { 512 } else { 256 };
    let registers = (info.vgpr_count + if unified { info.agpr_count } else { 0 })
        .max(1)
        .next_multiple_of(8);
    let waves_per_simd = (file / registers).min(gpu.max_waves_per_cu / 4);
    let by_registers = (waves_per_simd * 4) / waves_per_block;
    let lds_per_block = info.group_segment_fixed_size as usize + dynamic_shared;
    let by_lds = gpu
        .lds_size
        .checked_div(lds_per_block)
        .map_or(u32::MAX, |blocks| u32::try_from(blocks).unwrap_or(u32::MAX));
    by_slots.min(by_registers).min(by_lds)
}

/// The reason an HSA runtime was not used, for the backend-selection log.
pub(crate) fn describe_decline(error: &RuntimeError) -> String {
    match error {
        RuntimeError::NoDevice { reason } => reason.clone(),
        other => other.to_string(),
    }
}
