//! `bundler`: the clang-offload-bundler file format, offload targets, and fat
//! binary extraction.
//!
//! A HIP fat binary is one *offload bundle*: a flat `__CLANG_OFFLOAD_BUNDLE__`
//! file holding one entry per target (hip-abi.md §2.1), optionally wrapped in
//! a compressed `CCOB` header (§2.4). Entries are named by *entry IDs* such as
//! `hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc-:xnack+` (§2.2, §2.3). This crate
//! writes bundles that clang 22's `clang-offload-bundler` lists and unbundles,
//! and reads the ones it writes, byte for byte.
//!
//! * [`write()`] and [`read`]: whole bundles, flat or compressed (zstd, zlib;
//!   format versions 1, 2 and 3); [`write_flat`] never compresses, so that a
//!   program linking only it carries no compressor.
//! * [`OffloadArch`], [`TargetId`], [`EntryId`]: target names, and [`matches()`]
//!   to pick the image for a device at run time.
//! * [`bundle_len`] and [`read_from_ptr`]: the runtime gets only a pointer to
//!   the blob (`__hipRegisterFatBinary`, §1.6), so the length must come from
//!   the bundle's own header.
//! * [`extract_from_elf`] and [`split_bundles`]: pull the `.hip_fatbin`
//!   section out of an executable and cut it into bundles.
//!
//! # PTX entries
//!
//! PTX text is stored with a trailing NUL byte, because `cuModuleLoadData`
//! needs a NUL-terminated string and the runtime can then pass the entry
//! without copying (hip-abi.md §0.12). Bundles made by other tools do not do
//! this, so a reader of PTX must not assume the NUL: use [`with_trailing_nul`].
//!
//! # CPU images
//!
//! A CPU image (`--offload-arch=host`, an x86-64 shared object) is stored
//! with a 32-byte digest trailer ([`seal_cpu_image`], [`Entry::cpu_image`]),
//! which the runtime checks before `dlopen` ([`unseal_cpu_image`]); an image
//! without one is refused. The trailer is oxhip's own: clang's tools carry it
//! as part of the entry's data.
//!
//! This crate does no I/O, spawns nothing, and depends only on zstd, flate2,
//! md-5 and thiserror, because the runtime links it.

mod compress;
mod digest;
mod elf;
mod flat;
mod length;
mod target;

use std::borrow::Cow;
use std::fmt;

pub use compress::{CompressedHeader, CompressedVersion, Compression, CompressionMethod};
pub use digest::{
    is_cpu_image_trailer, seal_cpu_image, unseal_cpu_image, SealedCpuImage, CPU_IMAGE_DIGEST_MAGIC,
    CPU_IMAGE_TRAILER_LEN,
};
pub use elf::extract_from_elf;
pub use flat::{describe, read, read_with, write, write_flat, ReadOptions, WriteOptions};
pub use length::{bundle_len, bundle_slice_from_ptr, read_from_ptr, split_bundles, BundleLen};
pub use target::{
    amdgpu_processor, amdgpu_processors, matches, matches_image, nvidia_processor,
    nvidia_processors, parse_device_isa, AmdProcessor, EntryId, NvidiaProcessor, OffloadArch,
    OffloadKind, SmSuffix, TargetId, AMDGCN_TRIPLE, HOST_TRIPLE, NVPTX_TRIPLE,
};

/// The magic at the start of a flat bundle (hip-abi.md §2.1).
pub const FLAT_MAGIC: &[u8; 24] = b"__CLANG_OFFLOAD_BUNDLE__";
/// The magic at the start of a compressed bundle (hip-abi.md §2.4).
pub const COMPRESSED_MAGIC: &[u8; 4] = b"CCOB";

/// One image in a bundle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Entry {
    pub id: EntryId,
    /// The image: a code object, PTX text (NUL-terminated when we wrote it,
    /// see the crate docs), a cubin, or nothing for the host placeholder.
    pub data: Vec<u8>,
}

impl Entry {
    /// An entry holding PTX text, stored with the trailing NUL this crate's
    /// convention asks for (added unless `ptx` already ends with one).
    pub fn ptx(arch: &OffloadArch, ptx: &[u8]) -> Entry {
        Entry {
            id: arch.bundle_entry_id(),
            data: with_trailing_nul(ptx).into_owned(),
        }
    }

    /// An entry holding a CPU image (an x86-64 shared object), sealed with the digest the
    /// runtime checks before loading it (see the crate docs).
    pub fn cpu_image(image: &[u8]) -> Entry {
        Entry {
            id: OffloadArch::Host.bundle_entry_id(),
            data: seal_cpu_image(image),
        }
    }
}

/// A whole bundle: entries in file order when read.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Bundle {
    pub entries: Vec<Entry>,
}

impl Bundle {
    /// The first entry with this ID.
    pub fn get(&self, id: &EntryId) -> Option<&Entry> {
        self.entries.iter().find(|entry| &entry.id == id)
    }

    /// The best entry whose image runs on `device_isa` (see
    /// [`matches_image`]): an image for exactly the device's processor before
    /// a generic AMDGPU one; on NVIDIA a cubin before PTX, and the PTX for the
    /// highest SM not above the device's. Ties go to the earlier entry.
    pub fn find_for_device(&self, device_isa: &str) -> Option<&Entry> {
        let device = parse_device_isa(device_isa).ok()?;
        self.entries
            .iter()
            .filter(|entry| matches_image(&entry.id, &entry.data, device_isa))
            .min_by_key(|entry| target::preference(entry, &device))
    }
}

/// One entry ID per line in bundle order, like `clang-offload-bundler -list`
/// (which prints the same set, in its own order).
pub fn listing(bundle: &Bundle) -> String {
    bundle
        .entries
        .iter()
        .map(|entry| format!("{}\n", entry.id))
        .collect()
}

/// `data` with exactly one NUL at the end, borrowed when it already has one.
///
/// PTX entries written by this crate end in a NUL; PTX from other tools does
/// not. The CUDA driver needs a NUL-terminated string, so the runtime passes
/// PTX through this function.
pub fn with_trailing_nul(data: &[u8]) -> Cow<'_, [u8]> {
    if data.last() == Some(&0) {
        Cow::Borrowed(data)
    } else {
        let mut owned = Vec::with_capacity(data.len() + 1);
        owned.extend_from_slice(data);
        owned.push(0);
        Cow::Owned(owned)
    }
}

/// Every way reading, writing or naming a bundle can fail.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BundleError {
    #[error("unknown processor `{name}`")]
    UnknownProcessor { name: String },
    #[error("malformed target id `{text}`")]
    MalformedTargetId { text: String },
    #[error("unknown target-id feature `{feature}` in `{target_id}`")]
    UnknownFeature { target_id: String, feature: String },
    #[error("processor `{processor}` does not support target-id feature `{feature}`")]
    UnsupportedFeature { processor: String, feature: String },
    #[error("target-id feature `{feature}` given twice in `{target_id}`")]
    DuplicateFeature { target_id: String, feature: String },
    #[error("malformed bundle entry id `{text}`")]
    MalformedEntryId { text: String },
    #[error("no offload target known for entry `{entry_id}`")]
    UnknownTarget { entry_id: String },

    #[error("not an offload bundle (starts with {})", hex(start))]
    NotABundle { start: Vec<u8> },
    #[error("bundle truncated: {what} needs {needed} bytes at offset {offset}, but the input has {available}")]
    Truncated {
        what: &'static str,
        offset: u64,
        needed: u64,
        available: u64,
    },
    #[error("bundle {what} is {value}, more than the limit {limit}")]
    LimitExceeded {
        what: &'static str,
        value: u64,
        limit: u64,
    },
    #[error(
        "entry `{entry_id}` (offset {offset}, size {size}) lies outside the {len}-byte bundle"
    )]
    EntryOutOfBounds {
        entry_id: String,
        offset: u64,
        size: u64,
        len: u64,
    },
    #[error("entry `{entry_id}` starts at offset {offset}, inside the {header_len}-byte header")]
    EntryInHeader {
        entry_id: String,
        offset: u64,
        header_len: u64,
    },
    #[error("entry id {index} is not UTF-8")]
    EntryIdNotUtf8 { index: u64 },
    #[error("duplicate bundle entry `{entry_id}`")]
    DuplicateEntry { entry_id: String },
    #[error("bundle alignment {align} is invalid")]
    InvalidAlignment { align: u64 },
    #[error("bundle of {size} bytes does not fit")]
    TooLarge { size: u64 },

    #[error("unsupported compressed bundle version {version}")]
    UnsupportedVersion { version: u16 },
    #[error("unknown compression method {method}")]
    UnknownCompressionMethod { method: u16 },
    #[error("compression level {level} is invalid for {method}")]
    InvalidCompressionLevel {
        method: CompressionMethod,
        level: i32,
    },
    #[error("{method} compression failed: {message}")]
    Compress {
        method: CompressionMethod,
        message: String,
    },
    #[error("{method} decompression failed: {message}")]
    Decompress {
        method: CompressionMethod,
        message: String,
    },
    #[error("compressed bundle header says {expected} bytes of {what}, found {actual}")]
    SizeMismatch {
        what: &'static str,
        expected: u64,
        actual: u64,
    },
    #[error("compressed bundle hash {expected:016x} does not match the data's {actual:016x}")]
    HashMismatch { expected: u64, actual: u64 },
    #[error("{size} bytes is too large for compressed bundle format {version}")]
    TooLargeForVersion {
        version: CompressedVersion,
        size: u64,
    },
    #[error("compressed bundle format {version} records no total size, so its length is unknown")]
    LengthUnknown { version: CompressedVersion },

    #[error("CPU image carries no digest ({len} bytes): oxhip seals every CPU image it bundles; rebuild this one with this oxhip")]
    MissingDigest { len: u64 },
    #[error("CPU image digest covers {recorded} bytes, but the image has {actual}")]
    DigestLength { recorded: u64, actual: u64 },
    #[error(
        "CPU image is damaged: its MD5 is {}, its digest says {}",
        Md5Hex(actual),
        Md5Hex(expected)
    )]
    DigestMismatch {
        expected: [u8; 16],
        actual: [u8; 16],
    },

    #[error("not an ELF64 little-endian file")]
    NotElf,
    #[error("malformed ELF file: {what}")]
    MalformedElf { what: &'static str },
}

/// An MD5 digest in hex, for error messages.
struct Md5Hex<'a>(&'a [u8; 16]);

impl fmt::Display for Md5Hex<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|byte| write!(f, "{byte:02x}"))
    }
}

/// Up to 8 bytes in hex, for error messages.
fn hex(bytes: &[u8]) -> HexPrefix<'_> {
    HexPrefix(bytes)
}

struct HexPrefix<'a>(&'a [u8]);

impl fmt::Display for HexPrefix<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("nothing");
        }
        for byte in self.0.iter().take(8) {
            write!(f, "{byte:02x}")?;
        }
        Ok(())
    }
}
