//! The whole pipeline without a GPU: the built `oxhip` compiles a vector-add
//! program for one AMD and one NVIDIA target; the executable must embed a
//! bundle with exactly those targets and, with no GPU present, exit with a HIP
//! error message instead of crashing.
//!
//! Needs the workspace built first (`cargo build --workspace`, as
//! `scripts/test.sh` does): it runs `target/<profile>/oxhip` and links
//! `target/<profile>/liboxhip_runtime.a`.

use std::path::Path;
use std::process::{Command, Output};

use tests::oxhip_binary;

const VADD: &str = r#"
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>

__global__ void vadd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

int main() {
  const int n = 1024;
  float* device_a = nullptr;
  hipError_t status = hipMalloc((void**)&device_a, n * sizeof(float));
  if (status != hipSuccess) {
    std::fprintf(stderr, "vadd: hipMalloc failed: %s\n", hipGetErrorName(status));
    return 1;
  }
  float *device_b = nullptr, *device_c = nullptr;
  (void)hipMalloc((void**)&device_b, n * sizeof(float));
  (void)hipMalloc((void**)&device_c, n * sizeof(float));
  vadd<<<(n + 255) / 256, 256>>>(device_a, device_b, device_c, n);
  status = hipDeviceSynchronize();
  std::printf("%s\n", status == hipSuccess ? "PASSED" : hipGetErrorName(status));
  return status == hipSuccess ? 0 : 1;
}
"#;

/// Runs the built `oxhip` with `args`, then `input -o output`.
fn run_oxhip(args: &[&str], input: &Path, output: &Path) -> Output {
    Command::new(oxhip_binary())
        .args(args)
        .arg(input)
        .arg("-o")
        .arg(output)
        .output()
        .unwrap_or_else(|err| panic!("running oxhip: {err}"))
}

#[test]
fn vadd_builds_for_two_vendors_and_fails_cleanly_without_gpu() {
    let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temp dir: {err}"));
    let source = dir.path().join("vadd.hip");
    std::fs::write(&source, VADD).unwrap_or_else(|err| panic!("writing vadd.hip: {err}"));
    let exe = dir.path().join("vadd");
    let compile = run_oxhip(&["-O3", "--offload-arch=gfx942,sm_90"], &source, &exe);
    assert!(
        compile.status.success(),
        "oxhip failed: {}",
        String::from_utf8_lossy(&compile.stderr)
    );
    assert!(
        compile.stdout.is_empty(),
        "stdout must carry only artifacts"
    );

    let bytes = std::fs::read(&exe).unwrap_or_else(|err| panic!("reading the executable: {err}"));
    let sections = bundler::extract_from_elf(&bytes)
        .unwrap_or_else(|err| panic!("not an ELF executable: {err}"));
    assert_eq!(sections.len(), 1, "one .hip_fatbin section");
    let bundle = bundler::read(&sections[0].1).unwrap_or_else(|err| panic!("bad bundle: {err}"));
    insta::assert_snapshot!(bundler::listing(&bundle), @r"
    host-x86_64-unknown-linux-gnu-
    hipv4-amdgcn-amd-amdhsa--gfx942
    hipv4-nvptx64-nvidia-cuda-unknown-sm_90
    ");
    // The AMD image is a linked code object, the NVIDIA one NUL-terminated PTX.
    let amd = &bundle.entries[1].data;
    assert!(
        amd.starts_with(b"\x7fELF"),
        "gfx942 entry is an ELF code object"
    );
    let ptx = &bundle.entries[2].data;
    assert_eq!(ptx.last(), Some(&0), "PTX is stored NUL-terminated");
    let ptx_text = String::from_utf8_lossy(ptx);
    assert!(
        ptx_text.contains(".visible .entry _Z4vaddPKfS0_Pfi"),
        "PTX has the kernel"
    );
    assert!(
        ptx_text.contains(".version 7.8"),
        "PTX ISA is the minimum for sm_90"
    );

    // No GPU here: the program must report a HIP error and exit, not crash.
    // Only GPUs are visible (the runtime would otherwise offer the CPU device).
    let run = Command::new(&exe)
        .env("OXHIP_VISIBLE_DEVICES", "gpu")
        .output()
        .unwrap_or_else(|err| panic!("running vadd: {err}"));
    let stderr = String::from_utf8_lossy(&run.stderr);
    let stdout = String::from_utf8_lossy(&run.stdout);
    match run.status.code() {
        // A machine with a GPU runs it.
        Some(0) => assert!(stdout.contains("PASSED"), "{stdout}"),
        Some(1) => assert!(stderr.contains("hipErrorNoDevice"), "stderr: {stderr}"),
        other => panic!("vadd exited with {other:?} (a crash?): {stderr}"),
    }
}

#[test]
fn vadd_runs_on_the_cpu_offload_target() {
    let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temp dir: {err}"));
    let source = dir.path().join("vadd.hip");
    std::fs::write(&source, VADD).unwrap_or_else(|err| panic!("writing vadd.hip: {err}"));
    let exe = dir.path().join("vadd");
    let compile = run_oxhip(&["-O2", "--offload-arch=host"], &source, &exe);
    assert!(
        compile.status.success(),
        "oxhip failed: {}",
        String::from_utf8_lossy(&compile.stderr)
    );
    // Only the CPU device: GPUs present on the test machine are hidden.
    let run = Command::new(&exe)
        .env("OXHIP_VISIBLE_DEVICES", "host")
        .output()
        .unwrap_or_else(|err| panic!("running vadd: {err}"));
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success() && stdout.contains("PASSED"),
        "status {:?}, stdout {stdout}, stderr {}",
        run.status,
        String::from_utf8_lossy(&run.stderr)
    );
}

/// A CUDA source: translated to HIP in memory, with its local header found
/// next to the original, and run on the CPU target.
#[test]
fn cuda_source_is_translated_and_runs_on_the_cpu() {
    let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temp dir: {err}"));
    std::fs::write(dir.path().join("scale.h"), "#define SCALE 2.0f\n")
        .unwrap_or_else(|err| panic!("writing scale.h: {err}"));
    let source = dir.path().join("saxpy.cu");
    let cuda = r#"
#include <cstdio>
#include <cuda_runtime.h>
#include "scale.h"

__global__ void saxpy(int n, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i] * SCALE;
}

int main() {
  const int n = 256;
  float hx[n], hy[n];
  for (int i = 0; i < n; ++i) { hx[i] = i; hy[i] = 1; }
  float *x = nullptr, *y = nullptr;
  if (cudaMalloc((void**)&x, sizeof hx) != cudaSuccess || cudaMalloc((void**)&y, sizeof hy) != cudaSuccess) return 1;
  (void)cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
  (void)cudaMemcpy(y, hy, sizeof hy, cudaMemcpyHostToDevice);
  saxpy<<<1, n>>>(n, 3.0f, x, y);
  (void)cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) if (hy[i] != 3.0f * i + 2.0f) { printf("FAILED at %d\n", i); return 1; }
  printf("PASSED\n");
  return 0;
}
"#;
    std::fs::write(&source, cuda).unwrap_or_else(|err| panic!("writing saxpy.cu: {err}"));
    let exe = dir.path().join("saxpy");
    let compile = run_oxhip(&["--offload-arch=host"], &source, &exe);
    assert!(
        compile.status.success(),
        "oxhip failed: {}",
        String::from_utf8_lossy(&compile.stderr)
    );
    let run = Command::new(&exe)
        .env("OXHIP_VISIBLE_DEVICES", "host")
        .output()
        .unwrap_or_else(|err| panic!("running saxpy: {err}"));
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        "PASSED\n",
        "stderr: {}",
        String::from_utf8_lossy(&run.stderr)
    );

    // clang's diagnostics name the original file and line.
    let broken = dir.path().join("broken.cu");
    std::fs::write(
        &broken,
        "\n__global__ void k(int* p) { *p = missing_name; }\n",
    )
    .unwrap_or_else(|err| panic!("writing: {err}"));
    let compile = run_oxhip(
        &["-c", "--offload-arch=host"],
        &broken,
        &dir.path().join("broken.o"),
    );
    let stderr = String::from_utf8_lossy(&compile.stderr);
    assert!(
        stderr.contains("broken.cu:2:34: error: use of undeclared identifier 'missing_name'"),
        "{stderr}"
    );
}

/// `-save-temps` keeps every intermediate next to the output, clang-style names.
#[test]
fn save_temps_keeps_intermediates_next_to_the_output() {
    let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temp dir: {err}"));
    let source = dir.path().join("vadd.hip");
    std::fs::write(&source, VADD).unwrap_or_else(|err| panic!("writing vadd.hip: {err}"));
    let out_dir = dir.path().join("out");
    std::fs::create_dir(&out_dir).unwrap_or_else(|err| panic!("mkdir: {err}"));
    let compile = run_oxhip(
        &["-save-temps", "--offload-arch=gfx90a:xnack+,sm_90"],
        &source,
        &out_dir.join("vadd"),
    );
    assert!(
        compile.status.success(),
        "oxhip failed: {}",
        String::from_utf8_lossy(&compile.stderr)
    );
    let mut names: Vec<String> = std::fs::read_dir(&out_dir)
        .unwrap_or_else(|err| panic!("listing: {err}"))
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    insta::assert_snapshot!(names.join("\n"), @r"
    oxhip-devicelibs-host.bc
    oxhip-runtime-nodebug.ld
    vadd
    vadd-hip-amdgcn-amd-amdhsa-gfx90a:xnack+.bc
    vadd-hip-amdgcn-amd-amdhsa-gfx90a:xnack+.o
    vadd-hip-amdgcn-amd-amdhsa-gfx90a:xnack+.out
    vadd-hip-nvptx64-nvidia-cuda-sm_90.bc
    vadd-hip-nvptx64-nvidia-cuda-sm_90.s
    vadd-hip.hipfb
    vadd-host-x86_64-unknown-linux-gnu.o
    ");
}

#[test]
fn failing_link_leaves_no_output_file() {
    let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temp dir: {err}"));
    let source = dir.path().join("main.cpp");
    // An undefined symbol makes the link fail after the compile succeeded.
    std::fs::write(&source, "int missing(); int main() { return missing(); }\n")
        .unwrap_or_else(|err| panic!("writing main.cpp: {err}"));
    let exe = dir.path().join("app");
    // Plain C++ (`-x c++`): hipcc's rule would compile a .cpp as HIP for every default target.
    let link = run_oxhip(&["-x", "c++"], &source, &exe);
    assert_eq!(link.status.code(), Some(1), "the linker's status");
    let stderr = String::from_utf8_lossy(&link.stderr);
    // lld's words (oxhip's host linker), or GNU ld's where the user chose it.
    assert!(
        stderr.contains("undefined symbol: missing()")
            || stderr.contains("undefined reference to `missing()'"),
        "the linker's own message: {stderr}"
    );
    assert!(
        stderr.contains("failed with exit status 1"),
        "one line naming the command: {stderr}"
    );
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap_or_else(|err| panic!("listing: {err}"))
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(leftovers, ["main.cpp"]);
}

/// An output that is not a regular file (here a FIFO, like `/dev/null` a special file)
/// is written into, never replaced by renaming a temporary file over it: the rename
/// once turned `/dev/null` into a plain file on the test machine.
#[test]
fn special_file_output_is_written_not_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temp dir: {err}"));
    let source = dir.path().join("main.cpp");
    std::fs::write(&source, "int main() { return 0; }\n")
        .unwrap_or_else(|err| panic!("writing main.cpp: {err}"));
    let fifo = dir.path().join("out.fifo");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap_or_else(|err| panic!("running mkfifo: {err}"));
    assert!(made.success(), "mkfifo");
    let reader_path = fifo.clone();
    let reader = std::thread::spawn(move || std::fs::read(reader_path).map(|bytes| bytes.len()));
    let compile = run_oxhip(&["-x", "c++", "-c"], &source, &fifo);
    assert!(
        compile.status.success(),
        "{}",
        String::from_utf8_lossy(&compile.stderr)
    );
    // Check before joining: a replaced FIFO leaves the reader blocked for ever.
    let file_type = std::fs::symlink_metadata(&fifo)
        .unwrap_or_else(|err| panic!("stat: {err}"))
        .file_type();
    assert!(file_type.is_fifo(), "the FIFO is still a FIFO");
    let received = reader
        .join()
        .unwrap_or_else(|_| panic!("reader thread"))
        .unwrap_or_else(|err| panic!("reading the FIFO: {err}"));
    assert!(received > 0, "the object went through the FIFO");
}
