//! One launch's kernarg segment, laid out from the kernel's metadata (hip-abi.md §3.4): the
//! explicit arguments at their offsets, then every hidden argument the kernel lists, with
//! the values a HIP launch gives them. The buffer is zeroed first, so whatever the kernel
//! does not list reads as 0.
//!
//! Pure: this module allocates nothing on the device and talks to no driver; the caller
//! provides the buffer (`size_and_align`) and the addresses of the runtime's services.

use super::metadata::{ArgKind, Hidden, KernelInfo};

/// The launch shape, in HIP's terms.
pub(crate) struct Dispatch {
    /// Blocks per dimension (`gridDim`), not work-items.
    pub(crate) grid: [u32; 3],
    /// Threads per block (`blockDim`).
    pub(crate) block: [u32; 3],
    /// Dynamic shared memory bytes of this launch.
    pub(crate) dynamic_shared: u32,
}

/// Addresses of the runtime's services for this launch (0 where there is none).
pub(crate) struct Services {
    pub(crate) printf_buffer: u64,
    pub(crate) hostcall_buffer: u64,
    pub(crate) heap: u64,
    pub(crate) multigrid_sync: u64,
    /// The `hsa_queue_t` the packet goes to.
    pub(crate) queue: u64,
    /// High halves of the private and group apertures (targets without aperture registers).
    pub(crate) private_base: u32,
    pub(crate) shared_base: u32,
}

/// Where the explicit arguments come from.
pub(crate) enum Arguments<'a> {
    /// clang's `void*` array: one pointer per explicit argument, each to a value of at least
    /// the argument's device size.
    Pointers(&'a [*const u8]),
    /// `hipModuleLaunchKernel`'s packed buffer (`HIP_LAUNCH_PARAM_BUFFER_POINTER`): the
    /// arguments at their natural offsets, which are the metadata's offsets.
    Packed(&'a [u8]),
}

/// Why a kernarg segment could not be filled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum KernargError {
    #[error("the kernarg buffer holds {buffer} bytes, fewer than the kernel's segment ({segment} bytes)")]
    BufferTooSmall { buffer: usize, segment: u32 },
    #[error(
        "argument {index} (bytes {offset}..{end}) lies outside the {limit}-byte kernarg segment"
    )]
    Outside {
        index: usize,
        offset: u32,
        end: u64,
        limit: usize,
    },
    #[error("the kernel takes {expected} arguments, but {given} were given")]
    ArgumentCount { expected: usize, given: usize },
    #[error("argument {index} is a null pointer")]
    NullArgument { index: usize },
    #[error("the packed arguments ({given} bytes) end before argument {index} does (byte {end})")]
    PackedTooShort {
        index: usize,
        end: u64,
        given: usize,
    },
    #[error(
        "a block dimension of {size} (axis {axis}) does not fit the 16-bit `hidden_group_size`"
    )]
    BlockTooLarge { axis: usize, size: u32 },
    #[error("the value {value:#x} of hidden argument {index} does not fit its {size} bytes")]
    ValueTooLarge { index: usize, value: u64, size: u32 },
}

const _: () = assert!(usize::BITS >= u32::BITS, "a u32 widens to a usize");

/// A metadata count as an index; lossless by the assertion above.
fn widen(value: u32) -> usize {
    value as usize
}

/// Bytes and alignment to allocate: at least the segment's size (and 16 bytes), aligned to
/// at least 16 and to the segment's alignment, the size a multiple of the alignment.
pub(crate) fn size_and_align(kernel: &KernelInfo) -> (usize, usize) {
    let align = widen(kernel.kernarg_segment_align)
        .max(16)
        .next_power_of_two();
    let size = widen(kernel.kernarg_segment_size)
        .max(16)
        .next_multiple_of(align);
    (size, align)
}

/// The device size of each explicit argument, in order: how many bytes to copy from each of
/// a launch's argument pointers.
pub(crate) fn argument_sizes(kernel: &KernelInfo) -> Vec<usize> {
    kernel.explicit_args().map(|arg| widen(arg.size)).collect()
}

/// Fills `out` (at least `size_and_align(kernel).0` bytes, at least the segment) for one
/// launch.
pub(crate) fn fill(
    kernel: &KernelInfo,
    arguments: &Arguments<'_>,
    dispatch: &Dispatch,
    services: &Services,
    out: &mut [u8],
) -> Result<(), KernargError> {
    let segment = widen(kernel.kernarg_segment_size);
    if out.len() < segment {
        return Err(KernargError::BufferTooSmall {
            buffer: out.len(),
            segment: kernel.kernarg_segment_size,
        });
    }
    let expected = kernel.explicit_args().count();
    if let Arguments::Pointers(pointers) = arguments {
        if pointers.len() != expected {
            return Err(KernargError::ArgumentCount {
                expected,
                given: pointers.len(),
            });
        }
    }
    for (axis, size) in dispatch.block.iter().enumerate() {
        if u16::try_from(*size).is_err() {
            return Err(KernargError::BlockTooLarge { axis, size: *size });
        }
    }
    out.fill(0);
    let mut explicit_index = 0usize;
    for (index, arg) in kernel.args.iter().enumerate() {
        let start = widen(arg.offset);
        let end = start.saturating_add(widen(arg.size));
        let Some(slot) = out.get_mut(start..end).filter(|_| end <= segment) else {
            return Err(KernargError::Outside {
                index,
                offset: arg.offset,
                end: u64::from(arg.offset) + u64::from(arg.size),
                limit: segment,
            });
        };
        if let ArgKind::Hidden(hidden) = &arg.kind {
            let value = hidden_value(hidden, dispatch, services);
            put(slot, value).ok_or(KernargError::ValueTooLarge {
                index,
                value,
                size: arg.size,
            })?;
            continue;
        }
        match arguments {
            Arguments::Pointers(pointers) => {
                let pointer = pointers
                    .get(explicit_index)
                    .copied()
                    .unwrap_or(std::ptr::null());
                if pointer.is_null() {
                    return Err(KernargError::NullArgument {
                        index: explicit_index,
                    });
                }
                // SAFETY: the caller's array holds, for parameter `explicit_index`, a pointer
                // to a live value of the parameter's type, whose size is the device's `size`
                // (clang lays out host and device types alike); `slot` is `size` bytes of our
                // own buffer, which cannot overlap the caller's value.
                let value = unsafe { std::slice::from_raw_parts(pointer, slot.len()) };
                slot.copy_from_slice(value);
            }
            Arguments::Packed(buffer) => {
                let Some(value) = buffer.get(start..end) else {
                    return Err(KernargError::PackedTooShort {
                        index: explicit_index,
                        end: u64::from(arg.offset) + u64::from(arg.size),
                        given: buffer.len(),
                    });
                };
                slot.copy_from_slice(value);
            }
        }
        explicit_index += 1;
    }
    Ok(())
}

/// What a HIP launch writes for one hidden argument (hip-abi.md §3.4, "what the runtime
/// writes").
fn hidden_value(hidden: &Hidden, dispatch: &Dispatch, services: &Services) -> u64 {
    let axis = |values: &[u32; 3], axis: usize| values.get(axis).copied().map_or(0, u64::from);
    match hidden {
        Hidden::BlockCount(index) => axis(&dispatch.grid, *index),
        Hidden::GroupSize(index) => axis(&dispatch.block, *index),
        // HIP launches whole blocks only, and has no global offset.
        Hidden::Remainder(_) | Hidden::GlobalOffset(_) => 0,
        // The dimensions of the dispatch packet, which the runtime always sets to 3.
        Hidden::GridDims => 3,
        Hidden::PrintfBuffer => services.printf_buffer,
        Hidden::HostcallBuffer => services.hostcall_buffer,
        Hidden::MultigridSyncArg => services.multigrid_sync,
        Hidden::HeapV1 => services.heap,
        Hidden::DynamicLdsSize => u64::from(dispatch.dynamic_shared),
        Hidden::PrivateBase => u64::from(services.private_base),
        Hidden::SharedBase => u64::from(services.shared_base),
        Hidden::QueuePtr => services.queue,
        // OpenCL's device enqueue, and slots no kernel reads.
        Hidden::DefaultQueue | Hidden::CompletionAction | Hidden::None | Hidden::Unknown(_) => 0,
    }
}

/// Writes `value` little-endian into `slot`; `None` if it does not fit. Bytes past the
/// eighth stay zero.
fn put(slot: &mut [u8], value: u64) -> Option<()> {
    let bytes = value.to_le_bytes();
    let count = slot.len().min(bytes.len());
    if bytes[count..].iter().any(|byte| *byte != 0) {
        return None;
    }
    slot[..count].copy_from_slice(&bytes[..count]);
    Some(())
}

#[cfg(test)]
mod tests {
    use super::super::metadata::{ground_truth::builds, parse, ArgInfo};
    use super::*;

    fn arg(offset: u32, size: u32, kind: ArgKind) -> ArgInfo {
        ArgInfo { offset, size, kind }
    }

    fn kernel() -> KernelInfo {
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
                arg(72, 8, ArgKind::Hidden(Hidden::None)),
                arg(104, 4, ArgKind::Hidden(Hidden::DynamicLdsSize)),
                arg(112, 8, ArgKind::Hidden(Hidden::QueuePtr)),
            ],
            ..KernelInfo::default()
        }
    }

    fn services() -> Services {
        Services {
            printf_buffer: 0x1111_2222_3333_4440,
            hostcall_buffer: 0x5555_6666_7777_8880,
            heap: 0x0999_aaaa_bbbb_ccc0,
            multigrid_sync: 0x0ddd_eeee_ffff_0010,
            queue: 0x7f00_1234_5678_9ac0,
            private_base: 0x1234_5678,
            shared_base: 0x9abc_def0,
        }
    }

    fn dispatch(block: [u32; 3]) -> Dispatch {
        Dispatch {
            grid: [7, 1, 9],
            block,
            dynamic_shared: 512,
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
        let dispatch = dispatch([256, 1, 1]);
        fill(
            &kernel,
            &Arguments::Pointers(&pointers),
            &dispatch,
            &services(),
            &mut out,
        )
        .expect("fits");
        let mut expected = vec![0u8; size];
        expected[0] = 0x41;
        for (at, width, value) in [
            (8, 8, p),
            (16, 4, 7),
            (20, 4, 9),
            (28, 2, 256),
            (56, 2, 3),
            (64, 8, services().hostcall_buffer),
            (104, 4, 512),
            (112, 8, services().queue),
        ] {
            expected[at..at + width].copy_from_slice(&value.to_le_bytes()[..width]);
        }
        assert_eq!(out, expected);
        assert_eq!(le(&out, 28, 2), 256);
        assert_eq!(argument_sizes(&kernel), [1, 8]);
    }

    #[test]
    fn packed_arguments_use_the_metadata_offsets() {
        let kernel = kernel();
        let mut packed = vec![0u8; 16];
        packed[0] = 9;
        packed[8..16].copy_from_slice(&0xfeedu64.to_le_bytes());
        let mut out = vec![0u8; 128];
        let services = services();
        fill(
            &kernel,
            &Arguments::Packed(&packed),
            &dispatch([1, 1, 1]),
            &services,
            &mut out,
        )
        .expect("fits");
        assert_eq!((out[0], le(&out, 8, 8)), (9, 0xfeed));
        let error = fill(
            &kernel,
            &Arguments::Packed(&packed[..12]),
            &dispatch([1, 1, 1]),
            &services,
            &mut out,
        );
        assert_eq!(
            error.expect_err("short").to_string(),
            "the packed arguments (12 bytes) end before argument 1 does (byte 16)"
        );
    }

    #[test]
    fn sizes_and_alignments() {
        let shape = |size, align| {
            size_and_align(&KernelInfo {
                kernarg_segment_size: size,
                kernarg_segment_align: align,
                ..KernelInfo::default()
            })
        };
        assert_eq!(shape(0, 4), (16, 16));
        assert_eq!(shape(40, 16), (48, 16));
        assert_eq!(shape(264, 8), (272, 16));
        assert_eq!(shape(100, 32), (128, 32));
    }

    #[test]
    fn what_does_not_fit_is_an_error() {
        let kernel = kernel();
        let c = 1u8;
        let p = 2u64;
        let pointers = [(&raw const c).cast::<u8>(), (&raw const p).cast::<u8>()];
        let services = services();
        let mut out = [0u8; 128];
        let mut attempt = |kernel: &KernelInfo, pointers: &[*const u8], block, size: usize| {
            fill(
                kernel,
                &Arguments::Pointers(pointers),
                &dispatch(block),
                &services,
                &mut out[..size],
            )
            .expect_err("refused")
            .to_string()
        };
        assert_eq!(
            attempt(&kernel, &pointers, [1, 70_000, 1], 128),
            "a block dimension of 70000 (axis 1) does not fit the 16-bit `hidden_group_size`"
        );
        assert_eq!(
            attempt(&kernel, &pointers, [1, 1, 1], 64),
            "the kernarg buffer holds 64 bytes, fewer than the kernel's segment (120 bytes)"
        );
        assert_eq!(
            attempt(&kernel, &pointers[..1], [1, 1, 1], 128),
            "the kernel takes 2 arguments, but 1 were given"
        );
        assert_eq!(
            attempt(&kernel, &[pointers[0], std::ptr::null()], [1, 1, 1], 128),
            "argument 1 is a null pointer"
        );
        let mut past = kernel.clone();
        past.args.push(arg(118, 4, ArgKind::Hidden(Hidden::HeapV1)));
        assert_eq!(
            attempt(&past, &pointers, [1, 1, 1], 128),
            "argument 11 (bytes 118..122) lies outside the 120-byte kernarg segment"
        );
        let mut narrow = kernel.clone();
        narrow.args[2].size = 1;
        let mut out = [0u8; 128];
        let wide_grid = Dispatch {
            grid: [300, 1, 1],
            block: [1, 1, 1],
            dynamic_shared: 0,
        };
        assert_eq!(
            fill(
                &narrow,
                &Arguments::Pointers(&pointers),
                &wide_grid,
                &services,
                &mut out
            )
            .expect_err("refused")
            .to_string(),
            "the value 0x12c of hidden argument 2 does not fit its 1 bytes"
        );
    }

    /// What hip-abi.md §3.4 says a HIP launch writes for each hidden `.value_kind`, written
    /// out by name.
    fn hidden_value_for(kind: &str, dispatch: &Dispatch, services: &Services) -> u64 {
        match kind {
            "hidden_block_count_x" => u64::from(dispatch.grid[0]),
            "hidden_block_count_y" => u64::from(dispatch.grid[1]),
            "hidden_block_count_z" => u64::from(dispatch.grid[2]),
            "hidden_group_size_x" => u64::from(dispatch.block[0]),
            "hidden_group_size_y" => u64::from(dispatch.block[1]),
            "hidden_group_size_z" => u64::from(dispatch.block[2]),
            "hidden_remainder_x" | "hidden_remainder_y" | "hidden_remainder_z" => 0,
            "hidden_global_offset_x" | "hidden_global_offset_y" | "hidden_global_offset_z" => 0,
            "hidden_grid_dims" => 3,
            "hidden_printf_buffer" => services.printf_buffer,
            "hidden_hostcall_buffer" => services.hostcall_buffer,
            "hidden_multigrid_sync_arg" => services.multigrid_sync,
            "hidden_heap_v1" => services.heap,
            "hidden_default_queue" | "hidden_completion_action" | "hidden_none" => 0,
            "hidden_dynamic_lds_size" => u64::from(dispatch.dynamic_shared),
            "hidden_private_base" => u64::from(services.private_base),
            "hidden_shared_base" => u64::from(services.shared_base),
            "hidden_queue_ptr" => services.queue,
            other => panic!("clang printed a hidden kind the test does not know: {other}"),
        }
    }

    /// For every kernel clang 22 built, each argument's bytes are where `llvm-readelf` puts
    /// it, with the launch's value; every other byte is zero; the packed form gives the same
    /// bytes.
    #[test]
    fn every_kernel_is_laid_out_where_llvm_readelf_says() {
        let Some(builds) = builds() else { return };
        let dispatch = Dispatch {
            grid: [5, 6, 70_000],
            block: [64, 2, 3],
            dynamic_shared: 4096,
        };
        let services = services();
        let (mut explicit_checked, mut hidden_checked) = (0, 0);
        for build in builds {
            let code_object =
                parse(&build.bytes).unwrap_or_else(|e| panic!("{}: {e}", build.label));
            for expected in build.metadata.at("amdhsa.kernels").items() {
                let name = expected.at(".name").text();
                let place = format!("{}, `{name}`", build.label);
                let kernel = code_object.kernel(name).expect("the kernel");
                let args: Vec<(usize, usize, &str)> = expected
                    .get(".args")
                    .map(|args| args.items())
                    .unwrap_or_default()
                    .iter()
                    .map(|arg| {
                        let number = |key| usize::try_from(arg.at(key).number()).expect("small");
                        (
                            number(".offset"),
                            number(".size"),
                            arg.at(".value_kind").text(),
                        )
                    })
                    .collect();
                let explicit: Vec<(usize, usize)> = args
                    .iter()
                    .filter(|(_, _, kind)| !kind.starts_with("hidden_"))
                    .map(|(offset, size, _)| (*offset, *size))
                    .collect();
                // A distinct non-zero byte pattern for each explicit argument.
                let values: Vec<Vec<u8>> = explicit
                    .iter()
                    .enumerate()
                    .map(|(index, (_, size))| {
                        (0..*size)
                            .map(|at| 1 + u8::try_from((index * 31 + at * 7) % 255).expect("< 255"))
                            .collect()
                    })
                    .collect();
                let pointers: Vec<*const u8> = values.iter().map(|value| value.as_ptr()).collect();
                let segment =
                    usize::try_from(expected.at(".kernarg_segment_size").number()).expect("small");
                let segment_align =
                    usize::try_from(expected.at(".kernarg_segment_align").number()).expect("small");
                let (size, align) = size_and_align(kernel);
                assert!(
                    size >= segment && size % align == 0,
                    "{place}: {size} bytes"
                );
                assert!(
                    align.is_power_of_two() && align >= segment_align.max(16),
                    "{place}: align {align}"
                );
                assert_eq!(
                    argument_sizes(kernel),
                    explicit.iter().map(|(_, size)| *size).collect::<Vec<_>>(),
                    "{place}"
                );

                let mut out = vec![0xa5u8; size];
                fill(
                    kernel,
                    &Arguments::Pointers(&pointers),
                    &dispatch,
                    &services,
                    &mut out,
                )
                .unwrap_or_else(|error| panic!("{place}: {error}"));
                let mut covered = vec![false; size];
                let mut explicit_index = 0;
                for (offset, width, kind) in &args {
                    let bytes = &out[*offset..offset + width];
                    covered[*offset..offset + width].fill(true);
                    if kind.starts_with("hidden_") {
                        let value = hidden_value_for(kind, &dispatch, &services).to_le_bytes();
                        let wanted: Vec<u8> = (0..*width)
                            .map(|at| value.get(at).copied().unwrap_or(0))
                            .collect();
                        assert!(
                            value[(*width).min(8)..].iter().all(|byte| *byte == 0),
                            "{place}: the test's {kind} is too wide"
                        );
                        assert_eq!(bytes, wanted, "{place}: {kind} at {offset}");
                        hidden_checked += 1;
                    } else {
                        assert_eq!(
                            bytes, values[explicit_index],
                            "{place}: argument {explicit_index} ({kind}) at {offset}"
                        );
                        explicit_index += 1;
                        explicit_checked += 1;
                    }
                }
                for (at, byte) in out.iter().enumerate() {
                    assert!(
                        covered[at] || *byte == 0,
                        "{place}: byte {at} is {byte:#x}, not 0"
                    );
                }

                // The same launch from a packed buffer, as hipModuleLaunchKernel's host
                // lays it out.
                let packed_size = explicit
                    .iter()
                    .map(|(offset, size)| offset + size)
                    .max()
                    .unwrap_or(0);
                let mut packed = vec![0u8; packed_size];
                for ((offset, size), value) in explicit.iter().zip(&values) {
                    packed[*offset..offset + size].copy_from_slice(value);
                }
                let mut again = vec![0x5au8; size];
                fill(
                    kernel,
                    &Arguments::Packed(&packed),
                    &dispatch,
                    &services,
                    &mut again,
                )
                .unwrap_or_else(|error| panic!("{place}: {error}"));
                assert_eq!(again, out, "{place}: packed");
                if packed_size > 0 {
                    let short = &packed[..packed_size - 1];
                    assert!(
                        fill(
                            kernel,
                            &Arguments::Packed(short),
                            &dispatch,
                            &services,
                            &mut again
                        )
                        .is_err(),
                        "{place}: a short packed buffer"
                    );
                    let fewer = &pointers[..pointers.len() - 1];
                    assert!(
                        fill(
                            kernel,
                            &Arguments::Pointers(fewer),
                            &dispatch,
                            &services,
                            &mut again
                        )
                        .is_err(),
                        "{place}: too few pointers"
                    );
                }
                if segment > 0 {
                    assert!(
                        fill(
                            kernel,
                            &Arguments::Pointers(&pointers),
                            &dispatch,
                            &services,
                            &mut again[..segment - 1]
                        )
                        .is_err(),
                        "{place}: a buffer short of the segment"
                    );
                }
            }
        }
        assert!(
            explicit_checked > 300 && hidden_checked > 1000,
            "{explicit_checked} explicit, {hidden_checked} hidden"
        );
    }
}
