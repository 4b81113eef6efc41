//! Golden bundles made by clang-offload-bundler (`tests/fixtures/make.sh`),
//! committed so the reader is tested without the tool: each one is dumped to
//! text and snapshotted, and read with the hash check on.

use bundler::{describe, read_with, OffloadKind, ReadOptions};

#[test]
fn describe_golden_bundles() {
    insta::glob!("fixtures/*.hipfb", |path| {
        let bytes = std::fs::read(path).expect("reads fixture");
        let bundle = read_with(&bytes, &ReadOptions { verify_hash: true })
            .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        assert_eq!(bundle.entries[0].id.kind, OffloadKind::Host);
        // Every device entry names a target we understand.
        for entry in &bundle.entries[1..] {
            entry
                .id
                .offload_arch()
                .unwrap_or_else(|error| panic!("{error}"));
        }
        let mut dump = describe(&bytes).expect("describes");
        dump.push_str(&bundler::listing(&bundle));
        insta::assert_snapshot!(dump);
    });
}

#[test]
fn compressed_golden_bundles_hold_the_flat_one() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let read = |name: &str| {
        let bytes = std::fs::read(dir.join(name)).expect("reads fixture");
        read_with(&bytes, &ReadOptions { verify_hash: true }).expect("reads bundle")
    };
    let flat = read("flat-align4096.hipfb");
    assert_eq!(read("compressed-v2.hipfb"), flat);
    assert_eq!(read("compressed-v3.hipfb"), flat);
}
