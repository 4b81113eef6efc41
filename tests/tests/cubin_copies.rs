//! The runtime's reading of a cubin's own records (`oxhip_runtime::ptx_variants::cubin_copies`,
//! docs/runtime-api.md "Register-limited copies"), on cubins that NVIDIA's `ptxas` made: the
//! one the driver makes for a heavy CUDA kernel holds its register-limited copies, a HIP
//! program's bounded kernels need none, and the same PTX assembled without the copies sends
//! the runtime to the PTX. On the GPU, `tests/gpu/run.sh` checks what the runtime then does.
//!
//! Needs the workspace built first and `ptxas` in `target/ptxas` (`scripts/setup.sh` installs
//! it from PyPI); without it the test says it is skipped, as lit does for `ptxas-cubin.hip`.

use std::path::{Path, PathBuf};
use std::process::Command;

use oxhip_runtime::ptx_variants::cubin_copies;

/// `target/ptxas/bin/ptxas`, if `scripts/setup.sh` installed it.
fn ptxas() -> Option<PathBuf> {
    let path = tests::repo_root().join("target/ptxas/bin/ptxas");
    path.is_file().then_some(path)
}

/// Compiles `source` for sm_90 with `ptxas` and `-save-temps` in `dir`; returns the cubin's
/// path and the PTX's.
fn cubin_of(ptxas: &Path, source: &Path, dir: &Path) -> (PathBuf, PathBuf) {
    let output = Command::new(tests::oxhip_binary())
        .current_dir(dir)
        .env("OXHIP_PTXAS", ptxas)
        .args(["-save-temps", "-O3", "--offload-arch=sm_90", "-c"])
        .arg(source)
        .args(["-o", "x.o"])
        .output()
        .unwrap_or_else(|err| panic!("running oxhip: {err}"));
    assert!(
        output.status.success(),
        "oxhip failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stem = source.file_stem().unwrap().to_string_lossy().into_owned();
    (
        dir.join(format!("{stem}-hip-sm_90.cubin")),
        dir.join(format!("{stem}-hip-nvptx64-nvidia-cuda-sm_90.s")),
    )
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|err| panic!("reading {}: {err}", path.display()))
}

#[test]
#[expect(
    clippy::print_stderr,
    reason = "a skipped test says why on the test's stderr"
)]
fn cubins_from_ptxas() {
    let Some(ptxas) = ptxas() else {
        eprintln!("skipped: no target/ptxas/bin/ptxas (scripts/setup.sh installs it from PyPI)");
        return;
    };
    let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temporary directory: {err}"));

    // A CUDA kernel without bounds that ptxas gives over 128 registers: both copies.
    let heavy = tests::repo_root().join("tests/programs/register_heavy.cu");
    let (cubin, ptx) = cubin_of(&ptxas, &heavy, dir.path());
    assert_eq!(
        cubin_copies(&read(&cubin)),
        Some(vec![
            ("_Z5heavyPKjPji".to_owned(), 128),
            ("_Z5heavyPKjPji".to_owned(), 64)
        ]),
        "{}",
        cubin.display()
    );

    // The same PTX assembled as another tool would, without the copies: the PTX way.
    let plain = dir.path().join("plain.cubin");
    let status = Command::new(&ptxas)
        .args(["-arch=sm_90", "-o"])
        .arg(&plain)
        .arg(&ptx)
        .status()
        .unwrap_or_else(|err| panic!("running ptxas: {err}"));
    assert!(status.success());
    assert_eq!(cubin_copies(&read(&plain)), None);

    // HIP kernels are bounded (`.maxntid 1024`): nothing needed, nothing missing.
    let hip = dir.path().join("bounded.hip");
    std::fs::write(
        &hip,
        "#include <hip/hip_runtime.h>\n\
         __global__ void scale(float* x, float f) { x[threadIdx.x] *= f; }\n\
         __global__ void add(float* x, const float* y) { x[threadIdx.x] += y[threadIdx.x]; }\n",
    )
    .unwrap_or_else(|err| panic!("writing {}: {err}", hip.display()));
    let (cubin, _) = cubin_of(&ptxas, &hip, dir.path());
    assert_eq!(cubin_copies(&read(&cubin)), Some(Vec::new()));
}
