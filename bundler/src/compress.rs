//! Compressed bundles: the `CCOB` header of hip-abi.md §2.4 around a zstd or
//! zlib stream of a whole flat bundle.
//!
//! This file only wraps and unwraps bytes; the flat bundle inside is
//! `flat.rs`'s business. Decompression never trusts the header's size for an
//! allocation: output grows as data is actually produced, and stops one byte
//! past the announced size.

use std::fmt;
use std::io::Read;

use md5::{Digest, Md5};

use crate::flat::{Cursor, HeaderProblem, Short};
use crate::{BundleError, COMPRESSED_MAGIC};

/// The compressor of a `CCOB` bundle, with its on-disk number.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CompressionMethod {
    /// Method 0: zlib (deflate with the zlib wrapper), levels 0 to 9.
    Zlib,
    /// Method 1: zstd, what clang 22 uses on Debian; levels as zstd defines them.
    Zstd,
}

impl CompressionMethod {
    /// The method field of the header.
    pub fn id(self) -> u16 {
        match self {
            CompressionMethod::Zlib => 0,
            CompressionMethod::Zstd => 1,
        }
    }

    fn from_id(method: u16) -> Result<CompressionMethod, BundleError> {
        match method {
            0 => Ok(CompressionMethod::Zlib),
            1 => Ok(CompressionMethod::Zstd),
            _ => Err(BundleError::UnknownCompressionMethod { method }),
        }
    }
}

impl fmt::Display for CompressionMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CompressionMethod::Zlib => "zlib",
            CompressionMethod::Zstd => "zstd",
        })
    }
}

/// The `CCOB` format version (hip-abi.md §2.4).
///
/// clang 22 writes version 3 by default and version 2 when asked through
/// `COMPRESSED_BUNDLE_FORMAT_VERSION=2`; version 1 is legacy (read by clang,
/// written here only for tests and old runtimes).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum CompressedVersion {
    /// 20-byte header, 32-bit uncompressed size, no total size.
    V1,
    /// 24-byte header, 32-bit total and uncompressed sizes.
    V2,
    /// 32-byte header, 64-bit total and uncompressed sizes.
    V3,
}

impl CompressedVersion {
    /// The version field of the header.
    pub fn number(self) -> u16 {
        match self {
            CompressedVersion::V1 => 1,
            CompressedVersion::V2 => 2,
            CompressedVersion::V3 => 3,
        }
    }

    fn from_number(version: u16) -> Result<CompressedVersion, BundleError> {
        match version {
            1 => Ok(CompressedVersion::V1),
            2 => Ok(CompressedVersion::V2),
            3 => Ok(CompressedVersion::V3),
            _ => Err(BundleError::UnsupportedVersion { version }),
        }
    }

    /// Bytes before the compressed data.
    pub fn header_len(self) -> usize {
        match self {
            CompressedVersion::V1 => 20,
            CompressedVersion::V2 => 24,
            CompressedVersion::V3 => 32,
        }
    }
}

impl fmt::Display for CompressedVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "v{}", self.number())
    }
}

/// How to compress a bundle. No `Default`: clang's driver uses zstd, level 3
/// unless `--offload-compression-level=` says otherwise, format version 3.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Compression {
    pub method: CompressionMethod,
    pub level: i32,
    pub format_version: CompressedVersion,
}

/// The fields of a `CCOB` header (hip-abi.md §2.4).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CompressedHeader {
    pub version: CompressedVersion,
    pub method: CompressionMethod,
    /// Header plus compressed data; not recorded by version 1.
    pub total_size: Option<u64>,
    pub uncompressed_size: u64,
    /// The first 8 bytes of the MD5 of the uncompressed bundle, read as a
    /// little-endian `u64`.
    pub hash: u64,
}

impl CompressedHeader {
    /// Parses the header at the start of `bytes`.
    pub fn parse(bytes: &[u8]) -> Result<CompressedHeader, BundleError> {
        parse_header(bytes).map_err(|problem| match problem {
            HeaderProblem::Short(short) => short.into_error(bytes.len()),
            HeaderProblem::Invalid(error) => error,
        })
    }
}

/// The largest uncompressed bundle accepted (4 GiB, what version 2 can describe): a
/// corrupt version 3 header cannot make a reader decompress without bound.
pub(crate) const MAX_UNCOMPRESSED: u64 = 1 << 32;

/// Parses a `CCOB` header from a possibly short prefix of a bundle.
pub(crate) fn parse_header(bytes: &[u8]) -> Result<CompressedHeader, HeaderProblem> {
    let mut cursor = Cursor::new(bytes);
    let magic: [u8; 4] = cursor.array("compressed magic")?;
    if &magic != COMPRESSED_MAGIC {
        return Err(BundleError::NotABundle {
            start: bytes[..bytes.len().min(8)].to_vec(),
        }
        .into());
    }
    let version = CompressedVersion::from_number(cursor.u16("compressed version")?)?;
    let method = CompressionMethod::from_id(cursor.u16("compression method")?)?;
    let (total_size, uncompressed_size) = match version {
        CompressedVersion::V1 => (None, u64::from(cursor.u32("uncompressed size")?)),
        CompressedVersion::V2 => {
            let total = cursor.u32("total size")?;
            (
                Some(u64::from(total)),
                u64::from(cursor.u32("uncompressed size")?),
            )
        }
        CompressedVersion::V3 => {
            let total = cursor.u64("total size")?;
            (Some(total), cursor.u64("uncompressed size")?)
        }
    };
    if let Some(total) = total_size {
        if total < version.header_len() as u64 {
            return Err(BundleError::SizeMismatch {
                what: "total size (at least the header)",
                expected: version.header_len() as u64,
                actual: total,
            }
            .into());
        }
    }
    if uncompressed_size > MAX_UNCOMPRESSED {
        return Err(BundleError::LimitExceeded {
            what: "uncompressed size",
            value: uncompressed_size,
            limit: MAX_UNCOMPRESSED,
        }
        .into());
    }
    let hash = cursor.u64("hash")?;
    Ok(CompressedHeader {
        version,
        method,
        total_size,
        uncompressed_size,
        hash,
    })
}

/// The hash stored in a `CCOB` header: MD5's first 8 bytes as a little-endian
/// `u64` (what LLVM's `MD5Result::low()` gives).
pub(crate) fn truncated_md5(data: &[u8]) -> u64 {
    let digest = Md5::digest(data);
    let mut low = [0u8; 8];
    low.copy_from_slice(&digest[..8]);
    u64::from_le_bytes(low)
}

/// Compresses a whole flat bundle and prepends the `CCOB` header.
pub(crate) fn compress(flat: &[u8], compression: &Compression) -> Result<Vec<u8>, BundleError> {
    let uncompressed_size = flat.len() as u64;
    let version = compression.format_version;
    if version < CompressedVersion::V3 && uncompressed_size > u64::from(u32::MAX) {
        return Err(BundleError::TooLargeForVersion {
            version,
            size: uncompressed_size,
        });
    }
    let method = compression.method;
    let level = compression.level;
    let compressed = match method {
        CompressionMethod::Zstd => {
            if !zstd::compression_level_range().contains(&level) {
                return Err(BundleError::InvalidCompressionLevel { method, level });
            }
            zstd::bulk::compress(flat, level).map_err(|error| BundleError::Compress {
                method,
                message: error.to_string(),
            })?
        }
        CompressionMethod::Zlib => {
            let zlib_level = u32::try_from(level)
                .ok()
                .filter(|level| *level <= 9)
                .ok_or(BundleError::InvalidCompressionLevel { method, level })?;
            let mut encoder =
                flate2::read::ZlibEncoder::new(flat, flate2::Compression::new(zlib_level));
            let mut compressed = Vec::new();
            encoder
                .read_to_end(&mut compressed)
                .map_err(|error| BundleError::Compress {
                    method,
                    message: error.to_string(),
                })?;
            compressed
        }
    };
    let total_size = (version.header_len() + compressed.len()) as u64;
    let mut out = Vec::with_capacity(total_size as usize);
    out.extend_from_slice(COMPRESSED_MAGIC);
    out.extend_from_slice(&version.number().to_le_bytes());
    out.extend_from_slice(&method.id().to_le_bytes());
    match version {
        CompressedVersion::V1 => {
            out.extend_from_slice(&(uncompressed_size as u32).to_le_bytes());
        }
        CompressedVersion::V2 => {
            let total = u32::try_from(total_size).map_err(|_| BundleError::TooLargeForVersion {
                version,
                size: total_size,
            })?;
            out.extend_from_slice(&total.to_le_bytes());
            out.extend_from_slice(&(uncompressed_size as u32).to_le_bytes());
        }
        CompressedVersion::V3 => {
            out.extend_from_slice(&total_size.to_le_bytes());
            out.extend_from_slice(&uncompressed_size.to_le_bytes());
        }
    }
    out.extend_from_slice(&truncated_md5(flat).to_le_bytes());
    debug_assert_eq!(out.len(), version.header_len());
    out.extend_from_slice(&compressed);
    Ok(out)
}

/// Unwraps a compressed bundle: returns its header and the flat bundle inside.
///
/// For versions 2 and 3 the compressed data ends at the header's total size
/// (later bytes are ignored); version 1 has no total size, so the stream's
/// own end marks it (trailing bytes after one zstd frame or one zlib stream
/// are ignored).
pub(crate) fn decompress(
    bytes: &[u8],
    verify_hash: bool,
) -> Result<(CompressedHeader, Vec<u8>), BundleError> {
    let header = CompressedHeader::parse(bytes)?;
    let start = header.version.header_len();
    let data = match header.total_size {
        Some(total) => {
            let end = usize::try_from(total)
                .ok()
                .filter(|end| *end <= bytes.len())
                .ok_or_else(|| {
                    Short {
                        what: "compressed data",
                        offset: start as u64,
                        needed: total - start as u64,
                    }
                    .into_error(bytes.len())
                })?;
            &bytes[start..end]
        }
        None => &bytes[start..],
    };
    let method = header.method;
    let decompress_error = |error: std::io::Error| BundleError::Decompress {
        method,
        message: error.to_string(),
    };
    let expected = header.uncompressed_size;
    // Start small: a corrupt header must not cause a huge allocation.
    let mut flat = Vec::with_capacity(expected.min(1 << 26) as usize);
    let limit = expected.saturating_add(1);
    match method {
        CompressionMethod::Zstd => {
            let decoder = zstd::stream::read::Decoder::with_buffer(data)
                .map_err(decompress_error)?
                .single_frame();
            decoder
                .take(limit)
                .read_to_end(&mut flat)
                .map_err(decompress_error)?;
        }
        CompressionMethod::Zlib => {
            flate2::read::ZlibDecoder::new(data)
                .take(limit)
                .read_to_end(&mut flat)
                .map_err(decompress_error)?;
        }
    }
    if flat.len() as u64 != expected {
        return Err(BundleError::SizeMismatch {
            what: "uncompressed data",
            expected,
            actual: flat.len() as u64,
        });
    }
    if verify_hash {
        let actual = truncated_md5(&flat);
        if actual != header.hash {
            return Err(BundleError::HashMismatch {
                expected: header.hash,
                actual,
            });
        }
    }
    Ok((header, flat))
}
