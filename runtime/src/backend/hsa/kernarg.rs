//! One launch's kernarg segment, laid out from the kernel's metadata (hip-abi.md §3.4): the
//! explicit arguments at their offsets, then every hidden argument the kernel lists. The
//! buffer is zeroed first, so whatever the kernel does not list reads as 0.

use std::fmt;

use super::metadata::{ArgKind, Hidden, KernelInfo};

/// The launch shape, in HIP's terms.
pub(crate) struct Dispatch {
    /// Blocks per dimension (`gridDim`).
    pub(crate) grid: [u32; 3],
    /// Threads per block (`blockDim`).
    pub(crate) block: [u32; 3],
    pub(crate) dynamic_shared: u32,
}

/// Addresses of the runtime's services for this launch (0 where there is none).
pub(crate) struct Services {
    pub(crate) printf_buffer: u64,
    pub(crate) hostcall_buffer: u64,
    pub(crate) heap: u64,
    pub(crate) multigrid_sync: u64,
    pub(crate) queue: u64,
    pub(crate) private_base: u32,
    pub(crate) shared_base: u32,
}

/// Where the explicit arguments come from.
pub(crate) enum Arguments<'a> {
    /// clang's `void*` array: one pointer per parameter, each to at least the device size.
    Pointers(&'a [*const u8]),
    /// `hipModuleLaunchKernel`'s packed buffer: arguments at their natural offsets, which
    /// are the metadata's offsets.
    Packed(&'a [u8]),
}

#[derive(Debug, PartialEq, Eq)]
pub(crate) struct KernargError(String);

impl fmt::Display for KernargError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Bytes and alignment to allocate: at least the metadata's, aligned to 16 at least.
pub(crate) fn size_and_align(kernel: &KernelInfo) -> (usize, usize) {
    let align = (kernel.kernarg_segment_align as usize)
        .max(16)
        .next_power_of_two();
    let size = (kernel.kernarg_segment_size as usize).max(16);
    (size.next_multiple_of(align), align)
}

/// The size of each explicit argument, in order.
pub(crate) fn argument_sizes(kernel: &KernelInfo) -> Vec<usize> {
    kernel
        .explicit_args()
        .map(|arg| arg.size as usize)
        .collect()
}

/// Fills `out` (at least `size_and_align(kernel).0` bytes) for one launch.
pub(crate) fn fill(
    kernel: &KernelInfo,
    arguments: &Arguments<'_>,
    dispatch: &Dispatch,
    services: &Services,
    out: &mut [u8],
) -> Result<(), KernargError> {
    out.fill(0);
    let fail = |text: String| Err(KernargError(text));
    let mut explicit_index = 0usize;
    for arg in &kernel.args {
        let offset = arg.offset as usize;
        let size = arg.size as usize;
        let Some(slot) = out.get_mut(offset..offset + size) else {
            return fail(format!(
                "an argument at byte {offset} of {size} bytes does not fit the {}-byte buffer",
                out.len()
            ));
        };
        let put = |slot: &mut [u8], value: u64| {
            let bytes = value.to_le_bytes();
            let count = slot.len().min(8);
            slot[..count].copy_from_slice(&bytes[..count]);
        };
        match &arg.kind {
            ArgKind::Hidden(hidden) => {
                let value = match hidden {
                    Hidden::BlockCount(axis) => u64::from(dispatch.grid[*axis]),
                    Hidden::GroupSize(axis) => {
                        let size = dispatch.block[*axis];
                        if size > u32::from(u16::MAX) {
                            return fail(format!(
                                "a block dimension of {size} does not fit 16 bits"
                            ));
                        }
                        u64::from(size)
                    }
                    // HIP launches whole blocks: grid work-items are a multiple of the block.
                    Hidden::Remainder(_) | Hidden::GlobalOffset(_) => 0,
                    Hidden::GridDims => 3,
                    Hidden::PrintfBuffer => services.printf_buffer,
                    Hidden::HostcallBuffer => services.hostcall_buffer,
                    Hidden::MultigridSyncArg => services.multigrid_sync,
                    Hidden::HeapV1 => services.heap,
                    Hidden::DefaultQueue | Hidden::CompletionAction | Hidden::Unknown(_) => 0,
                    Hidden::DynamicLdsSize => u64::from(dispatch.dynamic_shared),
                    Hidden::PrivateBase => u64::from(services.private_base),
                    Hidden::SharedBase => u64::from(services.shared_base),
                    Hidden::QueuePtr => services.queue,
                };
                put(slot, value);
            }
            _ => {
                match arguments {
                    Arguments::Pointers(pointers) => {
                        let Some(pointer) = pointers.get(explicit_index) else {
                            return fail(format!(
                                "the kernel takes more than the {} arguments given",
                                pointers.len()
                            ));
                        };
                        if pointer.is_null() {
                            return fail(format!("argument {explicit_index} is a null pointer"));
                        }
                        // SAFETY: clang's argument array holds, for parameter i, a pointer to
                        // a value of the parameter's type, whose size is the device's `size`.
                        let value = unsafe { std::slice::from_raw_parts(*pointer, size) };
                        slot.copy_from_slice(value);
                    }
                    Arguments::Packed(buffer) => {
                        let Some(value) = buffer.get(offset..offset + size) else {
                            return fail(format!(
                                "the packed arguments ({} bytes) end before argument {explicit_index} (bytes {offset}..{})",
                                buffer.len(),
                                offset + size
                            ));
                        };
                        slot.copy_from_slice(value);
                    }
                }
                explicit_index += 1;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::metadata::ArgInfo;
    use super::*;

    fn kernel() -> KernelInfo {
        let arg = |offset, size, kind| ArgInfo { offset, size, kind };
        KernelInfo {
            name: "k".into(),
            symbol: "k.kd".into(),
            kernarg_segment_size: 120,
            kernarg_segment_align: 8,
            args: vec![
                arg(0, 1, ArgKind::ByValue),
                arg(8, 8, ArgKind::GlobalBuffer),
                arg(16, 4, ArgKind::Hidden(Hidden::BlockCount(0))),
                arg(20, 4, ArgKind::Hidden(Hidden::BlockCount(2))),
                arg(28, 2, ArgKind::Hidden(Hidden::GroupSize(0))),
                arg(34, 2, ArgKind::Hidden(Hidden::Remainder(0))),
                arg(56, 2, ArgKind::Hidden(Hidden::GridDims)),
                arg(64, 8, ArgKind::Hidden(Hidden::HostcallBuffer)),
                arg(104, 4, ArgKind::Hidden(Hidden::DynamicLdsSize)),
                arg(112, 8, ArgKind::Hidden(Hidden::QueuePtr)),
            ],
            ..KernelInfo::default()
        }
    }

    fn services() -> Services {
        Services {
            printf_buffer: 0,
            hostcall_buffer: 0xabc0,
            heap: 0,
            multigrid_sync: 0,
            queue: 0x5150,
            private_base: 0,
            shared_base: 0,
        }
    }

    fn le(bytes: &[u8], at: usize, size: usize) -> u64 {
        bytes[at..at + size]
            .iter()
            .rev()
            .fold(0, |value, byte| (value << 8) | u64::from(*byte))
    }

    #[test]
    fn explicit_and_hidden_arguments_land_at_their_offsets() {
        let kernel = kernel();
        let (size, align) = size_and_align(&kernel);
        assert_eq!((size, align), (128, 16));
        let c = 0x41u8;
        let p = 0x1122_3344_5566_7788u64;
        let pointers = [(&raw const c).cast::<u8>(), (&raw const p).cast::<u8>()];
        let mut out = vec![0xffu8; size];
        let dispatch = Dispatch {
            grid: [7, 1, 9],
            block: [256, 1, 1],
            dynamic_shared: 512,
        };
        fill(
            &kernel,
            &Arguments::Pointers(&pointers),
            &dispatch,
            &services(),
            &mut out,
        )
        .expect("fits");
        assert_eq!(out[0], 0x41);
        assert_eq!(&out[1..8], &[0; 7], "padding is zero");
        assert_eq!(le(&out, 8, 8), p);
        assert_eq!(le(&out, 16, 4), 7);
        assert_eq!(le(&out, 20, 4), 9);
        assert_eq!(le(&out, 28, 2), 256);
        assert_eq!(le(&out, 34, 2), 0);
        assert_eq!(le(&out, 56, 2), 3);
        assert_eq!(le(&out, 64, 8), 0xabc0);
        assert_eq!(le(&out, 104, 4), 512);
        assert_eq!(le(&out, 112, 8), 0x5150);
        assert_eq!(argument_sizes(&kernel), [1, 8]);
    }

    #[test]
    fn packed_arguments_use_the_metadata_offsets() {
        let kernel = kernel();
        let mut packed = vec![0u8; 16];
        packed[0] = 9;
        packed[8..16].copy_from_slice(&0xfeedu64.to_le_bytes());
        let mut out = vec![0u8; 128];
        let dispatch = Dispatch {
            grid: [1, 1, 1],
            block: [1, 1, 1],
            dynamic_shared: 0,
        };
        fill(
            &kernel,
            &Arguments::Packed(&packed),
            &dispatch,
            &services(),
            &mut out,
        )
        .expect("fits");
        assert_eq!((out[0], le(&out, 8, 8)), (9, 0xfeed));
        let short = &packed[..12];
        assert!(fill(
            &kernel,
            &Arguments::Packed(short),
            &dispatch,
            &services(),
            &mut out
        )
        .is_err());
    }

    #[test]
    fn what_does_not_fit_is_an_error() {
        let kernel = kernel();
        let c = 1u8;
        let p = 2u64;
        let pointers = [(&raw const c).cast::<u8>(), (&raw const p).cast::<u8>()];
        let dispatch = Dispatch {
            grid: [1, 1, 1],
            block: [70_000, 1, 1],
            dynamic_shared: 0,
        };
        let mut out = vec![0u8; 128];
        assert!(fill(
            &kernel,
            &Arguments::Pointers(&pointers),
            &dispatch,
            &services(),
            &mut out
        )
        .is_err());
        let dispatch = Dispatch {
            grid: [1, 1, 1],
            block: [1, 1, 1],
            dynamic_shared: 0,
        };
        let mut small = vec![0u8; 64];
        assert!(fill(
            &kernel,
            &Arguments::Pointers(&pointers),
            &dispatch,
            &services(),
            &mut small
        )
        .is_err());
        assert!(fill(
            &kernel,
            &Arguments::Pointers(&pointers[..1]),
            &dispatch,
            &services(),
            &mut out
        )
        .is_err());
    }
}
