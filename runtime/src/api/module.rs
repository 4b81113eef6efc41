//! The module API (`hipModuleLoad*`, `hipModuleGetFunction`, `hipModuleGetGlobal`,
//! `hipModuleLaunchKernel`): code objects the program loads itself instead of having
//! clang register them.
//!
//! A loaded module becomes one more fat binary in the registry, so both backends load
//! and select its images exactly as they do for registered ones. Whatever the program
//! hands in is first turned into an offload bundle: a bundle or NVIDIA fatbinary stays
//! as it is; a bare cubin, PTX text or CPU image (an x86-64 shared object) becomes the
//! one device entry of a new bundle. A function handle is a registered kernel handle
//! whose address is a small leaked allocation, so it never collides with a kernel stub.
//! The bundle bytes and function handles are leaked on purpose: a backend may keep
//! referring to them after `hipModuleUnload` (which only unregisters the fat binary).
//! Nothing here is in the kernel-launch fast path of `<<<>>>`.

use std::collections::HashMap;
use std::ffi::{c_char, c_int, c_uint, c_void, CStr, CString};
use std::os::unix::ffi::OsStrExt;
use std::sync::{Mutex, MutexGuard};

use bundler::{Bundle, Entry, EntryId, OffloadArch, OffloadKind};

use crate::api::live::{InUse, Table};
use crate::api::{call, non_null, HipStream};
use crate::backend::{self, PackedArgs};
use crate::error::{HipError, RuntimeError};
use crate::log::log;
use crate::registry;
use crate::types::Dim3;

/// `hipModule_t` and `hipFunction_t`: opaque pointers.
pub type HipModule = *mut c_void;
pub type HipFunction = *mut c_void;

/// `HIP_LAUNCH_PARAM_*` keys of `hipModuleLaunchKernel`'s `extra` array (hip-abi.md §5.4).
const LAUNCH_PARAM_BUFFER_POINTER: usize = 1;
const LAUNCH_PARAM_BUFFER_SIZE: usize = 2;
const LAUNCH_PARAM_END: usize = 3;

struct Module {
    functions: HashMap<CString, usize>,
}

#[derive(Default)]
struct Modules {
    /// Keyed by the `hipModule_t` value.
    modules: HashMap<usize, Module>,
    /// Function handle → module handle.
    functions: HashMap<usize, usize>,
}

static MODULES: Mutex<Option<Modules>> = Mutex::new(None);

/// The loaded modules (handle → fat binary index), held by every call that uses one
/// (`hipModuleGetFunction`, `hipModuleGetGlobal`, `hipModuleLaunchKernel`), so that
/// `hipModuleUnload` waits for those calls and the calls after it see the module gone.
static LIVE: std::sync::LazyLock<Table<usize>> = std::sync::LazyLock::new(Table::default);

fn with_modules<T>(body: impl FnOnce(&mut Modules) -> T) -> T {
    let mut guard: MutexGuard<'_, Option<Modules>> = crate::sync::lock(&MODULES);
    body(guard.get_or_insert_with(Modules::default))
}

const ELF_MAGIC: &[u8] = b"\x7fELF";
/// ELF `e_machine` values (System V ABI): x86-64 and NVIDIA CUDA.
const EM_X86_64: u16 = 62;
const EM_CUDA: u16 = 190;
/// NVIDIA fatbinary magic 0xBA55ED50, little endian (hip-abi.md §1.10).
const NVIDIA_FATBIN_MAGIC: &[u8] = &[0x50, 0xed, 0x55, 0xba];

fn invalid(reason: impl Into<String>) -> RuntimeError {
    RuntimeError::InvalidFatBinary {
        address: 0,
        reason: reason.into(),
    }
}

fn read_u16(bytes: &[u8], at: usize) -> u64 {
    bytes
        .get(at..at + 2)
        .map_or(0, |b| u64::from(u16::from_le_bytes([b[0], b[1]])))
}

/// Copies the image at `image` (whose length the format says) out of the program's memory,
/// reading nothing on trust ([`crate::untrusted::image_at`]).
///
/// # Safety
/// As for [`crate::untrusted::image_at`]: `image` is what the program handed over.
unsafe fn image_from_pointer(image: *const u8) -> Result<Vec<u8>, RuntimeError> {
    // SAFETY: forwarded from this function's contract; the bytes are copied at once.
    let bytes = unsafe { crate::untrusted::image_at(image as usize, true) }.map_err(invalid)?;
    let (source, length) = (bytes.as_ptr(), bytes.len());
    let mut data: Vec<u8> = Vec::with_capacity(length);
    // SAFETY: `source` is readable for `length` bytes (`image_at` checked) and `data` has
    // room for them. A damaged header can claim more than the program's buffer, and the
    // readable memory past it can be the heap, where the new buffer may then lie: the copy
    // is a `memmove`, which is defined for overlapping ranges (what it copies there is
    // garbage, which the checks after reject), where `to_vec`'s `memcpy` is not.
    unsafe {
        std::ptr::copy(source, data.as_mut_ptr(), length);
        data.set_len(length);
    }
    Ok(data)
}

/// Checks that a bundle or NVIDIA fatbinary ends within `data`, so that the registry,
/// which finds the length from the headers again, reads nothing past it.
pub(crate) fn check_length(data: &[u8]) -> Result<(), RuntimeError> {
    let length = if data.starts_with(NVIDIA_FATBIN_MAGIC) {
        let total = read_u16(data, 6).saturating_add(data.get(8..16).map_or(u64::MAX, |b| {
            u64::from_le_bytes(b.try_into().unwrap_or_default())
        }));
        usize::try_from(total).unwrap_or(usize::MAX)
    } else {
        match bundler::bundle_len(data).map_err(|error| invalid(error.to_string()))? {
            bundler::BundleLen::Complete(length) => length,
            bundler::BundleLen::NeedMore(length) => length,
        }
    };
    if length > data.len() {
        return Err(invalid(format!(
            "its headers say {length} bytes, but it has {}",
            data.len()
        )));
    }
    Ok(())
}

/// The `.target sm_XX` of PTX text.
fn ptx_target(text: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(text);
    text.lines().find_map(|line| {
        let rest = line.trim().strip_prefix(".target")?;
        let target = rest.split([',', ' ', '\t']).find(|word| !word.is_empty())?;
        target.starts_with("sm_").then(|| target.to_owned())
    })
}

/// Turns the bytes of any accepted image into a fat binary the registry can read.
pub(crate) fn to_fat_binary(data: Vec<u8>) -> Result<Vec<u8>, RuntimeError> {
    if data.starts_with(bundler::FLAT_MAGIC)
        || data.starts_with(bundler::COMPRESSED_MAGIC)
        || data.starts_with(NVIDIA_FATBIN_MAGIC)
    {
        return Ok(data);
    }
    let id = if data.starts_with(ELF_MAGIC) {
        match read_u16(&data, 18) as u16 {
            EM_X86_64 => OffloadArch::Host.bundle_entry_id(),
            // An untagged cubin: the CUDA driver judges whether it fits the device.
            EM_CUDA => EntryId {
                kind: OffloadKind::HipV4,
                triple: "nvptx64-nvidia-cuda-unknown".to_owned(),
                target_id: String::new(),
            },
            machine => return Err(invalid(format!("ELF file for machine {machine}"))),
        }
    } else {
        let target =
            ptx_target(&data).ok_or_else(|| invalid("neither a bundle, an ELF file nor PTX"))?;
        OffloadArch::parse(&target)
            .map_err(|error| invalid(error.to_string()))?
            .bundle_entry_id()
    };
    let bundle = Bundle {
        entries: vec![Entry { id, data }],
    };
    // `write_flat`, not `write`: the compressors would otherwise be linked into every program.
    bundler::write_flat(&bundle, 4096).map_err(|error| invalid(error.to_string()))
}

/// Registers `data` as a fat binary and returns the new module handle.
fn load(data: Vec<u8>) -> Result<usize, RuntimeError> {
    // A module is loaded for the current device; without one there is nothing to load.
    let (backend, device) = backend::current()?;
    let data = to_fat_binary(data)?;
    check_length(&data)?;
    let bytes: &'static [u8] = data.leak();
    let index = registry::add_fat_binary(bytes.as_ptr() as usize);
    let fat_binary = registry::fat_binary(index).ok_or(RuntimeError::Internal {
        reason: "a module's fat binary vanished".to_owned(),
    })?;
    // A damaged image for the current device is this call's error (as in HIP, which loads
    // it here), though the load itself waits for the first use.
    if let Err(error) = fat_binary
        .images()
        .and_then(|_| backend.check_image(device, &fat_binary))
    {
        registry::remove_fat_binary(index);
        return Err(error);
    }
    let handle = index + 1;
    with_modules(|modules| {
        modules.modules.insert(
            handle,
            Module {
                functions: HashMap::new(),
            },
        )
    });
    LIVE.insert(handle, index);
    log!(2, "module {handle:#x} loaded as fat binary #{index}");
    Ok(handle)
}

/// A loaded module's fat binary index, the module held until the [`InUse`] is dropped.
fn enter(module: HipModule) -> Result<(usize, InUse), RuntimeError> {
    LIVE.enter(module as usize)
        .ok_or(RuntimeError::InvalidHandle { what: "module" })
}

fn c_name<'a>(name: *const c_char, argument: &'static str) -> Result<&'a CStr, RuntimeError> {
    non_null(name, argument)?;
    // SAFETY: checked non-null; the caller promises a NUL-terminated string.
    Ok(unsafe { CStr::from_ptr(name) })
}

/// # Safety
/// `module` must be NULL or writable; `image` must be NULL or point at a complete code
/// object: an offload bundle, NVIDIA fatbinary, cubin, CPU image or NUL-terminated PTX.
#[no_mangle]
pub unsafe extern "C" fn hipModuleLoadData(
    module: *mut HipModule,
    image: *const c_void,
) -> HipError {
    call("hipModuleLoadData", || {
        non_null(module, "module")?;
        non_null(image, "image")?;
        // SAFETY: forwarded from this function's contract.
        let data = unsafe { image_from_pointer(image.cast()) }?;
        let handle = load(data)?;
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { module.write(handle as HipModule) };
        Ok(())
    })
}

/// As [`hipModuleLoadData`]; the JIT options are accepted and ignored (the image is
/// compiled when a device first needs it, with the runtime's own options).
///
/// # Safety
/// As for [`hipModuleLoadData`].
#[no_mangle]
pub unsafe extern "C" fn hipModuleLoadDataEx(
    module: *mut HipModule,
    image: *const c_void,
    num_options: c_uint,
    options: *mut c_int,
    option_values: *mut *mut c_void,
) -> HipError {
    let _ = (options, option_values);
    if num_options > 0 {
        log!(
            2,
            "hipModuleLoadDataEx: {num_options} JIT option(s) ignored"
        );
    }
    // SAFETY: same contract.
    unsafe { hipModuleLoadData(module, image) }
}

/// Loads a code object from a file (any format [`hipModuleLoadData`] takes).
///
/// # Safety
/// `module` must be NULL or writable; `path` NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn hipModuleLoad(module: *mut HipModule, path: *const c_char) -> HipError {
    call("hipModuleLoad", || {
        non_null(module, "module")?;
        let path = c_name(path, "fname")?;
        let path = std::path::Path::new(std::ffi::OsStr::from_bytes(path.to_bytes()));
        let data = std::fs::read(path).map_err(|error| RuntimeError::FileNotFound {
            path: path.to_string_lossy().into_owned(),
            reason: error.to_string(),
        })?;
        if data.is_empty() {
            return Err(invalid("empty file"));
        }
        let handle = load(data)?;
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { module.write(handle as HipModule) };
        Ok(())
    })
}

/// Unregisters the module; its functions can no longer be launched.
///
/// # Safety
/// Always safe to call.
#[no_mangle]
pub unsafe extern "C" fn hipModuleUnload(module: HipModule) -> HipError {
    call("hipModuleUnload", || {
        // Of two threads unloading it, one does; calls using it finish first.
        let (fat_binary, retiring) = LIVE
            .claim(module as usize)
            .ok_or(RuntimeError::InvalidHandle { what: "module" })?;
        retiring.wait();
        with_modules(|modules| {
            modules.modules.remove(&(module as usize));
            modules
                .functions
                .retain(|_, owner| *owner != module as usize);
        });
        registry::remove_fat_binary(fat_binary);
        Ok(())
    })
}

/// # Safety
/// `function` must be NULL or writable; `name` NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn hipModuleGetFunction(
    function: *mut HipFunction,
    module: HipModule,
    name: *const c_char,
) -> HipError {
    call("hipModuleGetFunction", || {
        non_null(function, "function")?;
        let name = c_name(name, "kname")?.to_owned();
        let (fat_binary, _in_use) = enter(module)?;
        let existing = with_modules(|modules| {
            modules
                .modules
                .get(&(module as usize))
                .and_then(|record| record.functions.get(&name).copied())
        });
        let handle = match existing {
            Some(handle) => handle,
            None => {
                // A fresh address that no kernel stub can have.
                let handle = Box::leak(Box::new(0u8)) as *mut u8 as usize;
                if !registry::add_kernel(fat_binary, handle, name.clone()) {
                    return Err(RuntimeError::InvalidHandle { what: "module" });
                }
                let (backend, device) = backend::current()?;
                // Resolving the kernel's attributes loads the image and looks the name up.
                if let Err(error) = backend.function_attributes(device, handle) {
                    return Err(match error.code() {
                        HipError::ErrorInvalidDeviceFunction | HipError::ErrorNotFound => {
                            RuntimeError::NotFound {
                                what: "kernel",
                                name: name.to_string_lossy().into_owned(),
                            }
                        }
                        _ => error,
                    });
                }
                // Another thread may have resolved the same name meanwhile: the first handle
                // stored is the module's, so every caller gets the same one.
                with_modules(|modules| {
                    let record = modules
                        .modules
                        .get_mut(&(module as usize))
                        .ok_or(RuntimeError::InvalidHandle { what: "module" })?;
                    let handle = *record.functions.entry(name).or_insert(handle);
                    modules.functions.insert(handle, module as usize);
                    Ok(handle)
                })?
            }
        };
        // SAFETY: checked non-null; the caller promises it is writable.
        unsafe { function.write(handle as HipFunction) };
        Ok(())
    })
}

/// The device address and size of the variable `name`; either output may be NULL.
///
/// # Safety
/// `address` and `size` must each be NULL or writable; `name` NULL or NUL-terminated.
#[no_mangle]
pub unsafe extern "C" fn hipModuleGetGlobal(
    address: *mut *mut c_void,
    size: *mut usize,
    module: HipModule,
    name: *const c_char,
) -> HipError {
    call("hipModuleGetGlobal", || {
        let name = c_name(name, "name")?;
        let (index, _in_use) = enter(module)?;
        let fat_binary = registry::fat_binary(index)
            .filter(|fat_binary| fat_binary.is_registered())
            .ok_or(RuntimeError::InvalidHandle { what: "module" })?;
        let (backend, device) = backend::current()?;
        let (device_address, bytes) =
            backend
                .symbol(device, &fat_binary, name)
                .map_err(|error| match error.code() {
                    HipError::ErrorNotFound | HipError::ErrorUnknown => RuntimeError::NotFound {
                        what: "global",
                        name: name.to_string_lossy().into_owned(),
                    },
                    _ => error,
                })?;
        // SAFETY: each is written only when non-null; the caller promises they are writable.
        unsafe {
            if !address.is_null() {
                address.write(device_address as *mut c_void);
            }
            if !size.is_null() {
                size.write(bytes);
            }
        }
        Ok(())
    })
}

/// Reads HIP's `extra` array: `{BUFFER_POINTER, buf, BUFFER_SIZE, &size, END}` in any
/// order.
///
/// # Safety
/// `extra` must be a readable array ended by `HIP_LAUNCH_PARAM_END`, each key followed by
/// its value; the size value must point at a readable `size_t`.
pub(crate) unsafe fn packed_arguments(extra: *mut *mut c_void) -> Result<PackedArgs, RuntimeError> {
    let mut buffer = None;
    let mut size = None;
    let mut at = 0;
    loop {
        // SAFETY: the array is readable up to its END key (contract).
        let key = unsafe { extra.add(at).read() } as usize;
        match key {
            LAUNCH_PARAM_END => break,
            LAUNCH_PARAM_BUFFER_POINTER => {
                // SAFETY: a key is followed by its value (contract).
                buffer = Some(unsafe { extra.add(at + 1).read() });
            }
            LAUNCH_PARAM_BUFFER_SIZE => {
                // SAFETY: as above; the value points at a size_t (contract).
                let pointer = unsafe { extra.add(at + 1).read() }.cast::<usize>();
                non_null(pointer, "extra")?;
                // SAFETY: checked non-null; readable per the contract.
                size = Some(unsafe { pointer.read() });
            }
            _ => return Err(RuntimeError::InvalidValue { argument: "extra" }),
        }
        at += 2;
    }
    match (buffer, size) {
        (Some(buffer), Some(size)) if !buffer.is_null() || size == 0 => {
            Ok(PackedArgs { buffer, size })
        }
        _ => Err(RuntimeError::InvalidValue { argument: "extra" }),
    }
}

/// Launches a module function; arguments come either as `kernel_params` (one pointer per
/// parameter) or packed in `extra`, never both.
///
/// # Safety
/// `kernel_params` as for `hipLaunchKernel`'s `args`; `extra` as HIP documents it.
#[no_mangle]
pub unsafe extern "C" fn hipModuleLaunchKernel(
    function: HipFunction,
    grid_x: c_uint,
    grid_y: c_uint,
    grid_z: c_uint,
    block_x: c_uint,
    block_y: c_uint,
    block_z: c_uint,
    shared_mem_bytes: c_uint,
    stream: HipStream,
    kernel_params: *mut *mut c_void,
    extra: *mut *mut c_void,
) -> HipError {
    call("hipModuleLaunchKernel", || {
        // The function's module is held while the launch is queued: an unload waits for it.
        let owner = with_modules(|modules| modules.functions.get(&(function as usize)).copied());
        let _in_use = owner
            .and_then(|module| LIVE.enter(module))
            .ok_or(RuntimeError::InvalidHandle { what: "function" })?;
        let packed = match (kernel_params.is_null(), extra.is_null()) {
            (false, false) => {
                return Err(RuntimeError::InvalidValue {
                    argument: "kernelParams and extra",
                })
            }
            // SAFETY: forwarded from this function's contract.
            (true, false) => Some(unsafe { packed_arguments(extra) }?),
            _ => None,
        };
        crate::api::launch::launch(
            function as *const c_void,
            Dim3 {
                x: grid_x,
                y: grid_y,
                z: grid_z,
            },
            Dim3 {
                x: block_x,
                y: block_y,
                z: block_z,
            },
            kernel_params,
            packed,
            shared_mem_bytes as usize,
            stream,
            false,
            false,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(fat_binary: &[u8]) -> Vec<String> {
        bundler::read(fat_binary)
            .unwrap()
            .entries
            .iter()
            .map(|entry| entry.id.to_string())
            .collect()
    }

    #[test]
    fn bare_images_become_one_entry_bundles() {
        let ptx = b"//\n.version 7.8\n.target sm_90\n.address_size 64\n\0".to_vec();
        assert_eq!(
            ids(&to_fat_binary(ptx).unwrap()),
            [
                "host-x86_64-unknown-linux-gnu-",
                "hipv4-nvptx64-nvidia-cuda-unknown-sm_90"
            ]
        );
        let mut cubin = b"\x7fELF\x02\x01\x01".to_vec();
        cubin.resize(64, 0);
        cubin[18] = 190;
        assert_eq!(
            ids(&to_fat_binary(cubin).unwrap())[1],
            "hipv4-nvptx64-nvidia-cuda-unknown-"
        );
        let mut shared_object = b"\x7fELF\x02\x01\x01".to_vec();
        shared_object.resize(64, 0);
        shared_object[18] = 62;
        assert_eq!(
            ids(&to_fat_binary(shared_object).unwrap())[1],
            "hipv4-x86_64-unknown-linux-gnu-"
        );
    }

    #[test]
    fn garbage_is_an_invalid_image() {
        let error = to_fat_binary(b"hello\0".to_vec()).unwrap_err();
        assert_eq!(error.code(), HipError::ErrorInvalidImage);
        let mut arm = b"\x7fELF\x02\x01\x01".to_vec();
        arm.resize(64, 0);
        arm[18] = 183;
        assert_eq!(
            to_fat_binary(arm).unwrap_err().code(),
            HipError::ErrorInvalidImage
        );
    }

    #[test]
    fn images_are_measured_from_a_pointer() {
        let ptx = b".version 7.8\n.target sm_80\n\0trailing".to_vec();
        // SAFETY: a live vector.
        let copied = unsafe { image_from_pointer(ptx.as_ptr()) }.unwrap();
        assert_eq!(copied, b".version 7.8\n.target sm_80\n\0");
        let bundle = to_fat_binary(ptx.clone()).unwrap();
        let mut padded = bundle.clone();
        padded.extend_from_slice(&[0xAA; 100]);
        // SAFETY: a complete bundle followed by unrelated bytes.
        let copied = unsafe { image_from_pointer(padded.as_ptr()) }.unwrap();
        assert_eq!(copied, bundle);
    }

    #[test]
    fn extra_arrays_are_read_in_any_order_and_checked() {
        let mut buffer = [0u8; 24];
        let mut size = 24usize;
        let mut extra: Vec<*mut c_void> = vec![
            std::ptr::without_provenance_mut(LAUNCH_PARAM_BUFFER_SIZE),
            (&raw mut size).cast(),
            std::ptr::without_provenance_mut(LAUNCH_PARAM_BUFFER_POINTER),
            buffer.as_mut_ptr().cast(),
            std::ptr::without_provenance_mut(LAUNCH_PARAM_END),
        ];
        // SAFETY: a well-formed array over live locals.
        let packed = unsafe { packed_arguments(extra.as_mut_ptr()) }.unwrap();
        assert_eq!(packed.size, 24);
        assert_eq!(packed.buffer, buffer.as_mut_ptr().cast());
        // CUDA's END (0) is not HIP's: it reads as an unknown key.
        extra[4] = std::ptr::null_mut();
        extra.push(std::ptr::without_provenance_mut(LAUNCH_PARAM_END));
        // SAFETY: readable up to the HIP END key.
        let error = unsafe { packed_arguments(extra.as_mut_ptr()) }.unwrap_err();
        assert_eq!(error.code(), HipError::ErrorInvalidValue);
    }
}
