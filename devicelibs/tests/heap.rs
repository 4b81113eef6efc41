//! The amdgcn device heap (`lib/heap.c`), compiled for the host with clang 22 and run by
//! `tests/heap_harness.c`: eight threads allocating, checking and freeing blocks of
//! random sizes concurrently, then exhaustion. The GPU build is the same source with
//! the arena in global memory; no AMD GPU is available to run it there.

use std::path::Path;
use std::process::Command;

#[test]
fn heap_survives_concurrent_allocation() {
    let clang = frontend::find_clang(&|name| std::env::var_os(name)).expect("clang 22");
    let dir = tempfile::tempdir().expect("temporary directory");
    let exe = dir.path().join("heap");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let status = Command::new(&clang.path)
        .args(["-O2", "-std=c11", "-pthread", "-DOXHIP_HEAP_HOST_TEST"])
        .arg("-DOXHIP_HEAP_BYTES=(64ull<<20)")
        .arg(root.join("lib/heap.c"))
        .arg(root.join("tests/heap_harness.c"))
        .arg("-o")
        .arg(&exe)
        .status()
        .expect("running clang");
    assert!(status.success(), "compiling the heap harness failed");
    let output = Command::new(&exe).output().expect("running the harness");
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && report.contains("heap: ok"),
        "{report}"
    );
}
