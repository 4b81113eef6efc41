//! Helpers shared by the tests that build C, C++ and HIP programs with clang 22 and link
//! them against `liboxhip_runtime.a`.

#![allow(
    dead_code,
    reason = "each test binary includes this module and uses a different subset"
)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

use bundler::{Bundle, Compression, Entry, EntryId, OffloadArch, WriteOptions};

/// What the static library needs, from
/// `cargo rustc -p runtime --lib --crate-type staticlib -- --print native-static-libs`
/// (also recorded in docs/crate-apis.md).
pub(crate) const NATIVE_LIBS: &[&str] = &[
    "-ldl",
    "-lgcc_s",
    "-lutil",
    "-lrt",
    "-lpthread",
    "-lm",
    "-ldl",
    "-lc",
];

pub(crate) fn clang() -> PathBuf {
    let installed = Path::new("/usr/lib/llvm-22/bin/clang");
    if installed.exists() {
        installed.to_owned()
    } else {
        PathBuf::from("clang-22")
    }
}

pub(crate) fn include_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("include")
}

pub(crate) fn run(command: &mut Command) -> Output {
    let output = command
        .output()
        .unwrap_or_else(|error| panic!("cannot run {command:?}: {error}"));
    assert!(
        output.status.success(),
        "{command:?} failed ({}):\nstdout:\n{}\nstderr:\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// `liboxhip_runtime.a` in the test binary's profile directory, rebuilt once per test
/// process when it is missing or older than the runtime's or bundler's sources
/// (`cargo test` itself builds only the rlib; `scripts/test.sh` runs `cargo build` first).
pub(crate) fn static_library() -> PathBuf {
    static LIBRARY: OnceLock<PathBuf> = OnceLock::new();
    LIBRARY
        .get_or_init(|| {
            let exe = std::env::current_exe().unwrap();
            // <target>/<profile>/deps/<test> → <target>/<profile>
            let profile_dir = exe.parent().unwrap().parent().unwrap().to_owned();
            let library = profile_dir.join("liboxhip_runtime.a");
            if is_stale(&library) {
                build_static_library(&profile_dir);
            }
            assert!(library.exists(), "{} was not built", library.display());
            library
        })
        .clone()
}

fn newest_source(dir: &Path) -> std::time::SystemTime {
    let mut newest = std::time::SystemTime::UNIX_EPOCH;
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        let time = if path.is_dir() {
            newest_source(&path)
        } else {
            entry
                .metadata()
                .and_then(|m| m.modified())
                .unwrap_or(newest)
        };
        newest = newest.max(time);
    }
    newest
}

fn is_stale(library: &Path) -> bool {
    let Ok(built) = library.metadata().and_then(|m| m.modified()) else {
        return true;
    };
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let sources = [manifest.join("src"), manifest.join("../bundler/src")];
    sources.iter().any(|dir| newest_source(dir) > built)
}

fn build_static_library(profile_dir: &Path) {
    let target_dir = profile_dir.parent().unwrap();
    let mut build = Command::new(env!("CARGO"));
    build
        .args(["build", "--quiet", "-p", "runtime", "--lib", "--target-dir"])
        .arg(target_dir)
        .stdin(Stdio::null());
    if profile_dir.file_name().unwrap() == "release" {
        build.arg("--release");
    }
    // A cargo started from inside `cargo test` has been seen to fail once in its rustc
    // probe ("failed to run `rustc` to learn about target-specific information") and
    // then succeed; try twice before failing the test.
    let first = build.output().unwrap();
    if !first.status.success() {
        run(&mut build);
    }
}

/// A bundle with a host entry and one PTX entry per `(sm, text)`.
pub(crate) fn ptx_bundle(images: &[(&str, &str)], compression: Option<Compression>) -> Vec<u8> {
    let mut entries = vec![Entry {
        id: EntryId::host(),
        data: Vec::new(),
    }];
    for (sm, text) in images {
        entries.push(Entry::ptx(
            &OffloadArch::parse(sm).unwrap(),
            text.as_bytes(),
        ));
    }
    let options = WriteOptions {
        align: 4096,
        compression,
    };
    bundler::write(&Bundle { entries }, &options).unwrap()
}

/// Compiles the host side of a HIP file with clang 22, embedding `bundle` as its fat
/// binary, to an object file.
pub(crate) fn compile_hip_host(dir: &Path, stem: &str, source: &str, bundle: &[u8]) -> PathBuf {
    let bundle_path = dir.join(format!("{stem}.hipfb"));
    std::fs::write(&bundle_path, bundle).unwrap();
    let source_path = dir.join(format!("{stem}.hip"));
    std::fs::write(&source_path, source).unwrap();
    let object = dir.join(format!("{stem}.o"));
    run(Command::new(clang())
        .args(["-x", "hip", "--cuda-host-only", "-nogpulib", "-nogpuinc"])
        .args(["--offload-arch=gfx942", "-c"])
        .arg("-I")
        .arg(include_dir())
        .args(["-Xclang", "-fcuda-include-gpubinary", "-Xclang"])
        .arg(&bundle_path)
        .arg(&source_path)
        .arg("-o")
        .arg(&object));
    object
}

/// Links objects with the runtime into an executable.
pub(crate) fn link(objects: &[PathBuf], program: &Path) {
    run(Command::new(clang())
        .args(objects)
        .arg(static_library())
        .arg("-lstdc++")
        .args(NATIVE_LIBS)
        .arg("-o")
        .arg(program));
}
