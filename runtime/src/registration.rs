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
use crate::registry::{self, Managed, Variable};
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
            log!(
                1,
                "__hipRegisterFatBinary: wrapper at {wrapper:p} has no binary"
            );
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
    let _ = (
        device_function,
        thread_limit,
        tid,
        bid,
        block_dim,
        grid_dim,
        warp_size,
    );
    guarded("__hipRegisterFunction", 0, || {
        // SAFETY: forwarded from this function's contract.
        let Some(name) = (unsafe { c_string(device_name) }) else {
            log!(1, "__hipRegisterFunction: NULL kernel name");
            return 0;
        };
        let Some(index) = handle_index(handle) else {
            log!(
                1,
                "__hipRegisterFunction: NULL handle for `{}`",
                name.to_string_lossy()
            );
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
    let _ = (host_name, ext, constant, global);
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
                managed: None,
            },
        );
        log!(
            2,
            "registered variable `{}` ({size} bytes){}",
            name.to_string_lossy(),
            if recorded {
                ""
            } else {
                ": unknown handle, ignored"
            }
        );
    })
}

/// Records a `__managed__` variable and points its host pointer variable at a host copy
/// of the initial value, so host code can use the variable before any device exists.
/// The first call that selects a device backend moves the value into managed memory
/// and repoints the variable; each module load then writes that pointer into the
/// device-side variable (hip-abi.md §1.5). A pointer to the variable taken before that
/// first call keeps pointing at the host copy.
///
/// # Safety
/// `name` must be NULL or a NUL-terminated string that outlives the program;
/// `host_pointer_variable` must be NULL or a writable `void*` that outlives the program;
/// `initial_value` must be readable for `size` bytes.
#[no_mangle]
pub unsafe extern "C" fn __hipRegisterManagedVar(
    handle: *mut c_void,
    host_pointer_variable: *mut *mut c_void,
    initial_value: *mut c_void,
    name: *const c_char,
    size: usize,
    align: c_uint,
) {
    guarded("__hipRegisterManagedVar", (), || {
        // SAFETY: forwarded from this function's contract.
        let (Some(index), Some(name)) = (handle_index(handle.cast()), unsafe { c_string(name) })
        else {
            return;
        };
        if host_pointer_variable.is_null() || (initial_value.is_null() && size > 0) {
            log!(
                1,
                "__hipRegisterManagedVar: NULL pointer for `{}`",
                name.to_string_lossy()
            );
            return;
        }
        let Ok(layout) = std::alloc::Layout::from_size_align(size.max(1), (align as usize).max(16))
        else {
            log!(
                1,
                "__hipRegisterManagedVar: bad size/alignment for `{}`",
                name.to_string_lossy()
            );
            return;
        };
        // SAFETY: the layout has a non-zero size.
        let staging = unsafe { std::alloc::alloc_zeroed(layout) };
        if staging.is_null() {
            return;
        }
        // SAFETY: `initial_value` is readable for `size` bytes (contract) and `staging`
        // was just allocated with at least `size` bytes; the staging copy is never freed,
        // as the variable lives as long as the program.
        unsafe {
            std::ptr::copy_nonoverlapping(initial_value.cast::<u8>(), staging, size);
            host_pointer_variable.write(staging.cast());
        }
        let recorded = registry::add_variable(
            host_pointer_variable as usize,
            Variable {
                fat_binary: index,
                name: name.to_owned(),
                size,
                managed: Some(Managed {
                    host_pointer_variable: host_pointer_variable as usize,
                    allocation: None,
                }),
            },
        );
        log!(
            2,
            "registered managed variable `{}` ({size} bytes){}",
            name.to_string_lossy(),
            if recorded {
                ""
            } else {
                ": unknown handle, ignored"
            }
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
/// It waits for nothing: at exit, the runtime's own `atexit` handler (registered when the
/// backend started, so run before these destructors) has already waited for the devices in
/// use; a library unloaded mid-program must not use that one wait up, nor wait for every
/// device while the dynamic loader's lock is held.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn __hipUnregisterFatBinary(handle: *mut *mut c_void) {
    guarded("__hipUnregisterFatBinary", (), || {
        let removed = handle_index(handle).is_some_and(registry::remove_fat_binary);
        log!(
            2,
            "unregistered fat binary {handle:p}{}",
            if removed { "" } else { " (unknown)" }
        );
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::image::{self, ImageFormat};
    use bundler::{Bundle, Entry, EntryId, OffloadArch, WriteOptions};

    const PTX: &[u8] = b".version 7.8\n.target sm_80\n.address_size 64\n";

    /// A bundle as the driver writes it: host entry, PTX for sm_80, a "cubin" for sm_90.
    fn bundle_bytes() -> Vec<u8> {
        let sm_80 = OffloadArch::parse("sm_80").unwrap();
        let sm_90 = OffloadArch::parse("sm_90").unwrap();
        let bundle = Bundle {
            entries: vec![
                Entry {
                    id: EntryId::host(),
                    data: Vec::new(),
                },
                Entry::ptx(&sm_80, PTX),
                Entry {
                    id: sm_90.bundle_entry_id(),
                    data: b"\x7fELF\x02\x01\x01\0fake cubin".to_vec(),
                },
            ],
        };
        let options = WriteOptions {
            align: 4096,
            compression: None,
        };
        bundler::write(&bundle, &options).unwrap()
    }

    /// Registers `blob` through a HIPF wrapper; both are leaked, as in a real program.
    fn register(magic: u32, version: u32, blob: &'static [u8]) -> *mut *mut c_void {
        let wrapper = Box::leak(Box::new(FatBinaryWrapper {
            magic,
            version,
            binary: blob.as_ptr().cast(),
            unused: std::ptr::null(),
        }));
        // SAFETY: the wrapper and blob are leaked, so they outlive the registry.
        unsafe { __hipRegisterFatBinary((wrapper as *const FatBinaryWrapper).cast()) }
    }

    #[test]
    fn wrapper_magic_and_version_are_checked() {
        let blob: &'static [u8] = bundle_bytes().leak();
        assert!(
            register(0x466243B1, 1, blob).is_null(),
            "CUDA magic accepted"
        );
        assert!(
            register(HIP_FAT_BINARY_MAGIC, 2, blob).is_null(),
            "version 2 accepted"
        );
        // SAFETY: NULL is checked before anything is read.
        assert!(unsafe { __hipRegisterFatBinary(std::ptr::null()) }.is_null());
        assert!(!register(HIP_FAT_BINARY_MAGIC, 1, blob).is_null());
    }

    #[test]
    fn registered_bundle_yields_the_right_image() {
        let blob: &'static [u8] = bundle_bytes().leak();
        let handle = register(HIP_FAT_BINARY_MAGIC, HIP_FAT_BINARY_VERSION, blob);
        let index = handle_index(handle).unwrap();
        let fat_binary = registry::fat_binary(index).unwrap();
        let images = fat_binary.images().unwrap();
        let ids: Vec<String> = images.iter().map(|image| image.id()).collect();
        assert_eq!(
            ids,
            [
                "host-x86_64-unknown-linux-gnu-",
                "hipv4-nvptx64-nvidia-cuda-unknown-sm_80",
                "hipv4-nvptx64-nvidia-cuda-unknown-sm_90",
            ]
        );
        let candidates: Vec<_> = images.iter().map(|image| image.candidate()).collect();
        let on_h100 = image::select_nvptx(&candidates, 90).unwrap();
        assert_eq!((on_h100.index, on_h100.format), (2, ImageFormat::Cubin));
        let on_a100 = image::select_nvptx(&candidates, 86).unwrap();
        assert_eq!((on_a100.index, on_a100.format), (1, ImageFormat::Ptx));
        assert!(image::select_nvptx(&candidates, 75).is_none());
    }

    #[test]
    fn one_kernel_handle_from_two_translation_units() {
        let first = register(HIP_FAT_BINARY_MAGIC, 1, bundle_bytes().leak());
        let second = register(HIP_FAT_BINARY_MAGIC, 1, bundle_bytes().leak());
        static KERNEL_HANDLE: u64 = 0;
        let kernel = (&raw const KERNEL_HANDLE).cast::<c_void>();
        let name = c"_Z6kernelPi";
        for handle in [first, second, first] {
            // SAFETY: the name is a static C string; the other pointers are unused.
            let result = unsafe {
                __hipRegisterFunction(
                    handle,
                    kernel,
                    name.as_ptr().cast_mut(),
                    name.as_ptr(),
                    u32::MAX,
                    std::ptr::null_mut(),
                    std::ptr::null_mut(),
                    std::ptr::null_mut(),
                    std::ptr::null_mut(),
                    std::ptr::null_mut(),
                )
            };
            assert_eq!(result, 0);
        }
        let registered = registry::kernel(kernel as usize).unwrap();
        assert_eq!(registered.name.as_c_str(), name);
        let indices: Vec<usize> = registered.fat_binaries.iter().map(|f| f.index).collect();
        assert_eq!(
            indices,
            [handle_index(first).unwrap(), handle_index(second).unwrap()]
        );

        // SAFETY: `first` came from `__hipRegisterFatBinary`.
        unsafe { __hipUnregisterFatBinary(first) };
        let remaining = registry::kernel(kernel as usize).unwrap();
        assert_eq!(remaining.fat_binaries.len(), 1);
        // SAFETY: as above.
        unsafe { __hipUnregisterFatBinary(second) };
        assert!(registry::kernel(kernel as usize).is_none());
    }

    #[test]
    fn bad_handles_are_ignored() {
        let name = c"_Z1kv";
        static KERNEL_HANDLE: u64 = 0;
        // SAFETY: NULL and unknown handles are rejected by lookup, never dereferenced.
        unsafe {
            let result = __hipRegisterFunction(
                std::ptr::null_mut(),
                (&raw const KERNEL_HANDLE).cast(),
                name.as_ptr().cast_mut(),
                name.as_ptr(),
                u32::MAX,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
            );
            assert_eq!(result, 0);
            __hipRegisterVar(
                0xdead_0000usize as *mut *mut c_void,
                (&raw const KERNEL_HANDLE).cast_mut().cast(),
                name.as_ptr().cast_mut(),
                name.as_ptr(),
                0,
                4,
                0,
                0,
            );
            __hipUnregisterFatBinary(0xdead_0000usize as *mut *mut c_void);
        }
        assert!(registry::kernel(&raw const KERNEL_HANDLE as usize).is_none());
        assert!(registry::variable(&raw const KERNEL_HANDLE as usize).is_none());
    }

    #[test]
    fn corrupt_bundle_is_an_invalid_image_at_first_use() {
        // An absurd entry count, followed by enough zeros that a reader asking for more
        // header bytes stays inside the allocation.
        let mut bytes = b"__CLANG_OFFLOAD_BUNDLE__\xff\xff\xff\xff\xff\xff\xff\xff".to_vec();
        bytes.resize(64 * 1024, 0);
        let blob: &'static [u8] = bytes.leak();
        let handle = register(HIP_FAT_BINARY_MAGIC, 1, blob);
        assert!(!handle.is_null(), "registration must stay lazy");
        let fat_binary = registry::fat_binary(handle_index(handle).unwrap()).unwrap();
        let error = fat_binary.images().unwrap_err();
        assert_eq!(error.code(), crate::error::HipError::ErrorInvalidImage);
    }
}
