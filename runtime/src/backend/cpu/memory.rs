//! The CPU device's memory bookkeeping: every allocation with its kind (device, pinned host,
//! managed) and flags, the host ranges the program registered (`hipHostRegister`), and the
//! advice given for managed ranges.
//!
//! All of it is host memory, so nothing here moves data: the table only answers what HIP
//! lets a program ask (`hipPointerGetAttributes`, `hipHostGetFlags`,
//! `hipMemRangeGetAttribute`) and tells the stream code which ranges it may read later
//! (pinned) and which it must copy now (pageable). Advice applies to the whole managed
//! allocation that contains the range it names.

use std::alloc::Layout;
use std::collections::BTreeMap;
use std::ffi::c_void;
use std::sync::Mutex;

use crate::backend::advice::{not_managed, Advice};
use crate::backend::{Location, PointerInfo, RangeValue};
use crate::error::{HipError, RuntimeError};
use crate::sync::lock;
use crate::types::memory_type;

/// Alignment of every allocation (as HIP's `hipMalloc`: at least 256 bytes).
pub(crate) const ALIGNMENT: usize = 256;

/// `hipHostMallocMapped` / `hipHostRegisterMapped`: on this device all host memory is mapped.
const MAPPED: u32 = 0x2;

/// Blocks of this size or more get a mapping of their own (`mmap`) instead of coming from the
/// heap: fresh pages are zero with no pass over them, so an allocation costs the same whatever
/// its size and each page is touched first by the program, and a freed block goes back to
/// the system at once. (The heap's zeroed allocation at `ALIGNMENT`, above the C allocator's
/// own, writes every byte: 43 ms for 64 MiB, which Thrust's sort allocates per call.)
const OWN_MAPPING_FROM: usize = 1 << 20;

/// The page size own mappings are rounded up to (4 KiB on x86-64; a larger page only wastes
/// some of the tail). Huge pages were tried and not taken: `MADV_HUGEPAGE` on these
/// mappings made HeCBench's `nosync` (two 1 GiB Thrust vectors) 10-25% slower on the CPU
/// device, each first touch zeroing 2 MiB.
const PAGE: usize = 4096;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Device,
    Host,
    Managed,
}

struct Allocation {
    layout: Layout,
    kind: Kind,
    flags: u32,
    /// Advice given for a managed allocation; part of the record, so that it goes with the
    /// allocation under the same lock and a later allocation at the same address starts
    /// with none.
    advice: Advice,
}

#[derive(Default)]
pub(crate) struct Memory {
    allocations: Mutex<BTreeMap<usize, Allocation>>,
    /// Registered host ranges: start → (size, flags).
    registrations: Mutex<BTreeMap<usize, (usize, u32)>>,
}

fn invalid(argument: &'static str) -> RuntimeError {
    RuntimeError::InvalidValue { argument }
}

impl Memory {
    pub(crate) fn allocate(
        &self,
        size: usize,
        kind: Kind,
        flags: u32,
    ) -> Result<*mut u8, RuntimeError> {
        let out_of_memory = || {
            RuntimeError::status(
                HipError::ErrorOutOfMemory,
                format!("the CPU device cannot allocate {size} bytes"),
            )
        };
        // A size no layout can hold (over `isize::MAX`) is more memory than there is.
        let layout =
            Layout::from_size_align(size.max(1), ALIGNMENT).map_err(|_| out_of_memory())?;
        // Zeroed, as fresh GPU memory is in practice (the drivers clear pages before handing
        // them out), and code relies on it: a sample reduction `atomicAdd`s into a
        // `cudaMallocManaged` counter it never clears. Large blocks come from mappings of
        // their own, which cost nothing to zero.
        let pointer = if own_mapping(layout.size()) {
            map_zeroed(layout.size()).ok_or_else(out_of_memory)?
        } else {
            // SAFETY: the layout has a non-zero size.
            let pointer = unsafe { std::alloc::alloc_zeroed(layout) };
            if pointer.is_null() {
                return Err(out_of_memory());
            }
            pointer
        };
        lock(&self.allocations).insert(
            pointer as usize,
            Allocation {
                layout,
                kind,
                flags,
                advice: Advice::default(),
            },
        );
        Ok(pointer)
    }

    pub(crate) fn release(&self, pointer: usize) -> Result<(), RuntimeError> {
        if pointer == 0 {
            return Ok(());
        }
        let allocation = lock(&self.allocations)
            .remove(&pointer)
            .ok_or(invalid("ptr"))?;
        if own_mapping(allocation.layout.size()) {
            unmap(pointer as *mut u8, allocation.layout.size());
        } else {
            // SAFETY: `pointer` was returned by `alloc_zeroed` with this layout and is freed
            // once (it was just removed from the table).
            unsafe { std::alloc::dealloc(pointer as *mut u8, allocation.layout) };
        }
        Ok(())
    }

    /// The allocation containing `address`: start, size, kind and flags.
    fn containing(&self, address: usize) -> Option<(usize, usize, Kind, u32)> {
        lock(&self.allocations)
            .range(..=address)
            .next_back()
            .filter(|(start, allocation)| address < *start + allocation.layout.size())
            .map(|(start, allocation)| {
                (
                    *start,
                    allocation.layout.size(),
                    allocation.kind,
                    allocation.flags,
                )
            })
    }

    fn registration(&self, address: usize) -> Option<(usize, usize, u32)> {
        lock(&self.registrations)
            .range(..=address)
            .next_back()
            .filter(|(start, (size, _))| address < *start + *size)
            .map(|(start, (size, flags))| (*start, *size, *flags))
    }

    /// Whether `[address, address + size)` lies in memory the runtime owns or the program
    /// registered, which the program keeps valid until a queued operation on it has run.
    pub(crate) fn is_pinned(&self, address: usize, size: usize) -> bool {
        let last = address.saturating_add(size.max(1) - 1);
        let inside = |start: usize, length: usize| address >= start && last < start + length;
        self.containing(address)
            .is_some_and(|(start, length, _, _)| inside(start, length))
            || self
                .registration(address)
                .is_some_and(|(start, length, _)| inside(start, length))
    }

    pub(crate) fn register(&self, ptr: usize, size: usize, flags: u32) -> Result<(), RuntimeError> {
        let end = ptr.checked_add(size).ok_or(invalid("sizeBytes"))?;
        let overlaps_allocation = self
            .containing(ptr)
            .is_some_and(|(_, _, kind, _)| kind != Kind::Device);
        let mut registrations = lock(&self.registrations);
        let overlaps_registration = registrations
            .range(..end)
            .next_back()
            .is_some_and(|(start, (length, _))| start + length > ptr);
        if overlaps_allocation || overlaps_registration {
            return Err(RuntimeError::status(
                HipError::ErrorHostMemoryAlreadyRegistered,
                format!("{ptr:#x} ({size} bytes) overlaps memory that is already page-locked"),
            ));
        }
        registrations.insert(ptr, (size, flags));
        Ok(())
    }

    pub(crate) fn unregister(&self, ptr: usize) -> Result<(), RuntimeError> {
        lock(&self.registrations)
            .remove(&ptr)
            .map(|_| ())
            .ok_or_else(|| {
                RuntimeError::status(
                    HipError::ErrorHostMemoryNotRegistered,
                    format!("{ptr:#x} is not the start of a registered host range"),
                )
            })
    }

    /// The device address of pinned or registered host memory (the same address here).
    pub(crate) fn host_device_pointer(&self, ptr: usize) -> Result<u64, RuntimeError> {
        match (self.containing(ptr), self.registration(ptr)) {
            (Some((_, _, Kind::Host | Kind::Managed, _)), _) | (_, Some(_)) => Ok(ptr as u64),
            _ => Err(invalid("hstPtr")),
        }
    }

    pub(crate) fn host_flags(&self, ptr: usize) -> Result<u32, RuntimeError> {
        match (self.containing(ptr), self.registration(ptr)) {
            (Some((_, _, Kind::Host, flags)), _) => Ok(flags | MAPPED),
            (_, Some((_, _, flags))) => Ok(flags | MAPPED),
            _ => Err(invalid("hostPtr")),
        }
    }

    pub(crate) fn pointer_info(&self, ptr: *const c_void) -> Option<PointerInfo> {
        let address = ptr as usize;
        let pointer = ptr.cast_mut();
        if let Some((start, size, kind, flags)) = self.containing(address) {
            let (memory_type, host_pointer) = match kind {
                Kind::Device => (memory_type::DEVICE, std::ptr::null_mut()),
                Kind::Host => (memory_type::HOST, pointer),
                Kind::Managed => (memory_type::MANAGED, pointer),
            };
            return Some(PointerInfo {
                memory_type,
                device: 0,
                device_pointer: pointer,
                host_pointer,
                is_managed: kind == Kind::Managed,
                flags,
                base: start as u64,
                size,
            });
        }
        self.registration(address)
            .map(|(start, size, flags)| PointerInfo {
                memory_type: memory_type::HOST,
                device: 0,
                device_pointer: pointer,
                host_pointer: pointer,
                is_managed: false,
                flags,
                base: start as u64,
                size,
            })
    }

    /// The start of the managed allocation holding `[ptr, ptr + size)`.
    /// Runs `body` on the advice of the managed allocation that holds the whole range, under
    /// the allocations' lock.
    fn with_advice<T>(
        &self,
        ptr: usize,
        size: usize,
        body: impl FnOnce(&mut Advice) -> Result<T, RuntimeError>,
    ) -> Result<T, RuntimeError> {
        let mut allocations = lock(&self.allocations);
        match allocations.range_mut(..=ptr).next_back() {
            Some((start, allocation))
                if allocation.kind == Kind::Managed
                    && size > 0
                    && ptr
                        .checked_add(size)
                        .is_some_and(|end| end <= start + allocation.layout.size()) =>
            {
                body(&mut allocation.advice)
            }
            _ => Err(not_managed(ptr, size)),
        }
    }

    /// Records `hipMemoryAdvise` `advice` (HIP's numbers) for the range's allocation.
    pub(crate) fn advise(
        &self,
        ptr: usize,
        size: usize,
        advice: i32,
        target: Location,
    ) -> Result<(), RuntimeError> {
        self.with_advice(ptr, size, |entry| entry.apply(advice, target))
    }

    /// A prefetch moves nothing here; it is remembered for `LastPrefetchLocation`.
    pub(crate) fn prefetch(
        &self,
        ptr: usize,
        size: usize,
        target: Location,
    ) -> Result<(), RuntimeError> {
        self.with_advice(ptr, size, |advice| {
            advice.prefetched(target);
            Ok(())
        })
    }

    /// One `hipMemRangeAttribute` (HIP's numbers) of the range's allocation.
    pub(crate) fn range_attribute(
        &self,
        ptr: usize,
        size: usize,
        attribute: i32,
    ) -> Result<RangeValue, RuntimeError> {
        self.with_advice(ptr, size, |advice| advice.attribute(attribute))
    }
}

/// Whether a block of `size` bytes is a mapping of its own (the same answer for the life of
/// the process, so the release of a block takes the way its allocation took).
fn own_mapping(size: usize) -> bool {
    size >= OWN_MAPPING_FROM && !checked_heap()
}

/// Whether the program runs under a memory checker that watches the heap (AddressSanitizer
/// linked in, or valgrind's preloaded library): every block then comes from the heap, so
/// that a read past a large block is reported as it is past a small one.
fn checked_heap() -> bool {
    static CHECKED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *CHECKED.get_or_init(|| {
        // SAFETY: a lookup by a NUL-terminated name in the global scope; nothing is called.
        let asan = !unsafe { libc::dlsym(libc::RTLD_DEFAULT, c"__asan_init".as_ptr()) }.is_null();
        let valgrind = std::env::var_os("LD_PRELOAD")
            .is_some_and(|preload| preload.to_string_lossy().contains("vgpreload"));
        asan || valgrind
    })
}

/// `size` rounded up to whole pages, or None past `usize::MAX`.
fn mapped_length(size: usize) -> Option<usize> {
    size.checked_add(PAGE - 1).map(|n| n & !(PAGE - 1))
}

/// A zeroed, readable and writable block of at least `size` bytes, page-aligned (so at
/// `ALIGNMENT`), a mapping of its own; None when the system has no room for it.
fn map_zeroed(size: usize) -> Option<*mut u8> {
    let length = mapped_length(size)?;
    // SAFETY: an anonymous private mapping at an address of the kernel's choosing; it
    // touches no existing memory.
    let base = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            length,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        )
    };
    (base != libc::MAP_FAILED).then_some(base.cast::<u8>())
}

/// Gives back a block from `map_zeroed(size)`.
fn unmap(pointer: *mut u8, size: usize) {
    let length = mapped_length(size).expect("the block was mapped with this length");
    // SAFETY: the block was mapped by `map_zeroed` with this size and is released once; nothing
    // of the program's may use it afterwards (hipFree's contract). A failure leaves the pages
    // mapped, which wastes them but breaks nothing.
    unsafe {
        libc::munmap(pointer.cast::<c_void>(), length);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every allocation starts zeroed, as fresh GPU memory does in practice, also one that
    /// reuses the memory of freed, dirty blocks.
    #[test]
    fn allocations_start_zeroed() {
        let memory = Memory::default();
        for kind in [Kind::Device, Kind::Managed, Kind::Host] {
            for round in 0..3 {
                let blocks: Vec<*mut u8> = (0..64)
                    .map(|_| memory.allocate(4000, kind, 0).unwrap())
                    .collect();
                for pointer in &blocks {
                    // SAFETY: a live allocation of 4000 bytes.
                    let bytes = unsafe { std::slice::from_raw_parts_mut(*pointer, 4000) };
                    assert!(
                        bytes.iter().all(|byte| *byte == 0),
                        "{kind:?}, round {round}"
                    );
                    bytes.fill(0xa5);
                }
                for pointer in blocks {
                    memory.release(pointer as usize).unwrap();
                }
            }
        }
    }

    /// Blocks with a mapping of their own start zeroed and aligned, are usable to their last
    /// byte, and are known by any address inside them; a second block after the first is
    /// freed is zeroed again.
    #[test]
    fn large_blocks_are_mapped_zeroed_and_aligned() {
        let memory = Memory::default();
        for size in [
            OWN_MAPPING_FROM,
            OWN_MAPPING_FROM + 1,
            3 * OWN_MAPPING_FROM + 17,
        ] {
            for _ in 0..2 {
                let pointer = memory.allocate(size, Kind::Device, 0).unwrap();
                assert_eq!(pointer as usize % ALIGNMENT, 0, "{size}");
                // SAFETY: a live allocation of `size` bytes.
                let bytes = unsafe { std::slice::from_raw_parts_mut(pointer, size) };
                assert!(bytes.iter().all(|byte| *byte == 0), "{size}");
                bytes.fill(0x5a);
                let info = memory
                    .pointer_info(unsafe { pointer.add(size - 1) } as *const c_void)
                    .unwrap();
                assert_eq!(info.base, pointer as u64);
                memory.release(pointer as usize).unwrap();
            }
        }
        assert!(memory.allocate(usize::MAX / 2, Kind::Device, 0).is_err());
    }

    #[test]
    fn pointers_inside_allocations_and_registrations_are_known() {
        let memory = Memory::default();
        let device = memory.allocate(1000, Kind::Device, 0).unwrap() as usize;
        let info = memory.pointer_info((device + 10) as *const c_void).unwrap();
        assert_eq!(info.memory_type, memory_type::DEVICE);
        assert_eq!(info.base, device as u64);
        assert!(info.host_pointer.is_null());
        assert!(memory.is_pinned(device + 10, 990));
        assert!(!memory.is_pinned(device + 10, 2000));

        let mut buffer = vec![0u8; 4096];
        let host = buffer.as_mut_ptr() as usize;
        assert!(memory.pointer_info(host as *const c_void).is_none());
        memory.register(host, 4096, 0).unwrap();
        let code = |result: Result<(), RuntimeError>| result.unwrap_err().code();
        assert_eq!(
            code(memory.register(host + 100, 10, 0)),
            HipError::ErrorHostMemoryAlreadyRegistered
        );
        assert_eq!(memory.host_flags(host + 5).unwrap() & MAPPED, MAPPED);
        assert_eq!(
            memory
                .pointer_info(host as *const c_void)
                .unwrap()
                .memory_type,
            memory_type::HOST
        );
        memory.unregister(host).unwrap();
        assert_eq!(
            code(memory.unregister(host)),
            HipError::ErrorHostMemoryNotRegistered
        );
        memory.release(device).unwrap();
        assert!(memory.release(device).is_err());
    }

    #[test]
    fn advice_is_kept_per_managed_allocation() {
        let memory = Memory::default();
        let managed = memory.allocate(4096, Kind::Managed, 1).unwrap() as usize;
        memory
            .advise(managed + 64, 128, 3, Location::Device(0))
            .unwrap();
        memory.advise(managed, 4096, 5, Location::Host).unwrap();
        memory.advise(managed, 4096, 5, Location::Host).unwrap();
        memory.prefetch(managed, 16, Location::Host).unwrap();
        let get = |attribute| memory.range_attribute(managed, 4096, attribute).unwrap();
        assert_eq!(get(1), RangeValue::Int(0));
        assert_eq!(get(2), RangeValue::Location(Some(Location::Device(0))));
        assert_eq!(get(3), RangeValue::Locations(vec![Location::Host]));
        assert_eq!(get(4), RangeValue::Location(Some(Location::Host)));
        // Outside the allocation, or device memory: invalid.
        assert!(memory.advise(managed, 5000, 1, Location::Host).is_err());
        let device = memory.allocate(64, Kind::Device, 0).unwrap() as usize;
        assert!(memory.prefetch(device, 64, Location::Host).is_err());
    }
}
