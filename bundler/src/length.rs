//! Finding where a bundle ends from its own header, for the runtime (which
//! gets only a pointer, hip-abi.md §1.6) and for walking a `.hip_fatbin`
//! section that holds several bundles back to back.
//!
//! * Flat bundle (§2.1): the end is the furthest `offset + size` of any entry
//!   (or the header's end). Nothing after it belongs to the bundle.
//! * `CCOB` v2 and v3 (§2.4): the header records the total size.
//! * `CCOB` v1 records no total size, so its length cannot be found without
//!   decompressing, which would read an unknown amount past the header;
//!   [`bundle_len`] reports [`BundleError::LengthUnknown`]. clang 22 never
//!   writes v1.

use crate::compress::{self, CompressedVersion};
use crate::flat::{self, HeaderProblem};
use crate::{read, Bundle, BundleError, COMPRESSED_MAGIC};

/// The answer of [`bundle_len`] for a prefix of a bundle.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BundleLen {
    /// The bundle is this many bytes long (it may be longer than the prefix).
    Complete(usize),
    /// The prefix is too short to tell; call again with at least this many bytes.
    NeedMore(usize),
}

/// How long the bundle starting at `prefix` is, from as few bytes as possible.
///
/// Start with any prefix (even empty). When the answer is
/// [`BundleLen::NeedMore`], the bundle, if valid, has at least that many bytes,
/// so a caller holding only a pointer can safely read that far and ask again.
/// The number of rounds is bounded by the header limits (at most 65536
/// entries, IDs of at most 4096 bytes), so garbage cannot make a caller walk
/// unboundedly.
pub fn bundle_len(prefix: &[u8]) -> Result<BundleLen, BundleError> {
    let magic_len = COMPRESSED_MAGIC.len();
    let looks_compressed = prefix.len() >= magic_len && prefix.starts_with(COMPRESSED_MAGIC);
    if prefix.len() < magic_len {
        // Both magics are needed to decide; a prefix of either is still possible.
        let matches_either =
            COMPRESSED_MAGIC.starts_with(prefix) || crate::FLAT_MAGIC.starts_with(prefix);
        if !matches_either {
            return Err(BundleError::NotABundle {
                start: prefix.to_vec(),
            });
        }
        return Ok(BundleLen::NeedMore(magic_len));
    }
    if looks_compressed {
        return match compress::parse_header(prefix) {
            Ok(header) => match header.total_size {
                Some(total) => usize::try_from(total)
                    .map(BundleLen::Complete)
                    .map_err(|_| BundleError::TooLarge { size: total }),
                None => Err(BundleError::LengthUnknown {
                    version: CompressedVersion::V1,
                }),
            },
            Err(HeaderProblem::Short(short)) => need_more(short.required()),
            Err(HeaderProblem::Invalid(error)) => Err(error),
        };
    }
    match flat::parse_header(prefix) {
        Ok(header) => usize::try_from(header.end)
            .map(BundleLen::Complete)
            .map_err(|_| BundleError::TooLarge { size: header.end }),
        Err(HeaderProblem::Short(short)) => need_more(short.required()),
        Err(HeaderProblem::Invalid(error)) => Err(error),
    }
}

fn need_more(required: u64) -> Result<BundleLen, BundleError> {
    usize::try_from(required)
        .map(BundleLen::NeedMore)
        .map_err(|_| BundleError::TooLarge { size: required })
}

/// The bytes of the bundle at `ptr`, with the length taken from its header
/// (see [`bundle_len`]).
///
/// # Safety
///
/// `ptr` must point to a complete, readable offset bundle (flat, or `CCOB`
/// v2/v3) that stays alive and unchanged for `'a`, as the `.hip_fatbin` data
/// referenced by a fat-binary wrapper does. The header is trusted for the
/// length: a corrupt header that still passes the checks of [`bundle_len`]
/// makes this read past the bundle.
pub unsafe fn bundle_slice_from_ptr<'a>(ptr: *const u8) -> Result<&'a [u8], BundleError> {
    let mut available = 0usize;
    loop {
        // SAFETY: `available` is 0 or a length `bundle_len` asked for, which a
        // valid bundle has (its contract); the caller guarantees a valid
        // bundle at `ptr` that lives for `'a`.
        let prefix = unsafe { std::slice::from_raw_parts(ptr, available) };
        match bundle_len(prefix)? {
            BundleLen::Complete(len) => {
                // SAFETY: as above; `len` is the bundle's own length.
                return Ok(unsafe { std::slice::from_raw_parts(ptr, len) });
            }
            BundleLen::NeedMore(needed) => {
                // `bundle_len` always asks for more than it was given.
                debug_assert!(needed > available);
                available = needed.max(available + 1);
            }
        }
    }
}

/// Reads the bundle at `ptr` (see [`bundle_slice_from_ptr`] and [`read`]).
///
/// # Safety
///
/// As for [`bundle_slice_from_ptr`].
pub unsafe fn read_from_ptr(ptr: *const u8) -> Result<Bundle, BundleError> {
    // SAFETY: forwarded to the caller, same contract.
    let bytes = unsafe { bundle_slice_from_ptr(ptr) }?;
    read(bytes)
}

/// Cuts a section holding several bundles back to back (what the linker makes
/// of the `.hip_fatbin` sections of several objects, each bundle aligned to
/// 4096 with zero padding between) into one slice per bundle.
///
/// Zero bytes between bundles are skipped; anything else that is not a bundle
/// is an error.
pub fn split_bundles(section: &[u8]) -> Result<Vec<&[u8]>, BundleError> {
    let mut bundles = Vec::new();
    let mut pos = 0;
    loop {
        while section.get(pos) == Some(&0) {
            pos += 1;
        }
        let rest = &section[pos..];
        if rest.is_empty() {
            return Ok(bundles);
        }
        match bundle_len(rest)? {
            BundleLen::Complete(len) if len <= rest.len() => {
                bundles.push(&rest[..len]);
                pos += len;
            }
            BundleLen::Complete(len) | BundleLen::NeedMore(len) => {
                return Err(BundleError::Truncated {
                    what: "bundle",
                    offset: pos as u64,
                    needed: len as u64,
                    available: rest.len() as u64,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{write, Compression, CompressionMethod, Entry, OffloadArch, WriteOptions};

    fn sample(compression: Option<Compression>) -> Vec<u8> {
        let bundle = Bundle {
            entries: vec![
                Entry {
                    id: OffloadArch::parse("gfx90a:xnack+")
                        .expect("valid")
                        .bundle_entry_id(),
                    data: vec![7; 300],
                },
                Entry::ptx(
                    &OffloadArch::parse("sm_80").expect("valid"),
                    b".version 7.8\n",
                ),
            ],
        };
        write(
            &bundle,
            &WriteOptions {
                align: 64,
                compression,
            },
        )
        .expect("writes")
    }

    fn all_formats() -> Vec<(String, Vec<u8>)> {
        let mut out = vec![("flat".to_owned(), sample(None))];
        for format_version in [CompressedVersion::V2, CompressedVersion::V3] {
            for method in [CompressionMethod::Zstd, CompressionMethod::Zlib] {
                out.push((
                    format!("{format_version} {method}"),
                    sample(Some(Compression {
                        method,
                        level: 3,
                        format_version,
                    })),
                ));
            }
        }
        out
    }

    #[test]
    fn length_is_found_from_every_prefix() {
        for (name, bytes) in all_formats() {
            let mut prefix_len = 0;
            let mut rounds = 0;
            let len = loop {
                rounds += 1;
                match bundle_len(&bytes[..prefix_len]).expect("valid prefix") {
                    BundleLen::Complete(len) => break len,
                    BundleLen::NeedMore(needed) => {
                        assert!(needed > prefix_len, "{name}: no progress at {prefix_len}");
                        assert!(needed <= bytes.len(), "{name}: asked past the end");
                        prefix_len = needed;
                    }
                }
            };
            assert_eq!(len, bytes.len(), "{name}");
            assert!(rounds < 20, "{name}: {rounds} rounds");
            // Every prefix either answers the true length or asks for more.
            for cut in 0..bytes.len().min(400) {
                match bundle_len(&bytes[..cut]).expect("valid prefix") {
                    BundleLen::Complete(len) => assert_eq!(len, bytes.len(), "{name} at {cut}"),
                    BundleLen::NeedMore(needed) => assert!(needed > cut, "{name} at {cut}"),
                }
            }
        }
    }

    #[test]
    fn read_from_pointer_stops_at_the_bundle_end() {
        for (name, bytes) in all_formats() {
            let mut padded = bytes.clone();
            padded.extend_from_slice(&[0xAB; 100]);
            // SAFETY: `padded` holds a valid bundle and outlives the call.
            let slice = unsafe { bundle_slice_from_ptr(padded.as_ptr()) }.expect("reads");
            assert_eq!(slice, &bytes[..], "{name}");
            // SAFETY: as above.
            let bundle = unsafe { read_from_ptr(padded.as_ptr()) }.expect("reads");
            assert_eq!(bundle, read(&bytes).expect("reads"), "{name}");
        }
    }

    #[test]
    fn version_1_has_no_length() {
        let v1 = sample(Some(Compression {
            method: CompressionMethod::Zstd,
            level: 3,
            format_version: CompressedVersion::V1,
        }));
        insta::assert_snapshot!(bundle_len(&v1).unwrap_err(), @"compressed bundle format v1 records no total size, so its length is unknown");
        assert!(read(&v1).is_ok());
    }

    #[test]
    fn split_concatenated_section() {
        let formats = all_formats();
        let mut section = Vec::new();
        for (_, bytes) in &formats {
            section.extend_from_slice(bytes);
            section.resize(section.len().next_multiple_of(4096), 0);
        }
        let pieces = split_bundles(&section).expect("splits");
        assert_eq!(pieces.len(), formats.len());
        for (piece, (name, bytes)) in pieces.iter().zip(&formats) {
            assert_eq!(piece, bytes, "{name}");
        }
        section.extend_from_slice(b"junk");
        insta::assert_snapshot!(split_bundles(&section).unwrap_err(), @"not an offload bundle (starts with 6a756e6b)");
    }

    #[test]
    fn garbage_is_rejected_early() {
        let cases: [&[u8]; 5] = [
            b"\x7f",
            b"CCOX",
            b"__CLANG_OFFLOAD_BUNDLX__",
            b"CCOB\x09\x00\x01\x00",
            b"CCOB\x03\x00\x07\x00",
        ];
        let out: Vec<String> = cases
            .iter()
            .map(|bytes| format!("{:?}", bundle_len(bytes)))
            .collect();
        insta::assert_snapshot!(out.join("\n"), @r#"
        Err(NotABundle { start: [127] })
        Err(NotABundle { start: [67, 67, 79, 88] })
        Err(NotABundle { start: [95, 95, 67, 76, 65, 78, 71, 95] })
        Err(UnsupportedVersion { version: 9 })
        Err(UnknownCompressionMethod { method: 7 })
        "#);
    }
}
