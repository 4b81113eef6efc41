//! The GPUs of several vendor backends as one numbering: AMD's (HSA) first, then NVIDIA's
//! (CUDA), each in its driver's order. `select` uses it only when more than one vendor
//! backend has devices; `cpu::devices` then adds the CPU device after them.
//!
//! A call names one device and goes to the backend that owns it. What crosses vendors is
//! refused or staged: no peer access between an AMD and an NVIDIA GPU, a copy between them
//! goes through host memory, and a pointer is asked of every backend in turn.

use std::ffi::{c_void, CStr};

use super::{
    Backend, Copy2D, DevicePtr, EventHandle, Fill, HostCall, Launch, Location, PointerInfo,
    RangeValue, StreamHandle,
};
use crate::error::RuntimeError;
use crate::registry::FatBinary;
use crate::types::{DeviceExtras, DeviceProp, FuncAttributes, MemcpyKind};

pub(crate) struct Vendors {
    /// Each backend with the number of its first device.
    parts: Vec<(Box<dyn Backend>, usize)>,
    count: usize,
}

impl Vendors {
    /// `backends` in device order; those without devices are left out.
    pub(crate) fn new(backends: Vec<Box<dyn Backend>>) -> Vendors {
        let mut parts = Vec::new();
        let mut count = 0;
        for backend in backends {
            let devices = backend.device_count();
            if devices > 0 {
                parts.push((backend, count));
                count += devices;
            }
        }
        Vendors { parts, count }
    }

    /// The part owning `device`: its index in `parts` and the device's number there.
    fn part(&self, device: usize) -> (usize, usize) {
        let index = self
            .parts
            .iter()
            .rposition(|(_, first)| *first <= device)
            .unwrap_or(0);
        (index, device - self.parts[index].1)
    }

    fn route(&self, device: usize) -> (&dyn Backend, usize) {
        let (index, local) = self.part(device);
        (self.parts[index].0.as_ref(), local)
    }

    /// A location in our numbering as the backend of `device` sees it: another vendor's
    /// GPU is out of its reach, so the host stands in.
    fn local_location(&self, device: usize, location: Location) -> Location {
        match location {
            Location::Device(other) if other < self.count => {
                let (part, local) = self.part(other);
                if part == self.part(device).0 {
                    Location::Device(local)
                } else {
                    Location::Host
                }
            }
            _ => Location::Host,
        }
    }

    fn global_location(&self, device: usize, location: Location) -> Location {
        match location {
            Location::Device(local) => Location::Device(self.parts[self.part(device).0].1 + local),
            Location::Host => Location::Host,
        }
    }
}

/// Methods that only name one device go to its backend unchanged.
macro_rules! forward {
    ($($name:ident($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {
        $(fn $name(&self, device: usize, $($arg: $ty),*) -> $ret {
            let (backend, local) = self.route(device);
            backend.$name(local, $($arg),*)
        })*
    };
}

impl Backend for Vendors {
    fn name(&self) -> &'static str {
        self.parts
            .first()
            .map_or("none", |(backend, _)| backend.name())
    }
    fn device_count(&self) -> usize {
        self.count
    }
    fn driver_version(&self) -> i32 {
        self.parts
            .first()
            .map_or(0, |(backend, _)| backend.driver_version())
    }
    fn synchronize_used_devices(&self) {
        for (backend, _) in &self.parts {
            backend.synchronize_used_devices();
        }
    }
    fn extras(&self, device: usize) -> DeviceExtras {
        let (backend, local) = self.route(device);
        backend.extras(local)
    }

    forward! {
        properties() -> Result<DeviceProp, RuntimeError>;
        malloc(size: usize) -> Result<DevicePtr, RuntimeError>;
        free(ptr: DevicePtr) -> Result<(), RuntimeError>;
        memcpy(dst: *mut c_void, src: *const c_void, size: usize, kind: MemcpyKind, stream: Option<StreamHandle>) -> Result<(), RuntimeError>;
        memset(dst: DevicePtr, value: u8, size: usize, stream: Option<StreamHandle>) -> Result<(), RuntimeError>;
        host_malloc(size: usize, flags: u32) -> Result<*mut c_void, RuntimeError>;
        host_free(ptr: *mut c_void) -> Result<(), RuntimeError>;
        malloc_managed(size: usize, flags: u32) -> Result<DevicePtr, RuntimeError>;
        stream_wait_event(stream: StreamHandle, event: EventHandle) -> Result<(), RuntimeError>;
        synchronize() -> Result<(), RuntimeError>;
        reset() -> Result<(), RuntimeError>;
        launch(launch: &Launch) -> Result<(), RuntimeError>;
        function_set_attribute(kernel: usize, attribute: i32, value: i32) -> Result<(), RuntimeError>;
        function_attributes(kernel: usize) -> Result<FuncAttributes, RuntimeError>;
        stream_create(flags: u32) -> Result<StreamHandle, RuntimeError>;
        stream_destroy(stream: StreamHandle) -> Result<(), RuntimeError>;
        stream_synchronize(stream: StreamHandle) -> Result<(), RuntimeError>;
        stream_query(stream: StreamHandle) -> Result<(), RuntimeError>;
        event_create(flags: u32) -> Result<EventHandle, RuntimeError>;
        event_record(event: EventHandle, stream: StreamHandle) -> Result<(), RuntimeError>;
        event_synchronize(event: EventHandle) -> Result<(), RuntimeError>;
        event_query(event: EventHandle) -> Result<(), RuntimeError>;
        event_elapsed_ms(start: EventHandle, end: EventHandle) -> Result<f32, RuntimeError>;
        event_destroy(event: EventHandle) -> Result<(), RuntimeError>;
        mem_info() -> Result<(usize, usize), RuntimeError>;
        symbol(fat_binary: &FatBinary, name: &CStr) -> Result<(DevicePtr, usize), RuntimeError>;
        check_image(fat_binary: &FatBinary) -> Result<(), RuntimeError>;
        limit(limit: i32) -> Result<usize, RuntimeError>;
        set_limit(limit: i32, value: usize) -> Result<(), RuntimeError>;
        set_cache_config(config: i32) -> Result<(), RuntimeError>;
        set_device_flags(flags: u32) -> Result<(), RuntimeError>;
        stream_priority_range() -> Result<(i32, i32), RuntimeError>;
        stream_create_with_priority(flags: u32, priority: i32) -> Result<StreamHandle, RuntimeError>;
        launch_host_func(stream: StreamHandle, call: HostCall) -> Result<(), RuntimeError>;
        malloc_pitch(width: usize, height: usize) -> Result<(DevicePtr, usize), RuntimeError>;
        memcpy_2d(copy: &Copy2D, stream: Option<StreamHandle>) -> Result<(), RuntimeError>;
        fill(fill: &Fill, stream: Option<StreamHandle>) -> Result<(), RuntimeError>;
        host_register(ptr: *mut c_void, size: usize, flags: u32) -> Result<(), RuntimeError>;
        host_unregister(ptr: *mut c_void) -> Result<(), RuntimeError>;
        host_device_pointer(ptr: *mut c_void) -> Result<DevicePtr, RuntimeError>;
        host_flags(ptr: *mut c_void) -> Result<u32, RuntimeError>;
        occupancy(kernel: usize, block_size: u32, dynamic_shared: usize, flags: u32) -> Result<u32, RuntimeError>;
        kernel_argument_sizes(kernel: usize) -> Result<Vec<usize>, RuntimeError>;
    }

    fn can_access_peer(&self, device: usize, peer: usize) -> Result<bool, RuntimeError> {
        let ((part, local), (peer_part, peer_local)) = (self.part(device), self.part(peer));
        if part != peer_part {
            return Ok(false);
        }
        self.parts[part].0.can_access_peer(local, peer_local)
    }
    fn enable_peer_access(&self, device: usize, peer: usize) -> Result<(), RuntimeError> {
        let ((part, local), (peer_part, peer_local)) = (self.part(device), self.part(peer));
        if part != peer_part {
            return Err(RuntimeError::status(
                crate::error::HipError::ErrorPeerAccessUnsupported,
                "GPUs of different vendors cannot map each other's memory",
            ));
        }
        self.parts[part].0.enable_peer_access(local, peer_local)
    }
    fn disable_peer_access(&self, device: usize, peer: usize) -> Result<(), RuntimeError> {
        let ((part, local), (peer_part, peer_local)) = (self.part(device), self.part(peer));
        if part != peer_part {
            return Err(RuntimeError::status(
                crate::error::HipError::ErrorPeerAccessNotEnabled,
                "peer access was never enabled between these devices",
            ));
        }
        self.parts[part].0.disable_peer_access(local, peer_local)
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
        let ((dst_part, dst_local), (src_part, src_local)) =
            (self.part(dst_device), self.part(src_device));
        if dst_part == src_part {
            return self.parts[dst_part]
                .0
                .memcpy_peer(dst, dst_local, src, src_local, size, stream);
        }
        // Across vendors: through a host buffer, synchronously.
        let (source, destination) = (&self.parts[src_part].0, &self.parts[dst_part].0);
        source.synchronize(src_local)?;
        destination.synchronize(dst_local)?;
        let mut staging = vec![0u8; size];
        source.memcpy(
            src_local,
            staging.as_mut_ptr().cast(),
            src as *const c_void,
            size,
            MemcpyKind::DeviceToHost,
            None,
        )?;
        destination.memcpy(
            dst_local,
            dst as *mut c_void,
            staging.as_ptr().cast(),
            size,
            MemcpyKind::HostToDevice,
            None,
        )
    }
    fn memory_range(
        &self,
        device: usize,
        ptr: *const c_void,
    ) -> Result<Option<(DevicePtr, usize)>, RuntimeError> {
        let (part, local) = self.part(device);
        if let Some(range) = self.parts[part].0.memory_range(local, ptr)? {
            return Ok(Some(range));
        }
        for (index, (backend, _)) in self.parts.iter().enumerate() {
            if index != part {
                if let Some(range) = backend.memory_range(0, ptr)? {
                    return Ok(Some(range));
                }
            }
        }
        Ok(None)
    }
    fn pointer_info(
        &self,
        device: usize,
        ptr: *const c_void,
    ) -> Result<Option<PointerInfo>, RuntimeError> {
        let (part, local) = self.part(device);
        let order = std::iter::once(part).chain((0..self.parts.len()).filter(|i| *i != part));
        for index in order {
            let (backend, first) = (&self.parts[index].0, self.parts[index].1);
            let asked = if index == part { local } else { 0 };
            if let Some(mut info) = backend.pointer_info(asked, ptr)? {
                info.device += first;
                return Ok(Some(info));
            }
        }
        Ok(None)
    }
    fn mem_advise(
        &self,
        device: usize,
        ptr: DevicePtr,
        size: usize,
        advice: i32,
        target: Location,
    ) -> Result<(), RuntimeError> {
        let target = self.local_location(device, target);
        let (backend, local) = self.route(device);
        backend.mem_advise(local, ptr, size, advice, target)
    }
    fn mem_prefetch(
        &self,
        device: usize,
        ptr: DevicePtr,
        size: usize,
        target: Location,
        stream: StreamHandle,
    ) -> Result<(), RuntimeError> {
        let target = self.local_location(device, target);
        let (backend, local) = self.route(device);
        backend.mem_prefetch(local, ptr, size, target, stream)
    }
    fn mem_range_attribute(
        &self,
        device: usize,
        ptr: DevicePtr,
        size: usize,
        attribute: i32,
    ) -> Result<RangeValue, RuntimeError> {
        let (backend, local) = self.route(device);
        Ok(
            match backend.mem_range_attribute(local, ptr, size, attribute)? {
                RangeValue::Int(value) => RangeValue::Int(value),
                RangeValue::Location(location) => RangeValue::Location(
                    location.map(|location| self.global_location(device, location)),
                ),
                RangeValue::Locations(locations) => RangeValue::Locations(
                    locations
                        .into_iter()
                        .map(|location| self.global_location(device, location))
                        .collect(),
                ),
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::NoDevice;

    /// A backend with `count` devices that answers `properties` with its name in `name`.
    struct Fake {
        label: &'static str,
        count: usize,
    }

    impl Backend for Fake {
        fn name(&self) -> &'static str {
            self.label
        }
        fn device_count(&self) -> usize {
            self.count
        }
        fn driver_version(&self) -> i32 {
            1
        }
        fn properties(&self, device: usize) -> Result<DeviceProp, RuntimeError> {
            let mut prop = DeviceProp::zeroed();
            crate::types::set_c_string(&mut prop.name, &format!("{} {device}", self.label));
            Ok(prop)
        }
        fn malloc(&self, _: usize, _: usize) -> Result<DevicePtr, RuntimeError> {
            unreachable!()
        }
        fn free(&self, _: usize, _: DevicePtr) -> Result<(), RuntimeError> {
            unreachable!()
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
            unreachable!()
        }
        fn memset(
            &self,
            _: usize,
            _: DevicePtr,
            _: u8,
            _: usize,
            _: Option<StreamHandle>,
        ) -> Result<(), RuntimeError> {
            unreachable!()
        }
        fn host_malloc(&self, _: usize, _: usize, _: u32) -> Result<*mut c_void, RuntimeError> {
            unreachable!()
        }
        fn host_free(&self, _: usize, _: *mut c_void) -> Result<(), RuntimeError> {
            unreachable!()
        }
        fn malloc_managed(&self, _: usize, _: usize, _: u32) -> Result<DevicePtr, RuntimeError> {
            unreachable!()
        }
        fn stream_wait_event(
            &self,
            _: usize,
            _: StreamHandle,
            _: EventHandle,
        ) -> Result<(), RuntimeError> {
            unreachable!()
        }
        fn synchronize(&self, _: usize) -> Result<(), RuntimeError> {
            unreachable!()
        }
        fn synchronize_used_devices(&self) {}
        fn reset(&self, _: usize) -> Result<(), RuntimeError> {
            unreachable!()
        }
        fn launch(&self, _: usize, _: &Launch) -> Result<(), RuntimeError> {
            unreachable!()
        }
        fn function_set_attribute(
            &self,
            _: usize,
            _: usize,
            _: i32,
            _: i32,
        ) -> Result<(), RuntimeError> {
            unreachable!()
        }
        fn function_attributes(&self, _: usize, _: usize) -> Result<FuncAttributes, RuntimeError> {
            unreachable!()
        }
        fn stream_create(&self, _: usize, _: u32) -> Result<StreamHandle, RuntimeError> {
            unreachable!()
        }
        fn stream_destroy(&self, _: usize, _: StreamHandle) -> Result<(), RuntimeError> {
            unreachable!()
        }
        fn stream_synchronize(&self, _: usize, _: StreamHandle) -> Result<(), RuntimeError> {
            unreachable!()
        }
        fn stream_query(&self, _: usize, _: StreamHandle) -> Result<(), RuntimeError> {
            unreachable!()
        }
        fn event_create(&self, _: usize, _: u32) -> Result<EventHandle, RuntimeError> {
            unreachable!()
        }
        fn event_record(
            &self,
            _: usize,
            _: EventHandle,
            _: StreamHandle,
        ) -> Result<(), RuntimeError> {
            unreachable!()
        }
        fn event_synchronize(&self, _: usize, _: EventHandle) -> Result<(), RuntimeError> {
            unreachable!()
        }
        fn event_query(&self, _: usize, _: EventHandle) -> Result<(), RuntimeError> {
            unreachable!()
        }
        fn event_elapsed_ms(
            &self,
            _: usize,
            _: EventHandle,
            _: EventHandle,
        ) -> Result<f32, RuntimeError> {
            unreachable!()
        }
        fn event_destroy(&self, _: usize, _: EventHandle) -> Result<(), RuntimeError> {
            unreachable!()
        }
        fn mem_info(&self, _: usize) -> Result<(usize, usize), RuntimeError> {
            unreachable!()
        }
        fn symbol(
            &self,
            _: usize,
            _: &FatBinary,
            _: &CStr,
        ) -> Result<(DevicePtr, usize), RuntimeError> {
            unreachable!()
        }
    }

    fn name(vendors: &Vendors, device: usize) -> String {
        let prop = vendors.properties(device).expect("a fake answers");
        // SAFETY: `set_c_string` NUL-terminates the name.
        unsafe { CStr::from_ptr(prop.name.as_ptr()) }
            .to_string_lossy()
            .into_owned()
    }

    #[test]
    fn amd_gpus_come_first_then_nvidia_ones() {
        let vendors = Vendors::new(vec![
            Box::new(Fake {
                label: "amd",
                count: 2,
            }),
            Box::new(NoDevice {
                reason: "none".to_owned(),
            }),
            Box::new(Fake {
                label: "nvidia",
                count: 3,
            }),
        ]);
        assert_eq!(vendors.device_count(), 5);
        let names: Vec<String> = (0..5).map(|device| name(&vendors, device)).collect();
        assert_eq!(
            names,
            ["amd 0", "amd 1", "nvidia 0", "nvidia 1", "nvidia 2"]
        );
        assert_eq!(vendors.name(), "amd");
        // Another vendor's GPU is out of reach: the host stands in for it.
        assert_eq!(
            vendors.local_location(0, Location::Device(1)),
            Location::Device(1)
        );
        assert_eq!(
            vendors.local_location(0, Location::Device(3)),
            Location::Host
        );
        assert_eq!(
            vendors.local_location(4, Location::Device(3)),
            Location::Device(1)
        );
        assert_eq!(
            vendors.global_location(3, Location::Device(2)),
            Location::Device(4)
        );
        assert!(!vendors.can_access_peer(1, 2).expect("answered"));
    }
}
