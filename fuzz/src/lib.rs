//! Fuzz targets: one per reader of untrusted bytes (docs/reliability.md).
//!
//! Each target takes arbitrary bytes and must return without a panic, a fault or an
//! unbounded allocation, whatever the bytes. `scripts/fuzz.sh` runs them under AFL++
//! (`src/bin/fuzz-afl.rs`, built with coverage instrumentation); `tests/corpus.rs` replays
//! the saved corpus and every crash seed in `fuzz/corpus/<target>/` and
//! `fuzz/regressions/<target>/` on every `cargo test`.
//!
//! Inputs that the runtime reads through a bare pointer (a fat binary registered by clang,
//! `hipModuleLoadData`'s image) are placed at the very end of a readable mapping, followed
//! by an inaccessible page ([`Guarded`]): reading one byte past the input faults, so a reader
//! that trusts a length from the headers is caught at once.

use std::ffi::c_void;

/// A fuzz target: its name (the corpus directory) and its function.
pub type Target = (&'static str, fn(&[u8]));

/// Every target, in the order `scripts/fuzz.sh` runs them.
pub const TARGETS: &[Target] = &[
    ("bundle", bundle),
    ("bundle_length", bundle_length),
    ("elf_sections", elf_sections),
    ("module_load_data", module_load_data),
    ("register_fat_binary", register_fat_binary),
    ("hipify_lexer", hipify_lexer),
];

/// The target called `name`.
pub fn target(name: &str) -> Option<fn(&[u8])> {
    TARGETS
        .iter()
        .find(|(target, _)| *target == name)
        .map(|(_, function)| *function)
}

/// The bundler's readers as the driver and the runtime use them: a flat or compressed
/// (`CCOB` v1–v3) bundle, with and without the hash check, and its text description.
pub fn bundle(data: &[u8]) {
    if let Ok(bundle) = bundler::read(data) {
        // What the runtime does with a read bundle: find an image for a device.
        let _ = bundle.find_for_device("amdgcn-amd-amdhsa--gfx942");
        let _ = bundler::listing(&bundle);
    }
    let _ = bundler::read_with(data, &bundler::ReadOptions { verify_hash: true });
    let _ = bundler::describe(data);
}

/// Finding a bundle's length from a prefix of it, and cutting a section of bundles apart.
pub fn bundle_length(data: &[u8]) {
    if let Ok(bundler::BundleLen::Complete(length)) = bundler::bundle_len(data) {
        let _ = length;
    }
    if let Ok(bundles) = bundler::split_bundles(data) {
        for bundle in bundles {
            let _ = bundler::read(bundle);
        }
    }
}

/// The `.hip_fatbin` sections of an ELF file, and the bundles in them.
pub fn elf_sections(data: &[u8]) {
    if let Ok(sections) = bundler::extract_from_elf(data) {
        for (_, contents) in sections {
            if let Ok(bundles) = bundler::split_bundles(&contents) {
                for bundle in bundles {
                    let _ = bundler::read(bundle);
                }
            }
        }
    }
}

/// `hipModuleLoadData` up to the device: the image's length from its headers (a bundle,
/// NVIDIA fatbinary, ELF file or PTX text), the fat binary made of it, its entries, and the
/// checks each image passes before its loader sees it (the runtime's `image_check`).
pub fn module_load_data(data: &[u8]) {
    let guarded = Guarded::new(data);
    // SAFETY: the guarded copy stays mapped until the end of this function.
    let _ = unsafe { oxhip_runtime::fuzzing::module_load_data(guarded.address()) };
}

/// `__hipRegisterFatBinary` and the first launch: the blob clang registered, read through a
/// pointer, its images parsed and chosen.
pub fn register_fat_binary(data: &[u8]) {
    let guarded = Guarded::new(data);
    // SAFETY: as above.
    let _ = unsafe { oxhip_runtime::fuzzing::register_fat_binary(guarded.address()) };
}

/// oxhipify's lexer on any text (bytes decoded as oxhipify decodes a file).
pub fn hipify_lexer(data: &[u8]) {
    let source = hipify::Source::decode(data.to_vec());
    hipify::fuzz_lex(&source.text);
}

/// A copy of the input that ends exactly where an inaccessible page begins.
pub struct Guarded {
    mapping: *mut c_void,
    mapping_len: usize,
    start: usize,
}

const PAGE: usize = 4096;

impl Guarded {
    /// Maps the input's pages plus a guard page and copies the input to the end of them.
    pub fn new(data: &[u8]) -> Guarded {
        let data_pages = data.len().div_ceil(PAGE).max(1);
        let mapping_len = (data_pages + 1) * PAGE;
        // SAFETY: an anonymous private mapping with no address hint; the result is checked.
        let mapping = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                mapping_len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert!(mapping != libc::MAP_FAILED, "mmap failed");
        let guard = mapping as usize + data_pages * PAGE;
        let start = guard - data.len();
        // SAFETY: the guard page lies inside the mapping just made; `start..guard` is
        // writable memory of the mapping, `data.len()` bytes long.
        unsafe {
            assert_eq!(
                libc::mprotect(guard as *mut c_void, PAGE, libc::PROT_NONE),
                0
            );
            std::ptr::copy_nonoverlapping(data.as_ptr(), start as *mut u8, data.len());
        }
        Guarded {
            mapping,
            mapping_len,
            start,
        }
    }

    /// The first byte of the input (for an empty input, the guard page itself).
    pub fn address(&self) -> usize {
        self.start
    }
}

impl Drop for Guarded {
    fn drop(&mut self) {
        // SAFETY: the mapping made in `new`, unmapped once.
        unsafe { libc::munmap(self.mapping, self.mapping_len) };
    }
}
