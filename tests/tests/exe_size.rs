//! What an executable carries (docs/size.md): a program linked without `-g` holds no debug
//! information of the static runtime, and keeps its own when its objects were compiled with
//! `-g`; a link with `-g` brings the runtime's debug information along; `-use-sharedlib` makes
//! an executable that loads `liboxhip_runtime.so` and runs on the CPU device; and the embedded
//! fat binary is compressed unless `--no-offload-compress` says otherwise.
//!
//! Needs the workspace built first (`cargo build --workspace`, as `scripts/test.sh` does).
//! Each test builds one small program for `--offload-arch=host`, a few seconds.

use std::path::{Path, PathBuf};
use std::process::Command;

use object::{Object as _, ObjectSection as _};
use tests::oxhip_succeeds as oxhip;

/// A program small enough to build quickly, with a kernel so that it registers a fat binary.
const SOURCE: &str = r#"#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void scale(float* x, float factor) { x[threadIdx.x] *= factor; }

int main() {
  float host[32];
  for (int i = 0; i < 32; ++i) host[i] = i;
  float* device;
  if (hipMalloc(&device, sizeof host) != hipSuccess) return 1;
  (void)hipMemcpy(device, host, sizeof host, hipMemcpyHostToDevice);
  scale<<<1, 32>>>(device, 2.0f);
  (void)hipMemcpy(host, device, sizeof host, hipMemcpyDeviceToHost);
  int errors = 0;
  for (int i = 0; i < 32; ++i) errors += host[i] != 2.0f * i;
  std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
  return errors != 0;
}
"#;

/// A file name of the runtime's own sources, which its line tables (and full debug
/// information) name; the program's debug information does not.
const RUNTIME_SOURCE_PATH: &[u8] = b"runtime/src/api";

/// Writes the program into a fresh directory.
fn program() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temporary directory: {err}"));
    let source = dir.path().join("scale.hip");
    std::fs::write(&source, SOURCE).unwrap_or_else(|err| panic!("writing the source: {err}"));
    (dir, source)
}

/// The names of the executable's debug sections, and whether any of them names a source of
/// the runtime.
fn debug_sections(exe: &Path) -> (Vec<String>, bool) {
    let bytes = std::fs::read(exe).unwrap_or_else(|err| panic!("reading {}: {err}", exe.display()));
    let file = object::File::parse(&*bytes)
        .unwrap_or_else(|err| panic!("parsing {}: {err}", exe.display()));
    let mut names = Vec::new();
    let mut names_runtime = false;
    for section in file.sections() {
        let name = section.name().unwrap_or_default();
        if !name.starts_with(".debug_") {
            continue;
        }
        names.push(name.to_owned());
        let data = section.data().unwrap_or_default();
        names_runtime |= data
            .windows(RUNTIME_SOURCE_PATH.len())
            .any(|window| window == RUNTIME_SOURCE_PATH);
    }
    (names, names_runtime)
}

/// Runs the program on the CPU device and checks that it passed.
fn runs_on_cpu(exe: &Path) {
    let run = Command::new("timeout")
        .arg("120")
        .arg(exe)
        .env("OXHIP_VISIBLE_DEVICES", "cpu")
        .output()
        .unwrap_or_else(|err| panic!("running {}: {err}", exe.display()));
    assert!(
        run.status.success() && String::from_utf8_lossy(&run.stdout).contains("PASSED"),
        "{} did not pass: {:?}\n{}{}",
        exe.display(),
        run.status,
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
}

#[test]
fn a_default_build_has_no_debug_information() {
    let (dir, source) = program();
    let exe = dir.path().join("scale");
    oxhip(&[
        "--offload-arch=host".as_ref(),
        source.as_os_str(),
        "-o".as_ref(),
        exe.as_os_str(),
    ]);
    let (sections, _) = debug_sections(&exe);
    assert_eq!(
        sections,
        Vec::<String>::new(),
        "debug sections in a default build"
    );
    runs_on_cpu(&exe);
}

#[test]
fn g_brings_the_runtime_debug_information() {
    let (dir, source) = program();
    let exe = dir.path().join("scale");
    oxhip(&[
        "-g".as_ref(),
        "--offload-arch=host".as_ref(),
        source.as_os_str(),
        "-o".as_ref(),
        exe.as_os_str(),
    ]);
    let (sections, names_runtime) = debug_sections(&exe);
    assert!(
        sections.iter().any(|name| name == ".debug_info"),
        "{sections:?}"
    );
    assert!(names_runtime, "no debug information of the runtime with -g");
}

/// `make`'s default rules compile with `$(CXXFLAGS)` and link without them: the objects'
/// debug information must survive a link without `-g`; only the runtime's is dropped.
#[test]
fn a_link_without_g_keeps_the_objects_debug_information() {
    let (dir, source) = program();
    let object = dir.path().join("scale.o");
    let exe = dir.path().join("scale");
    oxhip(&[
        "-g".as_ref(),
        "-c".as_ref(),
        "--offload-arch=host".as_ref(),
        source.as_os_str(),
        "-o".as_ref(),
        object.as_os_str(),
    ]);
    oxhip(&[object.as_os_str(), "-o".as_ref(), exe.as_os_str()]);
    let (sections, names_runtime) = debug_sections(&exe);
    assert!(
        sections.iter().any(|name| name == ".debug_info"),
        "{sections:?}"
    );
    assert!(!names_runtime, "the runtime's debug information without -g");
}

#[test]
fn use_sharedlib_links_the_shared_runtime() {
    let (dir, source) = program();
    let exe = dir.path().join("scale");
    oxhip(&[
        "-use-sharedlib".as_ref(),
        "--offload-arch=host".as_ref(),
        source.as_os_str(),
        "-o".as_ref(),
        exe.as_os_str(),
    ]);
    let dynamic = Command::new("llvm-readelf-22")
        .arg("--dynamic-table")
        .arg(&exe)
        .output()
        .unwrap_or_else(|err| panic!("running llvm-readelf-22 (package llvm-22): {err}"));
    let dynamic = String::from_utf8_lossy(&dynamic.stdout);
    assert!(
        dynamic
            .lines()
            .any(|line| line.contains("(NEEDED)") && line.contains("[liboxhip_runtime.so]")),
        "liboxhip_runtime.so is not in DT_NEEDED:\n{dynamic}"
    );
    // The static runtime would make the program megabytes large; the shared one leaves the
    // program's own code and its CPU image.
    let size = std::fs::metadata(&exe).map_or(0, |metadata| metadata.len());
    assert!(size < 512 * 1024, "{size} bytes with the shared runtime");
    runs_on_cpu(&exe);
}

/// The `.hip_fatbin` section of an executable.
fn fat_binary(exe: &Path) -> Vec<u8> {
    let bytes = std::fs::read(exe).unwrap_or_else(|err| panic!("reading {}: {err}", exe.display()));
    let file = object::File::parse(&*bytes)
        .unwrap_or_else(|err| panic!("parsing {}: {err}", exe.display()));
    let section = file
        .section_by_name(".hip_fatbin")
        .unwrap_or_else(|| panic!("no .hip_fatbin in {}", exe.display()));
    section.data().unwrap_or_default().to_vec()
}

#[test]
fn the_embedded_bundle_is_compressed_by_default() {
    let (dir, source) = program();
    let compressed = dir.path().join("compressed");
    let flat = dir.path().join("flat");
    let archs = "--offload-arch=gfx942,sm_90,host";
    oxhip(&[
        archs.as_ref(),
        source.as_os_str(),
        "-o".as_ref(),
        compressed.as_os_str(),
    ]);
    oxhip(&[
        archs.as_ref(),
        "--no-offload-compress".as_ref(),
        source.as_os_str(),
        "-o".as_ref(),
        flat.as_os_str(),
    ]);
    let compressed_bundle = fat_binary(&compressed);
    let flat_bundle = fat_binary(&flat);
    assert!(compressed_bundle.starts_with(bundler::COMPRESSED_MAGIC));
    assert!(flat_bundle.starts_with(bundler::FLAT_MAGIC));
    // The section holds the bundle and the alignment padding after it.
    let compressed_len = match bundler::bundle_len(&compressed_bundle) {
        Ok(bundler::BundleLen::Complete(length)) => length,
        other => panic!("the compressed bundle's length: {other:?}"),
    };
    assert!(
        compressed_len * 2 < flat_bundle.len(),
        "{compressed_len} compressed bytes, {} flat",
        flat_bundle.len()
    );
    runs_on_cpu(&compressed);
    runs_on_cpu(&flat);
}
