//! The prelude's precompiled headers (docs/compile-time.md): a compile makes its PCHs once
//! in the cache (`OXHIP_CACHE_DIR`) and later compiles reuse them; a damaged PCH is made
//! again and never fails a compile; other `-D` flags get PCHs of their own; and what a
//! compile prints or writes is the same with and without the cache: objects, warnings,
//! `-E`, `-M` and `-MD` output.
//!
//! Needs the workspace built first (`cargo build --workspace`, as `scripts/test.sh` does).
//! Each compile is of one small source for gfx942, under a second with a PCH.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A source with a user warning (unused variable), an `#include` of the prelude that the
/// PCH already holds, and a user header given with `-include`.
const SOURCE: &str = r#"#include <hip/hip_runtime.h>
#include <cstdio>
#include "local.h"

__global__ void scale(float* x, float factor) { x[threadIdx.x] *= factor * LOCAL_FACTOR; }

int main() {
  int unused_variable;
  float* device = nullptr;
  scale<<<1, 32>>>(device, PRE_FACTOR);
  std::printf("%d\n", N);
  return 0;
}
"#;

struct Fixture {
    dir: tempfile::TempDir,
    cache: PathBuf,
}

impl Fixture {
    fn new() -> Self {
        let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temp dir: {err}"));
        let write = |name: &str, text: &str| {
            std::fs::write(dir.path().join(name), text)
                .unwrap_or_else(|err| panic!("writing {name}: {err}"))
        };
        write("vadd.hip", SOURCE);
        write("local.h", "#define LOCAL_FACTOR 3.0f\n");
        write("pre.h", "#define PRE_FACTOR 2.0f\n");
        let cache = dir.path().join("cache");
        Fixture { dir, cache }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Runs oxhip in the fixture's directory with the cache on (`true`) or off.
    fn oxhip(&self, cache: bool, args: &[&str]) -> Output {
        let mut command = Command::new(tests::oxhip_binary());
        command
            .current_dir(self.dir.path())
            .env_remove("OXHIP_PCH")
            .args(args);
        if cache {
            command.env("OXHIP_CACHE_DIR", &self.cache);
        } else {
            command.env("OXHIP_PCH", "0");
        }
        command
            .output()
            .unwrap_or_else(|err| panic!("running oxhip: {err}"))
    }

    /// Compiles `vadd.hip` and moves the object to `out` (every object is made under one
    /// name: the name is part of the CUID); returns the stderr; fails the test if it fails.
    fn compile(&self, cache: bool, out: &str, extra: &[&str]) -> String {
        let mut args = vec![
            "-c",
            "--offload-arch=gfx942",
            "-DN=4",
            "-include",
            "pre.h",
            "-Wall",
            "vadd.hip",
            "-o",
            "vadd.o",
        ];
        args.extend(extra);
        let output = self.oxhip(cache, &args);
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert!(output.status.success(), "oxhip {args:?} failed:\n{stderr}");
        std::fs::rename(self.path("vadd.o"), self.path(out)).unwrap_or_else(|err| panic!("{err}"));
        stderr
    }

    /// Fails the test unless the two files of the fixture hold the same bytes.
    fn assert_same(&self, one: &str, other: &str) {
        let (one_bytes, other_bytes) = (read(&self.path(one)), read(&self.path(other)));
        assert!(
            one_bytes == other_bytes,
            "{one} ({} bytes) and {other} ({} bytes) differ",
            one_bytes.len(),
            other_bytes.len()
        );
    }

    /// The PCH files in the cache, sorted.
    fn pchs(&self) -> Vec<PathBuf> {
        let Ok(entries) = std::fs::read_dir(self.cache.join("pch")) else {
            return Vec::new();
        };
        let mut pchs: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "pch"))
            .collect();
        pchs.sort();
        pchs
    }
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|err| panic!("reading {}: {err}", path.display()))
}

fn modified(path: &Path) -> std::time::SystemTime {
    std::fs::metadata(path)
        .and_then(|metadata| metadata.modified())
        .unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

#[test]
fn pch_is_made_once_and_reused() {
    let fixture = Fixture::new();
    let plain_stderr = fixture.compile(false, "plain.o", &[]);
    assert!(fixture.pchs().is_empty(), "OXHIP_PCH=0 made a PCH");

    let first_stderr = fixture.compile(true, "first.o", &[]);
    let pchs = fixture.pchs();
    assert_eq!(
        pchs.len(),
        2,
        "one PCH for gfx942 and one for the host: {pchs:?}"
    );
    let times: Vec<_> = pchs.iter().map(|pch| modified(pch)).collect();

    let verbose = fixture.compile(true, "second.o", &["-v"]);
    assert_eq!(verbose.matches("\"-include-pch\"").count(), 2, "{verbose}");
    assert_eq!(fixture.pchs(), pchs, "the second compile made new PCHs");
    let times_after: Vec<_> = pchs.iter().map(|pch| modified(pch)).collect();
    assert_eq!(
        times, times_after,
        "the second compile wrote the PCHs again"
    );

    // The same object and the same warnings, with and without the PCH.
    fixture.assert_same("first.o", "plain.o");
    fixture.assert_same("second.o", "plain.o");
    assert_eq!(first_stderr, plain_stderr);
    assert!(plain_stderr.contains("unused_variable"), "{plain_stderr}");

    // Another -D: other PCHs, beside the first ones.
    fixture.compile(true, "other.o", &["-DEXTRA=1"]);
    let more = fixture.pchs();
    assert_eq!(more.len(), 4, "{more:?}");
    assert!(pchs.iter().all(|pch| more.contains(pch)));
}

#[test]
fn damaged_pch_is_made_again() {
    let fixture = Fixture::new();
    fixture.compile(false, "plain.o", &[]);
    fixture.compile(true, "first.o", &[]);
    let pchs = fixture.pchs();
    assert_eq!(pchs.len(), 2);
    let sizes: Vec<usize> = pchs.iter().map(|pch| read(pch).len()).collect();
    // One truncated, one overwritten in the middle with the length kept.
    let bytes = read(&pchs[0]);
    std::fs::write(&pchs[0], &bytes[..bytes.len() / 2]).unwrap_or_else(|err| panic!("{err}"));
    let mut bytes = read(&pchs[1]);
    let middle = bytes.len() / 2;
    bytes[middle..middle + 4096].fill(0x5a);
    std::fs::write(&pchs[1], &bytes).unwrap_or_else(|err| panic!("{err}"));

    let stderr = fixture.compile(true, "damaged.o", &[]);
    assert!(!stderr.contains("error"), "{stderr}");
    fixture.assert_same("damaged.o", "plain.o");
    // The next compile has whole PCHs again.
    fixture.compile(true, "again.o", &[]);
    assert_eq!(fixture.pchs(), pchs);
    let sizes_after: Vec<usize> = pchs.iter().map(|pch| read(pch).len()).collect();
    assert_eq!(sizes_after, sizes);
    fixture.assert_same("again.o", "plain.o");
}

#[test]
fn preprocessing_and_dependencies_are_the_same_with_a_pch() {
    let fixture = Fixture::new();
    // Fill the cache first, so that a PCH would be there to be (wrongly) used.
    fixture.compile(true, "first.o", &[]);
    for args in [
        &["-E", "--offload-arch=gfx942", "-DN=4", "vadd.hip"][..],
        &[
            "-E",
            "--cuda-device-only",
            "--offload-arch=gfx942",
            "-DN=4",
            "vadd.hip",
        ],
        &["-M", "--offload-arch=gfx942", "-DN=4", "vadd.hip"],
        &["-MM", "--offload-arch=gfx942", "-DN=4", "vadd.hip"],
    ] {
        let with = fixture.oxhip(true, args);
        let without = fixture.oxhip(false, args);
        assert!(
            with.status.success() && without.status.success(),
            "{args:?}"
        );
        assert!(!with.stdout.is_empty());
        assert_eq!(
            String::from_utf8_lossy(&with.stdout),
            String::from_utf8_lossy(&without.stdout),
            "{args:?}"
        );
    }
    // A dependency file written while compiling comes from a compile through the PCH.
    for flags in [
        &["-MD"][..],
        &["-MMD", "-MP"],
        &["-MD", "-MP", "-MT", "my target"],
    ] {
        let mut deps = Vec::new();
        for (cache, name) in [(true, "with"), (false, "without")] {
            let depfile = format!("{name}.d");
            let mut extra = flags.to_vec();
            extra.extend(["-MF", &depfile]);
            fixture.compile(cache, "deps.o", &extra);
            deps.push(String::from_utf8_lossy(&read(&fixture.path(&depfile))).into_owned());
        }
        assert_eq!(deps[0], deps[1], "{flags:?}");
        assert!(!deps[0].contains("prelude.hip"), "{}", deps[0]);
        if flags[0] == "-MD" {
            assert!(deps[0].contains("hip_runtime.h"), "{}", deps[0]);
        }
    }
}

#[test]
fn cuda_source_through_a_pch() {
    let fixture = Fixture::new();
    std::fs::write(
        fixture.path("k.cu"),
        "#include <cuda_runtime.h>\n__global__ void k(int* x) { x[threadIdx.x] = 1; }\n\
         int main() { int* d; cudaMalloc(&d, 128); k<<<1, 32>>>(d); return 0; }\n",
    )
    .unwrap_or_else(|err| panic!("{err}"));
    for (cache, out) in [(true, "with.o"), (true, "again.o"), (false, "without.o")] {
        let output = fixture.oxhip(cache, &["-c", "--offload-arch=gfx942", "k.cu"]);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            output.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        std::fs::rename(fixture.path("k.o"), fixture.path(out))
            .unwrap_or_else(|err| panic!("{err}"));
    }
    assert_eq!(fixture.pchs().len(), 2);
    fixture.assert_same("with.o", "without.o");
    fixture.assert_same("again.o", "without.o");
}

#[test]
fn unwritable_cache_is_no_error() {
    let fixture = Fixture::new();
    // A cache directory below a plain file can never be made, whoever runs the test.
    std::fs::write(fixture.path("file"), "").unwrap_or_else(|err| panic!("{err}"));
    let output = Command::new(tests::oxhip_binary())
        .current_dir(fixture.dir.path())
        .env_remove("OXHIP_PCH")
        .env("OXHIP_CACHE_DIR", fixture.path("file").join("cache"))
        .args([
            "-c",
            "--offload-arch=gfx942",
            "-DN=4",
            "-include",
            "pre.h",
            "vadd.hip",
            "-o",
            "x.o",
        ])
        .output()
        .unwrap_or_else(|err| panic!("running oxhip: {err}"));
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(!String::from_utf8_lossy(&output.stderr).contains("error"));
    // And `-###` shows the plain `-include`.
    let jobs = Command::new(tests::oxhip_binary())
        .current_dir(fixture.dir.path())
        .env("OXHIP_CACHE_DIR", fixture.path("file").join("cache"))
        .args(["-###", "-c", "--offload-arch=gfx942", "vadd.hip"])
        .output()
        .unwrap_or_else(|err| panic!("running oxhip: {err}"));
    let jobs = String::from_utf8_lossy(&jobs.stderr);
    assert!(
        !jobs.contains("-include-pch") && jobs.contains("\"hip/hip_runtime.h\""),
        "{jobs}"
    );
}
