//! Round trips (write → read → compare) in every layout, and malformed input:
//! truncated, bit-flipped and random bytes must give `Err`, never a panic.
//! No external tools; `clang_tools.rs` checks compatibility with clang.

mod common;

use bundler::{
    bundle_len, read, read_with, write, Bundle, BundleError, BundleLen, CompressedHeader,
    ReadOptions,
};
use common::{all_options, canonical, pseudo_random, sample_bundle};

#[test]
fn write_then_read_gives_the_same_entries() {
    let bundle = sample_bundle();
    let expected = canonical(&bundle);
    for (name, options) in all_options() {
        let bytes = write(&bundle, &options).unwrap_or_else(|error| panic!("{name}: {error}"));
        let back = read_with(&bytes, &ReadOptions { verify_hash: true })
            .unwrap_or_else(|error| panic!("{name}: {error}"));
        assert_eq!(back, expected, "{name}");
        // Writing what was read reproduces the file exactly.
        assert_eq!(write(&back, &options).expect("rewrites"), bytes, "{name}");
        if let Some(compression) = options.compression {
            let header = CompressedHeader::parse(&bytes).expect("header");
            assert_eq!(header.version, compression.format_version, "{name}");
            assert_eq!(header.method, compression.method, "{name}");
            assert_eq!(
                header.total_size.unwrap_or(bytes.len() as u64),
                bytes.len() as u64
            );
        }
        assert_eq!(
            bundle_len(&bytes).ok(),
            match options.compression {
                Some(compression)
                    if compression.format_version == bundler::CompressedVersion::V1 =>
                    None,
                _ => Some(BundleLen::Complete(bytes.len())),
            },
            "{name}"
        );
    }
}

#[test]
fn flat_offsets_are_aligned_and_the_host_shares_its_offset() {
    let options = all_options().remove(2).1;
    assert_eq!(options.align, 4096);
    let bytes = write(&sample_bundle(), &options).expect("writes");
    let dump = bundler::describe(&bytes).expect("describes");
    insta::assert_snapshot!(dump, @r#"
        flat: 9 entries, header 585 bytes, end 32777, file 32777 bytes
          host-x86_64-unknown-linux-gnu- offset 0x1000 size 0
          hipv4-amdgcn-amd-amdhsa--gfx1100 offset 0x1000 size 0
          hipv4-amdgcn-amd-amdhsa--gfx9-4-generic:xnack- offset 0x1000 size 12: 7f454c462067656e… md5 df6120090844cf65
          hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc-:xnack+ offset 0x2000 size 3000: 41c23b674102d675… md5 8a5a3e7cff24b165
          hipv4-amdgcn-amd-amdhsa--gfx942 offset 0x3000 size 5000: 414129254101710d… md5 c03dd0aa22489d7e
          hipv4-nvptx64-nvidia-cuda-unknown-sm_100f offset 0x5000 size 14: ".version 8.8\n\0"
          hipv4-nvptx64-nvidia-cuda-unknown-sm_90 offset 0x6000 size 28: ".version 7.8\n.target sm_90\n\0"
          hipv4-nvptx64-nvidia-cuda-unknown-sm_90a offset 0x7000 size 21: 7f454c4620637562… md5 9cb724990ca1bad9
          hipv4-x86_64-unknown-linux-gnu- offset 0x8000 size 9: "cpu image"
        "#);
}

#[test]
fn every_truncation_is_an_error() {
    let bundle = sample_bundle();
    for (name, options) in all_options() {
        let bytes = write(&bundle, &options).expect("writes");
        // All cuts through the headers, then a sample through the data.
        let cuts = (0..bytes.len().min(600)).chain((600..bytes.len()).step_by(97));
        for cut in cuts {
            let result = read(&bytes[..cut]);
            assert!(
                result.is_err(),
                "{name}: cut at {cut} of {} read fine",
                bytes.len()
            );
        }
    }
}

/// xorshift64, so the "random" cases are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }
}

#[test]
fn corrupted_bytes_never_panic() {
    let bundle = sample_bundle();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut errors = 0;
    for (name, options) in all_options() {
        let bytes = write(&bundle, &options).expect("writes");
        for _ in 0..300 {
            let mut corrupt = bytes.clone();
            // Mostly hit the headers, where the interesting checks are.
            let limit = if rng.below(4) == 0 {
                corrupt.len()
            } else {
                corrupt.len().min(512)
            };
            for _ in 0..=rng.below(3) {
                let at = rng.below(limit);
                corrupt[at] ^= 1 << rng.below(8);
            }
            let result = read_with(&corrupt, &ReadOptions { verify_hash: true });
            if result.is_err() {
                errors += 1;
            }
            let _ = bundle_len(&corrupt);
        }
        let _ = name;
    }
    // Most corruptions must be detected (flipped data bytes of a flat bundle
    // are not, by design).
    assert!(errors > 1000, "only {errors} corruptions detected");
}

#[test]
fn random_bytes_are_errors() {
    let mut rng = Rng(42);
    for round in 0..2000 {
        let len = rng.below(300);
        let mut bytes = pseudo_random(len, rng.next());
        // Give half of them a valid magic, so the header parsers get exercised.
        match round % 4 {
            0 if len >= 24 => bytes[..24].copy_from_slice(bundler::FLAT_MAGIC),
            1 if len >= 8 => {
                bytes[..4].copy_from_slice(bundler::COMPRESSED_MAGIC);
                bytes[4] = (round % 5) as u8;
                bytes[5] = 0;
                bytes[6] = (round % 3) as u8;
                bytes[7] = 0;
            }
            _ => {}
        }
        assert!(read(&bytes).is_err(), "round {round} read garbage fine");
        let _ = bundle_len(&bytes);
    }
}

#[test]
fn decompression_bombs_and_lies_are_errors() {
    let options = all_options();
    let (_, v3_zstd) = options
        .iter()
        .find(|(name, _)| name == "v3 zstd level 3")
        .expect("present");
    let bytes = write(&sample_bundle(), v3_zstd).expect("writes");
    // Claim a huge uncompressed size: refused from the header, without allocating it.
    let mut lie = bytes.clone();
    lie[16..24].copy_from_slice(&(u64::MAX / 2).to_le_bytes());
    let error = read(&lie).expect_err("size lie");
    assert!(
        matches!(error, BundleError::LimitExceeded { .. }),
        "{error}"
    );
    // A smaller lie, under the limit, is found after decompressing.
    let mut lie = bytes.clone();
    lie[16..24].copy_from_slice(&(1u64 << 31).to_le_bytes());
    let error = read(&lie).expect_err("size lie");
    assert!(matches!(error, BundleError::SizeMismatch { .. }), "{error}");
    // Claim a total size past the end.
    let mut long = bytes.clone();
    long[8..16].copy_from_slice(&(bytes.len() as u64 + 1).to_le_bytes());
    insta::assert_snapshot!(read(&long).expect_err("too long"), @"bundle truncated: compressed data needs 7234 bytes at offset 32, but the input has 7265");
    // A wrong hash is found only when asked for.
    let mut hash = bytes.clone();
    hash[24] ^= 1;
    assert!(read(&hash).is_ok());
    let error = read_with(&hash, &ReadOptions { verify_hash: true }).expect_err("hash");
    assert!(matches!(error, BundleError::HashMismatch { .. }), "{error}");
}

#[test]
fn listing_is_one_id_per_line() {
    let bytes = write(&Bundle::default(), &all_options()[0].1).expect("writes");
    let bundle = read(&bytes).expect("reads");
    insta::assert_snapshot!(bundler::listing(&bundle), @"host-x86_64-unknown-linux-gnu-");
    let bytes = write(&sample_bundle(), &all_options()[0].1).expect("writes");
    insta::assert_snapshot!(bundler::listing(&read(&bytes).expect("reads")), @r"
        host-x86_64-unknown-linux-gnu-
        hipv4-amdgcn-amd-amdhsa--gfx1100
        hipv4-amdgcn-amd-amdhsa--gfx9-4-generic:xnack-
        hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc-:xnack+
        hipv4-amdgcn-amd-amdhsa--gfx942
        hipv4-nvptx64-nvidia-cuda-unknown-sm_100f
        hipv4-nvptx64-nvidia-cuda-unknown-sm_90
        hipv4-nvptx64-nvidia-cuda-unknown-sm_90a
        hipv4-x86_64-unknown-linux-gnu-
        ");
}

#[test]
fn ptx_entries_carry_one_trailing_nul() {
    let arch = bundler::OffloadArch::parse("sm_80").expect("valid");
    assert_eq!(bundler::Entry::ptx(&arch, b"ptx").data, b"ptx\0");
    assert_eq!(bundler::Entry::ptx(&arch, b"ptx\0").data, b"ptx\0");
    assert_eq!(&*bundler::with_trailing_nul(b"abc"), b"abc\0");
}

#[test]
fn image_choice_per_device() {
    let mut bundle = sample_bundle();
    bundle
        .entries
        .push(common::entry("gfx942:sramecc+", b"exact gfx942"));
    bundle
        .entries
        .push(common::entry("sm_80", b".version 7.8\n.target sm_80\n\0"));
    bundle
        .entries
        .push(common::entry("sm_86", b"\x7fELF cubin for sm_86"));
    let bundle = read(&write(&bundle, &all_options()[0].1).expect("writes")).expect("reads");
    let devices = [
        "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-",
        "amdgcn-amd-amdhsa--gfx950:sramecc+:xnack-",
        "amdgcn-amd-amdhsa--gfx950:sramecc+:xnack+",
        "amdgcn-amd-amdhsa--gfx90a:sramecc-:xnack+",
        "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack+",
        "amdgcn-amd-amdhsa--gfx1100",
        "amdgcn-amd-amdhsa--gfx1201",
        "sm_75",
        "sm_86",
        "sm_89",
        "sm_90",
        "sm_100",
        "sm_120",
        "host",
    ];
    let choices: String = devices
        .iter()
        .map(|device| {
            let chosen = bundle
                .find_for_device(device)
                .map_or("none".to_owned(), |entry| entry.id.to_string());
            format!("{device} => {chosen}\n")
        })
        .collect();
    insta::assert_snapshot!(choices, @r"
        amdgcn-amd-amdhsa--gfx942:sramecc+:xnack- => hipv4-amdgcn-amd-amdhsa--gfx942
        amdgcn-amd-amdhsa--gfx950:sramecc+:xnack- => hipv4-amdgcn-amd-amdhsa--gfx9-4-generic:xnack-
        amdgcn-amd-amdhsa--gfx950:sramecc+:xnack+ => none
        amdgcn-amd-amdhsa--gfx90a:sramecc-:xnack+ => hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc-:xnack+
        amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack+ => none
        amdgcn-amd-amdhsa--gfx1100 => hipv4-amdgcn-amd-amdhsa--gfx1100
        amdgcn-amd-amdhsa--gfx1201 => none
        sm_75 => none
        sm_86 => hipv4-nvptx64-nvidia-cuda-unknown-sm_86
        sm_89 => hipv4-nvptx64-nvidia-cuda-unknown-sm_86
        sm_90 => hipv4-nvptx64-nvidia-cuda-unknown-sm_90a
        sm_100 => hipv4-nvptx64-nvidia-cuda-unknown-sm_100f
        sm_120 => hipv4-nvptx64-nvidia-cuda-unknown-sm_90
        host => hipv4-x86_64-unknown-linux-gnu-
        ");
}
