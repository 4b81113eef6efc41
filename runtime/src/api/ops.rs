//! Stream operations as values: a kernel launch with its own copy of the arguments, a
//! pitched copy, a fill, a host function, an event record or wait, or a child graph.
//!
//! The asynchronous API calls build an [`Operation`] and hand it to [`submit`], which either
//! records it into the graph of a capturing stream (`capture`) or runs it at once; a graph
//! launch (`graph`) runs its operations in dependency order with [`execute`]. Copies and
//! fills are checked and cut into 2D pieces here ([`copy_plan`], [`Fill3D::pieces`]), so
//! the backends only ever see 1D and 2D work.

use std::ffi::c_void;
use std::sync::Arc;

use crate::api::pointers;
use crate::backend::{Backend, Copy2D, Fill, Launch, PackedArgs, StreamHandle};
use crate::error::{HipError, RuntimeError};
use crate::types::{Dim3, Extent, Memcpy3DParms, MemcpyKind, PitchedPtr, Pos};

/// Kernel arguments owned by an operation: one 16-byte aligned slot per parameter, or the
/// packed buffer of `hipModuleLaunchKernel`'s `extra`.
#[derive(Debug)]
pub(crate) struct Arguments {
    storage: Vec<u128>,
    /// Slot starts in `storage` (in 16-byte units) and byte sizes; empty when packed.
    slots: Vec<(usize, usize)>,
    /// Pointers into `storage`, one per slot: the `kernelParams` array a launch takes.
    pointers: Vec<*mut c_void>,
    /// `Some(size)` when `storage` holds a packed buffer of that many bytes.
    packed: Option<usize>,
}

impl Arguments {
    /// Copies `sizes.len()` arguments out of a `kernelParams` array.
    ///
    /// # Safety
    /// `args` must hold one pointer per entry of `sizes`, each readable for that many bytes.
    pub(crate) unsafe fn copy(sizes: &[usize], args: *const *mut c_void) -> Arguments {
        let mut slots = Vec::with_capacity(sizes.len());
        let mut at = 0;
        for size in sizes {
            slots.push((at, *size));
            at += size.div_ceil(16).max(1);
        }
        let mut storage = vec![0u128; at];
        for (index, (start, size)) in slots.iter().enumerate() {
            // SAFETY: the caller promises `args[index]` readable for `size` bytes; the slot
            // has room for `size` bytes.
            unsafe {
                let source = args.add(index).read().cast::<u8>();
                std::ptr::copy_nonoverlapping(
                    source,
                    storage[*start..].as_mut_ptr().cast::<u8>(),
                    *size,
                );
            }
        }
        let mut arguments = Arguments {
            storage,
            slots,
            pointers: Vec::new(),
            packed: None,
        };
        arguments.point();
        arguments
    }

    /// Copies a packed argument buffer.
    ///
    /// # Safety
    /// `packed.buffer` must be readable for `packed.size` bytes.
    pub(crate) unsafe fn copy_packed(packed: PackedArgs) -> Arguments {
        let mut storage = vec![0u128; packed.size.div_ceil(16)];
        if packed.size > 0 {
            // SAFETY: the caller promises `size` readable bytes; `storage` has room for them.
            unsafe {
                std::ptr::copy_nonoverlapping(
                    packed.buffer.cast::<u8>(),
                    storage.as_mut_ptr().cast::<u8>(),
                    packed.size,
                );
            }
        }
        Arguments {
            storage,
            slots: Vec::new(),
            pointers: Vec::new(),
            packed: Some(packed.size),
        }
    }

    fn point(&mut self) {
        let base = self.storage.as_mut_ptr();
        self.pointers = self
            .slots
            .iter()
            .map(|(start, _)| base.wrapping_add(*start).cast::<c_void>())
            .collect();
    }

    /// The `kernelParams` array (NULL when packed); stays valid while `self` lives.
    pub(crate) fn params(&self) -> *mut *mut c_void {
        if self.packed.is_some() {
            std::ptr::null_mut()
        } else {
            self.pointers.as_ptr().cast_mut()
        }
    }

    fn packed_args(&self) -> Option<PackedArgs> {
        self.packed.map(|size| PackedArgs {
            buffer: self.storage.as_ptr().cast_mut().cast(),
            size,
        })
    }
}

impl Clone for Arguments {
    fn clone(&self) -> Arguments {
        let mut copy = Arguments {
            storage: self.storage.clone(),
            slots: self.slots.clone(),
            pointers: Vec::new(),
            packed: self.packed,
        };
        copy.point();
        copy
    }
}

#[derive(Clone, Debug)]
pub(crate) struct KernelOp {
    pub(crate) kernel: usize,
    pub(crate) grid: Dim3,
    pub(crate) block: Dim3,
    pub(crate) shared_mem: usize,
    pub(crate) cooperative: bool,
    pub(crate) arguments: Arguments,
}

/// A fill of `depth` slices (`slice` bytes apart) of `height` rows (`pitch` bytes apart) of
/// `width` elements of `element_size` bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fill3D {
    pub(crate) fill: Fill,
    pub(crate) depth: usize,
    pub(crate) slice: usize,
}

impl Fill3D {
    /// A 2D fill; `width` in elements. Checks what HIP requires of `hipMemset2D` and
    /// `hipMemsetParams`.
    pub(crate) fn new_2d(
        dst: *mut c_void,
        pitch: usize,
        value: u32,
        element_size: usize,
        width: usize,
        height: usize,
    ) -> Result<Fill3D, RuntimeError> {
        if ![1, 2, 4].contains(&element_size) {
            return Err(RuntimeError::InvalidValue {
                argument: "elementSize",
            });
        }
        let row = width
            .checked_mul(element_size)
            .ok_or(RuntimeError::InvalidValue { argument: "width" })?;
        if height > 1 && pitch < row {
            return Err(RuntimeError::InvalidValue { argument: "pitch" });
        }
        if width > 0 && height > 0 && dst.is_null() {
            return Err(RuntimeError::InvalidValue { argument: "dst" });
        }
        Ok(Fill3D {
            fill: Fill {
                dst: dst as u64,
                pitch: if height > 1 { pitch } else { row },
                value,
                element_size,
                width,
                height,
            },
            depth: 1,
            slice: 0,
        })
    }

    /// The 2D fills, one per slice; none when the region is empty.
    pub(crate) fn pieces(&self) -> Vec<Fill> {
        if self.fill.width == 0 || self.fill.height == 0 {
            return Vec::new();
        }
        (0..self.depth)
            .map(|z| Fill {
                dst: self
                    .fill
                    .dst
                    .wrapping_add((z as u64).wrapping_mul(self.slice as u64)),
                ..self.fill
            })
            .collect()
    }
}

/// A host function and its argument, run each time the operation executes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HostOp {
    pub(crate) function: unsafe extern "C" fn(*mut c_void),
    pub(crate) data: *mut c_void,
}

#[derive(Clone, Debug)]
pub(crate) enum Operation {
    Kernel(KernelOp),
    /// A checked copy (`copy_plan` accepted it); arrays are always NULL.
    Copy(Memcpy3DParms),
    Fill(Fill3D),
    Host(HostOp),
    EventRecord(usize),
    EventWait(usize),
    /// A graph inlined as one node: its operations in dependency order.
    Graph(Arc<Vec<Operation>>),
    Empty,
}

// SAFETY: the raw pointers in an operation are device or host addresses the program owns and
// keeps valid (HIP's rule for queued work), or point into the operation's own `Arguments`
// storage, which moves with it; the runtime only reads through them when executing.
unsafe impl Send for Operation {}
// SAFETY: as above; executing takes `&Operation` and writes through none of them.
unsafe impl Sync for Operation {}

impl Operation {
    /// The `hipGraphNodeType` number of a node holding this operation.
    pub(crate) fn node_type(&self) -> i32 {
        match self {
            Operation::Kernel(_) => 0,
            Operation::Copy(_) => 1,
            Operation::Fill(_) => 2,
            Operation::Host(_) => 3,
            Operation::Graph(_) => 4,
            Operation::Empty => 5,
            Operation::EventWait(_) => 6,
            Operation::EventRecord(_) => 7,
        }
    }
}

/// One 2D piece of a copy: `height` rows of `width` bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Piece {
    pub(crate) dst: usize,
    pub(crate) dst_pitch: usize,
    pub(crate) src: usize,
    pub(crate) src_pitch: usize,
    pub(crate) width: usize,
    pub(crate) height: usize,
}

fn overflow(argument: &'static str) -> RuntimeError {
    RuntimeError::InvalidValue { argument }
}

/// The address of `position` in a pitched allocation whose slices are `ysize` rows.
fn address_of(
    pointer: &PitchedPtr,
    position: &Pos,
    argument: &'static str,
) -> Result<usize, RuntimeError> {
    let slice = pointer
        .pitch
        .checked_mul(pointer.ysize)
        .ok_or(overflow(argument))?;
    position
        .z
        .checked_mul(slice)
        .and_then(|offset| offset.checked_add(position.y.checked_mul(pointer.pitch)?))
        .and_then(|offset| offset.checked_add(position.x))
        .and_then(|offset| (pointer.ptr as usize).checked_add(offset))
        .ok_or(overflow(argument))
}

/// Checks a `hipMemcpy3DParms` (as `hipMemcpy3D` does) and cuts it into 2D pieces, one per
/// slice; a piece whose rows are contiguous on both sides becomes one row.
pub(crate) fn copy_plan(params: &Memcpy3DParms) -> Result<Vec<Piece>, RuntimeError> {
    if !params.srcArray.is_null() || !params.dstArray.is_null() {
        return Err(RuntimeError::NotSupported {
            what: "copies to or from a hipArray",
            detail: String::new(),
        });
    }
    MemcpyKind::from_raw(params.kind)
        .ok_or(RuntimeError::InvalidMemcpyKind { kind: params.kind })?;
    let Extent {
        width,
        height,
        depth,
    } = params.extent;
    if width == 0 || height == 0 || depth == 0 {
        return Ok(Vec::new());
    }
    for (pointer, position, name) in [
        (&params.srcPtr, &params.srcPos, "srcPtr"),
        (&params.dstPtr, &params.dstPos, "dstPtr"),
    ] {
        if pointer.ptr.is_null() {
            return Err(RuntimeError::InvalidValue { argument: name });
        }
        let row_end = position.x.checked_add(width).ok_or(overflow(name))?;
        if row_end > pointer.pitch {
            return Err(RuntimeError::status(
                HipError::ErrorInvalidPitchValue,
                format!(
                    "{name}: {width} bytes at x = {} exceed the pitch {}",
                    position.x, pointer.pitch
                ),
            ));
        }
        // Several slices need the slice height to step from one to the next.
        if (depth > 1 || position.z > 0) && position.y.saturating_add(height) > pointer.ysize {
            return Err(RuntimeError::InvalidValue { argument: name });
        }
    }
    let src = address_of(&params.srcPtr, &params.srcPos, "srcPtr")?;
    let dst = address_of(&params.dstPtr, &params.dstPos, "dstPtr")?;
    let slice = |pointer: &PitchedPtr, name| {
        pointer
            .pitch
            .checked_mul(pointer.ysize)
            .ok_or(overflow(name))
    };
    let (src_slice, dst_slice) = (
        slice(&params.srcPtr, "srcPtr")?,
        slice(&params.dstPtr, "dstPtr")?,
    );
    let at = |base: usize, z: usize, stride: usize, name| {
        z.checked_mul(stride)
            .and_then(|offset| base.checked_add(offset))
            .ok_or(overflow(name))
    };
    let contiguous = height == 1 || (params.srcPtr.pitch == width && params.dstPtr.pitch == width);
    let bytes = width.checked_mul(height).ok_or(overflow("extent"))?;
    (0..depth)
        .map(|z| {
            let piece = Piece {
                dst: at(dst, z, dst_slice, "dstPtr")?,
                dst_pitch: params.dstPtr.pitch,
                src: at(src, z, src_slice, "srcPtr")?,
                src_pitch: params.srcPtr.pitch,
                width,
                height,
            };
            Ok(if contiguous {
                Piece {
                    width: bytes,
                    height: 1,
                    ..piece
                }
            } else {
                piece
            })
        })
        .collect()
}

/// The `hipMemcpy3DParms` of a 1D copy of `count` bytes.
pub(crate) fn linear_copy(
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: i32,
) -> Memcpy3DParms {
    pitched_copy(dst, count, src, count, count, 1, kind)
}

/// The `hipMemcpy3DParms` of a 2D copy (`hipMemcpy2D`).
pub(crate) fn pitched_copy(
    dst: *mut c_void,
    dst_pitch: usize,
    src: *const c_void,
    src_pitch: usize,
    width: usize,
    height: usize,
    kind: i32,
) -> Memcpy3DParms {
    let pitched = |ptr: *mut c_void, pitch: usize| PitchedPtr {
        ptr,
        pitch,
        xsize: width,
        ysize: height,
    };
    Memcpy3DParms {
        srcArray: std::ptr::null_mut(),
        srcPos: Pos::default(),
        srcPtr: pitched(src.cast_mut(), src_pitch),
        dstArray: std::ptr::null_mut(),
        dstPos: Pos::default(),
        dstPtr: pitched(dst, dst_pitch),
        extent: Extent {
            width,
            height,
            depth: 1,
        },
        kind,
    }
}

/// Builds the operation of a kernel launch, copying its arguments.
///
/// # Safety
/// `args` (when `packed` is `None`) must hold one readable pointer per kernel parameter,
/// each to a value of the parameter's size; `packed` must describe a readable buffer.
#[expect(
    clippy::too_many_arguments,
    reason = "the launch parameters of the C API"
)]
pub(crate) unsafe fn kernel_operation(
    backend: &dyn Backend,
    device: usize,
    kernel: usize,
    grid: Dim3,
    block: Dim3,
    args: *mut *mut c_void,
    packed: Option<PackedArgs>,
    shared_mem: usize,
    cooperative: bool,
) -> Result<Operation, RuntimeError> {
    let arguments = match packed {
        // SAFETY: forwarded from this function's contract.
        Some(packed) => unsafe { Arguments::copy_packed(packed) },
        None => {
            let sizes = backend.kernel_argument_sizes(device, kernel)?;
            if args.is_null() && !sizes.is_empty() {
                return Err(RuntimeError::InvalidValue {
                    argument: "kernelParams",
                });
            }
            // SAFETY: forwarded from this function's contract; `sizes` is the kernel's own
            // parameter list.
            unsafe { Arguments::copy(&sizes, args) }
        }
    };
    Ok(Operation::Kernel(KernelOp {
        kernel,
        grid,
        block,
        shared_mem,
        cooperative,
        arguments,
    }))
}

/// Runs `operation` on `stream` of `device` (`None`: synchronously, as the blocking API
/// calls do; a kernel then goes to the null stream and is waited for).
pub(crate) fn execute(
    operation: &Operation,
    backend: &dyn Backend,
    device: usize,
    stream: Option<StreamHandle>,
) -> Result<(), RuntimeError> {
    match operation {
        Operation::Kernel(kernel) => {
            backend.launch(
                device,
                &Launch {
                    kernel: kernel.kernel,
                    grid: kernel.grid,
                    block: kernel.block,
                    args: kernel.arguments.params(),
                    shared_mem: kernel.shared_mem,
                    stream: stream.unwrap_or(0),
                    per_thread_stream: false,
                    packed: kernel.arguments.packed_args(),
                    cooperative: kernel.cooperative,
                },
            )?;
            if stream.is_none() {
                backend.stream_synchronize(device, 0)?;
            }
            Ok(())
        }
        Operation::Copy(params) => {
            let kind = MemcpyKind::from_raw(params.kind)
                .ok_or(RuntimeError::InvalidMemcpyKind { kind: params.kind })?;
            check_copy(backend, device, params)?;
            for piece in copy_plan(params)? {
                if piece.height == 1 {
                    backend.memcpy(
                        device,
                        piece.dst as *mut c_void,
                        piece.src as *const c_void,
                        piece.width,
                        kind,
                        stream,
                    )?;
                } else {
                    backend.memcpy_2d(
                        device,
                        &Copy2D {
                            dst: piece.dst as *mut c_void,
                            dst_pitch: piece.dst_pitch,
                            src: piece.src as *const c_void,
                            src_pitch: piece.src_pitch,
                            width: piece.width,
                            height: piece.height,
                            kind,
                        },
                        stream,
                    )?;
                }
            }
            Ok(())
        }
        Operation::Fill(fill) => {
            check_fill(backend, device, fill)?;
            for piece in fill.pieces() {
                if piece.element_size == 1 && piece.height == 1 {
                    backend.memset(device, piece.dst, piece.value as u8, piece.width, stream)?;
                } else {
                    backend.fill(device, &piece, stream)?;
                }
            }
            Ok(())
        }
        Operation::Host(host) => {
            let (function, data) = (host.function, host.data as usize);
            backend.launch_host_func(
                device,
                stream.unwrap_or(0),
                // SAFETY: the program registered `function` to be called with `data` when
                // the stream gets here; it must not call the runtime (HIP's rule).
                Box::new(move || unsafe { function(data as *mut c_void) }),
            )?;
            if stream.is_none() {
                backend.stream_synchronize(device, 0)?;
            }
            Ok(())
        }
        // A graph's event nodes name events the program may have destroyed since.
        Operation::EventRecord(event) => {
            let (event, _, _in_use) =
                crate::api::live::event_device(*event as crate::api::HipEvent)?;
            backend.event_record(device, event, stream.unwrap_or(0))
        }
        Operation::EventWait(event) => {
            let (event, _, _in_use) =
                crate::api::live::event_device(*event as crate::api::HipEvent)?;
            backend.stream_wait_event(device, stream.unwrap_or(0), event)
        }
        Operation::Graph(operations) => operations
            .iter()
            .try_for_each(|operation| execute(operation, backend, device, stream)),
        Operation::Empty => Ok(()),
    }
}

/// The first byte and the length of what `pieces` touch on one side.
fn extent(pieces: &[Piece], side: impl Fn(&Piece) -> (usize, usize)) -> (usize, usize) {
    let mut first = usize::MAX;
    let mut end = 0usize;
    for piece in pieces {
        let (start, pitch) = side(piece);
        // `copy_plan` checked these products and sums against overflow.
        let last_row = start.saturating_add(pitch.saturating_mul(piece.height - 1));
        first = first.min(start);
        end = end.max(last_row.saturating_add(piece.width));
    }
    (first, end.saturating_sub(first))
}

/// Checks a copy as `copy_plan` cuts it (every 2D and 3D copy, asynchronous copies, graph
/// copy nodes).
pub(crate) fn check_copy(
    backend: &dyn Backend,
    device: usize,
    params: &Memcpy3DParms,
) -> Result<(), RuntimeError> {
    let kind = MemcpyKind::from_raw(params.kind)
        .ok_or(RuntimeError::InvalidMemcpyKind { kind: params.kind })?;
    let (source, destination) = pointers::device_sides(kind);
    if !source && !destination {
        return Ok(());
    }
    let pieces = copy_plan(params)?;
    if pieces.is_empty() {
        return Ok(());
    }
    if source {
        let (start, length) = extent(&pieces, |piece| (piece.src, piece.src_pitch));
        pointers::check_range(backend, device, start, length, "src")?;
    }
    if destination {
        let (start, length) = extent(&pieces, |piece| (piece.dst, piece.dst_pitch));
        pointers::check_range(backend, device, start, length, "dst")?;
    }
    Ok(())
}

/// Checks a fill (every memset): from its first byte to the end of the last row of its
/// last slice, computed without listing the slices (a corrupt depth stays arithmetic).
pub(crate) fn check_fill(
    backend: &dyn Backend,
    device: usize,
    fill: &Fill3D,
) -> Result<(), RuntimeError> {
    let piece = fill.fill;
    if piece.width == 0 || piece.height == 0 || fill.depth == 0 {
        return Ok(());
    }
    let too_large = || RuntimeError::InvalidValue { argument: "dst" };
    let row = piece
        .width
        .checked_mul(piece.element_size)
        .ok_or_else(too_large)?;
    let length = (fill.depth - 1)
        .checked_mul(fill.slice)
        .and_then(|slices| slices.checked_add(piece.pitch.checked_mul(piece.height - 1)?))
        .and_then(|span| span.checked_add(row))
        .ok_or_else(too_large)?;
    pointers::check_range(backend, device, piece.dst as usize, length, "dst")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(width: usize, height: usize, depth: usize) -> Memcpy3DParms {
        let mut params = pitched_copy(
            0x10_0000 as *mut c_void,
            256,
            0x20_0000 as *const c_void,
            128,
            width,
            height,
            3,
        );
        params.extent.depth = depth;
        params.srcPtr.ysize = 10;
        params.dstPtr.ysize = 20;
        params
    }

    #[test]
    fn copies_are_cut_into_one_piece_per_slice() {
        let mut copy = params(100, 4, 3);
        copy.srcPos = Pos { x: 8, y: 1, z: 2 };
        let pieces = copy_plan(&copy).unwrap();
        assert_eq!(pieces.len(), 3);
        // src: base + z * (128 * 10) + y * 128 + x.
        assert_eq!(pieces[0].src, 0x20_0000 + 2 * 1280 + 128 + 8);
        assert_eq!(pieces[1].src - pieces[0].src, 1280);
        assert_eq!(pieces[2].dst - pieces[1].dst, 256 * 20);
        assert_eq!((pieces[0].width, pieces[0].height), (100, 4));
    }

    #[test]
    fn contiguous_rows_become_one_row() {
        let mut copy = params(64, 8, 1);
        copy.srcPtr.pitch = 64;
        copy.dstPtr.pitch = 64;
        assert_eq!(
            copy_plan(&copy).unwrap(),
            [Piece {
                dst: 0x10_0000,
                dst_pitch: 64,
                src: 0x20_0000,
                src_pitch: 64,
                width: 512,
                height: 1
            }]
        );
        assert!(copy_plan(&params(0, 8, 1)).unwrap().is_empty());
    }

    #[test]
    fn bad_copies_get_hips_errors() {
        let code = |copy: &Memcpy3DParms| copy_plan(copy).unwrap_err().code();
        // Wider than the source pitch.
        assert_eq!(code(&params(200, 2, 1)), HipError::ErrorInvalidPitchValue);
        let mut shifted = params(100, 2, 1);
        shifted.dstPos.x = 200;
        assert_eq!(code(&shifted), HipError::ErrorInvalidPitchValue);
        // Slices taller than the allocation's slice height.
        assert_eq!(code(&params(100, 11, 2)), HipError::ErrorInvalidValue);
        let mut bad_kind = params(100, 2, 1);
        bad_kind.kind = 7;
        assert_eq!(code(&bad_kind), HipError::ErrorInvalidMemcpyDirection);
        let mut array = params(100, 2, 1);
        array.dstArray = 0x1000 as *mut c_void;
        assert_eq!(code(&array), HipError::ErrorNotSupported);
        let mut null = params(100, 2, 1);
        null.srcPtr.ptr = std::ptr::null_mut();
        assert_eq!(code(&null), HipError::ErrorInvalidValue);
    }

    #[test]
    fn fills_check_their_shape() {
        let dst = 0x1000 as *mut c_void;
        let fill = Fill3D::new_2d(dst, 64, 7, 4, 16, 3).unwrap();
        assert_eq!(fill.pieces().len(), 1);
        assert_eq!(fill.pieces()[0].pitch, 64);
        // A row of 16 four-byte elements does not fit a 32-byte pitch.
        assert!(Fill3D::new_2d(dst, 32, 7, 4, 16, 3).is_err());
        assert!(Fill3D::new_2d(dst, 64, 7, 3, 16, 3).is_err());
        assert!(Fill3D::new_2d(std::ptr::null_mut(), 64, 7, 1, 16, 3).is_err());
        // One row needs no pitch.
        assert_eq!(Fill3D::new_2d(dst, 0, 7, 2, 16, 1).unwrap().fill.pitch, 32);
        assert!(Fill3D::new_2d(dst, 0, 7, 1, 0, 1)
            .unwrap()
            .pieces()
            .is_empty());
    }

    #[test]
    fn copied_arguments_survive_a_clone() {
        let mut first = 7u64;
        let mut second = [1u8, 2, 3];
        let pointers: Vec<*mut c_void> = vec![(&raw mut first).cast(), second.as_mut_ptr().cast()];
        // SAFETY: each pointer is readable for its size.
        let arguments = unsafe { Arguments::copy(&[8, 3], pointers.as_ptr()) };
        first = 0;
        second = [0; 3];
        let _ = (first, second);
        let copy = arguments.clone();
        drop(arguments);
        // SAFETY: the clone owns its slots of 8 and 3 bytes.
        unsafe {
            let params = copy.params();
            assert_eq!(params.read().cast::<u64>().read(), 7);
            assert_eq!(params.add(1).read().cast::<[u8; 3]>().read(), [1, 2, 3]);
        }
    }
}
