//! Sample bundles shared by the integration tests; no tests of its own.

#![allow(
    dead_code,
    reason = "each test file uses a different part of this module"
)]

use bundler::{
    Bundle, CompressedVersion, Compression, CompressionMethod, Entry, EntryId, OffloadArch,
    WriteOptions,
};

/// An entry for an `--offload-arch=` spelling.
pub(crate) fn entry(arch: &str, data: &[u8]) -> Entry {
    Entry {
        id: OffloadArch::parse(arch)
            .expect("test arch is valid")
            .bundle_entry_id(),
        data: data.to_vec(),
    }
}

/// Deterministic filler that compresses somewhat but not trivially.
pub(crate) fn pseudo_random(len: usize, seed: u64) -> Vec<u8> {
    let mut state = seed | 1;
    (0..len)
        .map(|index| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // Every fourth byte repeats, so compressors have something to find.
            if index % 4 == 0 {
                b'A'
            } else {
                state as u8
            }
        })
        .collect()
}

/// A bundle with every kind of entry: AMD with and without features, a
/// generic target, PTX (NUL-terminated), a cubin-like ELF, an empty image,
/// and a CPU image.
pub(crate) fn sample_bundle() -> Bundle {
    Bundle {
        entries: vec![
            entry("sm_90", b".version 7.8\n.target sm_90\n\0"),
            entry("gfx942", &pseudo_random(5000, 1)),
            entry("gfx90a:xnack+:sramecc-", &pseudo_random(3000, 2)),
            entry("gfx1100", b""),
            entry("gfx9-4-generic:xnack-", b"\x7fELF generic"),
            entry("sm_90a", b"\x7fELF cubin for sm_90a"),
            entry("sm_100f", b".version 8.8\n\0"),
            entry("host", b"cpu image"),
        ],
    }
}

/// The bundle `read` should give back for `bundle`: host placeholder first,
/// then the other entries sorted by ID (what `write` lays out).
pub(crate) fn canonical(bundle: &Bundle) -> Bundle {
    let mut devices: Vec<Entry> = bundle.entries.clone();
    devices.sort_by_key(|entry| entry.id.to_string());
    let mut entries = vec![Entry {
        id: EntryId::host(),
        data: Vec::new(),
    }];
    entries.extend(devices);
    Bundle { entries }
}

/// Every layout the writer supports, named.
pub(crate) fn all_options() -> Vec<(String, WriteOptions)> {
    let mut out = Vec::new();
    for align in [1, 8, 4096] {
        out.push((
            format!("flat align {align}"),
            WriteOptions {
                align,
                compression: None,
            },
        ));
    }
    for format_version in [
        CompressedVersion::V1,
        CompressedVersion::V2,
        CompressedVersion::V3,
    ] {
        for (method, level) in [
            (CompressionMethod::Zstd, 3),
            (CompressionMethod::Zstd, 19),
            (CompressionMethod::Zlib, 6),
        ] {
            out.push((
                format!("{format_version} {method} level {level}"),
                WriteOptions {
                    align: 4096,
                    compression: Some(Compression {
                        method,
                        level,
                        format_version,
                    }),
                },
            ));
        }
    }
    out
}
