//! Helpers for the end-to-end tests of `oxhip` without a GPU: run the driver
//! in-process with a fixed environment (no GPU detection, known install paths)
//! and capture what it prints.
//!
//! The tests themselves live in `tests/tests/`.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// What one in-process run of the driver printed and returned.
pub struct DriverRun {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

impl DriverRun {
    /// One text for snapshots: status, then stdout and stderr.
    pub fn to_text(&self) -> String {
        let mut text = format!("status: {}\n", self.status);
        if !self.stdout.is_empty() {
            text.push_str("--- stdout\n");
            text.push_str(&self.stdout);
        }
        if !self.stderr.is_empty() {
            text.push_str("--- stderr\n");
            text.push_str(&self.stderr);
        }
        text
    }
}

/// The installation the in-process driver believes in: fixed, fake paths for
/// headers and the runtime, so snapshots do not depend on the build tree.
pub const FAKE_INCLUDE_DIR: &str = "/oxhip/include";
pub const FAKE_LIB_DIR: &str = "/oxhip/lib";

/// Runs `oxhip <args>` in-process. `args` are split on whitespace; `{dir}` in an
/// argument is replaced by `dir`. No GPU is ever detected.
pub fn run_driver(args: &str, dir: &Path) -> DriverRun {
    let argv: Vec<OsString> = args
        .split_whitespace()
        .map(|arg| OsString::from(arg.replace("{dir}", &dir.display().to_string())))
        .collect();
    let var = |name: &str| match name {
        "OXHIP_INCLUDE_DIR" => Some(OsString::from(FAKE_INCLUDE_DIR)),
        "OXHIP_LIB_DIR" => Some(OsString::from(FAKE_LIB_DIR)),
        "OXHIP_LLD" => Some(OsString::from("/usr/lib/llvm-22/bin/ld.lld")),
        "PATH" => std::env::var_os("PATH"),
        _ => None,
    };
    let no_gpus = Vec::new;
    let system = driver::System {
        var: &var,
        exe: PathBuf::from("/oxhip/bin/oxhip"),
        detect_gpus: &no_gpus,
        program_name: "oxhip".to_owned(),
    };
    let mut stdout = Vec::new();
    let mut stderr = Vec::new();
    let status = {
        let mut printer = driver::Printer {
            stdout: &mut stdout,
            stderr: &mut stderr,
        };
        driver::run(&argv, &system, &mut printer)
    };
    DriverRun {
        status,
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
    }
}

/// Path of a binary built by cargo next to the test executable
/// (`target/<profile>/oxhip`).
pub fn built_binary(name: &str) -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    // target/<profile>/deps/<test> → target/<profile>/<name>
    let profile_dir = exe.parent()?.parent()?;
    let candidate = profile_dir.join(name);
    candidate.is_file().then_some(candidate)
}

/// Runs the built `oxhip` with `args`, failing the test with its stderr when it fails.
pub fn oxhip_succeeds(args: &[&std::ffi::OsStr]) {
    let output = std::process::Command::new(oxhip_binary())
        .args(args)
        .output()
        .unwrap_or_else(|err| panic!("running oxhip: {err}"));
    assert!(
        output.status.success(),
        "oxhip {args:?} failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The built `oxhip`; panics with what to do when the workspace was not built.
pub fn oxhip_binary() -> PathBuf {
    built_binary("oxhip").unwrap_or_else(|| {
        panic!("build the workspace first: `cargo build --workspace` (no target/<profile>/oxhip)")
    })
}

/// The workspace root (the parent of this crate).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap_or_else(|| panic!("tests/ has a parent"))
        .to_path_buf()
}
