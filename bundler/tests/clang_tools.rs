//! Golden tests against the real `clang-offload-bundler` and clang 22:
//! bundles we write are listed and unbundled by clang's tool, bundles clang's
//! tool writes (flat and compressed v2/v3) are read by us, and the bundle
//! clang embeds into a host object comes back out of the ELF file.
//!
//! The tools are looked up in `/usr/lib/llvm-22/bin` (or `$OXHIP_LLVM_BIN`).
//! When they are missing these tests fail, unless `OXHIP_SKIP_TOOL_TESTS=1`.

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use bundler::{
    extract_from_elf, read, read_with, split_bundles, write, Bundle, CompressedHeader,
    CompressedVersion, CompressionMethod, Entry, EntryId, OffloadKind, ReadOptions, WriteOptions,
};
use common::{all_options, entry, pseudo_random, sample_bundle};

/// The path of an LLVM 22 tool, or `None` when tool tests are skipped.
fn tool(name: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("OXHIP_LLVM_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/lib/llvm-22/bin"));
    let path = dir.join(name);
    if path.exists() {
        return Some(path);
    }
    if std::env::var_os("OXHIP_SKIP_TOOL_TESTS").is_some_and(|value| value == "1") {
        return None;
    }
    panic!(
        "`{}` is missing: install clang-22 and llvm-22 (or set OXHIP_LLVM_BIN), \
         or set OXHIP_SKIP_TOOL_TESTS=1 to skip the tests that need it",
        path.display()
    );
}

/// Runs a command and returns its stdout; fails the test on a non-zero exit.
fn run(command: &mut Command) -> String {
    // Keep the bundler's own environment switches from changing its output.
    for name in [
        "OFFLOAD_BUNDLER_COMPRESS",
        "OFFLOAD_BUNDLER_VERBOSE",
        "OFFLOAD_BUNDLER_COMPRESSION_LEVEL",
        "OFFLOAD_BUNDLER_IGNORE_ENV_VAR",
    ] {
        command.env_remove(name);
    }
    let output = command
        .output()
        .unwrap_or_else(|error| panic!("running {command:?}: {error}"));
    assert!(
        output.status.success(),
        "{command:?} failed with {}:\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("tool output is UTF-8")
}

fn sorted_lines(text: &str) -> BTreeSet<String> {
    text.lines().map(str::to_owned).collect()
}

fn ids(bundle: &Bundle) -> BTreeSet<String> {
    bundle
        .entries
        .iter()
        .map(|entry| entry.id.to_string())
        .collect()
}

#[test]
fn clang_lists_and_unbundles_what_we_write() {
    let Some(bundler_tool) = tool("clang-offload-bundler") else {
        return;
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let bundle = sample_bundle();
    let expected = common::canonical(&bundle);
    for (index, (name, options)) in all_options().into_iter().enumerate() {
        let path = dir.path().join(format!("ours-{index}.hipfb"));
        std::fs::write(&path, write(&bundle, &options).expect("writes")).expect("writes file");
        let listed = run(Command::new(&bundler_tool)
            .arg("-list")
            .arg("-type=o")
            .arg(format!("-input={}", path.display())));
        assert_eq!(sorted_lines(&listed), ids(&expected), "{name}: listing");

        let mut unbundle = Command::new(&bundler_tool);
        unbundle
            .arg("-unbundle")
            .arg("-type=o")
            .arg(format!("-input={}", path.display()));
        let targets: Vec<String> = expected
            .entries
            .iter()
            .map(|entry| entry.id.to_string())
            .collect();
        unbundle.arg(format!("-targets={}", targets.join(",")));
        let outputs: Vec<PathBuf> = (0..targets.len())
            .map(|target| dir.path().join(format!("out-{index}-{target}")))
            .collect();
        for output in &outputs {
            unbundle.arg(format!("-output={}", output.display()));
        }
        run(&mut unbundle);
        for (entry, output) in expected.entries.iter().zip(&outputs) {
            let data = std::fs::read(output).expect("unbundled file");
            assert_eq!(data, entry.data, "{name}: unbundled `{}`", entry.id);
        }
    }
}

/// Bundles `entries` with clang's tool (host placeholder first, in the given
/// order), with extra arguments and environment.
fn clang_bundle(
    bundler_tool: &Path,
    dir: &Path,
    name: &str,
    entries: &[Entry],
    args: &[&str],
    env: &[(&str, &str)],
) -> Vec<u8> {
    let mut command = Command::new(bundler_tool);
    command.arg("-type=o");
    let mut targets = vec![EntryId::host().to_string()];
    command.arg("-input=/dev/null");
    for (index, entry) in entries.iter().enumerate() {
        let input = dir.join(format!("{name}-input-{index}"));
        std::fs::write(&input, &entry.data).expect("writes input");
        targets.push(entry.id.to_string());
        command.arg(format!("-input={}", input.display()));
    }
    let output = dir.join(format!("{name}.hipfb"));
    command
        .arg(format!("-targets={}", targets.join(",")))
        .arg(format!("-output={}", output.display()))
        .args(args);
    command.env_remove("COMPRESSED_BUNDLE_FORMAT_VERSION");
    for (key, value) in env {
        command.env(key, value);
    }
    run(&mut command);
    std::fs::read(&output).expect("reads clang's bundle")
}

#[test]
fn our_flat_bundles_are_byte_identical_to_clangs() {
    let Some(bundler_tool) = tool("clang-offload-bundler") else {
        return;
    };
    let dir = tempfile::tempdir().expect("tempdir");
    // clang 22's bundler drops a target ID it does not know, such as `sm_100f`
    // (hip-abi.md §2.2), so that entry is left out here.
    let mut bundle = sample_bundle();
    bundle
        .entries
        .retain(|entry| entry.id.target_id != "sm_100f");
    // Also the host-only bundle: the host entry is padded to the alignment.
    for (index, bundle) in [bundle, Bundle::default()].iter().enumerate() {
        check_byte_identical(&bundler_tool, dir.path(), index, bundle);
    }
}

fn check_byte_identical(bundler_tool: &Path, dir: &Path, index: usize, bundle: &Bundle) {
    // Give clang the device entries in our order (sorted), as clang's driver does.
    let sorted: Vec<Entry> = common::canonical(bundle)
        .entries
        .into_iter()
        .skip(1)
        .collect();
    for align in [1u64, 8, 4096] {
        let theirs = clang_bundle(
            bundler_tool,
            dir,
            &format!("bundle{index}-align{align}"),
            &sorted,
            &[&format!("-bundle-align={align}")],
            &[],
        );
        let ours = write(
            bundle,
            &WriteOptions {
                align,
                compression: None,
            },
        )
        .expect("writes");
        assert!(
            ours == theirs,
            "bundle {index}, align {align}: bytes differ\nours:\n{}\ntheirs:\n{}",
            bundler::describe(&ours).unwrap_or_default(),
            bundler::describe(&theirs).unwrap_or_default()
        );
    }
}

/// A bundle clang makes: name, arguments, environment, expected `CCOB` version.
type ClangCase = (
    &'static str,
    &'static [&'static str],
    &'static [(&'static str, &'static str)],
    Option<CompressedVersion>,
);

#[test]
fn we_read_what_clang_writes() {
    let Some(bundler_tool) = tool("clang-offload-bundler") else {
        return;
    };
    let dir = tempfile::tempdir().expect("tempdir");
    // clang keeps the order it is given and the feature order as written.
    let entries = vec![
        entry("gfx942", &pseudo_random(9000, 7)),
        Entry {
            id: EntryId::parse("hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+:sramecc-").expect("valid"),
            data: b"unsorted features".to_vec(),
        },
        entry("sm_90", b".version 7.8\n\0"),
        entry("gfx1100", b""),
        entry("host", b"cpu"),
    ];
    let cases: [ClangCase; 6] = [
        ("flat-4096", &["-bundle-align=4096"], &[], None),
        ("flat-1", &[], &[], None),
        (
            "compressed-default",
            &["-bundle-align=4096", "-compress"],
            &[],
            Some(CompressedVersion::V3),
        ),
        (
            "compressed-v2",
            &["-bundle-align=4096", "-compress"],
            &[("COMPRESSED_BUNDLE_FORMAT_VERSION", "2")],
            Some(CompressedVersion::V2),
        ),
        (
            "compressed-v3",
            &["-bundle-align=4096", "-compress"],
            &[("COMPRESSED_BUNDLE_FORMAT_VERSION", "3")],
            Some(CompressedVersion::V3),
        ),
        (
            "compressed-v3-level-19",
            &["-compress", "-compression-level=19"],
            &[("COMPRESSED_BUNDLE_FORMAT_VERSION", "3")],
            Some(CompressedVersion::V3),
        ),
    ];
    for (name, args, env, version) in cases {
        let bytes = clang_bundle(&bundler_tool, dir.path(), name, &entries, args, env);
        let header = CompressedHeader::parse(&bytes).ok();
        assert_eq!(header.map(|header| header.version), version, "{name}");
        if let Some(header) = header {
            assert_eq!(header.method, CompressionMethod::Zstd, "{name}");
        }
        // The hash check proves our MD5 truncation matches clang's.
        let bundle = read_with(&bytes, &ReadOptions { verify_hash: true })
            .unwrap_or_else(|error| panic!("{name}: {error}"));
        assert_eq!(bundle.entries.len(), entries.len() + 1, "{name}");
        assert_eq!(bundle.entries[0].id.kind, OffloadKind::Host, "{name}");
        for (ours, theirs) in entries.iter().zip(&bundle.entries[1..]) {
            assert_eq!(theirs, ours, "{name}");
        }
        assert_eq!(
            bundler::bundle_len(&bytes).expect("length"),
            bundler::BundleLen::Complete(bytes.len()),
            "{name}"
        );
    }
}

/// A HIP source with one kernel named `name`, and just enough declarations
/// for clang to emit the host side without HIP headers.
fn hip_source(name: &str) -> String {
    format!(
        "#define __global__ __attribute__((global))\n\
         typedef struct dim3 {{ unsigned x, y, z; }} dim3;\n\
         typedef struct ihipStream_t *hipStream_t;\n\
         extern \"C\" int hipLaunchKernel(const void *, dim3, dim3, void **, unsigned long, hipStream_t);\n\
         extern \"C\" int __hipPopCallConfiguration(dim3 *, dim3 *, unsigned long *, hipStream_t *);\n\
         __global__ void {name}(int *p) {{}}\n"
    )
}

/// Compiles the host side of a one-kernel HIP file with `bundle` embedded.
fn host_object(clang: &Path, dir: &Path, name: &str, bundle: &[u8]) -> PathBuf {
    let source = dir.join(format!("{name}.hip"));
    let blob = dir.join(format!("{name}.hipfb"));
    let object = dir.join(format!("{name}.o"));
    std::fs::write(&source, hip_source(name)).expect("writes source");
    std::fs::write(&blob, bundle).expect("writes bundle");
    run(Command::new(clang)
        .args([
            "-cc1",
            "-triple",
            "x86_64-pc-linux-gnu",
            "-aux-triple",
            "amdgcn-amd-amdhsa",
        ])
        .args([
            "-x",
            "hip",
            "-fhip-new-launch-api",
            "-emit-obj",
            "-mrelocation-model",
            "pic",
        ])
        .arg(format!("-cuid={name}"))
        .arg("-fcuda-include-gpubinary")
        .arg(&blob)
        .arg("-o")
        .arg(&object)
        .arg(&source));
    object
}

#[test]
fn fat_binary_comes_back_out_of_objects_and_libraries() {
    let Some(clang) = tool("clang") else { return };
    let dir = tempfile::tempdir().expect("tempdir");
    let options = all_options();
    let flat = write(&sample_bundle(), &options[2].1).expect("writes");
    let compressed = write(&sample_bundle(), &options.last().expect("options").1).expect("writes");

    let first = host_object(&clang, dir.path(), "first", &flat);
    let sections =
        extract_from_elf(&std::fs::read(&first).expect("reads object")).expect("parses ELF");
    assert_eq!(sections.len(), 1);
    assert_eq!(sections[0].0, ".hip_fatbin");
    assert_eq!(
        split_bundles(&sections[0].1).expect("splits"),
        vec![&flat[..]]
    );

    // Two objects linked into one library share one section, each bundle
    // aligned to 4096 (hip-abi.md §1.6).
    let second = host_object(&clang, dir.path(), "second", &compressed);
    let library = dir.path().join("libtwo.so");
    run(Command::new(&clang)
        .arg("-shared")
        .arg(&first)
        .arg(&second)
        .arg("-o")
        .arg(&library));
    let sections =
        extract_from_elf(&std::fs::read(&library).expect("reads library")).expect("parses ELF");
    assert_eq!(sections.len(), 1);
    let bundles = split_bundles(&sections[0].1).expect("splits");
    assert_eq!(bundles, vec![&flat[..], &compressed[..]]);
    assert_eq!(
        read(bundles[1]).expect("reads"),
        common::canonical(&sample_bundle())
    );

    // An object without HIP code has no such section.
    let plain = dir.path().join("plain.o");
    let source = dir.path().join("plain.c");
    std::fs::write(&source, "int answer(void) { return 42; }\n").expect("writes source");
    run(Command::new(&clang)
        .arg("-c")
        .arg(&source)
        .arg("-o")
        .arg(&plain));
    assert!(extract_from_elf(&std::fs::read(&plain).expect("reads"))
        .expect("parses")
        .is_empty());
}
