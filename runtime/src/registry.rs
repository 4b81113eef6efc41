//! What clang's registration constructors told us: fat binaries, kernels and device
//! variables, keyed by the addresses the host program uses.
//!
//! Registration runs before `main`, so everything here is cheap and lazy: registering a
//! fat binary stores its address; the bundle is parsed the first time a backend asks for
//! its images (at the first launch). No GPU work happens here.

use std::collections::HashMap;
use std::ffi::CString;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use crate::error::RuntimeError;
use crate::image::{Candidate, NVIDIA_FATBIN_MAGIC};
use crate::log::log;

/// One device image from a fat binary.
#[derive(Debug)]
pub(crate) struct Image {
    pub(crate) kind: String,
    pub(crate) triple: String,
    pub(crate) target_id: String,
    pub(crate) data: Vec<u8>,
}

impl Image {
    pub(crate) fn candidate(&self) -> Candidate<'_> {
        Candidate {
            kind: &self.kind,
            triple: &self.triple,
            target_id: &self.target_id,
            data: &self.data,
        }
    }

    /// An image for the CPU target (not the bundle's empty host placeholder).
    pub(crate) fn is_cpu_image(&self) -> bool {
        self.kind != "host" && self.triple.starts_with("x86_64")
    }

    /// The bundle entry ID, as `clang-offload-bundler --list` prints it.
    pub(crate) fn id(&self) -> String {
        format!("{}-{}-{}", self.kind, self.triple, self.target_id)
    }
}

/// One `__hipRegisterFatBinary` call.
#[derive(Debug)]
pub(crate) struct FatBinary {
    /// Position in the registry; also the handle given back to clang (index + 1).
    pub(crate) index: usize,
    /// Address of the bundle bytes (the wrapper's field at +8).
    pub(crate) blob: usize,
    images: OnceLock<Result<Vec<Image>, RuntimeError>>,
    unregistered: AtomicBool,
}

impl FatBinary {
    /// The device images, parsed on first use.
    pub(crate) fn images(&self) -> Result<&[Image], RuntimeError> {
        let parsed = self.images.get_or_init(|| {
            // SAFETY: `blob` came from a HIPF wrapper that clang placed in the program's
            // read-only data; it points at a complete bundle that lives as long as the
            // module containing it, which is at least until `__hipUnregisterFatBinary`.
            let result = unsafe { read_images(self.blob as *const u8) };
            match &result {
                Ok(images) => log!(
                    1,
                    "fat binary #{} at {:#x}: {}",
                    self.index,
                    self.blob,
                    describe(images)
                ),
                Err(error) => log!(1, "fat binary #{}: {error}", self.index),
            }
            result
        });
        match parsed {
            Ok(images) => Ok(images),
            Err(error) => Err(error.clone()),
        }
    }

    pub(crate) fn is_registered(&self) -> bool {
        !self.unregistered.load(Ordering::Acquire)
    }
}

/// Lists entry IDs for messages, e.g. `hipv4-nvptx64-nvidia-cuda-unknown-sm_90 (PTX, 2 KiB)`.
pub(crate) fn describe(images: &[Image]) -> String {
    let ids: Vec<String> = images
        .iter()
        .filter(|image| image.kind != "host")
        .map(|image| format!("{} ({} bytes)", image.id(), image.data.len()))
        .collect();
    if ids.is_empty() {
        "no device images".to_owned()
    } else {
        ids.join(", ")
    }
}

/// Parses the fat binary at `blob`: an NVIDIA fatbinary (what upstream clang embeds for
/// `sm_*` targets) becomes one untagged NVPTX image; anything else must be an offload
/// bundle, flat or compressed.
///
/// # Safety
/// `blob` must point at a complete, readable fat binary.
pub(crate) unsafe fn read_images(blob: *const u8) -> Result<Vec<Image>, RuntimeError> {
    let address = blob as usize;
    let invalid = |reason: String| RuntimeError::InvalidFatBinary { address, reason };
    // Found from its headers, each read checked (a corrupt header is an error, not a fault).
    // SAFETY: forwarded from this function's contract (a registered blob lives as long as
    // its module, and `images` are copied out of it).
    let bytes = unsafe { crate::untrusted::image_at(address, false) }.map_err(invalid)?;
    if bytes.starts_with(NVIDIA_FATBIN_MAGIC) {
        return Ok(vec![Image {
            kind: "hipv4".to_owned(),
            triple: "nvptx64-nvidia-cuda".to_owned(),
            target_id: String::new(),
            data: bytes.to_vec(),
        }]);
    }
    let bundle = bundler::read(bytes).map_err(|error| RuntimeError::InvalidFatBinary {
        address,
        reason: error.to_string(),
    })?;
    Ok(bundle
        .entries
        .into_iter()
        .map(|entry| Image {
            kind: entry.id.kind.to_string(),
            triple: entry.id.triple,
            target_id: entry.id.target_id,
            data: entry.data,
        })
        .collect())
}

/// One `__hipRegisterFunction` handle.
#[derive(Debug, Clone)]
pub(crate) struct Kernel {
    pub(crate) name: CString,
    /// Every fat binary that registered this handle, in registration order.
    pub(crate) fat_binaries: Vec<Arc<FatBinary>>,
}

/// One `__hipRegisterVar` / `__hipRegisterManagedVar` call, kept for symbol lookups.
#[derive(Debug, Clone)]
pub(crate) struct Variable {
    pub(crate) fat_binary: usize,
    pub(crate) name: CString,
    pub(crate) size: usize,
    pub(crate) managed: Option<Managed>,
}

/// Where a `__managed__` variable's value lives (hip-abi.md §1.5).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Managed {
    /// The host pointer variable clang reads on every host access (`void**`).
    pub(crate) host_pointer_variable: usize,
    /// The managed allocation once the backend made one; until then the host pointer
    /// variable points at a host staging copy of the initial value.
    pub(crate) allocation: Option<u64>,
}

#[derive(Default)]
struct Registry {
    fat_binaries: Vec<Arc<FatBinary>>,
    kernels: HashMap<usize, Kernel>,
    variables: HashMap<usize, Variable>,
}

static REGISTRY: Mutex<Option<Registry>> = Mutex::new(None);

fn lock() -> MutexGuard<'static, Option<Registry>> {
    crate::sync::lock(&REGISTRY)
}

fn with_registry<T>(f: impl FnOnce(&mut Registry) -> T) -> T {
    let mut guard = lock();
    f(guard.get_or_insert_with(Registry::default))
}

/// Records a fat binary; returns its index.
pub(crate) fn add_fat_binary(blob: usize) -> usize {
    with_registry(|registry| {
        let index = registry.fat_binaries.len();
        registry.fat_binaries.push(Arc::new(FatBinary {
            index,
            blob,
            images: OnceLock::new(),
            unregistered: AtomicBool::new(false),
        }));
        index
    })
}

/// Whether some registered fat binary holds an image for the CPU target
/// (`--offload-arch=host`). Parses the bundles, which the first launch would do anyway.
pub(crate) fn any_host_image() -> bool {
    // Clone the list first: parsing must not hold the registry lock.
    let fat_binaries = with_registry(|registry| registry.fat_binaries.clone());
    fat_binaries.iter().any(|fat_binary| {
        fat_binary.is_registered()
            && fat_binary
                .images()
                .is_ok_and(|images| images.iter().any(Image::is_cpu_image))
    })
}

pub(crate) fn fat_binary(index: usize) -> Option<Arc<FatBinary>> {
    with_registry(|registry| registry.fat_binaries.get(index).cloned())
}

/// Marks a fat binary gone (its module is being unloaded or the program exits).
pub(crate) fn remove_fat_binary(index: usize) -> bool {
    with_registry(|registry| match registry.fat_binaries.get(index) {
        Some(fat_binary) => {
            fat_binary.unregistered.store(true, Ordering::Release);
            for kernel in registry.kernels.values_mut() {
                kernel.fat_binaries.retain(|other| other.index != index);
            }
            registry
                .kernels
                .retain(|_, kernel| !kernel.fat_binaries.is_empty());
            registry
                .variables
                .retain(|_, variable| variable.fat_binary != index);
            true
        }
        None => false,
    })
}

/// Records a kernel handle. The same handle may come from several translation units
/// (inline and template kernels are `weak_odr`); each fat binary is remembered.
pub(crate) fn add_kernel(fat_binary: usize, handle: usize, name: CString) -> bool {
    with_registry(|registry| {
        // A fat binary unregistered meanwhile (a module unloaded by another thread) takes
        // no new kernels: nothing would ever remove them.
        let Some(fat_binary) = registry
            .fat_binaries
            .get(fat_binary)
            .filter(|fat_binary| fat_binary.is_registered())
            .cloned()
        else {
            return false;
        };
        let kernel = registry.kernels.entry(handle).or_insert_with(|| Kernel {
            name: name.clone(),
            fat_binaries: Vec::new(),
        });
        if kernel.name != name {
            log!(
                1,
                "kernel handle {handle:#x} registered as `{}` and as `{}`; keeping the first",
                kernel.name.to_string_lossy(),
                name.to_string_lossy()
            );
        }
        if !kernel
            .fat_binaries
            .iter()
            .any(|f| f.index == fat_binary.index)
        {
            kernel.fat_binaries.push(fat_binary);
        }
        true
    })
}

pub(crate) fn kernel(handle: usize) -> Option<Kernel> {
    with_registry(|registry| registry.kernels.get(&handle).cloned())
}

pub(crate) fn add_variable(host_address: usize, variable: Variable) -> bool {
    with_registry(|registry| {
        if variable.fat_binary >= registry.fat_binaries.len() {
            return false;
        }
        registry.variables.entry(host_address).or_insert(variable);
        true
    })
}

/// "N fat binaries, M kernels, K variables registered", for the log.
pub(crate) fn summary() -> String {
    with_registry(|registry| {
        let live = registry
            .fat_binaries
            .iter()
            .filter(|fat_binary| fat_binary.is_registered())
            .count();
        format!(
            "{live} fat binaries, {} kernels, {} variables registered",
            registry.kernels.len(),
            registry.variables.len()
        )
    })
}

/// Every managed variable not yet given a managed allocation: (key, size, host pointer variable).
pub(crate) fn unallocated_managed_variables() -> Vec<(usize, usize, usize)> {
    with_registry(|registry| {
        registry
            .variables
            .iter()
            .filter_map(|(key, variable)| match variable.managed {
                Some(managed) if managed.allocation.is_none() => {
                    Some((*key, variable.size, managed.host_pointer_variable))
                }
                _ => None,
            })
            .collect()
    })
}

pub(crate) fn set_managed_allocation(key: usize, allocation: u64) {
    with_registry(|registry| {
        if let Some(managed) = registry
            .variables
            .get_mut(&key)
            .and_then(|variable| variable.managed.as_mut())
        {
            managed.allocation = Some(allocation);
        }
    });
}

/// The managed variables of one fat binary that have an allocation: (name, allocation).
pub(crate) fn managed_allocations_in(fat_binary: usize) -> Vec<(CString, u64)> {
    with_registry(|registry| {
        registry
            .variables
            .values()
            .filter(|variable| variable.fat_binary == fat_binary)
            .filter_map(|variable| {
                let allocation = variable.managed?.allocation?;
                Some((variable.name.clone(), allocation))
            })
            .collect()
    })
}

pub(crate) fn variable(host_address: usize) -> Option<Variable> {
    with_registry(|registry| registry.variables.get(&host_address).cloned())
}
