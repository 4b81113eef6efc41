//! The device list the program sees: every GPU of the vendor backend first, then the CPU
//! device, filtered and reordered by `OXHIP_VISIBLE_DEVICES`.
//!
//! Without `OXHIP_VISIBLE_DEVICES`, the CPU device is listed only when the program holds
//! a CPU image (built with `--offload-arch=host`): a GPU-only program on a machine
//! without a GPU sees no device and gets `hipErrorNoDevice`, as with HIP.
//!
//! `OXHIP_VISIBLE_DEVICES` is a comma-separated list; each entry is one of
//! - `N`: device `N` of the full list (GPUs in driver order, then the CPU),
//! - `gpu:N`: the vendor backend's GPU `N`,
//! - `gpu`: every GPU, in driver order,
//! - `cpu` or `host`: the CPU device.
//!
//! The program's device 0, 1, … are the entries in the order written; entries that name no
//! device, and repeats, are skipped. Unset: the default list. Set but empty: no devices.

use std::ffi::{c_void, CStr};

use super::super::{
    Backend, Copy2D, DevicePtr, EventHandle, Fill, HostCall, Launch, Location, PointerInfo,
    RangeValue, StreamHandle,
};
use super::Cpu;
use crate::error::RuntimeError;
use crate::registry::FatBinary;
use crate::types::{DeviceExtras, DeviceProp, FuncAttributes, MemcpyKind};

/// Where a program-visible device lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Slot {
    Gpu(usize),
    Cpu,
}

/// Parses `OXHIP_VISIBLE_DEVICES` (`None`: unset) for a machine with `gpus` GPUs;
/// `cpu_by_default` says whether the unset case lists the CPU device.
pub(crate) fn visible(setting: Option<&str>, gpus: usize, cpu_by_default: bool) -> Vec<Slot> {
    let default: Vec<Slot> = (0..gpus).map(Slot::Gpu).chain([Slot::Cpu]).collect();
    let Some(setting) = setting else {
        let listed = if cpu_by_default { gpus + 1 } else { gpus };
        return default[..listed].to_vec();
    };
    let mut slots = Vec::new();
    let mut add = |slot: Slot| {
        if !slots.contains(&slot) {
            slots.push(slot);
        }
    };
    for entry in entries(setting) {
        match entry {
            Entry::Cpu => add(Slot::Cpu),
            Entry::AllGpus => (0..gpus).for_each(|gpu| add(Slot::Gpu(gpu))),
            Entry::Gpu(gpu) if gpu < gpus => add(Slot::Gpu(gpu)),
            Entry::Index(index) => {
                if let Some(slot) = default.get(index) {
                    add(*slot);
                }
            }
            Entry::Gpu(_) | Entry::Nothing => {}
        }
    }
    slots
}

/// One entry of `OXHIP_VISIBLE_DEVICES`, as written (docs/cpu-target.md).
enum Entry {
    /// `cpu` or `host`.
    Cpu,
    /// `gpu`.
    AllGpus,
    /// `gpu:N`.
    Gpu(usize),
    /// `N`: device `N` of the full list.
    Index(usize),
    /// Anything else names no device.
    Nothing,
}

/// The entries of a setting, in order, empty ones left out.
fn entries(setting: &str) -> impl Iterator<Item = Entry> + '_ {
    setting
        .split(',')
        .map(str::trim)
        .filter(|entry| !entry.is_empty())
        .map(|entry| {
            let entry = entry.to_ascii_lowercase();
            if entry == "cpu" || entry == "host" {
                Entry::Cpu
            } else if entry == "gpu" {
                Entry::AllGpus
            } else if let Some(number) = entry.strip_prefix("gpu:") {
                number.parse().map_or(Entry::Nothing, Entry::Gpu)
            } else {
                entry.parse().map_or(Entry::Nothing, Entry::Index)
            }
        })
}

/// Whether `setting` (`OXHIP_VISIBLE_DEVICES`, or HIP's variable as
/// `backend::visible_devices_setting` writes it) can name no GPU whatever the machine has:
/// every entry is the CPU device or names nothing. A number may name a GPU (device `N` of the
/// full list), and `gpu`/`gpu:N` do. Unset lists the GPUs.
pub(crate) fn names_no_gpu(setting: Option<&str>) -> bool {
    setting.is_some_and(|setting| {
        entries(setting).all(|entry| matches!(entry, Entry::Cpu | Entry::Nothing))
    })
}

/// The vendor backend and the CPU backend behind one device list.
pub(crate) struct Devices {
    gpu: Box<dyn Backend>,
    cpu: Cpu,
    slots: Vec<Slot>,
    /// Whether a variable chose the devices (else the default list applies).
    selected: bool,
}

impl Devices {
    pub(crate) fn new(gpu: Box<dyn Backend>, setting: Option<&str>) -> Devices {
        let gpus = gpu.device_count();
        Devices {
            slots: visible(setting, gpus, crate::registry::any_host_image()),
            selected: setting.is_some(),
            gpu,
            cpu: Cpu::new(),
        }
    }

    /// The backend that owns program device `device` and its number there.
    fn route(&self, device: usize) -> (&dyn Backend, usize) {
        match self.slots.get(device) {
            Some(Slot::Gpu(gpu)) => (self.gpu.as_ref(), *gpu),
            Some(Slot::Cpu) | None => (&self.cpu, 0),
        }
    }

    fn slot(&self, device: usize) -> Slot {
        self.slots.get(device).copied().unwrap_or(Slot::Cpu)
    }

    /// The program device number of a backend's device, if it is visible.
    fn program_device(&self, slot: Slot) -> Option<usize> {
        self.slots.iter().position(|visible| *visible == slot)
    }

    /// Translates a location in program numbering into the numbering of the backend that
    /// owns `device`. The CPU device's memory is host memory, so for a GPU it is the host.
    fn local_location(&self, device: usize, target: Location) -> Result<Location, RuntimeError> {
        let Location::Device(program) = target else {
            return Ok(Location::Host);
        };
        let invalid = RuntimeError::InvalidDevice {
            device: i32::try_from(program).unwrap_or(i32::MAX),
            count: self.slots.len(),
        };
        match (
            self.slot(device),
            self.slots.get(program).copied().ok_or(invalid)?,
        ) {
            (Slot::Gpu(_), Slot::Gpu(gpu)) => Ok(Location::Device(gpu)),
            (Slot::Gpu(_), Slot::Cpu) => Ok(Location::Host),
            (Slot::Cpu, Slot::Cpu) => Ok(Location::Device(0)),
            (Slot::Cpu, Slot::Gpu(_)) => Err(RuntimeError::status(
                crate::error::HipError::ErrorInvalidDevice,
                "managed memory of the CPU device cannot move to a GPU",
            )),
        }
    }

    /// The reverse of [`Devices::local_location`] for answers of the backend of `device`.
    fn program_location(&self, device: usize, location: Location) -> Location {
        match (self.slot(device), location) {
            (_, Location::Host) => Location::Host,
            (Slot::Gpu(_), Location::Device(gpu)) => self
                .program_device(Slot::Gpu(gpu))
                .map_or(Location::Host, Location::Device),
            (Slot::Cpu, Location::Device(_)) => self
                .program_device(Slot::Cpu)
                .map_or(Location::Host, Location::Device),
        }
    }
}

impl Backend for Devices {
    fn name(&self) -> &'static str {
        if self.slots.iter().any(|slot| matches!(slot, Slot::Gpu(_))) {
            self.gpu.name()
        } else {
            self.cpu.name()
        }
    }
    fn device_count(&self) -> usize {
        self.slots.len()
    }
    fn unavailable(&self) -> RuntimeError {
        let gpus = match self.gpu.unavailable() {
            RuntimeError::NoDevice { reason } if self.gpu.device_count() == 0 => reason,
            _ => format!("{} GPU(s) hidden", self.gpu.device_count()),
        };
        let reason = if self.selected {
            format!("OXHIP_VISIBLE_DEVICES (or HIP_VISIBLE_DEVICES) selects no device ({gpus})")
        } else {
            // No GPU, and no CPU image to fall back on.
            format!(
                "{gpus}; the program has no CPU image (built with `--offload-arch=...,host` it \
                 would run on the CPU)"
            )
        };
        RuntimeError::NoDevice { reason }
    }
    fn driver_version(&self) -> i32 {
        self.gpu.driver_version()
    }
    fn properties(&self, device: usize) -> Result<DeviceProp, RuntimeError> {
        let (backend, index) = self.route(device);
        backend.properties(index)
    }
    fn malloc(&self, device: usize, size: usize) -> Result<DevicePtr, RuntimeError> {
        let (backend, index) = self.route(device);
        backend.malloc(index, size)
    }
    fn free(&self, device: usize, ptr: DevicePtr) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.free(index, ptr)
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
        let (backend, index) = self.route(device);
        backend.memcpy(index, dst, src, size, kind, stream)
    }
    fn memset(
        &self,
        device: usize,
        dst: DevicePtr,
        value: u8,
        size: usize,
        stream: Option<StreamHandle>,
    ) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.memset(index, dst, value, size, stream)
    }
    fn host_malloc(
        &self,
        device: usize,
        size: usize,
        flags: u32,
    ) -> Result<*mut c_void, RuntimeError> {
        let (backend, index) = self.route(device);
        backend.host_malloc(index, size, flags)
    }
    fn host_free(&self, device: usize, ptr: *mut c_void) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.host_free(index, ptr)
    }
    fn malloc_managed(
        &self,
        device: usize,
        size: usize,
        flags: u32,
    ) -> Result<DevicePtr, RuntimeError> {
        let (backend, index) = self.route(device);
        backend.malloc_managed(index, size, flags)
    }
    fn stream_wait_event(
        &self,
        device: usize,
        stream: StreamHandle,
        event: EventHandle,
    ) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.stream_wait_event(index, stream, event)
    }
    fn synchronize(&self, device: usize) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.synchronize(index)
    }
    fn synchronize_used_devices(&self) {
        self.gpu.synchronize_used_devices();
        self.cpu.synchronize_used_devices();
    }
    fn reset(&self, device: usize) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.reset(index)
    }
    fn function_set_attribute(
        &self,
        device: usize,
        kernel: usize,
        attribute: i32,
        value: i32,
    ) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.function_set_attribute(index, kernel, attribute, value)
    }
    fn function_attributes(
        &self,
        device: usize,
        kernel: usize,
    ) -> Result<FuncAttributes, RuntimeError> {
        let (backend, index) = self.route(device);
        backend.function_attributes(index, kernel)
    }
    fn launch(&self, device: usize, launch: &Launch) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.launch(index, launch)
    }
    fn stream_create(&self, device: usize, flags: u32) -> Result<StreamHandle, RuntimeError> {
        let (backend, index) = self.route(device);
        backend.stream_create(index, flags)
    }
    fn stream_destroy(&self, device: usize, stream: StreamHandle) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.stream_destroy(index, stream)
    }
    fn stream_synchronize(&self, device: usize, stream: StreamHandle) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.stream_synchronize(index, stream)
    }
    fn stream_query(&self, device: usize, stream: StreamHandle) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.stream_query(index, stream)
    }
    fn event_create(&self, device: usize, flags: u32) -> Result<EventHandle, RuntimeError> {
        let (backend, index) = self.route(device);
        backend.event_create(index, flags)
    }
    fn event_record(
        &self,
        device: usize,
        event: EventHandle,
        stream: StreamHandle,
    ) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.event_record(index, event, stream)
    }
    fn event_synchronize(&self, device: usize, event: EventHandle) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.event_synchronize(index, event)
    }
    fn event_query(&self, device: usize, event: EventHandle) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.event_query(index, event)
    }
    fn event_elapsed_ms(
        &self,
        device: usize,
        start: EventHandle,
        end: EventHandle,
    ) -> Result<f32, RuntimeError> {
        let (backend, index) = self.route(device);
        backend.event_elapsed_ms(index, start, end)
    }
    fn event_destroy(&self, device: usize, event: EventHandle) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.event_destroy(index, event)
    }
    fn mem_info(&self, device: usize) -> Result<(usize, usize), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.mem_info(index)
    }
    fn symbol(
        &self,
        device: usize,
        fat_binary: &FatBinary,
        name: &CStr,
    ) -> Result<(DevicePtr, usize), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.symbol(index, fat_binary, name)
    }
    fn check_image(&self, device: usize, fat_binary: &FatBinary) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.check_image(index, fat_binary)
    }
    fn extras(&self, device: usize) -> DeviceExtras {
        let (backend, index) = self.route(device);
        backend.extras(index)
    }
    fn limit(&self, device: usize, limit: i32) -> Result<usize, RuntimeError> {
        let (backend, index) = self.route(device);
        backend.limit(index, limit)
    }
    fn set_limit(&self, device: usize, limit: i32, value: usize) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.set_limit(index, limit, value)
    }
    fn set_cache_config(&self, device: usize, config: i32) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.set_cache_config(index, config)
    }
    fn set_device_flags(&self, device: usize, flags: u32) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.set_device_flags(index, flags)
    }
    fn stream_priority_range(&self, device: usize) -> Result<(i32, i32), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.stream_priority_range(index)
    }
    fn stream_create_with_priority(
        &self,
        device: usize,
        flags: u32,
        priority: i32,
    ) -> Result<StreamHandle, RuntimeError> {
        let (backend, index) = self.route(device);
        backend.stream_create_with_priority(index, flags, priority)
    }
    fn launch_host_func(
        &self,
        device: usize,
        stream: StreamHandle,
        call: HostCall,
    ) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.launch_host_func(index, stream, call)
    }
    fn can_access_peer(&self, device: usize, peer: usize) -> Result<bool, RuntimeError> {
        match (self.slot(device), self.slot(peer)) {
            (Slot::Gpu(gpu), Slot::Gpu(other)) => self.gpu.can_access_peer(gpu, other),
            _ => Ok(false),
        }
    }
    fn enable_peer_access(&self, device: usize, peer: usize) -> Result<(), RuntimeError> {
        match (self.slot(device), self.slot(peer)) {
            (Slot::Gpu(gpu), Slot::Gpu(other)) => self.gpu.enable_peer_access(gpu, other),
            _ => Err(RuntimeError::status(
                crate::error::HipError::ErrorPeerAccessUnsupported,
                "the CPU device has no peer access to or from a GPU",
            )),
        }
    }
    fn disable_peer_access(&self, device: usize, peer: usize) -> Result<(), RuntimeError> {
        match (self.slot(device), self.slot(peer)) {
            (Slot::Gpu(gpu), Slot::Gpu(other)) => self.gpu.disable_peer_access(gpu, other),
            _ => Err(RuntimeError::status(
                crate::error::HipError::ErrorPeerAccessNotEnabled,
                "peer access was never enabled between these devices",
            )),
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
        match (self.slot(dst_device), self.slot(src_device)) {
            (Slot::Gpu(dst_gpu), Slot::Gpu(src_gpu)) => self
                .gpu
                .memcpy_peer(dst, dst_gpu, src, src_gpu, size, stream),
            (Slot::Cpu, Slot::Cpu) => self.cpu.memcpy_peer(dst, 0, src, 0, size, stream),
            // The CPU device's memory is host memory: the GPU's own copy engine moves it,
            // synchronously (the stream belongs to one of the two backends only).
            (Slot::Gpu(gpu), Slot::Cpu) | (Slot::Cpu, Slot::Gpu(gpu)) => {
                self.cpu.synchronize(0)?;
                self.gpu.synchronize(gpu)?;
                self.gpu.memcpy(
                    gpu,
                    dst as *mut c_void,
                    src as *const c_void,
                    size,
                    MemcpyKind::Default,
                    None,
                )
            }
        }
    }
    fn malloc_pitch(
        &self,
        device: usize,
        width: usize,
        height: usize,
    ) -> Result<(DevicePtr, usize), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.malloc_pitch(index, width, height)
    }
    fn memcpy_2d(
        &self,
        device: usize,
        copy: &Copy2D,
        stream: Option<StreamHandle>,
    ) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.memcpy_2d(index, copy, stream)
    }
    fn fill(
        &self,
        device: usize,
        fill: &Fill,
        stream: Option<StreamHandle>,
    ) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.fill(index, fill, stream)
    }
    fn host_register(
        &self,
        device: usize,
        ptr: *mut c_void,
        size: usize,
        flags: u32,
    ) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.host_register(index, ptr, size, flags)
    }
    fn host_unregister(&self, device: usize, ptr: *mut c_void) -> Result<(), RuntimeError> {
        let (backend, index) = self.route(device);
        backend.host_unregister(index, ptr)
    }
    fn host_device_pointer(
        &self,
        device: usize,
        ptr: *mut c_void,
    ) -> Result<DevicePtr, RuntimeError> {
        let (backend, index) = self.route(device);
        backend.host_device_pointer(index, ptr)
    }
    fn host_flags(&self, device: usize, ptr: *mut c_void) -> Result<u32, RuntimeError> {
        let (backend, index) = self.route(device);
        backend.host_flags(index, ptr)
    }
    /// Asks the backend of `device` first, then the other one; the answer's device is in
    /// program numbering.
    fn memory_range(
        &self,
        device: usize,
        ptr: *const c_void,
    ) -> Result<Option<(DevicePtr, usize)>, RuntimeError> {
        let gpu = match self.slot(device) {
            Slot::Gpu(gpu) => Some(gpu),
            Slot::Cpu => self.slots.iter().find_map(|slot| match slot {
                Slot::Gpu(gpu) => Some(*gpu),
                Slot::Cpu => None,
            }),
        };
        if let Some(gpu) = gpu {
            if let Some(range) = self.gpu.memory_range(gpu, ptr)? {
                return Ok(Some(range));
            }
        }
        self.cpu.memory_range(0, ptr)
    }
    fn pointer_info(
        &self,
        device: usize,
        ptr: *const c_void,
    ) -> Result<Option<PointerInfo>, RuntimeError> {
        let first_gpu = self.slots.iter().find_map(|slot| match slot {
            Slot::Gpu(gpu) => Some(*gpu),
            Slot::Cpu => None,
        });
        let gpu_index = match self.slot(device) {
            Slot::Gpu(gpu) => Some(gpu),
            Slot::Cpu => first_gpu,
        };
        if let Some(gpu) = gpu_index {
            if let Some(mut info) = self.gpu.pointer_info(gpu, ptr)? {
                info.device = self
                    .program_device(Slot::Gpu(info.device))
                    .unwrap_or(device);
                return Ok(Some(info));
            }
        }
        Ok(self.cpu.pointer_info(0, ptr)?.map(|mut info| {
            info.device = self.program_device(Slot::Cpu).unwrap_or(device);
            info
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
        let target = self.local_location(device, target)?;
        let (backend, index) = self.route(device);
        backend.mem_advise(index, ptr, size, advice, target)
    }
    fn mem_prefetch(
        &self,
        device: usize,
        ptr: DevicePtr,
        size: usize,
        target: Location,
        stream: StreamHandle,
    ) -> Result<(), RuntimeError> {
        let target = self.local_location(device, target)?;
        let (backend, index) = self.route(device);
        backend.mem_prefetch(index, ptr, size, target, stream)
    }
    fn mem_range_attribute(
        &self,
        device: usize,
        ptr: DevicePtr,
        size: usize,
        attribute: i32,
    ) -> Result<RangeValue, RuntimeError> {
        let (backend, index) = self.route(device);
        Ok(
            match backend.mem_range_attribute(index, ptr, size, attribute)? {
                RangeValue::Int(value) => RangeValue::Int(value),
                RangeValue::Location(location) => RangeValue::Location(
                    location.map(|location| self.program_location(device, location)),
                ),
                RangeValue::Locations(locations) => RangeValue::Locations(
                    locations
                        .into_iter()
                        .map(|location| self.program_location(device, location))
                        .collect(),
                ),
            },
        )
    }
    fn occupancy(
        &self,
        device: usize,
        kernel: usize,
        block_size: u32,
        dynamic_shared: usize,
        flags: u32,
    ) -> Result<u32, RuntimeError> {
        let (backend, index) = self.route(device);
        backend.occupancy(index, kernel, block_size, dynamic_shared, flags)
    }
    fn kernel_argument_sizes(
        &self,
        device: usize,
        kernel: usize,
    ) -> Result<Vec<usize>, RuntimeError> {
        let (backend, index) = self.route(device);
        backend.kernel_argument_sizes(index, kernel)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_list_is_gpus_then_cpu() {
        assert_eq!(
            visible(None, 2, true),
            [Slot::Gpu(0), Slot::Gpu(1), Slot::Cpu]
        );
        assert_eq!(visible(None, 0, true), [Slot::Cpu]);
        // A program without a CPU image lists only the GPUs.
        assert_eq!(visible(None, 2, false), [Slot::Gpu(0), Slot::Gpu(1)]);
        assert_eq!(visible(None, 0, false), []);
    }

    #[test]
    fn entries_select_and_reorder() {
        assert_eq!(visible(Some("cpu,0"), 2, false), [Slot::Cpu, Slot::Gpu(0)]);
        assert_eq!(visible(Some("2"), 2, false), [Slot::Cpu]);
        assert_eq!(
            visible(Some("gpu:1, host"), 2, false),
            [Slot::Gpu(1), Slot::Cpu]
        );
        assert_eq!(visible(Some("gpu"), 2, false), [Slot::Gpu(0), Slot::Gpu(1)]);
        assert_eq!(
            visible(Some("0,0,cpu,CPU"), 1, false),
            [Slot::Gpu(0), Slot::Cpu]
        );
    }

    #[test]
    fn unknown_entries_and_empty_settings_select_nothing() {
        assert_eq!(visible(Some(""), 2, false), []);
        assert_eq!(visible(Some("7,gpu:5,tpu"), 2, false), []);
        assert_eq!(visible(Some("gpu"), 0, false), []);
        // Selections that can name no GPU, and those that may.
        for setting in ["cpu", "CPU", " host ", "cpu,host", "", "none", "cpu,none,"] {
            assert!(names_no_gpu(Some(setting)), "{setting:?}");
        }
        for setting in ["gpu", "GPU:1", "cpu,0", "1", "cpu,gpu:0"] {
            assert!(!names_no_gpu(Some(setting)), "{setting:?}");
        }
        assert!(!names_no_gpu(None));
    }
}
