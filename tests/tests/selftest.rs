//! `oxhipconfig --check`'s self-test on the CPU device: every feature passes; a feature
//! broken on purpose (`OXHIP_CHECK_BREAK`: a wrong expected value, a crash, a hang) is
//! reported as FAIL, CRASH or HANG while every other feature still passes, and the exit
//! status says so; wrong options exit with status 2, and a missing `oxhip` or clang is
//! named.
//!
//! The runs set `OXHIP_VISIBLE_DEVICES=cpu`, so a GPU on the test machine is not tested
//! (the test program is built for `host` only).
//!
//! Needs the workspace built first (`cargo build --workspace`, as `scripts/test.sh` does).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use tests::built_binary;

/// Every feature of the test program, in its order (`selftest.hip`'s table).
const FEATURES: &[&str] = &[
    "device_props",
    "memory",
    "memset",
    "kernel_launch",
    "kernel_args",
    "launch_geometry",
    "shared_memory",
    "syncthreads",
    "atomics",
    "warp",
    "device_printf",
    "device_malloc",
    "symbols",
    "streams_events",
    "host_callbacks",
    "pinned_memory",
    "managed_memory",
    "device_assert",
];

fn oxhipconfig() -> PathBuf {
    built_binary("oxhipconfig").unwrap_or_else(|| {
        panic!("build the workspace first: `cargo build --workspace` (no target/<profile>/oxhipconfig)")
    })
}

/// Runs `exe args` on the CPU device with `env`; `timeout` ends it after five minutes, so
/// that a hang of oxhipconfig itself fails the test instead of stopping it.
fn run(exe: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new("timeout");
    command
        .arg("300")
        .arg(exe)
        .args(args)
        .env("OXHIP_VISIBLE_DEVICES", "cpu")
        .env_remove("OXHIP_CHECK_BREAK");
    for (name, value) in env {
        command.env(name, value);
    }
    command
        .output()
        .unwrap_or_else(|err| panic!("running {}: {err}", exe.display()))
}

fn text(output: &Output) -> String {
    format!(
        "status: {:?}\n--- stdout\n{}--- stderr\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// The report's rows: `(feature, verdict, detail)` for each line under a `device N:` line.
fn rows(stdout: &str) -> Vec<(String, String, String)> {
    stdout
        .lines()
        .skip_while(|line| !line.starts_with("device 0:"))
        .filter(|line| line.starts_with("  "))
        .map(|line| {
            let mut fields = line.split_whitespace();
            let feature = fields.next().unwrap_or_default().to_owned();
            let verdict = fields.next().unwrap_or_default().to_owned();
            let detail = fields.collect::<Vec<_>>().join(" ");
            (feature, verdict, detail)
        })
        .collect()
}

/// The verdict of each feature, in the report's order.
fn verdicts(stdout: &str) -> Vec<(String, String)> {
    rows(stdout)
        .into_iter()
        .map(|(feature, verdict, _)| (feature, verdict))
        .collect()
}

#[test]
fn every_feature_passes_on_the_cpu_device() {
    let output = run(&oxhipconfig(), &["--check", "--offload-arch=host"], &[]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let expected: Vec<(String, String)> = FEATURES
        .iter()
        .map(|feature| ((*feature).to_owned(), "PASS".to_owned()))
        .collect();
    assert_eq!(verdicts(&stdout), expected, "{}", text(&output));
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    // hipconfig's installation check comes first, then one device, the CPU.
    assert!(
        stdout.contains("Check system installation:"),
        "{}",
        text(&output)
    );
    assert!(stdout.contains("devices: 1\n"), "{}", text(&output));
    assert!(stdout.contains("(gcnArchName host)"), "{}", text(&output));
    assert!(
        stdout.contains("self-test: every feature passed on every device"),
        "{}",
        text(&output)
    );
}

#[test]
fn broken_features_fail_and_the_others_still_pass() {
    let keep = tempfile::tempdir().expect("temporary directory");
    let keep_arg = keep.path().display().to_string();
    let output = run(
        &oxhipconfig(),
        &[
            "--check",
            "--offload-arch=host",
            "--timeout=3",
            "--keep",
            &keep_arg,
        ],
        &[(
            "OXHIP_CHECK_BREAK",
            "atomics,device_printf,device_assert,warp:crash,memset:hang",
        )],
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let expected: Vec<(String, String)> = FEATURES
        .iter()
        .map(|feature| {
            let verdict = match *feature {
                "atomics" | "device_printf" | "device_assert" => "FAIL",
                "warp" => "CRASH",
                "memset" => "HANG",
                _ => "PASS",
            };
            ((*feature).to_owned(), verdict.to_owned())
        })
        .collect();
    assert_eq!(verdicts(&stdout), expected, "{}", text(&output));
    assert_eq!(output.status.code(), Some(1), "{}", text(&output));
    let detail = |name: &str| {
        rows(&stdout)
            .into_iter()
            .find(|(feature, _, _)| feature == name)
            .map(|(_, _, detail)| detail)
            .unwrap_or_default()
    };
    assert!(
        detail("atomics").contains("OXHIP_CHECK_BREAK made the expected value wrong"),
        "{}",
        text(&output)
    );
    assert!(
        detail("device_printf").contains("the device printed `selftest device printf: 42"),
        "{}",
        text(&output)
    );
    assert!(detail("warp").contains("SIGSEGV"), "{}", text(&output));
    assert!(
        detail("memset").contains("printed nothing for 3 s"),
        "{}",
        text(&output)
    );
    assert!(
        stdout.contains("device 0 (host): 13 of 18 passed"),
        "{}",
        text(&output)
    );
    assert!(stdout.contains("self-test: FAILED"), "{}", text(&output));
    // --keep keeps the program and every run's output.
    for name in [
        "selftest.hip",
        "selftest",
        "devices.stdout",
        "device0-run1.stdout",
    ] {
        assert!(keep.path().join(name).is_file(), "{name} was not kept");
    }
}

#[test]
fn wrong_options_exit_with_status_2() {
    for args in [
        &["--check", "--bogus"][..],
        &["--check", "--path"],
        &["--check", "--keep"],
        &["--check", "--timeout=never"],
        &["--offload-arch=host"],
    ] {
        let output = run(&oxhipconfig(), args, &[]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", text(&output));
        assert!(
            stderr.starts_with("oxhipconfig: error: "),
            "{args:?}: {}",
            text(&output)
        );
        assert!(output.stdout.is_empty(), "{args:?}: {}", text(&output));
    }
    let output = run(&oxhipconfig(), &["--check", "--bogus"], &[]);
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .contains("`--bogus` cannot be combined with `--check`"),
        "{}",
        text(&output)
    );
}

#[test]
fn a_missing_oxhip_or_clang_is_named() {
    // An oxhipconfig with no oxhip next to it.
    let dir = tempfile::tempdir().expect("temporary directory");
    let alone = dir.path().join("oxhipconfig");
    std::fs::copy(oxhipconfig(), &alone).expect("copying oxhipconfig");
    let output = run(&alone, &["--check", "--offload-arch=host"], &[]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("the self-test needs `oxhip`"),
        "{}",
        text(&output)
    );
    let output = run(
        &oxhipconfig(),
        &["--check", "--offload-arch=host"],
        &[("OXHIP_CLANG", "/nonexistent/clang")],
    );
    assert_eq!(output.status.code(), Some(1), "{}", text(&output));
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .contains("the self-test needs clang 22: cannot run `/nonexistent/clang`"),
        "{}",
        text(&output)
    );
}
