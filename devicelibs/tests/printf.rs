//! The amdgcn end of device `printf` (`lib/printf.c`), compiled for the host with clang 22 and
//! run by `tests/printf_harness.c`: the calls clang's lowering makes for printf calls of every
//! conversion, one thread and then eight threads of 1000 calls, a buffer too small for them,
//! records longer than a slot, and no buffer at all. The harness checks what the device side
//! wrote (the header, every record complete and well-formed, the drops counted, the values
//! printf returns); the runtime's tests (`runtime/src/backend/hsa/printf.rs`) run the same
//! harness and decode its buffers against the host's `snprintf`. The GPU build is the same
//! source with the buffer in global memory; no AMD GPU is available to run it there.

use std::path::Path;
use std::process::Command;

#[test]
fn device_printf_writes_complete_records_from_many_threads() {
    let clang = frontend::find_clang(&|name| std::env::var_os(name)).expect("clang 22");
    let dir = tempfile::tempdir().expect("temporary directory");
    let exe = dir.path().join("printf_harness");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let status = Command::new(&clang.path)
        .args(["-O2", "-std=c11", "-pthread", "-Wall", "-Wextra", "-Werror"])
        .arg("-DOXHIP_PRINTF_HOST_TEST")
        .arg(root.join("lib/printf.c"))
        .arg(root.join("tests/printf_harness.c"))
        .arg("-o")
        .arg(&exe)
        .status()
        .expect("running clang");
    assert!(status.success(), "compiling the printf harness failed");
    let output = Command::new(&exe)
        .arg(dir.path())
        .output()
        .expect("running the harness");
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && report.contains("printf: ok"),
        "{report}"
    );
}
