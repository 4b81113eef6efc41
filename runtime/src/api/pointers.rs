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

use crate::backend::Backend;
use crate::error::{HipError, RuntimeError};
use crate::types::MemcpyKind;

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
pub(crate) fn device_sides(kind: MemcpyKind) -> (bool, bool) {
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
