//! The registration entry points clang 22 calls from each translation unit's
//! constructor (`__hip_module_ctor`) and destructor (hip-abi.md §1.1–1.6).
//!
//! They run before `main` and after it returns, so they only record what they are told:
//! no backend is chosen and no GPU work is done here. The handle returned by
//! `__hipRegisterFatBinary` is opaque to clang; ours is the fat binary's registry index
//! plus one, so that it is never NULL and every later call can validate it by lookup
//! rather than by dereferencing it.

use std::ffi::{c_char, c_int, c_uint, c_void, CStr};
use std::panic::AssertUnwindSafe;

use crate::log::log;
use crate::registry::{self, Variable};
use crate::types::Dim3;

/// `HIPF` read as a little-endian u32 (hip-abi.md §1.6).
pub const HIP_FAT_BINARY_MAGIC: u32 = 0x4849_5046;
pub const HIP_FAT_BINARY_VERSION: u32 = 1;

/// The 24-byte wrapper clang emits in `.hipFatBinSegment`.
#[repr(C)]
pub struct FatBinaryWrapper {
    pub magic: u32,
    pub version: u32,
    pub binary: *const c_void,
    pub unused: *const c_void,
}

/// Runs a registration body, swallowing panics: registration has no error channel and
/// must never unwind into clang's constructor.
fn guarded<T>(name: &'static str, fallback: T, body: impl FnOnce() -> T) -> T {
    std::panic::catch_unwind(AssertUnwindSafe(body)).unwrap_or_else(|_| {
        log!(1, "{name}: internal panic; ignoring this registration");
        fallback
    })
}

fn handle_index(handle: *mut *mut c_void) -> Option<usize> {
    (handle as usize).checked_sub(1)
}

/// Reads a C string argument, or `None` for NULL.
///
/// # Safety
/// `text` must be NULL or point to a NUL-terminated string.
unsafe fn c_string(text: *const c_char) -> Option<&'static CStr> {
    if text.is_null() {
        None
    } else {
        // SAFETY: non-null and NUL-terminated per the contract; clang passes string
        // constants that live as long as the program.
        Some(unsafe { CStr::from_ptr(text) })
    }
}

/// Registers the fat binary behind a HIPF wrapper. Returns NULL if the wrapper is NULL
/// or its magic or version is wrong (as ROCm's runtime does).
///
/// # Safety
/// `wrapper` must be NULL or point to a readable 24-byte wrapper whose binary pointer
/// stays valid until `__hipUnregisterFatBinary`.
#[no_mangle]
pub unsafe extern "C" fn __hipRegisterFatBinary(wrapper: *const c_void) -> *mut *mut c_void {
    guarded("__hipRegisterFatBinary", std::ptr::null_mut(), || {
        if wrapper.is_null() {
            log!(1, "__hipRegisterFatBinary: NULL wrapper");
            return std::ptr::null_mut();
        }
        // SAFETY: non-null; the caller promises 24 readable bytes. The wrapper is 8-byte
        // aligned in clang's output; read unaligned anyway so a foreign caller cannot
        // cause undefined behaviour.
        let header = unsafe { std::ptr::read_unaligned(wrapper.cast::<FatBinaryWrapper>()) };
        if header.magic != HIP_FAT_BINARY_MAGIC || header.version != HIP_FAT_BINARY_VERSION {
            log!(
                1,
                "__hipRegisterFatBinary: wrapper at {wrapper:p} has magic {:#x} version {}; expected {HIP_FAT_BINARY_MAGIC:#x} version {HIP_FAT_BINARY_VERSION}",
                header.magic,
                header.version
            );
            return std::ptr::null_mut();
        }
        if header.binary.is_null() {
            log!(1, "__hipRegisterFatBinary: wrapper at {wrapper:p} has no binary");
            return std::ptr::null_mut();
        }
        let index = registry::add_fat_binary(header.binary as usize);
        log!(2, "registered fat binary #{index} at {:p}", header.binary);
        (index + 1) as *mut *mut c_void
    })
}

/// Records that `host_function` (the kernel handle) names the device kernel
/// `device_name` in this fat binary. Returns 0; clang ignores the result.
///
/// # Safety
/// `device_name` must be NULL or a NUL-terminated string that outlives the program.
#[no_mangle]
pub unsafe extern "C" fn __hipRegisterFunction(
    handle: *mut *mut c_void,
    host_function: *const c_void,
    device_function: *mut c_char,
    device_name: *const c_char,
    thread_limit: c_uint,
    tid: *mut c_void,
    bid: *mut c_void,
    block_dim: *mut Dim3,
    grid_dim: *mut Dim3,
    warp_size: *mut c_int,
) -> c_int {
    let _ = (device_function, thread_limit, tid, bid, block_dim, grid_dim, warp_size);
    guarded("__hipRegisterFunction", 0, || {
        // SAFETY: forwarded from this function's contract.
        let Some(name) = (unsafe { c_string(device_name) }) else {
            log!(1, "__hipRegisterFunction: NULL kernel name");
            return 0;
        };
        let Some(index) = handle_index(handle) else {
            log!(1, "__hipRegisterFunction: NULL handle for `{}`", name.to_string_lossy());
            return 0;
        };
        if host_function.is_null()
            || !registry::add_kernel(index, host_function as usize, name.to_owned())
        {
            log!(
                1,
                "__hipRegisterFunction: could not register `{}` (handle {handle:p}, function {host_function:p})",
                name.to_string_lossy()
            );
            return 0;
        }
        log!(
            2,
            "registered kernel `{}` at {host_function:p} in fat binary #{index}",
            name.to_string_lossy()
        );
        0
    })
}

/// Records a `__device__` or `__constant__` variable.
///
/// # Safety
/// `device_name` must be NULL or a NUL-terminated string that outlives the program.
#[no_mangle]
pub unsafe extern "C" fn __hipRegisterVar(
    handle: *mut *mut c_void,
    host_variable: *mut c_void,
    host_name: *mut c_char,
    device_name: *const c_char,
    ext: c_int,
    size: usize,
    constant: c_int,
    global: c_int,
) {
    let _ = (host_name, ext, global);
    guarded("__hipRegisterVar", (), || {
        // SAFETY: forwarded from this function's contract.
        let (Some(index), Some(name)) = (handle_index(handle), unsafe { c_string(device_name) })
        else {
            return;
        };
        let recorded = registry::add_variable(
            host_variable as usize,
            Variable {
                fat_binary: index,
                name: name.to_owned(),
                size,
                constant: constant != 0,
                managed: None,
            },
        );
        log!(
            2,
            "registered variable `{}` ({size} bytes){}",
            name.to_string_lossy(),
            if recorded { "" } else { ": unknown handle, ignored" }
        );
    })
}

/// Records a `__managed__` variable.
///
/// FIXME(#2): the managed allocation is not made yet, so `*host_pointer_variable` stays
/// NULL; ROCm allocates managed memory here, copies the initial value and later writes
/// the pointer into each loaded module's variable (hip-abi.md §1.5).
///
/// # Safety
/// `name` must be NULL or a NUL-terminated string that outlives the program.
#[no_mangle]
pub unsafe extern "C" fn __hipRegisterManagedVar(
    handle: *mut c_void,
    host_pointer_variable: *mut *mut c_void,
    initial_value: *mut c_void,
    name: *const c_char,
    size: usize,
    align: c_uint,
) {
    let _ = align;
    guarded("__hipRegisterManagedVar", (), || {
        // SAFETY: forwarded from this function's contract.
        let (Some(index), Some(name)) = (handle_index(handle.cast()), unsafe { c_string(name) })
        else {
            return;
        };
        registry::add_variable(
            host_pointer_variable as usize,
            Variable {
                fat_binary: index,
                name: name.to_owned(),
                size,
                constant: false,
                managed: Some((host_pointer_variable as usize, initial_value as usize)),
            },
        );
        log!(
            1,
            "managed variable `{}` is recorded but not allocated (not supported yet)",
            name.to_string_lossy()
        );
    })
}

/// Records nothing: surface references are not supported yet.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn __hipRegisterSurface(
    handle: *mut *mut c_void,
    variable: *mut c_void,
    host_name: *mut c_char,
    device_name: *mut c_char,
    dim: c_int,
    ext: c_int,
) {
    let _ = (handle, variable, host_name, ext);
    guarded("__hipRegisterSurface", (), || {
        // SAFETY: clang passes a NUL-terminated string constant.
        let name = unsafe { c_string(device_name) };
        log!(
            2,
            "surface `{}` ({dim}D) ignored",
            name.map(CStr::to_string_lossy).unwrap_or_default()
        );
    })
}

/// Records nothing: texture references are not supported yet.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn __hipRegisterTexture(
    handle: *mut *mut c_void,
    variable: *mut c_void,
    host_name: *mut c_char,
    device_name: *mut c_char,
    dim: c_int,
    normalized: c_int,
    ext: c_int,
) {
    let _ = (handle, variable, host_name, normalized, ext);
    guarded("__hipRegisterTexture", (), || {
        // SAFETY: clang passes a NUL-terminated string constant.
        let name = unsafe { c_string(device_name) };
        log!(
            2,
            "texture `{}` ({dim}D) ignored",
            name.map(CStr::to_string_lossy).unwrap_or_default()
        );
    })
}

/// Forgets a fat binary and its kernels (from the `atexit` destructor, or when a shared
/// library is unloaded). Loaded driver modules are left to process teardown.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn __hipUnregisterFatBinary(handle: *mut *mut c_void) {
    guarded("__hipUnregisterFatBinary", (), || {
        let removed = handle_index(handle).is_some_and(registry::remove_fat_binary);
        log!(2, "unregistered fat binary {handle:p}{}", if removed { "" } else { " (unknown)" });
    })
}
