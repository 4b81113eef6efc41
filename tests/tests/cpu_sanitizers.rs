//! Sanitizers on the CPU offload target: with `-fsanitize=address` (or `undefined`), the host
//! code and the kernels of the `host` image are instrumented and the executable carries the
//! sanitizer runtime, which the image's calls find when the runtime loads it.
//! Correct programs must run clean at `-O0` (kernels as fibers) and `-O2` (row loops, kernels
//! split at barriers); a kernel that reads one element past a `hipMalloc` block must fail with
//! AddressSanitizer's report naming the kernel's source line.
//!
//! The tests skip, with a note on stderr, when clang 22's sanitizer runtimes are not installed.
//! Needs the workspace built first (`cargo build --workspace`, as `scripts/test.sh` does).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use tests::{oxhip_binary, repo_root};

/// One work-item reads `in[n]`, one element past a 32-byte `hipMalloc` block.
const OVERFLOW: &str = r#"#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>

__global__ void read_past(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i + 1]; // OVERFLOW
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 8;
  int *in = nullptr, *out = nullptr;
  (void)hipMalloc(&in, n * sizeof(int));
  (void)hipMalloc(&out, n * sizeof(int));
  (void)hipMemset(in, 0, n * sizeof(int));
  read_past<<<(n + 255) / 256, n < 256 ? n : 256>>>(in, out, n);
  (void)hipDeviceSynchronize();
  std::printf("PASSED\n");
  return 0;
}
"#;

/// A shift past the width of `int` in the work-items 2 and 3.
const SHIFT: &str = r#"#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void shift(int *out, int by) {
  out[threadIdx.x] = 1 << (by + threadIdx.x); // SHIFT
}

int main() {
  int *out = nullptr;
  (void)hipMalloc(&out, 4 * sizeof(int));
  shift<<<1, 4>>>(out, 30);
  (void)hipDeviceSynchronize();
  std::printf("PASSED\n");
  return 0;
}
"#;

/// Whether clang 22 has its AddressSanitizer runtime; prints why the test is skipped when not.
#[expect(
    clippy::print_stderr,
    reason = "a skipped test says why on the test's stderr"
)]
fn asan_runtime_is_installed() -> bool {
    let answer = Command::new("clang-22")
        .arg("-print-file-name=libclang_rt.asan-x86_64.a")
        .output();
    match answer {
        Ok(output) if output.status.success() => {
            let path = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
            if path.is_absolute() && path.is_file() {
                return true;
            }
            eprintln!("skipped: clang 22 has no libclang_rt.asan-x86_64.a (`{path:?}`)");
            false
        }
        Ok(output) => {
            eprintln!(
                "skipped: `clang-22 -print-file-name` failed: {:?}",
                output.status
            );
            false
        }
        Err(err) => {
            eprintln!("skipped: cannot run clang-22 ({err})");
            false
        }
    }
}

/// Builds `source` with `flags` for the CPU target into `dir/<stem>-<flags>`.
fn build(source: &Path, flags: &[&str], dir: &Path) -> PathBuf {
    let stem = source.file_stem().unwrap_or_default().to_string_lossy();
    let exe = dir.join(format!("{stem}{}", flags.join("").replace('=', "-")));
    let output = Command::new(oxhip_binary())
        .args(flags)
        .args(["-g", "-w", "--offload-arch=host"])
        .arg(source)
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap_or_else(|err| panic!("running oxhip: {err}"));
    assert!(
        output.status.success(),
        "oxhip {flags:?} {} failed: {}",
        source.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    exe
}

fn run_on_cpu(exe: &Path) -> Output {
    run_on_cpu_with(exe, &[])
}

fn run_on_cpu_with(exe: &Path, args: &[&str]) -> Output {
    Command::new(exe)
        .args(args)
        .env("OXHIP_VISIBLE_DEVICES", "cpu")
        // The sanitizers' own defaults, whatever the calling environment sets.
        .env_remove("ASAN_OPTIONS")
        .env_remove("UBSAN_OPTIONS")
        .output()
        .unwrap_or_else(|err| panic!("running {}: {err}", exe.display()))
}

/// The 1-based line of `source` that ends with `marker`.
fn marked_line(source: &str, marker: &str) -> usize {
    source
        .lines()
        .position(|line| line.ends_with(marker))
        .unwrap_or_else(|| panic!("no `{marker}` line"))
        + 1
}

#[test]
fn correct_programs_run_clean_under_address_sanitizer() {
    if !asan_runtime_is_installed() {
        return;
    }
    let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temp dir: {err}"));
    let root = repo_root();
    let programs = [
        root.join("tests/programs/barriers.hip"),
        root.join("tests/programs/reduction.hip"),
        root.join("tests/programs/cooperative.hip"),
        root.join("examples/vadd.hip"),
    ];
    let mut failures = Vec::new();
    for program in &programs {
        for level in ["-O0", "-O2"] {
            let exe = build(program, &[level, "-fsanitize=address"], dir.path());
            let output = run_on_cpu(&exe);
            let stdout = String::from_utf8_lossy(&output.stdout);
            let stderr = String::from_utf8_lossy(&output.stderr);
            // A sanitizer warning (a stack switch it did not expect, say) counts as a failure.
            if !output.status.success() || !stdout.contains("PASSED") || stderr.contains("==") {
                failures.push(format!(
                    "{} {level}: {:?}\n{stdout}{stderr}",
                    program.display(),
                    output.status
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_kernel_reading_past_its_buffer_is_reported_with_its_line() {
    if !asan_runtime_is_installed() {
        return;
    }
    let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temp dir: {err}"));
    let source = dir.path().join("overflow.hip");
    std::fs::write(&source, OVERFLOW).unwrap_or_else(|err| panic!("writing the source: {err}"));
    let line = marked_line(OVERFLOW, "// OVERFLOW");
    // Both levels run it as a row loop; at -O2 the kernel, normally inlined into the loop, is
    // kept a call so that the report can name its line.
    for level in ["-O0", "-O2"] {
        let exe = build(&source, &[level, "-fsanitize=address"], dir.path());
        let output = run_on_cpu(&exe);
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            !output.status.success() && !stdout.contains("PASSED"),
            "{level}: the overflow went unnoticed: {:?}\n{stdout}{stderr}",
            output.status
        );
        assert!(
            stderr.contains("ERROR: AddressSanitizer: heap-buffer-overflow"),
            "{level}: no heap-buffer-overflow report:\n{stderr}"
        );
        assert!(
            stderr.contains("READ of size 4"),
            "{level}: not a 4-byte read:\n{stderr}"
        );
        // `#0 0x… in read_past(int const*, int*, int) /tmp/…/overflow.hip:6:23`
        let location = format!("/overflow.hip:{line}:");
        let first_frame = stderr
            .lines()
            .find(|text| text.trim_start().starts_with("#0 "))
            .unwrap_or_default();
        assert!(
            first_frame.contains(" in read_past(int const*, int*, int) ")
                && first_frame.contains(&location),
            "{level}: the first frame is not the kernel at `{location}`:\n{stderr}"
        );
        assert!(
            stderr.contains("0 bytes after 32-byte region"),
            "{level}: the report does not place the address after the block:\n{stderr}"
        );
    }
    // A block of 1 MiB and more is a mapping of its own on the CPU device, except under a
    // heap checker, where it comes from the heap as a small one does, so that ASan sees it.
    let exe = build(&source, &["-O2", "-fsanitize=address"], dir.path());
    let output = run_on_cpu_with(&exe, &["262144"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !output.status.success() && stderr.contains("0 bytes after 1048576-byte region"),
        "a read past a 1 MiB block was not reported as one: {:?}\n{stderr}",
        output.status
    );
}

#[test]
fn undefined_behaviour_in_a_kernel_is_reported_with_its_line() {
    if !asan_runtime_is_installed() {
        return;
    }
    let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temp dir: {err}"));
    let source = dir.path().join("shift.hip");
    std::fs::write(&source, SHIFT).unwrap_or_else(|err| panic!("writing the source: {err}"));
    let line = marked_line(SHIFT, "// SHIFT");
    for level in ["-O0", "-O2"] {
        let exe = build(&source, &[level, "-fsanitize=undefined"], dir.path());
        let output = run_on_cpu(&exe);
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        // UBSan reports and carries on, as clang's default `-fsanitize-recover` says.
        assert!(
            output.status.success() && stdout.contains("PASSED"),
            "{level}: {:?}\n{stdout}{stderr}",
            output.status
        );
        let report = format!(
            "shift.hip:{line}:24: runtime error: shift exponent 32 is too large for 32-bit type 'int'"
        );
        assert!(
            stderr.contains(&report),
            "{level}: no `{report}`:\n{stderr}"
        );
    }
}
