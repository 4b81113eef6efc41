//! Snapshots of the driver's text forms: `--print-phases` (the plan) and `-###`
//! (the jobs), and of its diagnostics, for the command lines of issue #2.
//! The driver runs in-process with a fixed fake installation; paths that vary
//! between machines are filtered.

use std::path::Path;

use tests::run_driver;

fn fixture_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temp dir: {err}"));
    for name in [
        "vadd.hip",
        "util.cpp",
        "plain.c",
        "prebuilt.o",
        "libextra.a",
        "kern.cu",
    ] {
        std::fs::write(dir.path().join(name), "")
            .unwrap_or_else(|err| panic!("writing {name}: {err}"));
    }
    dir
}

fn check(name: &str, args: &str) {
    let dir = fixture_dir();
    let run = run_driver(args, dir.path());
    let text = run.to_text();
    let mut settings = insta::Settings::clone_current();
    settings.add_filter(&regex_escape(dir.path()), "[DIR]");
    // clang's own and the system's include directories differ between machines.
    settings.add_filter(
        r#" "-internal-(externc-)?isystem" "/(usr|include)[^"]*""#,
        "",
    );
    settings.add_filter(r#""/[^"]*clang(-22)?""#, "\"[CLANG]\"");
    settings.add_filter(r#""/usr/lib/llvm-22/lib/clang/22""#, "\"[RESOURCE_DIR]\"");
    settings.add_filter(r"-cuid=[0-9a-f]{16}", "-cuid=[CUID]");
    settings.set_snapshot_suffix(name);
    settings.set_description(args);
    settings.bind(|| insta::assert_snapshot!(text));
}

/// A path as a regex that matches it literally.
fn regex_escape(path: &Path) -> String {
    let mut escaped = String::new();
    for ch in path.display().to_string().chars() {
        if "\\.+*?()|[]{}^$#&-~".contains(ch) {
            escaped.push('\\');
        }
        escaped.push(ch);
    }
    escaped
}

#[test]
fn phases() {
    check(
        "link-three-archs",
        "--print-phases -O3 --offload-arch=gfx942,gfx90a,sm_90 {dir}/vadd.hip -o vadd",
    );
    check(
        "compile-only",
        "--print-phases --offload-arch=gfx942 -c {dir}/vadd.hip",
    );
    check("device-only", "--print-phases --offload-arch=gfx942,sm_90 --cuda-device-only {dir}/vadd.hip -o vadd.hipfb");
    check(
        "host-only",
        "--print-phases --offload-arch=gfx942 --cuda-host-only -c {dir}/vadd.hip",
    );
    check(
        "assembly",
        "--print-phases --offload-arch=gfx942 -S {dir}/vadd.hip",
    );
    check(
        "device-assembly",
        "--print-phases --offload-arch=sm_90 --cuda-device-only -S {dir}/vadd.hip -o -",
    );
    check(
        "preprocess",
        "--print-phases --offload-arch=gfx942 -E {dir}/vadd.hip",
    );
    check("mixed-inputs", "--print-phases --offload-arch=gfx942 {dir}/vadd.hip {dir}/util.cpp {dir}/plain.c {dir}/prebuilt.o {dir}/libextra.a -lm -o app");
    check(
        "cu-input-and-x-hip",
        "--print-phases --offload-arch=sm_90 {dir}/kern.cu -x hip {dir}/util.cpp -c",
    );
    check("default-archs", "--print-phases {dir}/vadd.hip");
}

#[test]
fn jobs() {
    check(
        "jobs-link-three-archs",
        "-### -O3 --offload-arch=gfx942,gfx90a,sm_90 {dir}/vadd.hip -o vadd",
    );
    check("jobs-compile-only", "-### --offload-arch=gfx942 -c {dir}/vadd.hip -o {dir}/vadd.o -MD -DN=4 -I{dir}/inc -std=c++17 -Wall");
    check(
        "jobs-device-only",
        "-### --offload-arch=gfx942,sm_90 --cuda-device-only {dir}/vadd.hip -o vadd.hipfb",
    );
    check(
        "jobs-host-only",
        "-### --offload-arch=gfx942 --cuda-host-only -c {dir}/vadd.hip",
    );
    check(
        "jobs-assembly",
        "-### --offload-arch=sm_90 --cuda-device-only -S {dir}/vadd.hip -o -",
    );
    check(
        "jobs-preprocess",
        "-### --offload-arch=gfx942 -E {dir}/vadd.hip",
    );
    check("jobs-mixed-inputs", "-### --offload-arch=gfx942 {dir}/vadd.hip {dir}/util.cpp {dir}/plain.c {dir}/prebuilt.o {dir}/libextra.a -L{dir}/lib -lm -Wl,--as-needed -pthread -o app");
    check(
        "jobs-target-id",
        "-### --offload-arch=gfx90a:xnack+:sramecc- --cuda-device-only {dir}/vadd.hip -o out.hipfb",
    );
    check(
        "jobs-save-temps",
        "-### -save-temps --offload-arch=gfx942 {dir}/vadd.hip -o {dir}/out/vadd",
    );
    check("jobs-passthrough", "-### --offload-arch=gfx942 -fno-exceptions -c {dir}/vadd.hip -O0 -g -ffast-math -fgpu-flush-denormals-to-zero -nogpulib");
    check(
        "jobs-shared",
        "-### --offload-arch=gfx942 -shared -fPIC {dir}/vadd.hip -o libvadd.so",
    );
    // An executable with the shared runtime (docs/driver.md, "Shared libraries"), and one
    // with `-g`, which keeps the static runtime's debug information (docs/size.md).
    check(
        "jobs-shared-runtime",
        "-### --offload-arch=gfx942 -use-sharedlib {dir}/vadd.hip -o vadd",
    );
    check(
        "jobs-debug-link",
        "-### --offload-arch=gfx942 -g {dir}/vadd.hip -o vadd",
    );
}

#[test]
fn errors() {
    check(
        "error-unknown-flag",
        "--offload-arch=gfx942 --frobnicate {dir}/vadd.hip",
    );
    check(
        "error-unknown-f-flag",
        "--offload-arch=gfx942 -foo {dir}/vadd.hip",
    );
    check(
        "error-bad-arch",
        "--offload-arch=gfx942,gfx9999 {dir}/vadd.hip",
    );
    check(
        "error-bad-feature",
        "--offload-arch=gfx1100:xnack+ {dir}/vadd.hip",
    );
    check(
        "error-missing-input",
        "--offload-arch=gfx942 {dir}/missing.hip",
    );
    check(
        "error-output-is-input",
        "--offload-arch=gfx942 {dir}/vadd.hip -o {dir}/vadd.hip",
    );
    check(
        "jobs-rdc-compile",
        "-### --offload-arch=gfx942 -fgpu-rdc -c {dir}/vadd.hip",
    );
    check(
        "jobs-rdc-link",
        "-### --offload-arch=gfx942,sm_90 -fgpu-rdc {dir}/prebuilt.o {dir}/libextra.a -o app",
    );
    check("error-no-inputs", "--offload-arch=gfx942");
    check(
        "error-o-multiple-outputs",
        "--offload-arch=gfx942 -c {dir}/vadd.hip {dir}/util.cpp -o x.o",
    );
    check("error-missing-value", "{dir}/vadd.hip -o");
    check(
        "warning-unused-link-flags",
        "-### --offload-arch=gfx942 -c {dir}/vadd.hip -L/opt/lib -lfoo",
    );
}
