//! AQL packets (HSA Platform System Architecture, hip-abi.md §4.4): what goes into a queue
//! slot, and how a slot is published. Pure except [`publish`], which writes one slot.
//!
//! A packet is 64 bytes. Its first 32 bits (the header and the `setup` field) are written
//! last, in one atomic store with release ordering, so that the packet processor never
//! sees a valid header over half-written fields.

use std::sync::atomic::{AtomicU32, Ordering};

/// Packet types (header bits 0–7).
pub(crate) const PACKET_TYPE_KERNEL_DISPATCH: u16 = 2;
pub(crate) const PACKET_TYPE_BARRIER_AND: u16 = 3;

/// Header bit 8: the packet waits for every earlier packet of its queue to complete.
const HEADER_BARRIER: u16 = 1 << 8;
/// Bits 9–10 and 11–12: acquire and release fence scopes.
const ACQUIRE_SHIFT: u16 = 9;
const RELEASE_SHIFT: u16 = 11;
/// `HSA_FENCE_SCOPE_SYSTEM`: the host sees what the kernel wrote, and the kernel what the
/// host wrote before the launch (fine-grained host memory, kernargs, printf buffers).
const FENCE_SCOPE_SYSTEM: u16 = 2;

/// The header of every packet the backend submits: in order with the rest of its queue
/// (a HIP stream), with system-scope fences on both sides. For a kernel dispatch this is
/// 0x1502.
pub(crate) const fn header(packet_type: u16) -> u16 {
    packet_type
        | HEADER_BARRIER
        | (FENCE_SCOPE_SYSTEM << ACQUIRE_SHIFT)
        | (FENCE_SCOPE_SYSTEM << RELEASE_SHIFT)
}

/// `hsa_kernel_dispatch_packet_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct KernelDispatch {
    pub(crate) header: u16,
    pub(crate) setup: u16,
    pub(crate) workgroup_size: [u16; 3],
    pub(crate) reserved0: u16,
    pub(crate) grid_size: [u32; 3],
    pub(crate) private_segment_size: u32,
    pub(crate) group_segment_size: u32,
    pub(crate) kernel_object: u64,
    pub(crate) kernarg_address: u64,
    pub(crate) reserved2: u64,
    pub(crate) completion_signal: u64,
}

/// `hsa_barrier_and_packet_t`: completes when every dependency signal is 0.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct BarrierAnd {
    pub(crate) header: u16,
    pub(crate) reserved0: u16,
    pub(crate) reserved1: u32,
    pub(crate) dependencies: [u64; 5],
    pub(crate) reserved2: u64,
    pub(crate) completion_signal: u64,
}

/// What of a launch is too large for a dispatch packet.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum DispatchError {
    /// A block dimension does not fit the packet's 16-bit work-group size.
    Block { axis: usize, size: u32 },
    /// Blocks × block size in one dimension does not fit the packet's 32-bit grid size
    /// (HSA counts the grid in work-items, HIP in blocks).
    Grid { axis: usize, work_items: u64 },
    /// The static plus dynamic LDS overflows 32 bits.
    GroupSegment,
}

impl std::fmt::Display for DispatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let axis = |axis: &usize| ["x", "y", "z"].get(*axis).copied().unwrap_or("?");
        match self {
            DispatchError::Block { axis: a, size } => write!(
                f,
                "block dimension {} is {size}; an AMD GPU takes at most 65535",
                axis(a)
            ),
            DispatchError::Grid { axis: a, work_items } => write!(
                f,
                "the grid has {work_items} threads in dimension {}; an AMD GPU takes at most 4294967295",
                axis(a)
            ),
            DispatchError::GroupSegment => {
                f.write_str("static and dynamic shared memory together overflow 32 bits")
            }
        }
    }
}

/// What one kernel dispatch needs.
pub(crate) struct DispatchFields {
    /// Blocks per dimension (HIP's `gridDim`).
    pub(crate) grid: [u32; 3],
    /// Threads per block (`blockDim`).
    pub(crate) block: [u32; 3],
    /// From the kernel descriptor or metadata: bytes of scratch per work-item.
    pub(crate) private_segment_size: u32,
    /// Static LDS of the kernel (`group_segment_fixed_size`).
    pub(crate) group_segment_fixed_size: u32,
    pub(crate) dynamic_shared: u32,
    pub(crate) kernel_object: u64,
    pub(crate) kernarg_address: u64,
    pub(crate) completion_signal: u64,
}

/// The dispatch packet for one launch. Always three dimensions, as clr does: unused ones
/// have size 1.
pub(crate) fn kernel_dispatch(fields: &DispatchFields) -> Result<KernelDispatch, DispatchError> {
    let mut workgroup_size = [0u16; 3];
    let mut grid_size = [0u32; 3];
    for axis in 0..3 {
        let block = fields.block[axis];
        workgroup_size[axis] =
            u16::try_from(block).map_err(|_| DispatchError::Block { axis, size: block })?;
        let work_items = u64::from(fields.grid[axis]) * u64::from(block);
        grid_size[axis] =
            u32::try_from(work_items).map_err(|_| DispatchError::Grid { axis, work_items })?;
    }
    Ok(KernelDispatch {
        header: header(PACKET_TYPE_KERNEL_DISPATCH),
        setup: 3,
        workgroup_size,
        reserved0: 0,
        grid_size,
        private_segment_size: fields.private_segment_size,
        group_segment_size: fields
            .group_segment_fixed_size
            .checked_add(fields.dynamic_shared)
            .ok_or(DispatchError::GroupSegment)?,
        kernel_object: fields.kernel_object,
        kernarg_address: fields.kernarg_address,
        reserved2: 0,
        completion_signal: fields.completion_signal,
    })
}

/// A barrier-AND packet waiting for up to five signals (0 handles are ignored by the
/// packet processor).
pub(crate) fn barrier_and(dependencies: &[u64], completion_signal: u64) -> BarrierAnd {
    let mut packet = BarrierAnd {
        header: header(PACKET_TYPE_BARRIER_AND),
        completion_signal,
        ..BarrierAnd::default()
    };
    for (slot, signal) in packet.dependencies.iter_mut().zip(dependencies) {
        *slot = *signal;
    }
    packet
}

/// A packet's 64 bytes as the queue holds them, with its first word (header and setup)
/// apart, for [`publish`].
pub(crate) trait Packet: Copy {
    fn bytes(&self) -> [u8; 64];
}

impl Packet for KernelDispatch {
    fn bytes(&self) -> [u8; 64] {
        // SAFETY: `KernelDispatch` is `repr(C)`, 64 bytes of plain integers with no padding
        // (checked in the tests).
        unsafe { std::mem::transmute::<KernelDispatch, [u8; 64]>(*self) }
    }
}

impl Packet for BarrierAnd {
    fn bytes(&self) -> [u8; 64] {
        // SAFETY: as above.
        unsafe { std::mem::transmute::<BarrierAnd, [u8; 64]>(*self) }
    }
}

/// Writes `packet` into the queue slot at `slot`: bytes 4..64 first, then the first 32 bits
/// in one atomic release store, which hands the slot to the packet processor.
///
/// # Safety
/// `slot` is a 64-byte-aligned slot of a queue's ring that this thread reserved (by bumping
/// the write index) and the packet processor has released (the read index has passed it).
pub(crate) unsafe fn publish<P: Packet>(slot: *mut u8, packet: &P) {
    let bytes = packet.bytes();
    // SAFETY: the slot is 64 writable bytes (contract); the body does not overlap `bytes`.
    unsafe { std::ptr::copy_nonoverlapping(bytes[4..].as_ptr(), slot.add(4), 60) };
    let first = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    // SAFETY: the slot is 64-byte aligned, so its first 4 bytes are an aligned u32 that
    // only this thread writes until the release below hands it over.
    let word = unsafe { AtomicU32::from_ptr(slot.cast::<u32>()) };
    word.store(first, Ordering::Release);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn launch() -> DispatchFields {
        DispatchFields {
            grid: [1000, 2, 1],
            block: [256, 1, 1],
            private_segment_size: 16,
            group_segment_fixed_size: 1024,
            dynamic_shared: 4096,
            kernel_object: 0x7f00_0000_1000,
            kernarg_address: 0x7f00_0000_2000,
            completion_signal: 0x55,
        }
    }

    #[test]
    fn packets_have_the_hsa_layout() {
        assert_eq!(std::mem::size_of::<KernelDispatch>(), 64);
        assert_eq!(std::mem::size_of::<BarrierAnd>(), 64);
        assert_eq!(std::mem::offset_of!(KernelDispatch, workgroup_size), 4);
        assert_eq!(std::mem::offset_of!(KernelDispatch, grid_size), 12);
        assert_eq!(
            std::mem::offset_of!(KernelDispatch, private_segment_size),
            24
        );
        assert_eq!(std::mem::offset_of!(KernelDispatch, group_segment_size), 28);
        assert_eq!(std::mem::offset_of!(KernelDispatch, kernel_object), 32);
        assert_eq!(std::mem::offset_of!(KernelDispatch, kernarg_address), 40);
        assert_eq!(std::mem::offset_of!(KernelDispatch, completion_signal), 56);
        assert_eq!(std::mem::offset_of!(BarrierAnd, dependencies), 8);
        assert_eq!(std::mem::offset_of!(BarrierAnd, completion_signal), 56);
    }

    #[test]
    fn the_dispatch_header_is_clrs() {
        // Kernel dispatch, barrier bit, system-scope acquire and release (hip-abi.md §4.4).
        assert_eq!(header(PACKET_TYPE_KERNEL_DISPATCH), 0x1502);
        assert_eq!(header(PACKET_TYPE_BARRIER_AND), 0x1503);
    }

    #[test]
    fn grid_sizes_are_work_items_and_lds_adds_up() {
        let packet = kernel_dispatch(&launch()).expect("fits");
        assert_eq!(packet.grid_size, [256_000, 2, 1]);
        assert_eq!(packet.workgroup_size, [256, 1, 1]);
        assert_eq!(packet.setup, 3);
        assert_eq!(packet.group_segment_size, 1024 + 4096);
        assert_eq!(packet.private_segment_size, 16);
        let bytes = packet.bytes();
        assert_eq!(&bytes[0..4], &[0x02, 0x15, 3, 0]);
        assert_eq!(
            u32::from_le_bytes(bytes[12..16].try_into().unwrap()),
            256_000
        );
        assert_eq!(
            u64::from_le_bytes(bytes[32..40].try_into().unwrap()),
            0x7f00_0000_1000
        );
        assert_eq!(u64::from_le_bytes(bytes[56..64].try_into().unwrap()), 0x55);
    }

    #[test]
    fn launches_beyond_the_packet_are_refused() {
        let mut fields = launch();
        fields.grid = [u32::MAX, 1, 1];
        assert_eq!(
            kernel_dispatch(&fields),
            Err(DispatchError::Grid {
                axis: 0,
                work_items: u64::from(u32::MAX) * 256
            })
        );
        let mut fields = launch();
        fields.block = [1, 1, 70_000];
        assert!(matches!(
            kernel_dispatch(&fields),
            Err(DispatchError::Block { axis: 2, .. })
        ));
        let mut fields = launch();
        fields.dynamic_shared = u32::MAX;
        assert_eq!(kernel_dispatch(&fields), Err(DispatchError::GroupSegment));
    }

    #[test]
    fn barriers_carry_their_dependencies() {
        let packet = barrier_and(&[7, 9], 11);
        assert_eq!(packet.dependencies, [7, 9, 0, 0, 0]);
        assert_eq!(packet.completion_signal, 11);
        assert_eq!(packet.header & 0xff, PACKET_TYPE_BARRIER_AND);
    }

    #[test]
    fn publish_writes_the_header_last_and_whole() {
        #[repr(C, align(64))]
        struct Slot([u8; 64]);
        let mut slot = Slot([0xAA; 64]);
        let packet = kernel_dispatch(&launch()).expect("fits");
        // SAFETY: the slot is 64 aligned bytes owned by this test.
        unsafe { publish(slot.0.as_mut_ptr(), &packet) };
        assert_eq!(slot.0, packet.bytes());
    }
}
