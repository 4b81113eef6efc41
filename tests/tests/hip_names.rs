//! An installed prefix answers to the names HIP builds call: `scripts/install.sh` links
//! `hipcc`, `hipconfig`, `hipify-perl` and `hipify-clang` to oxhip's tools, a HIP Makefile
//! written for hipcc builds and runs through them unchanged (on the CPU device), and each
//! name behaves as the tool it stands in for where the tools differ: `hipcc --version`
//! starts with `HIP version:`, hipify-perl writes to stdout or in place with `.prehip`
//! backups, hipify-clang writes `<input>.hip` beside the input.
//!
//! Needs the workspace built first (`cargo build --workspace`, as `scripts/test.sh` does).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use tests::{oxhip_binary, repo_root};

/// A HIP program in a `.cu` file, as HeCBench's HIP versions are written: hipcc compiles
/// `.cu` files as HIP.
const PROGRAM: &str = r#"#include <hip/hip_runtime.h>
#include <cstdio>
__global__ void scale(float* data, float by, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= by;
}
int main() {
  const int n = 1000;
  float host[n];
  for (int i = 0; i < n; ++i) host[i] = (float)i;
  float* device;
  if (hipMalloc(&device, sizeof host) != hipSuccess) return 1;
  if (hipMemcpy(device, host, sizeof host, hipMemcpyHostToDevice) != hipSuccess) return 1;
  hipLaunchKernelGGL(scale, dim3((n + 127) / 128), dim3(128), 0, 0, device, 3.0f, n);
  if (hipMemcpy(host, device, sizeof host, hipMemcpyDeviceToHost) != hipSuccess) return 1;
  int errors = 0;
  for (int i = 0; i < n; ++i) errors += host[i] != 3.0f * i;
  printf("%s\n", errors ? "FAIL" : "PASS");
  return errors != 0;
}
"#;

/// The Makefile a HIP project ships: the tools by name, hipconfig asked for flags.
const MAKEFILE: &str = "CC = hipcc\n\
PLATFORM := $(shell hipconfig --platform)\n\
CFLAGS = -std=c++17 -O2 --offload-arch=host $(shell hipconfig --cpp_config)\n\
main: main.cu Makefile\n\
\t$(CC) $(CFLAGS) main.cu -o main\n\
run: main\n\
\t./main\n\
platform:\n\
\t@echo $(PLATFORM)\n";

const CUDA_SOURCE: &str = "__global__ void k(float* x) { x[threadIdx.x] = 1.0f; }\n\
int main() { float* x; cudaMalloc(&x, 128); k<<<1, 32>>>(x); cudaDeviceSynchronize(); cudaFree(x); return 0; }\n";

fn run(command: &mut Command) -> Output {
    let output = command.output().expect("starting a command");
    assert!(
        output.status.success(),
        "{command:?} failed ({}):\n{}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// The installed prefix, made once per test in its own directory.
fn install(dir: &Path) -> PathBuf {
    let prefix = dir.join("prefix");
    let build = oxhip_binary().parent().expect("target dir").to_path_buf();
    run(Command::new(repo_root().join("scripts/install.sh"))
        .arg(&prefix)
        .arg(&build));
    prefix
}

fn path_with(bin: &Path) -> std::ffi::OsString {
    let mut path = bin.as_os_str().to_owned();
    if let Some(old) = std::env::var_os("PATH") {
        path.push(":");
        path.push(old);
    }
    path
}

#[test]
fn install_links_the_hip_names_to_oxhips_tools() {
    let dir = tempfile::tempdir().expect("tempdir");
    let prefix = install(dir.path());
    for (name, tool) in [
        ("hipcc", "oxhip"),
        ("hipconfig", "oxhipconfig"),
        ("hipify-perl", "oxhipify"),
        ("hipify-clang", "oxhipify"),
    ] {
        let target = std::fs::read_link(prefix.join("bin").join(name))
            .unwrap_or_else(|err| panic!("{name} is not a link: {err}"));
        assert_eq!(target, Path::new(tool), "{name}");
    }
    // hipcc's --version starts with the HIP version line; oxhip's does not.
    let version = run(Command::new(prefix.join("bin/hipcc")).arg("--version"));
    let text = String::from_utf8_lossy(&version.stdout);
    assert!(
        text.starts_with("HIP version: 6."),
        "hipcc --version:\n{text}"
    );
    assert!(
        text.contains("clang version"),
        "CMake finds `clang version`:\n{text}"
    );
    let version = run(Command::new(prefix.join("bin/oxhip")).arg("--version"));
    assert!(String::from_utf8_lossy(&version.stdout).starts_with("oxhip clang version"));

    // A real tool of that name in the prefix is left alone on a second install.
    std::fs::remove_file(prefix.join("bin/hipconfig")).expect("remove link");
    std::fs::write(prefix.join("bin/hipconfig"), "#!/bin/sh\necho mine\n").expect("write");
    let build = oxhip_binary().parent().expect("target dir").to_path_buf();
    let again = run(Command::new(repo_root().join("scripts/install.sh"))
        .arg(&prefix)
        .arg(&build));
    assert!(String::from_utf8_lossy(&again.stderr).contains("leaving"));
    assert_eq!(
        std::fs::read_to_string(prefix.join("bin/hipconfig")).expect("read"),
        "#!/bin/sh\necho mine\n"
    );
    // So is a link to another tool, as distributions install hipcc.
    std::fs::remove_file(prefix.join("bin/hipcc")).expect("remove link");
    std::os::unix::fs::symlink("hipconfig", prefix.join("bin/hipcc")).expect("link");
    let again = run(Command::new(repo_root().join("scripts/install.sh"))
        .arg(&prefix)
        .arg(&build));
    assert!(String::from_utf8_lossy(&again.stderr).contains("a link to hipconfig"));
    assert_eq!(
        std::fs::read_link(prefix.join("bin/hipcc")).expect("link"),
        Path::new("hipconfig")
    );
}

#[test]
fn a_hip_makefile_builds_and_runs_through_the_installed_names() {
    let dir = tempfile::tempdir().expect("tempdir");
    let prefix = install(dir.path());
    let project = dir.path().join("project");
    std::fs::create_dir(&project).expect("mkdir");
    std::fs::write(project.join("main.cu"), PROGRAM).expect("write");
    std::fs::write(project.join("Makefile"), MAKEFILE).expect("write");
    let path = path_with(&prefix.join("bin"));
    let output = run(Command::new("make")
        .args(["-s", "run"])
        .current_dir(&project)
        .env("PATH", &path)
        .env("OXHIP_VISIBLE_DEVICES", "cpu"));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout)
            .trim_end()
            .lines()
            .last(),
        Some("PASS")
    );
    let output = run(Command::new("make")
        .args(["-s", "platform"])
        .current_dir(&project)
        .env("PATH", &path));
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "amd");
}

#[test]
fn hipify_perl_and_hipify_clang_write_where_those_tools_do() {
    let dir = tempfile::tempdir().expect("tempdir");
    let prefix = install(dir.path());
    let bin = prefix.join("bin");
    let work = dir.path().join("work");
    std::fs::create_dir(&work).expect("mkdir");
    std::fs::write(work.join("a.cu"), CUDA_SOURCE).expect("write");

    // hipify-perl: stdout by default, nothing written.
    let output = run(Command::new(bin.join("hipify-perl"))
        .arg("a.cu")
        .current_dir(&work));
    assert!(String::from_utf8_lossy(&output.stdout).contains("hipMalloc(&x, 128)"));
    assert!(!work.join("a.cu.hip").exists());

    // hipify-clang: `<input>.hip` beside the input, the input untouched; `-o=` as its
    // users write it; the compiler's options after `--` accepted.
    let output = run(Command::new(bin.join("hipify-clang"))
        .args(["a.cu", "--cuda-path=/usr/local/cuda", "--", "-std=c++17"])
        .current_dir(&work));
    assert!(
        output.stdout.is_empty(),
        "hipify-clang printed the translation"
    );
    let translated = std::fs::read_to_string(work.join("a.cu.hip")).expect("a.cu.hip");
    assert!(translated.contains("hipDeviceSynchronize()"));
    assert_eq!(
        std::fs::read_to_string(work.join("a.cu")).expect("read"),
        CUDA_SOURCE
    );
    run(Command::new(bin.join("hipify-clang"))
        .args(["-o=b.hip", "a.cu"])
        .current_dir(&work));
    assert_eq!(
        std::fs::read_to_string(work.join("b.hip")).expect("b.hip"),
        translated
    );

    // hipify-perl -inplace: the input translated, the original kept as `.prehip`.
    run(Command::new(bin.join("hipify-perl"))
        .args(["-inplace", "a.cu"])
        .current_dir(&work));
    assert_eq!(
        std::fs::read_to_string(work.join("a.cu")).expect("read"),
        translated
    );
    assert_eq!(
        std::fs::read_to_string(work.join("a.cu.prehip")).expect("backup"),
        CUDA_SOURCE
    );
}
