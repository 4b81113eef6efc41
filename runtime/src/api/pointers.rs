//! Checks of the device memory a copy or fill names, made before the runtime touches it.
//!
//! A pointer on a side that HIP says is device memory (the destination of a
//! `hipMemcpyHostToDevice`, both sides of `hipMemcpyDeviceToDevice`, every memset) must lie
//! in memory the runtime knows ([`Backend::memory_range`]: an allocation of any device,
//! pinned, managed or registered host memory, or a device variable whose address the runtime
//! gave out), and the whole range must end inside that allocation. Anything else is
//! `hipErrorInvalidValue`, as HIP and CUDA answer, instead of a fault in the runtime.
//! `hipMemcpyDefault` and `hipMemcpyHostToHost` name no device side, so they check nothing:
//! host memory cannot be checked, and the program answers for it.

use std::ffi::c_void;

use crate::api::ops::{self, Fill3D};
use crate::backend::Backend;
use crate::error::{HipError, RuntimeError};
use crate::types::{Memcpy3DParms, MemcpyKind};

/// Checks that `length` bytes at `address` (`length > 0`) lie in memory the runtime knows.
pub(crate) fn check_range(
    backend: &dyn Backend,
    device: usize,
    address: usize,
    length: usize,
    argument: &'static str,
) -> Result<(), RuntimeError> {
    if length == 0 {
        return Ok(());
    }
    let unknown = || {
        RuntimeError::status(
            HipError::ErrorInvalidValue,
            format!(
                "{argument}: {address:#x} is not device memory the runtime allocated or registered"
            ),
        )
    };
    let Some((start, size)) = backend.memory_range(device, address as *const c_void)? else {
        return Err(unknown());
    };
    let start = usize::try_from(start).map_err(|_| unknown())?;
    if size == 0 {
        // The extent is unknown (a variable whose symbol has no size): only the start is
        // checked.
        return Ok(());
    }
    let offset = address.checked_sub(start).ok_or_else(unknown)?;
    if offset.checked_add(length).is_none_or(|end| end > size) {
        return Err(RuntimeError::status(
            HipError::ErrorInvalidValue,
            format!(
                "{argument}: {length} bytes at {address:#x} run past the end of its allocation \
                 ({size} bytes at {start:#x})"
            ),
        ));
    }
    Ok(())
}

/// The device sides of a copy of `kind`: (source, destination).
fn device_sides(kind: MemcpyKind) -> (bool, bool) {
    match kind {
        MemcpyKind::HostToDevice => (false, true),
        MemcpyKind::DeviceToHost => (true, false),
        MemcpyKind::DeviceToDevice => (true, true),
        MemcpyKind::HostToHost | MemcpyKind::Default => (false, false),
    }
}

/// Checks a linear copy (`hipMemcpy`, `hipMemcpyPeer`'s sides).
pub(crate) fn check_linear_copy(
    backend: &dyn Backend,
    device: usize,
    dst: *const c_void,
    src: *const c_void,
    size: usize,
    kind: MemcpyKind,
) -> Result<(), RuntimeError> {
    let (source, destination) = device_sides(kind);
    if source {
        check_range(backend, device, src as usize, size, "src")?;
    }
    if destination {
        check_range(backend, device, dst as usize, size, "dst")?;
    }
    Ok(())
}

/// The first byte and the length of what `pieces` touch on one side.
fn extent(pieces: &[ops::Piece], side: impl Fn(&ops::Piece) -> (usize, usize)) -> (usize, usize) {
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
    let (source, destination) = device_sides(kind);
    if !source && !destination {
        return Ok(());
    }
    let pieces = ops::copy_plan(params)?;
    if pieces.is_empty() {
        return Ok(());
    }
    if source {
        let (start, length) = extent(&pieces, |piece| (piece.src, piece.src_pitch));
        check_range(backend, device, start, length, "src")?;
    }
    if destination {
        let (start, length) = extent(&pieces, |piece| (piece.dst, piece.dst_pitch));
        check_range(backend, device, start, length, "dst")?;
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
    check_range(backend, device, piece.dst as usize, length, "dst")
}
