//! The oxhip HIP runtime: the C ABI that HIP programs built by `oxhip` (or by upstream
//! `clang -x hip` against our headers) link against, as `liboxhip_runtime.a` or
//! `liboxhip_runtime.so`.
//!
//! # Layout
//!
//! - [`registration`]: `__hipRegisterFatBinary`, `__hipRegisterFunction`, ... — what
//!   clang's per-TU constructors call before `main`. They only record addresses; the
//!   bundle is parsed and a device image loaded at the first launch on each device.
//! - [`api`]: the host API, one module per API area: [`api::device`], [`api::error`],
//!   [`api::memory`], [`api::stream`], [`api::event`], [`api::launch`], [`api::module`],
//!   [`api::graph`], [`api::pool`], [`api::occupancy`], and [`api::unsupported`] for the
//!   declared functions that return `hipErrorNotSupported`. Each function is a thin
//!   `extern "C"` shim over safe Rust that checks its pointers, catches panics and returns a
//!   `hipError_t`, through the call shim that is all `api.rs` itself holds; asynchronous
//!   work goes through `api::ops`, which records it when the stream is capturing.
//! - `backend`: the `Backend` trait and its implementations; `image` chooses the device
//!   image for a device; `registry` holds what was registered; `thread` the per-thread
//!   state (current device, last error, the `<<<>>>` configuration stack).
//!
//! # Backend selection
//!
//! At the first call that needs a device (never during registration) the runtime tries
//! both vendor drivers and uses every one that reports devices:
//! 1. ROCm's HSA runtime (`backend::hsa`): `dlopen("libhsa-runtime64.so.1")` (or
//!    `OXHIP_HSA_LIBRARY`), every entry point resolved with `dlsym`, `hsa_init`, then the GPU
//!    agents that take kernel dispatches; their AMD GPUs come first. Implemented to the HSA
//!    specification; no AMD GPU has run it yet (docs/amd.md);
//! 2. the CUDA driver: `dlopen("libcuda.so.1")`, `cuInit(0)`, every entry point resolved
//!    through `cuGetProcAddress_v2` (at CUDA 12.0, the ones added for the wider API on
//!    first use); its GPUs follow the AMD ones;
//! 3. the CPU device (`backend::cpu`) comes after the GPUs when the program holds a CPU
//!    image, or when `OXHIP_VISIBLE_DEVICES` names it;
//! 4. without any, `hipGetDeviceCount` returns `hipErrorNoDevice` with a count of 0 and
//!    every device call returns `hipErrorNoDevice`, with both drivers' reasons. Nothing
//!    crashes.
//!
//! On AMD, a fat binary's code object for a device is chosen by target ID: the device's
//! processor (or a generic family holding it) with each named `:sramecc±`/`:xnack±` feature
//! equal to the device's (`image::select_amdgcn`).
//!
//! On NVIDIA, a fat binary's image for a device is chosen as: a cubin built for exactly
//! the device's SM, else PTX for the highest SM not above it (`sm_XXa` images only on
//! exactly that SM), else an untagged NVIDIA fatbinary. PTX is JIT-compiled by the
//! driver (which caches the result on disk).
//!
//! # Environment
//!
//! - `OXHIP_LOG=1`: log to stderr (lines start with `oxhip:`): the backend chosen and why
//!   the others were not, each device and its SM, every fat binary's entries when first
//!   parsed, which image is loaded for which device, the JIT info/error log and load
//!   time, and every failing API call with its `hipError_t` and detailed reason.
//!   `OXHIP_LOG=2` adds registrations, allocations, copies and launches.
//!   Unset or `0`: silent.
//! - `OXHIP_VISIBLE_DEVICES`: which devices the program sees and in which order
//!   (`backend::cpu::devices` documents the syntax). Unset, HIP's `HIP_VISIBLE_DEVICES`
//!   selects among the GPUs.
//! - `OXHIP_HSA_LIBRARY`: the HSA runtime to open instead of `libhsa-runtime64.so.1`.
//! - The vendor drivers' own variables apply unchanged, e.g. `CUDA_CACHE_PATH`,
//!   `CUDA_CACHE_DISABLE`, `CUDA_VISIBLE_DEVICES`, `ROCR_VISIBLE_DEVICES`.
//!
//! The detailed message of a thread's last failure is also available to programs through
//! the extension `oxhipGetLastErrorMessage()`.
//!
//! # What is implemented
//!
//! docs/runtime-api.md lists the host API function by function, with what each backend
//! does and what returns `hipErrorNotSupported`. In short: devices (properties and every
//! attribute, PCI identity, limits, preferences, flags, peer access, contexts), errors,
//! memory (device, pinned, registered, managed with advice and prefetching, pitched, 2D and
//! 3D copies and fills, typed fills, symbols, pointer queries), stream-ordered allocation
//! and memory pools, streams (priorities, host functions, callbacks, the per-thread stream)
//! and events, launches (`<<<>>>`, `hipLaunchKernel`, cooperative, `hipExtLaunchKernel`),
//! kernel attributes and occupancy, stream capture and graphs, and modules ([`api::module`]).
//! Graphs, capture and memory pools are the runtime's own ([`api::graph`], `api::capture`,
//! [`api::pool`]), so they behave the same on every backend.
//! Not yet: textures, surfaces and arrays, interprocess sharing, stream memory operations;
//! after `hipDeviceReset`, `__managed__` variables point at freed memory.

pub mod api;
mod backend;
/// Register-limited kernel copies, shared with the driver, which makes them at build time
/// when `ptxas` assembles a cubin.
pub use backend::ptx_variants;
pub mod error;
mod image;
mod image_check;
mod log;
pub mod registration;
mod registry;
mod sync;
mod thread;
pub mod types;
mod untrusted;
pub mod version;

/// Fuzzing entry points (`fuzz/`): the readers of untrusted bytes, without a device. Not
/// part of the API.
#[doc(hidden)]
pub mod fuzzing {
    /// What `hipModuleLoadData` does with the image at `address` before a device loads it:
    /// finds its length from its headers, wraps it into a fat binary, parses the bundle and
    /// checks each image as the device that would load it does (`image_check`).
    ///
    /// # Safety
    /// As for `hipModuleLoadData`'s image: readable memory at `address` stays mapped while
    /// this runs.
    pub unsafe fn module_load_data(address: usize) -> Result<(), String> {
        // SAFETY: forwarded from this function's contract; the bytes are copied at once.
        let bytes = unsafe { crate::untrusted::image_at(address, true) }?.to_vec();
        let fat_binary = crate::api::module::to_fat_binary(bytes).map_err(|e| e.to_string())?;
        crate::api::module::check_length(&fat_binary).map_err(|e| e.to_string())?;
        // SAFETY: a live vector whose headers `check_length` found consistent with it.
        unsafe { check_images(fat_binary.as_ptr() as usize) }
    }

    /// What `__hipRegisterFatBinary` and the first launch do with the blob at `address`.
    ///
    /// # Safety
    /// As for [`module_load_data`].
    pub unsafe fn register_fat_binary(address: usize) -> Result<(), String> {
        // SAFETY: forwarded from this function's contract.
        unsafe { check_images(address) }
    }

    /// # Safety
    /// As for [`module_load_data`].
    unsafe fn check_images(address: usize) -> Result<(), String> {
        // SAFETY: forwarded; `read_images` reads only what `untrusted::image_at` found
        // readable and copies the images out.
        let images = unsafe { crate::registry::read_images(address as *const u8) }
            .map_err(|e| e.to_string())?;
        for image in &images {
            crate::image_check::check(image)?;
        }
        let candidates: Vec<crate::image::Candidate<'_>> = images
            .iter()
            .map(|image| crate::image::Candidate {
                kind: &image.kind,
                triple: &image.triple,
                target_id: &image.target_id,
                data: &image.data,
            })
            .collect();
        let _ = crate::image::select_nvptx(&candidates, 90);
        Ok(())
    }
}
