//! The CPU backend: runs the `host` images of a fat binary (`--offload-arch=host`) on the
//! machine's own processor, as one extra device after the GPUs.
//!
//! An image is a shared object (codegen's `Target::Host` output linked with
//! `ld.lld -shared`); it is written to a `memfd` and opened with `dlopen` from
//! `/proc/<pid>/fd/N` (a path debuggers can open too, see [`write_memfd`]), so nothing
//! touches the file system and executables need no `-rdynamic` (the image calls back into
//! the runtime only through the `ops` table in each work-item record, see [`exec`]);
//! `OXHIP_CPU_KEEP_IMAGES=<dir>` writes images to files that outlive the process instead,
//! for core files and profilers. Device memory is host memory. Created streams run
//! asynchronously on worker threads ([`streams`]); a launch queued on one copies its
//! arguments first, with the sizes codegen exports per kernel (`__oxhip_cpu_args.<name>`).
//! The null stream runs on the calling thread after the blocking streams have drained.

pub(crate) mod devices;
pub(crate) mod exec;
mod memory;
mod split;
pub(crate) mod streams;

use std::collections::{BTreeMap, HashMap};
use std::ffi::{c_char, c_void, CStr, CString};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use streams::{Event, Stream, Task};

use libloading::os::unix::Library;

use super::{Backend, DevicePtr, EventHandle, Launch, StreamHandle};
use crate::error::RuntimeError;
use crate::log::log;
use crate::registry::{self, FatBinary};
use crate::sync::lock;
use crate::types::{set_c_string, DeviceExtras, DeviceProp, FuncAttributes, MemcpyKind};

use memory::{Kind, Memory, ALIGNMENT};
/// Shared memory per work-group: codegen's dynamic array size (`DYNAMIC_SHARED_BYTES`).
const SHARED_MEMORY_BYTES: usize = 64 * 1024;
pub(crate) const MAX_THREADS_PER_BLOCK: u32 = 1024;
/// The most groups a cooperative launch may have: each runs on its own OS thread.
const MAX_COOPERATIVE_GROUPS: u64 = 256;

/// A loaded image.
///
/// Every pointer the runtime takes into an image (entry points, argument tables, variable
/// addresses) is held next to an `Arc` of it: a resolved [`exec::Kernel`] owns one, and the
/// device's `images` table keeps one for every image ever loaded, so an image is closed only
/// when the process exits (variable addresses handed to the program have no owner to count).
struct LoadedImage {
    library: Library,
    /// The memfd stays open: glibc recognises an already loaded object by its path, and a
    /// closed descriptor's number (so `/proc/<pid>/fd/N`) would be reused by the next image.
    /// `None` for an image kept as a file (`OXHIP_CPU_KEEP_IMAGES`).
    _memfd: Option<std::fs::File>,
}

/// One fat binary's image, or why it could not be loaded; set once.
type ImageCell = Arc<std::sync::OnceLock<Result<Arc<LoadedImage>, RuntimeError>>>;

/// A resolved kernel and the fat binary it was resolved from.
type ResolvedKernel = (Arc<exec::Kernel>, Arc<FatBinary>);

/// The CPU device's properties, read once.
struct StaticProperties(DeviceProp);

// SAFETY: the only pointers in `hipDeviceProp_t` (the AMD HDP registers) are NULL on this
// device and never dereferenced; everything else is plain data.
unsafe impl Send for StaticProperties {}
// SAFETY: as above; the value is only read after initialisation.
unsafe impl Sync for StaticProperties {}

/// The CPU device.
pub(crate) struct Cpu {
    threads: usize,
    memory: Memory,
    /// `hipDeviceSetLimit` values by `hipLimit_t`.
    limits: Mutex<HashMap<i32, usize>>,
    /// Per kernel handle: `hipFuncAttributeMaxDynamicSharedMemorySize` and
    /// `hipFuncAttributePreferredSharedMemoryCarveout` as last set.
    kernel_settings: Mutex<HashMap<usize, (i32, i32)>>,
    properties: std::sync::OnceLock<StaticProperties>,
    /// By fat binary index: each image is loaded at most once, by the first thread that
    /// asks; the others wait on its cell (issue 29: two threads loading the same image at
    /// once each opened a copy, and the copy that lost the race was closed while kernels
    /// resolved from it were still running).
    images: Mutex<HashMap<usize, ImageCell>>,
    /// Device variables whose address the runtime handed out (`symbol`): address → size
    /// (0 when the image does not say), so that copies to them pass the pointer checks.
    variables: Mutex<BTreeMap<usize, usize>>,
    /// Resolved kernels by handle, with the fat binary each came from: an entry whose fat
    /// binary has been unregistered since is resolved again.
    kernels: Mutex<HashMap<usize, ResolvedKernel>>,
    streams: Mutex<HashMap<StreamHandle, Arc<Stream>>>,
    events: Mutex<HashMap<EventHandle, Arc<Event>>>,
    next_handle: AtomicUsize,
}

impl Cpu {
    pub(crate) fn new() -> Cpu {
        let threads = std::env::var("OXHIP_CPU_THREADS")
            .ok()
            .and_then(|text| text.trim().parse::<usize>().ok())
            .filter(|threads| *threads > 0)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
        Cpu {
            threads,
            memory: Memory::default(),
            limits: Mutex::new(HashMap::new()),
            kernel_settings: Mutex::new(HashMap::new()),
            properties: std::sync::OnceLock::new(),
            images: Mutex::new(HashMap::new()),
            variables: Mutex::new(BTreeMap::new()),
            kernels: Mutex::new(HashMap::new()),
            streams: Mutex::new(HashMap::new()),
            events: Mutex::new(HashMap::new()),
            next_handle: AtomicUsize::new(0x1000),
        }
    }

    fn handle(&self) -> usize {
        // Multiples of 16, so that they never collide with HIP's special stream values.
        self.next_handle.fetch_add(16, Ordering::Relaxed)
    }

    fn allocate(&self, size: usize) -> Result<*mut u8, RuntimeError> {
        self.memory.allocate(size, Kind::Device, 0)
    }

    fn release(&self, pointer: usize) -> Result<(), RuntimeError> {
        self.memory.release(pointer)
    }

    /// The fat binary's image, loaded on first use. The table's lock is held only to find
    /// the image's cell; loading happens in the cell, so loads of different images overlap
    /// and loads of the same image do not.
    fn image(&self, fat_binary: &FatBinary) -> Result<Arc<LoadedImage>, RuntimeError> {
        let cell = Arc::clone(lock(&self.images).entry(fat_binary.index).or_default());
        cell.get_or_init(|| load_image(fat_binary).map(Arc::new))
            .clone()
    }

    fn kernel(&self, handle: usize) -> Result<Arc<exec::Kernel>, RuntimeError> {
        if let Some((kernel, fat_binary)) = lock(&self.kernels).get(&handle) {
            if fat_binary.is_registered() {
                return Ok(Arc::clone(kernel));
            }
        }
        let registered = registry::kernel(handle).ok_or(RuntimeError::UnknownKernel { handle })?;
        let mut first_error = None;
        for fat_binary in registered.fat_binaries.iter().filter(|f| f.is_registered()) {
            let image = match self.image(fat_binary) {
                Ok(image) => image,
                Err(error) => {
                    first_error.get_or_insert(error);
                    continue;
                }
            };
            let name = registered.name.to_bytes();
            let Some(kernel) = resolve(image, name) else {
                first_error.get_or_insert(RuntimeError::UnknownKernel { handle });
                continue;
            };
            log!(
                2,
                "kernel `{}` resolved on the CPU ({})",
                registered.name.to_string_lossy(),
                if kernel.row.is_some() {
                    "loop"
                } else if kernel.group.is_some() {
                    "loops split at barriers"
                } else {
                    "fibers"
                }
            );
            let kernel = Arc::new(kernel);
            // Two threads resolving the same handle at once find the same image (it loads
            // once) and store equal kernels; either may stay.
            lock(&self.kernels).insert(handle, (Arc::clone(&kernel), Arc::clone(fat_binary)));
            return Ok(kernel);
        }
        Err(first_error.unwrap_or(RuntimeError::UnknownKernel { handle }))
    }
}

/// The kernel `name`'s entry points and argument table in `image`; `None` when the image
/// does not define it.
fn resolve(image: Arc<LoadedImage>, name: &[u8]) -> Option<exec::Kernel> {
    let library = &image.library;
    let entry = entry_point(library, "__oxhip_cpu_entry.", name);
    let group = group_entry_point(library, name);
    let row = entry_point(library, "__oxhip_cpu_row.", name);
    if entry.is_none() && group.is_none() && row.is_none() {
        return None;
    }
    let arguments = argument_table(library, name);
    // SAFETY: every pointer comes from `image`, which the kernel keeps loaded.
    Some(unsafe { exec::Kernel::new(entry, group, row, arguments, image) })
}

/// Whether kernels should run the copy of their `x86-64-v3` code that tests a store's mask
/// before a masked store (codegen's `cpu_masked_stores`, entry points named with
/// `.x86-64-v3.tested`): on AMD's (and Hygon's) processors, whose AVX2 masked store is
/// microcoded (8 times a plain store on Zen 4), and not on others, where it takes about a
/// cycle and the tests' mispredicted branches cost more. `OXHIP_CPU_MASKED_STORES=test` or
/// `=direct` chooses on any processor.
fn masked_stores_tested() -> bool {
    static TESTED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *TESTED.get_or_init(|| {
        let tested = match std::env::var("OXHIP_CPU_MASKED_STORES")
            .as_deref()
            .map(str::trim)
        {
            Ok("test") => true,
            Ok("direct") => false,
            _ => slow_masked_stores(),
        };
        log!(
            2,
            "CPU kernels: masked stores {}",
            if tested { "tested first" } else { "direct" }
        );
        tested
    })
}

/// Whether this processor is AMD's or Hygon's (`cpuid` leaf 0's vendor string).
#[cfg(target_arch = "x86_64")]
fn slow_masked_stores() -> bool {
    // Leaf 0 exists on every x86-64 processor.
    let leaf = std::arch::x86_64::__cpuid(0);
    let mut vendor = [0u8; 12];
    vendor[..4].copy_from_slice(&leaf.ebx.to_le_bytes());
    vendor[4..8].copy_from_slice(&leaf.edx.to_le_bytes());
    vendor[8..].copy_from_slice(&leaf.ecx.to_le_bytes());
    &vendor == b"AuthenticAMD" || &vendor == b"HygonGenuine"
}

#[cfg(not(target_arch = "x86_64"))]
fn slow_masked_stores() -> bool {
    false
}

/// The suffix of the entry points compiled for this processor (codegen's `cpu_variants`):
/// `.x86-64-v3` when it has AVX2, FMA, F16C, BMI1/2, LZCNT and MOVBE, else none (the
/// baseline x86-64 code). `OXHIP_CPU_ISA=x86-64` chooses the baseline on any processor.
fn variant_suffix() -> &'static str {
    static SUFFIX: std::sync::OnceLock<&'static str> = std::sync::OnceLock::new();
    SUFFIX.get_or_init(|| {
        let requested = std::env::var("OXHIP_CPU_ISA").unwrap_or_default();
        let suffix = if requested.trim() == "x86-64" || !has_x86_64_v3() {
            ""
        } else {
            ".x86-64-v3"
        };
        log!(
            2,
            "CPU kernels: {} code",
            if suffix.is_empty() {
                "x86-64"
            } else {
                "x86-64-v3"
            }
        );
        suffix
    })
}

#[cfg(target_arch = "x86_64")]
fn has_x86_64_v3() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("fma")
        && std::arch::is_x86_feature_detected!("f16c")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("movbe")
}

#[cfg(not(target_arch = "x86_64"))]
fn has_x86_64_v3() -> bool {
    false
}

/// `<prefix><name>`, in this processor's variant when the image has one.
fn entry_point(library: &Library, prefix: &str, name: &[u8]) -> Option<exec::EntryPoint> {
    let lookup = |suffix: &str| {
        let mut symbol = prefix.as_bytes().to_vec();
        symbol.extend_from_slice(name);
        symbol.extend_from_slice(suffix.as_bytes());
        symbol.push(0);
        // SAFETY: codegen defines every `__oxhip_cpu_entry.*`/`__oxhip_cpu_row.*` symbol (and
        // their variants) with exactly this signature.
        unsafe { library.get::<exec::EntryPoint>(&symbol) }
            .ok()
            .map(|symbol| *symbol)
    };
    variant_suffixes().iter().find_map(|suffix| lookup(suffix))
}

/// The suffixes of the entry points to look for, best first: the `x86-64-v3` copy with its
/// masked stores tested (where [`masked_stores_tested`]), the `x86-64-v3` copy, the baseline.
fn variant_suffixes() -> &'static [String] {
    static SUFFIXES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    SUFFIXES.get_or_init(|| {
        let suffix = variant_suffix();
        let mut suffixes = Vec::new();
        if !suffix.is_empty() {
            if masked_stores_tested() {
                suffixes.push(format!("{suffix}.tested"));
            }
            suffixes.push(suffix.to_owned());
        }
        suffixes.push(String::new());
        suffixes
    })
}

/// `__oxhip_cpu_group.<name>` and its frame size `__oxhip_cpu_frame.<name>`, for a kernel
/// codegen split at its barriers.
fn group_entry_point(library: &Library, name: &[u8]) -> Option<(exec::GroupEntryPoint, u64)> {
    let symbol = |prefix: &str| {
        let mut symbol = prefix.as_bytes().to_vec();
        symbol.extend_from_slice(name);
        symbol.push(0);
        symbol
    };
    let group_symbol = |suffix: &str| {
        let mut name = symbol("__oxhip_cpu_group.");
        name.pop();
        name.extend_from_slice(suffix.as_bytes());
        name.push(0);
        // SAFETY: codegen defines `__oxhip_cpu_group.*` (and its variants) with exactly this
        // signature.
        unsafe { library.get::<exec::GroupEntryPoint>(&name) }
            .ok()
            .map(|symbol| *symbol)
    };
    // Every variant shares the frame size: codegen copies the code after computing it.
    let group = variant_suffixes()
        .iter()
        .find_map(|suffix| group_symbol(suffix))?;
    // SAFETY: a data symbol's address; codegen defines it as a constant `u64` beside the group
    // entry point, and the image stays loaded while the runtime runs.
    let frame = unsafe {
        let address = library
            .get::<*const u64>(&symbol("__oxhip_cpu_frame."))
            .ok()?
            .into_raw()
            .cast::<u64>();
        address.read_unaligned()
    };
    Some((group, frame))
}

/// The kernel's `__oxhip_cpu_args.<name>` table (codegen's `ARGS_PREFIX`): a count, then
/// one `(size, alignment)` pair per argument-array slot. Returns where the pairs start and
/// how many there are; they stay readable while the image is loaded.
fn argument_table(library: &Library, name: &[u8]) -> Option<(*const [u32; 2], usize)> {
    let mut symbol = b"__oxhip_cpu_args.".to_vec();
    symbol.extend_from_slice(name);
    symbol.push(0);
    // SAFETY: a data symbol's address in the loaded `library`; codegen defines it as a
    // constant u32 array that starts with its pair count, so the count is readable.
    unsafe {
        let start = library
            .get::<*const u32>(&symbol)
            .ok()?
            .into_raw()
            .cast::<u32>();
        let count = usize::try_from(*start).ok()?;
        Some((start.add(1).cast::<[u32; 2]>(), count))
    }
}

/// Kernel arguments copied out of the caller's memory, for a launch that runs later.
struct OwnedArguments {
    /// Backing storage, 16-byte aligned slots.
    _storage: Vec<u128>,
    pointers: Vec<*mut c_void>,
}

// SAFETY: the pointers point into `_storage`, which moves with the struct (a Vec's heap
// buffer does not move) and is only read by the one thread that runs the launch.
unsafe impl Send for OwnedArguments {}

/// Copies each argument (`table[i].0` bytes at `args[i]`) into owned storage.
///
/// # Safety
/// `args` must hold `table.len()` pointers, each readable for its slot's size.
unsafe fn copy_arguments(table: &[[u32; 2]], args: *const *mut c_void) -> OwnedArguments {
    let slots: Vec<usize> = table
        .iter()
        .map(|[size, _]| (*size as usize).div_ceil(16).max(1))
        .collect();
    let mut storage = vec![0u128; slots.iter().sum()];
    let mut pointers = Vec::with_capacity(table.len());
    let mut at = 0;
    for (index, (slot, [size, _])) in slots.iter().zip(table).enumerate() {
        let destination = storage[at..].as_mut_ptr().cast::<u8>();
        // SAFETY: the caller promises `args[index]` readable for `size` bytes; the destination
        // has `slot * 16 >= size` bytes.
        unsafe {
            let source = args.add(index).read().cast::<u8>();
            std::ptr::copy_nonoverlapping(source, destination, *size as usize);
        }
        pointers.push(destination.cast::<c_void>());
        at += slot;
    }
    OwnedArguments {
        _storage: storage,
        pointers,
    }
}

/// Pointers to each argument inside a packed buffer (`hipModuleLaunchKernel`'s `extra`),
/// each at the next offset aligned for it.
fn unpack_arguments(
    table: &[[u32; 2]],
    packed: super::PackedArgs,
) -> Result<Vec<*mut c_void>, RuntimeError> {
    let mut offset = 0usize;
    let mut pointers = Vec::with_capacity(table.len());
    for [size, alignment] in table {
        let alignment = (*alignment as usize).max(1);
        offset = offset.div_ceil(alignment) * alignment;
        if offset + *size as usize > packed.size {
            return Err(RuntimeError::InvalidValue {
                argument: "HIP_LAUNCH_PARAM_BUFFER_SIZE",
            });
        }
        pointers.push(packed.buffer.cast::<u8>().wrapping_add(offset).cast());
        offset += *size as usize;
    }
    Ok(pointers)
}

/// The shared object of a CPU image whose digest and structure pass
/// [`crate::image_check::check_cpu_image`].
fn checked_shared_object(image: &registry::Image) -> Result<&[u8], RuntimeError> {
    crate::image_check::check_cpu_image(&image.data).map_err(|reason| RuntimeError::InvalidImage {
        image: image.id(),
        reason,
    })
}

/// Picks the fat binary's host-triple image and opens it.
fn load_image(fat_binary: &FatBinary) -> Result<LoadedImage, RuntimeError> {
    let images = fat_binary.images()?;
    let Some(image) = images.iter().find(|image| image.is_cpu_image()) else {
        return Err(RuntimeError::NoBinaryForGpu {
            arch: "host".to_owned(),
            available: registry::describe(images),
        });
    };
    log!(
        1,
        "CPU: loading `{}` ({} bytes) from fat binary #{}",
        image.id(),
        image.data.len(),
        fat_binary.index
    );
    let invalid = |reason: String| RuntimeError::InvalidFatBinary {
        address: fat_binary.blob,
        reason,
    };
    // The digest and the ELF structure, before `dlopen` trusts any of it; what is loaded is
    // the shared object without its digest.
    let shared_object = checked_shared_object(image)?;
    let keep_directory = std::env::var_os("OXHIP_CPU_KEEP_IMAGES").filter(|d| !d.is_empty());
    let (path, memfd) = match keep_directory {
        Some(directory) => {
            let path = write_kept_image(Path::new(&directory), fat_binary.index, shared_object)
                .map_err(invalid)?;
            log!(1, "CPU: image kept as `{}`", path.display());
            (path, None)
        }
        None => {
            let (path, memfd) = write_memfd(fat_binary.index, shared_object).map_err(invalid)?;
            (path, Some(memfd))
        }
    };
    // SAFETY: the image is a shared object made by our driver; its initialisers are the ones
    // codegen and ld.lld emit (none of our own), so loading it runs no user host code.
    let library = unsafe { Library::open(Some(&path), libc::RTLD_NOW | libc::RTLD_LOCAL) }
        .map_err(|error| invalid(format!("dlopen of the CPU image failed: {error}")))?;
    Ok(LoadedImage {
        library,
        _memfd: memfd,
    })
}

/// Writes an image to `<directory>/oxhip-cpu-image-<pid>-<index>.so` for
/// `OXHIP_CPU_KEEP_IMAGES` and returns that path. The file is never deleted: it is for the
/// tools that need the image after the process has gone (gdb on a core file, `perf report`)
/// or that name a mapping only by its descriptor (valgrind), which a memfd cannot serve.
fn write_kept_image(directory: &Path, index: usize, data: &[u8]) -> Result<PathBuf, String> {
    let path = directory.join(format!("oxhip-cpu-image-{}-{index}.so", std::process::id()));
    std::fs::create_dir_all(directory)
        .and_then(|()| std::fs::write(&path, data))
        .map_err(|error| {
            format!(
                "writing the image to `{}` (OXHIP_CPU_KEEP_IMAGES): {error}",
                path.display()
            )
        })?;
    Ok(path)
}

/// Writes an image into a fresh memfd; returns the path to `dlopen` and the descriptor,
/// which must stay open while the image is loaded.
///
/// A memfd is the default home of an image: nothing touches the file system, nothing is
/// left behind when the program crashes, and a `noexec` temporary directory does not
/// matter. The path it returns names the process by its id, not `/proc/self`: the dynamic
/// loader records the path in its link map, and gdb reads the link map to find the
/// shared objects' symbols and opens each path in its own process, where
/// `/proc/self/fd/N` is gdb's own descriptor N. With `/proc/self`, gdb 13 read one of its
/// own pipes and hung at the first image load; `/proc/<pid>/fd/N` opens this memfd (reading
/// another process's descriptors needs the ptrace access that a debugger already has).
/// Tools that look only at the mapping (valgrind names the file from the descriptor, which
/// reads `/memfd:… (deleted)`) or that read the file after the process has exited (core
/// files, `perf report`) still cannot find the image's symbols: `OXHIP_CPU_KEEP_IMAGES`
/// is for them.
fn write_memfd(index: usize, data: &[u8]) -> Result<(PathBuf, std::fs::File), String> {
    let name =
        CString::new(format!("oxhip-cpu-image-{index}")).map_err(|error| error.to_string())?;
    // SAFETY: `name` is a NUL-terminated string; the flags are valid for memfd_create.
    let fd = unsafe { libc::memfd_create(name.as_ptr(), libc::MFD_CLOEXEC) };
    if fd < 0 {
        return Err(format!("memfd_create: {}", std::io::Error::last_os_error()));
    }
    // SAFETY: `fd` is a fresh descriptor that this `File` now owns and closes.
    let mut file = unsafe { <std::fs::File as std::os::fd::FromRawFd>::from_raw_fd(fd) };
    std::io::Write::write_all(&mut file, data)
        .map_err(|error| format!("writing the image to a memfd: {error}"))?;
    let path = PathBuf::from(format!("/proc/{}/fd/{fd}", std::process::id()));
    Ok((path, file))
}

/// The ELF symbol size of the variable at `address` in a loaded image (0 if unknown).
fn symbol_size(address: usize) -> usize {
    /// glibc's `RTLD_DL_SYMENT`: `dladdr1` returns the `ElfW(Sym)` of the symbol.
    const RTLD_DL_SYMENT: i32 = 1;
    // SAFETY: Dl_info is plain data; all-zero is a valid value.
    let mut info: libc::Dl_info = unsafe { std::mem::zeroed() };
    let mut symbol: *mut c_void = std::ptr::null_mut();
    // SAFETY: both out-pointers point at live locals of the types dladdr1 writes.
    let found = unsafe {
        libc::dladdr1(
            address as *const c_void,
            &mut info,
            &mut symbol,
            RTLD_DL_SYMENT,
        )
    };
    if found == 0 || symbol.is_null() || info.dli_saddr as usize != address {
        return 0;
    }
    // SAFETY: with RTLD_DL_SYMENT, `symbol` points at the symbol's `Elf64_Sym` entry.
    let entry = unsafe { &*symbol.cast::<libc::Elf64_Sym>() };
    usize::try_from(entry.st_size).unwrap_or(0)
}

/// What the machine's processor is called, from `/proc/cpuinfo`.
fn processor_name() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|line| line.starts_with("model name"))
                .and_then(|line| line.split(':').nth(1))
                .map(|name| name.trim().to_owned())
        })
        .unwrap_or_else(|| "x86-64".to_owned())
}

/// The processor's clock in kHz, from `/proc/cpuinfo` (`cpu MHz`), else the timestamp
/// counter's rate.
fn processor_clock_khz() -> i32 {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|line| line.starts_with("cpu MHz"))
                .and_then(|line| line.split(':').nth(1))
                .and_then(|mhz| mhz.trim().parse::<f64>().ok())
        })
        .map_or_else(timestamp_counter_khz, |mhz| (mhz * 1000.0) as i32)
}

/// The rate of the counter that `clock64()` and `wall_clock64()` read on this device (the
/// x86-64 timestamp counter), in kHz, measured once over 1 ms. At each end the counter is
/// read on both sides of the system clock, five times, and the tightest pair kept, so that
/// an interruption between the two reads does not skew the rate: within 0.001% from run to
/// run on the 2-core development machine. It slept 10 ms before, which every program's first
/// `hipGetDeviceProperties` on the CPU device waited for.
fn timestamp_counter_khz() -> i32 {
    static RATE: std::sync::OnceLock<i32> = std::sync::OnceLock::new();
    *RATE.get_or_init(|| {
        #[cfg(target_arch = "x86_64")]
        {
            // (counter at the clock's reading, the clock's reading).
            let sample = || {
                (0..5)
                    .map(|_| {
                        // SAFETY: `rdtsc` has no preconditions on x86-64.
                        let before = unsafe { std::arch::x86_64::_rdtsc() };
                        let now = std::time::Instant::now();
                        // SAFETY: as above.
                        let after = unsafe { std::arch::x86_64::_rdtsc() };
                        (after.wrapping_sub(before), before / 2 + after / 2, now)
                    })
                    .min_by_key(|&(spread, _, _)| spread)
                    .map(|(_, ticks, now)| (ticks, now))
            };
            if let Some((first, start)) = sample() {
                std::thread::sleep(std::time::Duration::from_millis(1));
                if let Some((last, end)) = sample() {
                    let seconds = end.duration_since(start).as_secs_f64();
                    if seconds > 0.0 {
                        let ticks = last.wrapping_sub(first) as f64;
                        return (ticks / seconds / 1000.0).min(f64::from(i32::MAX)) as i32;
                    }
                }
            }
        }
        1_000_000
    })
}

/// The size of a cache level of processor 0 (`index2` is the L2) from sysfs, in bytes.
fn cache_size(index: &str) -> i32 {
    let path = format!("/sys/devices/system/cpu/cpu0/cache/{index}/size");
    std::fs::read_to_string(path)
        .ok()
        .and_then(|text| {
            let text = text.trim();
            let (number, scale) = match text.strip_suffix('K') {
                Some(number) => (number, 1024),
                None => match text.strip_suffix('M') {
                    Some(number) => (number, 1024 * 1024),
                    None => (text, 1),
                },
            };
            number.parse::<i32>().ok().map(|value| value * scale)
        })
        .unwrap_or(0)
}

fn physical_memory() -> usize {
    // SAFETY: sysconf has no preconditions.
    let (pages, page_size) = unsafe {
        (
            libc::sysconf(libc::_SC_PHYS_PAGES),
            libc::sysconf(libc::_SC_PAGESIZE),
        )
    };
    usize::try_from(pages)
        .unwrap_or(0)
        .saturating_mul(usize::try_from(page_size).unwrap_or(0))
}

fn available_memory() -> usize {
    // SAFETY: sysconf has no preconditions.
    let (pages, page_size) = unsafe {
        (
            libc::sysconf(libc::_SC_AVPHYS_PAGES),
            libc::sysconf(libc::_SC_PAGESIZE),
        )
    };
    usize::try_from(pages)
        .unwrap_or(0)
        .saturating_mul(usize::try_from(page_size).unwrap_or(0))
}

impl Backend for Cpu {
    fn name(&self) -> &'static str {
        "CPU"
    }
    fn check_image(&self, _: usize, fat_binary: &FatBinary) -> Result<(), RuntimeError> {
        let images = fat_binary.images()?;
        match images.iter().find(|image| image.is_cpu_image()) {
            Some(image) => checked_shared_object(image).map(drop),
            None => Ok(()),
        }
    }
    fn device_count(&self) -> usize {
        1
    }
    fn driver_version(&self) -> i32 {
        0
    }
    fn properties(&self, _: usize) -> Result<DeviceProp, RuntimeError> {
        // Read from /proc and sysfs once: programs query attributes in loops.
        Ok(self
            .properties
            .get_or_init(|| StaticProperties(self.read_properties()))
            .0)
    }
    fn extras(&self, _: usize) -> DeviceExtras {
        DeviceExtras {
            virtual_memory_management: 0,
            wall_clock_rate: timestamp_counter_khz(),
            fine_grain: 1,
        }
    }
    fn limit(&self, _: usize, limit: i32) -> Result<usize, RuntimeError> {
        if let Some(value) = lock(&self.limits).get(&limit) {
            return Ok(*value);
        }
        // The defaults CUDA documents for its devices; on this device the stack of a
        // fiber is OXHIP_CPU_STACK_SIZE and device malloc is the C heap, whatever is set.
        Ok(match limit {
            crate::backend::limit::STACK_SIZE => 1024,
            crate::backend::limit::PRINTF_FIFO_SIZE => 1 << 20,
            _ => 8 << 20,
        })
    }
    fn set_limit(&self, _: usize, limit: i32, value: usize) -> Result<(), RuntimeError> {
        lock(&self.limits).insert(limit, value);
        Ok(())
    }
    fn launch_host_func(
        &self,
        _: usize,
        stream: StreamHandle,
        call: crate::backend::HostCall,
    ) -> Result<(), RuntimeError> {
        self.enqueue(
            Some(stream),
            false,
            Box::new(move || {
                call();
                Ok(())
            }),
        )
    }
    fn memcpy_peer(
        &self,
        dst: DevicePtr,
        _: usize,
        src: DevicePtr,
        _: usize,
        size: usize,
        stream: Option<StreamHandle>,
    ) -> Result<(), RuntimeError> {
        self.memcpy(
            0,
            dst as *mut c_void,
            src as *const c_void,
            size,
            MemcpyKind::DeviceToDevice,
            stream,
        )
    }
    fn memcpy_2d(
        &self,
        _: usize,
        copy: &crate::backend::Copy2D,
        stream: Option<StreamHandle>,
    ) -> Result<(), RuntimeError> {
        if copy.width == 0 || copy.height == 0 {
            return Ok(());
        }
        let (dst, src) = (copy.dst as usize, copy.src as usize);
        let (dst_pitch, src_pitch, width, height) =
            (copy.dst_pitch, copy.src_pitch, copy.width, copy.height);
        let run = move || {
            for row in 0..height {
                // SAFETY: `api` checked the pointers and pitches; the program keeps both
                // ranges (`height` rows of `width` bytes) valid until the copy runs.
                unsafe {
                    std::ptr::copy(
                        (src + row * src_pitch) as *const u8,
                        (dst + row * dst_pitch) as *mut u8,
                        width,
                    );
                }
            }
            Ok(())
        };
        let queue = match stream {
            Some(handle) => self.queue(handle)?,
            None => None,
        };
        let Some(queue) = queue else {
            return self.run_now(stream, Box::new(run));
        };
        let span = |pitch: usize| (height - 1) * pitch + width;
        if self.memory.is_pinned(dst, span(dst_pitch))
            && self.memory.is_pinned(src, span(src_pitch))
        {
            queue.submit(Box::new(run))
        } else {
            // Pageable memory on either side: finish the copy before returning, as CUDA does.
            queue.wait()?;
            run()
        }
    }
    fn fill(
        &self,
        _: usize,
        fill: &crate::backend::Fill,
        stream: Option<StreamHandle>,
    ) -> Result<(), RuntimeError> {
        let fill = *fill;
        let run = move || {
            for row in 0..fill.height {
                let start = (fill.dst as usize + row * fill.pitch) as *mut u8;
                // SAFETY: `api` checked the range (`height` rows of `width` elements, rows
                // `pitch` apart) against nothing but null; it is device memory the program
                // owns and keeps valid until the fill runs. Unaligned writes, because HIP
                // does not require element alignment of `dst`.
                unsafe {
                    match fill.element_size {
                        1 => std::ptr::write_bytes(start, fill.value as u8, fill.width),
                        2 => {
                            for index in 0..fill.width {
                                start
                                    .cast::<u16>()
                                    .wrapping_add(index)
                                    .write_unaligned(fill.value as u16);
                            }
                        }
                        _ => {
                            for index in 0..fill.width {
                                start
                                    .cast::<u32>()
                                    .wrapping_add(index)
                                    .write_unaligned(fill.value);
                            }
                        }
                    }
                }
            }
            Ok(())
        };
        self.enqueue(stream, false, Box::new(run))
    }
    fn host_register(
        &self,
        _: usize,
        ptr: *mut c_void,
        size: usize,
        flags: u32,
    ) -> Result<(), RuntimeError> {
        self.memory.register(ptr as usize, size, flags)
    }
    fn host_unregister(&self, _: usize, ptr: *mut c_void) -> Result<(), RuntimeError> {
        self.wait_all_idle();
        self.memory.unregister(ptr as usize)
    }
    fn host_device_pointer(&self, _: usize, ptr: *mut c_void) -> Result<DevicePtr, RuntimeError> {
        self.memory.host_device_pointer(ptr as usize)
    }
    fn host_flags(&self, _: usize, ptr: *mut c_void) -> Result<u32, RuntimeError> {
        self.memory.host_flags(ptr as usize)
    }
    fn pointer_info(
        &self,
        _: usize,
        ptr: *const c_void,
    ) -> Result<Option<crate::backend::PointerInfo>, RuntimeError> {
        Ok(self.memory.pointer_info(ptr))
    }
    fn mem_advise(
        &self,
        _: usize,
        ptr: DevicePtr,
        size: usize,
        advice: i32,
        target: crate::backend::Location,
    ) -> Result<(), RuntimeError> {
        self.memory.advise(ptr as usize, size, advice, target)
    }
    fn mem_prefetch(
        &self,
        _: usize,
        ptr: DevicePtr,
        size: usize,
        target: crate::backend::Location,
        stream: StreamHandle,
    ) -> Result<(), RuntimeError> {
        // The stream must still be valid, although there is nothing to move.
        self.queue(stream)?;
        self.memory.prefetch(ptr as usize, size, target)
    }
    fn mem_range_attribute(
        &self,
        _: usize,
        ptr: DevicePtr,
        size: usize,
        attribute: i32,
    ) -> Result<crate::backend::RangeValue, RuntimeError> {
        self.memory.range_attribute(ptr as usize, size, attribute)
    }
    fn occupancy(
        &self,
        _: usize,
        kernel: usize,
        block_size: u32,
        dynamic_shared: usize,
        _: u32,
    ) -> Result<u32, RuntimeError> {
        self.kernel(kernel)?;
        let (dynamic_limit, _) = self.kernel_setting(kernel);
        let fits = block_size <= MAX_THREADS_PER_BLOCK
            && dynamic_shared <= usize::try_from(dynamic_limit).unwrap_or(0);
        // One group per worker thread at a time.
        Ok(u32::from(fits))
    }
    fn kernel_argument_sizes(&self, _: usize, kernel: usize) -> Result<Vec<usize>, RuntimeError> {
        let kernel = self.kernel(kernel)?;
        let table = kernel.arguments().ok_or(RuntimeError::NotSupported {
            what: "copying the arguments of a launch",
            detail: " for a CPU image without argument tables; rebuild it".to_owned(),
        })?;
        Ok(table.iter().map(|[size, _]| *size as usize).collect())
    }
    fn malloc(&self, _: usize, size: usize) -> Result<DevicePtr, RuntimeError> {
        self.allocate(size).map(|pointer| pointer as DevicePtr)
    }
    fn free(&self, _: usize, ptr: DevicePtr) -> Result<(), RuntimeError> {
        // As `hipFree` on GPUs: queued work that may still use the memory finishes first.
        self.wait_all_idle();
        self.release(ptr as usize)
    }
    fn memcpy(
        &self,
        _: usize,
        dst: *mut c_void,
        src: *const c_void,
        size: usize,
        _: MemcpyKind,
        stream: Option<StreamHandle>,
    ) -> Result<(), RuntimeError> {
        if size == 0 {
            return Ok(());
        }
        let (dst, src) = (dst as usize, src as usize);
        // SAFETY (both closures): `api` checked both pointers for null; device memory is host
        // memory, so every copy kind is a plain copy; the program keeps both ranges valid
        // until the stream reaches the copy (HIP's rule for asynchronous copies), and a
        // source outside the runtime's allocations is copied before this call returns.
        // Overlapping ranges are the program's choice; `copy` (memmove) handles them.
        let copy = move || {
            unsafe { std::ptr::copy(src as *const u8, dst as *mut u8, size) };
            Ok(())
        };
        let queue = match stream {
            Some(handle) => self.queue(handle)?,
            None => None,
        };
        let Some(queue) = queue else {
            return self.run_now(stream, Box::new(copy));
        };
        if !self.is_allocation(dst) {
            // Pageable destination: CUDA finishes such a copy before returning; so do we.
            queue.wait()?;
            return copy();
        }
        if self.is_allocation(src) {
            queue.submit(Box::new(copy))
        } else {
            // Pageable source: the program may reuse it as soon as this call returns.
            // SAFETY: as above; the source is readable for `size` bytes now.
            let snapshot = unsafe { std::slice::from_raw_parts(src as *const u8, size) }.to_vec();
            queue.submit(Box::new(move || {
                // SAFETY: as above.
                unsafe { std::ptr::copy(snapshot.as_ptr(), dst as *mut u8, size) };
                Ok(())
            }))
        }
    }
    fn memset(
        &self,
        _: usize,
        dst: DevicePtr,
        value: u8,
        size: usize,
        stream: Option<StreamHandle>,
    ) -> Result<(), RuntimeError> {
        let fill = move || {
            // SAFETY: `dst` is device (= host) memory the program owns, `size` bytes long, and
            // kept valid until the stream reaches the fill.
            unsafe { std::ptr::write_bytes(dst as *mut u8, value, size) };
            Ok(())
        };
        self.enqueue(stream, false, Box::new(fill))
    }
    fn host_malloc(&self, _: usize, size: usize, flags: u32) -> Result<*mut c_void, RuntimeError> {
        self.memory
            .allocate(size, Kind::Host, flags)
            .map(|pointer| pointer.cast::<c_void>())
    }
    fn host_free(&self, _: usize, ptr: *mut c_void) -> Result<(), RuntimeError> {
        self.wait_all_idle();
        self.release(ptr as usize)
    }
    fn malloc_managed(&self, _: usize, size: usize, flags: u32) -> Result<DevicePtr, RuntimeError> {
        self.memory
            .allocate(size, Kind::Managed, flags)
            .map(|pointer| pointer as DevicePtr)
    }
    fn stream_wait_event(
        &self,
        _: usize,
        stream: StreamHandle,
        event: EventHandle,
    ) -> Result<(), RuntimeError> {
        let event = self.event(event)?;
        let sequence = event.recorded();
        match self.queue(stream)? {
            Some(queue) => queue.submit(Box::new(move || {
                event.wait_for(sequence);
                Ok(())
            })),
            None => {
                event.wait_for(sequence);
                Ok(())
            }
        }
    }
    fn synchronize(&self, _: usize) -> Result<(), RuntimeError> {
        self.wait_streams(|_| true)?;
        asserted()
    }
    fn synchronize_used_devices(&self) {
        self.wait_all_idle();
    }
    /// Streams and events are destroyed (their queued work finishes first). Memory stays:
    /// it is the process's own, and a thread the reset did not stop may still touch it,
    /// where a GPU would report a fault instead of ending the process.
    fn reset(&self, _: usize) -> Result<(), RuntimeError> {
        let streams: Vec<Arc<Stream>> = lock(&self.streams).drain().map(|(_, s)| s).collect();
        for queue in streams {
            if let Err(error) = queue.close() {
                log!(1, "hipDeviceReset: a destroyed stream had failed: {error}");
            }
        }
        lock(&self.events).clear();
        Ok(())
    }
    fn function_set_attribute(
        &self,
        _: usize,
        kernel: usize,
        attribute: i32,
        value: i32,
    ) -> Result<(), RuntimeError> {
        self.kernel(kernel)?;
        let (mut dynamic, mut carveout) = self.kernel_setting(kernel);
        match attribute {
            // Dynamic shared memory is a fixed thread-local array on this device: any
            // amount up to its size is available without opting in.
            8 if (0..=SHARED_MEMORY_BYTES as i32).contains(&value) => dynamic = value,
            9 if (-1..=100).contains(&value) => carveout = value,
            _ => return Err(RuntimeError::InvalidValue { argument: "value" }),
        }
        lock(&self.kernel_settings).insert(kernel, (dynamic, carveout));
        Ok(())
    }
    fn function_attributes(&self, _: usize, kernel: usize) -> Result<FuncAttributes, RuntimeError> {
        let resolved = self.kernel(kernel)?;
        let (dynamic, carveout) = self.kernel_setting(kernel);
        Ok(FuncAttributes {
            // The "compute capability" of the CPU device, 1.0, as HIP encodes it.
            binaryVersion: 10,
            cacheModeCA: 0,
            constSizeBytes: 0,
            // What a work-item keeps across barriers in a split kernel; stacks otherwise.
            localSizeBytes: resolved
                .group
                .map_or(0, |(_, frame)| usize::try_from(frame).unwrap_or(0)),
            maxDynamicSharedSizeBytes: dynamic,
            maxThreadsPerBlock: MAX_THREADS_PER_BLOCK as i32,
            numRegs: 0,
            preferredShmemCarveout: carveout,
            ptxVersion: 0,
            // Static shared memory is thread-local storage of the image, not measured here.
            sharedSizeBytes: 0,
        })
    }
    fn launch(&self, _: usize, launch: &Launch) -> Result<(), RuntimeError> {
        let threads_per_block = launch.block.count();
        if threads_per_block > u64::from(MAX_THREADS_PER_BLOCK) {
            return Err(RuntimeError::InvalidConfiguration {
                detail: format!(
                    "{threads_per_block} threads per block, the CPU device allows {MAX_THREADS_PER_BLOCK}"
                ),
            });
        }
        if launch.shared_mem > SHARED_MEMORY_BYTES {
            return Err(RuntimeError::InvalidConfiguration {
                detail: format!(
                    "{} bytes of dynamic shared memory, the CPU device allows {SHARED_MEMORY_BYTES}",
                    launch.shared_mem
                ),
            });
        }
        let kernel = self.kernel(launch.kernel)?;
        if launch.cooperative && launch.grid.count() > MAX_COOPERATIVE_GROUPS {
            return Err(RuntimeError::CooperativeLaunchTooLarge {
                blocks: launch.grid.count(),
                limit: MAX_COOPERATIVE_GROUPS,
            });
        }
        let mut unpacked = match launch.packed {
            Some(packed) => {
                let table = kernel.arguments().ok_or(RuntimeError::NotSupported {
                    what: "a packed argument buffer (`extra`)",
                    detail: " for a CPU image without argument tables; rebuild it".to_owned(),
                })?;
                unpack_arguments(table, packed)?
            }
            None => Vec::new(),
        };
        let args = if launch.packed.is_some() {
            unpacked.as_mut_ptr()
        } else {
            launch.args
        };
        let (grid, block, cooperative, threads) =
            (launch.grid, launch.block, launch.cooperative, self.threads);
        let queue = if launch.per_thread_stream {
            None
        } else {
            self.queue(launch.stream)?
        };
        match (queue, kernel.arguments()) {
            (Some(queue), Some(table)) => {
                // SAFETY: `args` holds one pointer per slot of the kernel's table (clang's
                // array, or the unpacked buffer), each readable for the slot's size.
                let owned = unsafe { copy_arguments(table, args) };
                queue.submit(Box::new(move || {
                    // Moves the whole struct in (not just its field), which is `Send`.
                    let mut owned = owned;
                    let args = owned.pointers.as_mut_ptr();
                    // SAFETY: `owned` holds copies of every argument and lives until the
                    // launch ends.
                    unsafe { execute(&kernel, grid, block, cooperative, threads, args) }
                }))
            }
            (Some(queue), None) => {
                // An image without argument tables: the arguments live in the caller's frame,
                // so the launch runs now, after the stream's earlier work.
                queue.wait()?;
                // SAFETY: `args` is valid until this call returns.
                unsafe { execute(&kernel, grid, block, cooperative, threads, args) }
            }
            (None, _) => {
                let stream = (!launch.per_thread_stream).then_some(launch.stream);
                // SAFETY: `args` is valid until this call returns, and `run_now` runs the
                // launch before returning.
                let args = args as usize;
                self.run_now(
                    stream.or(Some(2)),
                    Box::new(move || unsafe {
                        execute(&kernel, grid, block, cooperative, threads, args as *mut _)
                    }),
                )
            }
        }
    }
    fn stream_create(&self, _: usize, flags: u32) -> Result<StreamHandle, RuntimeError> {
        let handle = self.handle();
        // hipStreamNonBlocking (1): no synchronisation with the null stream.
        let stream = Stream::new(flags & 1 == 0)?;
        lock(&self.streams).insert(handle, stream);
        Ok(handle)
    }
    fn stream_destroy(&self, _: usize, stream: StreamHandle) -> Result<(), RuntimeError> {
        // The stream leaves the table only once its work is done, so that what waits for
        // every stream (`hipFree`, the null stream) meanwhile waits for it too: a copy still
        // queued on it must not run after `hipFree` has released its memory.
        let closing = self
            .queue(stream)?
            .ok_or(RuntimeError::InvalidHandle { what: "stream" })?;
        let result = closing.close();
        lock(&self.streams).remove(&stream);
        result
    }
    fn stream_synchronize(&self, _: usize, stream: StreamHandle) -> Result<(), RuntimeError> {
        match self.queue(stream)? {
            Some(queue) => queue.wait(),
            None if stream == 2 => Ok(()),
            None => self.wait_streams(|queue| queue.blocking),
        }?;
        asserted()
    }
    fn stream_query(&self, _: usize, stream: StreamHandle) -> Result<(), RuntimeError> {
        let idle = match self.queue(stream)? {
            Some(queue) => queue.is_idle(),
            None if stream == 2 => true,
            None => lock(&self.streams)
                .values()
                .all(|queue| !queue.blocking || queue.is_idle()),
        };
        if idle {
            Ok(())
        } else {
            Err(RuntimeError::NotReady)
        }
    }
    fn event_create(&self, _: usize, _: u32) -> Result<EventHandle, RuntimeError> {
        let handle = self.handle();
        lock(&self.events).insert(handle, Event::new());
        Ok(handle)
    }
    fn event_record(
        &self,
        _: usize,
        event: EventHandle,
        stream: StreamHandle,
    ) -> Result<(), RuntimeError> {
        let event = self.event(event)?;
        match self.queue(stream)? {
            Some(queue) => event.record_on(&queue),
            None => {
                if stream != 2 {
                    self.wait_streams(|queue| queue.blocking)?;
                }
                event.record_now();
                Ok(())
            }
        }
    }
    fn event_synchronize(&self, _: usize, event: EventHandle) -> Result<(), RuntimeError> {
        self.event(event)?.wait();
        Ok(())
    }
    fn event_query(&self, _: usize, event: EventHandle) -> Result<(), RuntimeError> {
        if self.event(event)?.is_complete() {
            Ok(())
        } else {
            Err(RuntimeError::NotReady)
        }
    }
    fn event_elapsed_ms(
        &self,
        _: usize,
        start: EventHandle,
        end: EventHandle,
    ) -> Result<f32, RuntimeError> {
        let time = |event| {
            self.event(event)?
                .time()?
                .ok_or(RuntimeError::InvalidHandle {
                    what: "unrecorded event",
                })
        };
        let (start, end) = (time(start)?, time(end)?);
        let milliseconds = if end >= start {
            end.duration_since(start).as_secs_f64() * 1000.0
        } else {
            -(start.duration_since(end).as_secs_f64() * 1000.0)
        };
        Ok(milliseconds as f32)
    }
    fn event_destroy(&self, _: usize, event: EventHandle) -> Result<(), RuntimeError> {
        lock(&self.events)
            .remove(&event)
            .map(|_| ())
            .ok_or(RuntimeError::InvalidHandle { what: "event" })
    }
    fn mem_info(&self, _: usize) -> Result<(usize, usize), RuntimeError> {
        Ok((available_memory(), physical_memory()))
    }
    fn symbol(
        &self,
        _: usize,
        fat_binary: &FatBinary,
        name: &CStr,
    ) -> Result<(DevicePtr, usize), RuntimeError> {
        let image = self.image(fat_binary)?;
        // SAFETY: a data symbol's address; it is never called.
        let address = unsafe { image.library.get::<*mut c_void>(name.to_bytes_with_nul()) }
            .map(|symbol| symbol.into_raw() as usize)
            .map_err(|_| RuntimeError::Internal {
                reason: format!("the CPU image has no variable `{}`", name.to_string_lossy()),
            })?;
        let size = symbol_size(address);
        lock(&self.variables).insert(address, size);
        Ok((address as DevicePtr, size))
    }
    fn memory_range(
        &self,
        _: usize,
        ptr: *const c_void,
    ) -> Result<Option<(DevicePtr, usize)>, RuntimeError> {
        if let Some(info) = self.memory.pointer_info(ptr) {
            return Ok(Some((info.base, info.size)));
        }
        let address = ptr as usize;
        Ok(lock(&self.variables)
            .range(..=address)
            .next_back()
            .filter(|(start, size)| address == **start || address - **start < **size)
            .map(|(start, size)| (*start as DevicePtr, *size)))
    }
}

impl Cpu {
    /// The device's properties, from the machine.
    fn read_properties(&self) -> DeviceProp {
        let mut prop = DeviceProp::zeroed();
        let processor = processor_name();
        set_c_string(&mut prop.name, &format!("oxhip CPU ({processor})"));
        set_c_string(&mut prop.gcnArchName, "host");
        // A stable identity for the machine's processor: its name, hashed into 16 bytes.
        for (index, slot) in prop.uuid.iter_mut().enumerate() {
            let byte =
                processor
                    .bytes()
                    .enumerate()
                    .fold(index as u32 * 131 + 7, |hash, (at, byte)| {
                        hash.wrapping_mul(31)
                            .wrapping_add(u32::from(byte) ^ (at as u32))
                    });
            *slot = (byte >> 3) as c_char;
        }
        let threads = i32::try_from(self.threads).unwrap_or(i32::MAX);
        let shared = SHARED_MEMORY_BYTES;
        let clock = processor_clock_khz();
        prop.totalGlobalMem = physical_memory();
        prop.sharedMemPerBlock = shared;
        prop.sharedMemPerBlockOptin = shared;
        prop.sharedMemPerMultiprocessor = shared;
        prop.maxSharedMemoryPerMultiProcessor = shared;
        prop.regsPerBlock = 65536;
        prop.regsPerMultiprocessor = 65536;
        prop.warpSize = exec::WARP_SIZE as i32;
        prop.memPitch = usize::MAX;
        prop.maxThreadsPerBlock = MAX_THREADS_PER_BLOCK as i32;
        prop.maxThreadsDim = [1024, 1024, 64];
        prop.maxGridSize = [i32::MAX, 65535, 65535];
        // One OS thread runs one group at a time: a "multiprocessor" is a worker thread.
        prop.maxThreadsPerMultiProcessor = MAX_THREADS_PER_BLOCK as i32;
        prop.maxBlocksPerMultiProcessor = 1;
        prop.multiProcessorCount = threads;
        prop.clockRate = clock;
        prop.clockInstructionRate = timestamp_counter_khz();
        prop.totalConstMem = 64 * 1024;
        // A compute capability for code that gates features on it (`major < 6`: "no
        // system-wide atomics, waiving"): 7.0 is the first with everything this device
        // offers (system atomics, unified memory, independent thread scheduling and
        // `__syncwarp`, cooperative launches, `__nanosleep`) and nothing it lacks.
        prop.major = 7;
        prop.minor = 0;
        prop.textureAlignment = ALIGNMENT;
        prop.texturePitchAlignment = ALIGNMENT;
        prop.surfaceAlignment = ALIGNMENT;
        // Created streams run beside each other and beside the calling thread.
        prop.deviceOverlap = 1;
        prop.asyncEngineCount = 1;
        prop.concurrentKernels = 1;
        prop.integrated = 1;
        prop.canMapHostMemory = 1;
        prop.computeMode = 0;
        prop.l2CacheSize = cache_size("index2");
        prop.globalL1CacheSupported = 1;
        prop.localL1CacheSupported = 1;
        prop.unifiedAddressing = 1;
        prop.managedMemory = 1;
        prop.concurrentManagedAccess = 1;
        prop.pageableMemoryAccess = 1;
        prop.pageableMemoryAccessUsesHostPageTables = 1;
        prop.hostNativeAtomicSupported = 1;
        prop.directManagedMemAccessFromHost = 1;
        prop.canUseHostPointerForRegisteredMem = 1;
        prop.hostRegisterSupported = 1;
        prop.hostRegisterReadOnlySupported = 1;
        // Vector units do single precision at twice the double-precision rate.
        prop.singleToDoublePrecisionPerfRatio = 2;
        prop.computePreemptionSupported = 1;
        prop.cooperativeLaunch = 1;
        prop.memoryPoolsSupported = 1;
        prop.unifiedFunctionPointers = 1;
        // Every hipDeviceArch_t feature but surfaces (bit 14) and dynamic parallelism (16).
        prop.arch = 0x1_ffff & !(1 << 14) & !(1 << 16);
        // Left 0: textures and surfaces (not implemented on this device), ECC, PCI location,
        // memory clock and bus width (not readable from user space), stream priorities.
        prop
    }

    /// A kernel's (max dynamic shared bytes, preferred carveout) settings.
    fn kernel_setting(&self, kernel: usize) -> (i32, i32) {
        lock(&self.kernel_settings)
            .get(&kernel)
            .copied()
            .unwrap_or((SHARED_MEMORY_BYTES as i32, -1))
    }

    /// The created stream behind a handle; `None` for the null stream (0), `hipStreamLegacy`
    /// (1) and `hipStreamPerThread` (2).
    fn queue(&self, stream: StreamHandle) -> Result<Option<Arc<Stream>>, RuntimeError> {
        if stream <= 2 {
            return Ok(None);
        }
        lock(&self.streams)
            .get(&stream)
            .cloned()
            .map(Some)
            .ok_or(RuntimeError::InvalidHandle { what: "stream" })
    }

    fn event(&self, event: EventHandle) -> Result<Arc<Event>, RuntimeError> {
        lock(&self.events)
            .get(&event)
            .cloned()
            .ok_or(RuntimeError::InvalidHandle { what: "event" })
    }

    /// Waits for the created streams `which` selects; returns the first failure among them.
    fn wait_streams(&self, which: impl Fn(&Stream) -> bool) -> Result<(), RuntimeError> {
        let streams: Vec<Arc<Stream>> = lock(&self.streams)
            .values()
            .filter(|queue| which(queue))
            .cloned()
            .collect();
        let mut result = Ok(());
        for queue in streams {
            if let Err(error) = queue.wait() {
                result = result.and(Err(error));
            }
        }
        result
    }

    /// Waits for every created stream, leaving failures for their own synchronisation.
    fn wait_all_idle(&self) {
        let streams: Vec<Arc<Stream>> = lock(&self.streams).values().cloned().collect();
        for queue in streams {
            queue.wait_idle();
        }
    }

    /// Runs `task` on the calling thread with the null stream's ordering: after the blocking
    /// streams' earlier work (`stream` is `None`, 0 or 1), or at once for the per-thread
    /// default stream (2).
    fn run_now(&self, stream: Option<StreamHandle>, task: Task) -> Result<(), RuntimeError> {
        if stream != Some(2) {
            self.wait_streams(|queue| queue.blocking)?;
        }
        match task() {
            // As from a GPU, where the launch returns before the kernel runs: the failed
            // assert is reported by the synchronisations that follow (`asserted`).
            Err(error) if error.code() == crate::error::HipError::ErrorAssert => Ok(()),
            other => other,
        }
    }

    /// Queues `task` on a created stream, or runs it now with the null stream's ordering.
    fn enqueue(
        &self,
        stream: Option<StreamHandle>,
        per_thread: bool,
        task: Task,
    ) -> Result<(), RuntimeError> {
        let queue = match stream {
            Some(handle) if !per_thread => self.queue(handle)?,
            _ => None,
        };
        match queue {
            Some(queue) => queue.submit(task),
            None => self.run_now(if per_thread { Some(2) } else { stream }, task),
        }
    }

    /// Whether `address` lies in memory this device allocated (device, pinned or managed)
    /// or the program registered.
    fn is_allocation(&self, address: usize) -> bool {
        self.memory.is_pinned(address, 1)
    }
}

/// Set once a device `assert` has failed on the CPU device: as with CUDA, whose context is
/// unusable after a device assert, every later device or stream synchronisation reports it.
pub(super) static ASSERTED: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

fn asserted() -> Result<(), RuntimeError> {
    if ASSERTED.load(std::sync::atomic::Ordering::SeqCst) {
        return Err(RuntimeError::status(
            crate::error::HipError::ErrorAssert,
            "a device-side assert failed in an earlier kernel",
        ));
    }
    Ok(())
}

/// Runs one launch to its end.
///
/// # Safety
/// `args` must be the argument array `kernel`'s entry point expects, valid until this returns.
unsafe fn execute(
    kernel: &exec::Kernel,
    grid: crate::types::Dim3,
    block: crate::types::Dim3,
    cooperative: bool,
    threads: usize,
    args: *mut *mut c_void,
) -> Result<(), RuntimeError> {
    let shape = exec::Shape { grid, block };
    // SAFETY: forwarded from this function's contract.
    unsafe {
        if cooperative {
            exec::run_cooperative(kernel, &shape, args)
        } else {
            exec::run(kernel, &shape, args, threads)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::PackedArgs;

    /// (long long *, char, struct { int; double; }, short, int *), as codegen describes it.
    const MIXED: [[u32; 2]; 5] = [[8, 8], [1, 1], [16, 8], [2, 2], [8, 8]];

    #[test]
    fn packed_arguments_sit_at_their_aligned_offsets() {
        let mut buffer = [0u8; 48];
        let base = buffer.as_mut_ptr() as usize;
        let packed = PackedArgs {
            buffer: buffer.as_mut_ptr().cast(),
            size: 48,
        };
        let offsets: Vec<usize> = unpack_arguments(&MIXED, packed)
            .unwrap()
            .into_iter()
            .map(|pointer| pointer as usize - base)
            .collect();
        assert_eq!(offsets, [0, 8, 16, 32, 40]);
        let short = PackedArgs {
            buffer: buffer.as_mut_ptr().cast(),
            size: 40,
        };
        assert!(unpack_arguments(&MIXED, short).is_err());
    }

    #[test]
    fn copied_arguments_outlive_the_originals() {
        let mut first = 0x1122_3344_5566_7788u64;
        let mut second = [7u8, 8, 9];
        let mut pointers: Vec<*mut c_void> =
            vec![(&raw mut first).cast(), second.as_mut_ptr().cast()];
        // SAFETY: each pointer is readable for its table size.
        let owned = unsafe { copy_arguments(&[[8, 8], [3, 1]], pointers.as_mut_ptr()) };
        first = 0;
        second = [0; 3];
        let _ = (first, second);
        // SAFETY: the copies are 8 and 3 bytes long.
        unsafe {
            assert_eq!(
                owned.pointers[0].cast::<u64>().read(),
                0x1122_3344_5566_7788
            );
            assert_eq!(
                std::slice::from_raw_parts(owned.pointers[1].cast::<u8>(), 3),
                [7, 8, 9]
            );
        }
        assert_eq!(owned.pointers[0] as usize % 16, 0);
        assert_eq!(owned.pointers[1] as usize % 16, 0);
    }
}
