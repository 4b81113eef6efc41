//! Replays the saved corpus and every crash seed through its target, and repeats issue 13's
//! experiment: every one-bit flip in the headers of a flat and a compressed bundle, and
//! every truncation of them, given to `hipModuleLoadData`'s reader and to the registration
//! reader. None may panic, fault or abort; each must be rejected or read. And issue 23's: a
//! CPU image with any byte changed is rejected (its digest covers every byte).

use std::path::Path;

fn inputs(kind: &str, target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(kind)
        .join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries
        .map(|entry| {
            entry
                .unwrap_or_else(|err| panic!("{}: {err}", dir.display()))
                .path()
        })
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path)
                .unwrap_or_else(|err| panic!("reading {}: {err}", path.display()));
            (path.display().to_string(), bytes)
        })
        .collect()
}

#[test]
fn corpus_and_crash_seeds_run_clean() {
    let mut count = 0;
    for (name, target) in fuzz::TARGETS {
        for kind in ["corpus", "regressions"] {
            for (_path, bytes) in inputs(kind, name) {
                target(&bytes);
                count += 1;
            }
        }
    }
    assert!(count > 40, "only {count} inputs: is fuzz/corpus there?");
}

#[test]
fn every_corpus_directory_has_a_target() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|err| panic!("{err}")) {
        let name = entry.unwrap_or_else(|err| panic!("{err}")).file_name();
        let name = name.to_string_lossy();
        assert!(fuzz::target(&name).is_some(), "no target `{name}`");
    }
}

/// The valid inputs are accepted: a reader that rejects everything would pass the rest.
/// (A `CCOB` v1 bundle records no length, so it loads from a file only.)
#[test]
fn valid_images_load() {
    for (path, bytes) in inputs("corpus", "module_load_data") {
        if path.contains("-v1-") {
            continue;
        }
        let guarded = fuzz::Guarded::new(&bytes);
        // SAFETY: the guarded copy stays mapped until the end of the iteration.
        let result = unsafe { oxhip_runtime::fuzzing::module_load_data(guarded.address()) };
        assert!(result.is_ok(), "{path}: {result:?}");
    }
}

fn flip_and_truncate(bytes: &[u8], header_len: usize) {
    let mut mutated = bytes.to_vec();
    for bit in 0..header_len.min(bytes.len()) * 8 {
        mutated[bit / 8] ^= 1 << (bit % 8);
        fuzz::module_load_data(&mutated);
        fuzz::register_fat_binary(&mutated);
        mutated[bit / 8] ^= 1 << (bit % 8);
    }
    for length in (0..bytes.len()).step_by(61) {
        fuzz::module_load_data(&bytes[..length]);
        fuzz::register_fat_binary(&bytes[..length]);
    }
}

#[test]
fn bit_flips_and_truncations_of_bundles_are_rejected_cleanly() {
    for name in [
        "hostonly.hipfb",
        "small.hipfb",
        "ccob.hipfb",
        "ccob-v1-zlib.hipfb",
    ] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("corpus/module_load_data")
            .join(name);
        let bytes = std::fs::read(&path).unwrap_or_else(|err| panic!("{err}"));
        flip_and_truncate(&bytes, 160);
    }
}

/// Every byte of a CPU image is covered by its digest (issue 23): each one-byte change of
/// the bare image, and of the image inside the host-only bundle, is rejected before a device
/// would load it.
#[test]
fn every_changed_byte_of_a_cpu_image_is_rejected() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/module_load_data");
    let read = |name: &str| std::fs::read(corpus.join(name)).unwrap_or_else(|err| panic!("{err}"));
    let (bare, bundle) = (read("cpu.so"), read("hostonly.hipfb"));
    let start = bundle
        .windows(bare.len())
        .position(|window| window == bare)
        .expect("the bundle holds the bare image");
    for (bytes, image) in [
        (bare.clone(), 0..bare.len()),
        (bundle, start..start + bare.len()),
    ] {
        let mut damaged = bytes;
        for at in image {
            damaged[at] ^= 0x41;
            let guarded = fuzz::Guarded::new(&damaged);
            // SAFETY: the guarded copy stays mapped until the end of the iteration.
            let result = unsafe { oxhip_runtime::fuzzing::module_load_data(guarded.address()) };
            assert!(
                result.is_err(),
                "byte {at} changed, and the image still loads"
            );
            damaged[at] ^= 0x41;
        }
    }
}

/// The ELF seed holds a `.hip_fatbin` section, so the fuzzer starts from the reader's real
/// path.
#[test]
fn elf_seed_has_a_fat_binary_section() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/elf_sections/hip-fatbin-section.o");
    let bytes = std::fs::read(&path).unwrap_or_else(|err| panic!("{err}"));
    let sections = bundler::extract_from_elf(&bytes).unwrap_or_else(|err| panic!("{err}"));
    assert_eq!(sections.len(), 1);
    let bundles = bundler::split_bundles(&sections[0].1).unwrap_or_else(|err| panic!("{err}"));
    assert_eq!(bundles.len(), 1);
}
