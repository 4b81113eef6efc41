//! Occupancy (`hipOccupancy*`, `hipModuleOccupancy*`). The kernel attribute queries
//! (`hipFuncGetAttribute`, `hipGetFuncBySymbol`, ...) are in `launch`.
//!
//! The backend answers one question: how many blocks of a given size fit on one
//! multiprocessor. The block-size search (`best_block_size`) is the runtime's own: it
//! tries block sizes from the largest allowed down, in steps of the warp size, and keeps
//! the one that puts the most threads on a multiprocessor (the largest on a tie).
//! A `hipFunction_t` is a registered kernel handle here, like `&kernel`, so the module
//! forms share the code.

use std::ffi::{c_int, c_void};

use crate::api::{call, launch, non_null};
use crate::backend;
use crate::error::{HipError, RuntimeError};

/// `hipOccupancyDefault` and `hipOccupancyDisableCachingOverride`.
const KNOWN_FLAGS: u32 = 0x1;

/// The block size with the most resident threads per multiprocessor, and how many blocks
/// of it fit. `limit` is the largest block size allowed; `blocks_for(size)` says how many
/// blocks of `size` threads fit; the search stops early once `max_threads` are resident.
pub(crate) fn best_block_size(
    limit: u32,
    granularity: u32,
    max_threads: u32,
    mut blocks_for: impl FnMut(u32) -> Result<u32, RuntimeError>,
) -> Result<(u32, u32), RuntimeError> {
    let granularity = granularity.max(1);
    let mut best = (0, 0, 0u64);
    let mut candidate = limit.div_ceil(granularity) * granularity;
    while candidate > 0 {
        let size = candidate.min(limit);
        let blocks = blocks_for(size)?;
        let threads = u64::from(size) * u64::from(blocks);
        if threads > best.2 {
            best = (size, blocks, threads);
        }
        if best.2 >= u64::from(max_threads) {
            break;
        }
        candidate -= granularity;
    }
    Ok((best.0, best.1))
}

fn active_blocks(
    kernel: *const c_void,
    block_size: c_int,
    dynamic_shared: usize,
    flags: u32,
) -> Result<c_int, RuntimeError> {
    let kernel = launch::check_kernel(kernel)?;
    if flags & !KNOWN_FLAGS != 0 {
        return Err(RuntimeError::InvalidValue { argument: "flags" });
    }
    let block_size = u32::try_from(block_size)
        .ok()
        .filter(|size| *size > 0)
        .ok_or(RuntimeError::InvalidValue {
            argument: "blockSize",
        })?;
    let (backend, device) = backend::current()?;
    let blocks = backend.occupancy(device, kernel, block_size, dynamic_shared, flags)?;
    Ok(c_int::try_from(blocks).unwrap_or(c_int::MAX))
}

/// The search behind every `MaxPotentialBlockSize` form: `shared_for(size)` is the dynamic
/// shared memory a block of `size` threads needs.
fn potential_block_size(
    kernel: *const c_void,
    mut shared_for: impl FnMut(u32) -> usize,
    limit: c_int,
    flags: u32,
) -> Result<(c_int, c_int), RuntimeError> {
    let handle = launch::check_kernel(kernel)?;
    if flags & !KNOWN_FLAGS != 0 {
        return Err(RuntimeError::InvalidValue { argument: "flags" });
    }
    let limit = u32::try_from(limit).map_err(|_| RuntimeError::InvalidValue {
        argument: "blockSizeLimit",
    })?;
    let (backend, device) = backend::current()?;
    let properties = backend.properties(device)?;
    let attributes = backend.function_attributes(device, handle)?;
    let kernel_limit = u32::try_from(attributes.maxThreadsPerBlock)
        .ok()
        .filter(|limit| *limit > 0)
        .unwrap_or(properties.maxThreadsPerBlock.max(1) as u32);
    let limit = if limit == 0 {
        kernel_limit
    } else {
        limit.min(kernel_limit)
    };
    let (block, blocks) = best_block_size(
        limit,
        properties.warpSize.max(1) as u32,
        properties.maxThreadsPerMultiProcessor.max(1) as u32,
        |size| backend.occupancy(device, handle, size, shared_for(size), flags),
    )?;
    let grid = i64::from(blocks) * i64::from(properties.multiProcessorCount);
    Ok((c_int::try_from(grid).unwrap_or(c_int::MAX), block as c_int))
}

fn write_pair(grid: *mut c_int, block: *mut c_int, values: (c_int, c_int)) {
    // SAFETY: every caller checked both pointers non-null; the program promises them
    // writable.
    unsafe {
        grid.write(values.0);
        block.write(values.1);
    }
}

/// # Safety
/// `blocks` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipOccupancyMaxActiveBlocksPerMultiprocessor(
    blocks: *mut c_int,
    kernel: *const c_void,
    block_size: c_int,
    dynamic_shared: usize,
) -> HipError {
    call("hipOccupancyMaxActiveBlocksPerMultiprocessor", || {
        non_null(blocks, "numBlocks")?;
        let count = active_blocks(kernel, block_size, dynamic_shared, 0)?;
        // SAFETY: checked non-null; the caller promises it writable.
        unsafe { blocks.write(count) };
        Ok(())
    })
}

/// # Safety
/// `blocks` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    blocks: *mut c_int,
    kernel: *const c_void,
    block_size: c_int,
    dynamic_shared: usize,
    flags: u32,
) -> HipError {
    call(
        "hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags",
        || {
            non_null(blocks, "numBlocks")?;
            let count = active_blocks(kernel, block_size, dynamic_shared, flags)?;
            // SAFETY: checked non-null; the caller promises it writable.
            unsafe { blocks.write(count) };
            Ok(())
        },
    )
}

/// `*grid` is the smallest grid that fills the device at that occupancy.
///
/// # Safety
/// `grid` and `block` must each be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipOccupancyMaxPotentialBlockSize(
    grid: *mut c_int,
    block: *mut c_int,
    kernel: *const c_void,
    dynamic_shared: usize,
    limit: c_int,
) -> HipError {
    call("hipOccupancyMaxPotentialBlockSize", || {
        non_null(grid, "gridSize")?;
        non_null(block, "blockSize")?;
        let values = potential_block_size(kernel, |_| dynamic_shared, limit, 0)?;
        write_pair(grid, block, values);
        Ok(())
    })
}

/// The engine of the C++ `hipOccupancyMaxPotentialBlockSizeVariableSMem*` templates (oxhip
/// extension): `shared_for(context, size)` gives the dynamic shared memory for a block of
/// `size` threads.
///
/// # Safety
/// `grid` and `block` must each be NULL or writable; `shared_for` must be safe to call
/// with `context`.
#[no_mangle]
pub unsafe extern "C" fn oxhipOccupancyMaxPotentialBlockSizeVariableSMem(
    grid: *mut c_int,
    block: *mut c_int,
    kernel: *const c_void,
    shared_for: Option<unsafe extern "C" fn(*const c_void, c_int) -> usize>,
    context: *const c_void,
    limit: c_int,
    flags: u32,
) -> HipError {
    call("hipOccupancyMaxPotentialBlockSizeVariableSMem", || {
        non_null(grid, "min_grid_size")?;
        non_null(block, "block_size")?;
        let shared_for = shared_for.ok_or(RuntimeError::InvalidValue {
            argument: "block_size_to_dynamic_smem_size",
        })?;
        let values = potential_block_size(
            kernel,
            // SAFETY: the caller promises `shared_for` callable with `context`.
            |size| unsafe { shared_for(context, size as c_int) },
            limit,
            flags,
        )?;
        write_pair(grid, block, values);
        Ok(())
    })
}

/// # Safety
/// `blocks` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(
    blocks: *mut c_int,
    function: *mut c_void,
    block_size: c_int,
    dynamic_shared: usize,
) -> HipError {
    // SAFETY: same contract; a hipFunction_t is a kernel handle.
    unsafe {
        hipOccupancyMaxActiveBlocksPerMultiprocessor(blocks, function, block_size, dynamic_shared)
    }
}

/// # Safety
/// `blocks` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    blocks: *mut c_int,
    function: *mut c_void,
    block_size: c_int,
    dynamic_shared: usize,
    flags: u32,
) -> HipError {
    // SAFETY: same contract; a hipFunction_t is a kernel handle.
    unsafe {
        hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
            blocks,
            function,
            block_size,
            dynamic_shared,
            flags,
        )
    }
}

/// # Safety
/// `grid` and `block` must each be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipModuleOccupancyMaxPotentialBlockSize(
    grid: *mut c_int,
    block: *mut c_int,
    function: *mut c_void,
    dynamic_shared: usize,
    limit: c_int,
) -> HipError {
    // SAFETY: same contract; a hipFunction_t is a kernel handle.
    unsafe { hipOccupancyMaxPotentialBlockSize(grid, block, function, dynamic_shared, limit) }
}

/// # Safety
/// `grid` and `block` must each be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipModuleOccupancyMaxPotentialBlockSizeWithFlags(
    grid: *mut c_int,
    block: *mut c_int,
    function: *mut c_void,
    dynamic_shared: usize,
    limit: c_int,
    flags: u32,
) -> HipError {
    call("hipModuleOccupancyMaxPotentialBlockSizeWithFlags", || {
        non_null(grid, "gridSize")?;
        non_null(block, "blockSize")?;
        let values = potential_block_size(function, |_| dynamic_shared, limit, flags)?;
        write_pair(grid, block, values);
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_block_with_the_most_threads_wins() {
        // Two blocks of up to 1024 threads fit in 2048 threads: 1024 fills it first.
        let fill = |size: u32| Ok(2048 / size);
        assert_eq!(best_block_size(1024, 32, 2048, fill).unwrap(), (1024, 2));
        // One block per multiprocessor (the CPU device): the largest block.
        assert_eq!(
            best_block_size(1024, 32, 1024, |_| Ok(1)).unwrap(),
            (1024, 1)
        );
        // Register pressure: blocks above 256 threads do not fit at all.
        let limited = |size: u32| Ok(if size > 256 { 0 } else { 1536 / size.max(1) });
        assert_eq!(best_block_size(1024, 32, 2048, limited).unwrap(), (256, 6));
    }

    #[test]
    fn limits_that_are_not_warp_multiples_are_tried_as_given() {
        let mut tried = Vec::new();
        let result = best_block_size(100, 32, 4096, |size| {
            tried.push(size);
            Ok(4)
        })
        .unwrap();
        assert_eq!(result, (100, 4));
        assert_eq!(tried, [100, 96, 64, 32]);
        assert_eq!(best_block_size(64, 32, 64, |_| Ok(0)).unwrap(), (0, 0));
    }
}
