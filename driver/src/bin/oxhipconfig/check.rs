//! `oxhipconfig --check`'s self-test (docs/driver.md, "`oxhipconfig --check`"): builds a HIP
//! program of test kernels (`selftest.hip`, embedded in this binary) with the `oxhip` next to
//! this binary, runs it once per device the runtime finds, and prints PASS, FAIL, HANG or
//! CRASH for each feature on each device.
//!
//! The program judges the features (`CHECK <feature> PASS|FAIL <detail>`, see the comment at
//! the top of `selftest.hip`); this module judges the program: it stops a run that prints
//! nothing for the time limit, turns a crash or that silence into the verdict of the feature
//! that had begun, and starts the program again for the features left, so that one failure
//! never hides the others. It knows no feature by name.

use std::fmt::Write as _;
use std::io::{BufRead as _, BufReader, Read as _, Write};
use std::os::unix::process::ExitStatusExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The test program's source.
const SOURCE: &str = include_str!("selftest.hip");

/// How long a run may print nothing before it counts as hung.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

/// The targets of the test program when `--offload-arch` is not given: the AMD processors
/// ROCm supports (MI50, MI100, MI200, MI300, MI350; Radeon RX 6000, 7000 and 9000, and Strix
/// Halo), PTX for three NVIDIA generations (the runtime JIT-compiles the newest one not above
/// the GPU's), and the CPU device. The GPUs that LLVM's `amdgpu-arch` and `nvptx-arch` find
/// are added. FIXME: the generic families (`gfx9-generic`, `gfx10-3-generic`,
/// `gfx11-generic`, `gfx12-generic`) would cover every AMD GPU in four images, but they need
/// code object version 6 and oxhip emits version 5 (`oxhip --offload-arch=gfx11-generic`
/// fails in LLVM).
const DEFAULT_TARGETS: &[&str] = &[
    "gfx906", "gfx908", "gfx90a", "gfx942", "gfx950", "gfx1030", "gfx1100", "gfx1101", "gfx1102",
    "gfx1151", "gfx1200", "gfx1201", "sm_70", "sm_80", "sm_90", "host",
];

/// What `--check` was asked for.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Options {
    /// `--offload-arch=LIST`: the targets, instead of the default ones.
    pub(crate) offload_arch: Option<String>,
    /// `--keep DIR`: build and log in `DIR`, and keep it.
    pub(crate) keep: Option<PathBuf>,
    /// `--timeout SECONDS`: how long a run may print nothing.
    pub(crate) timeout: Duration,
}

/// Whether `arg` asks for the check (hipconfig's two spellings).
pub(crate) fn is_check(arg: &str) -> bool {
    arg == "--check" || arg == "-check"
}

/// Whether `arg` is one of the options only `--check` takes.
pub(crate) fn is_check_option(arg: &str) -> bool {
    ["--offload-arch", "--keep", "--timeout"]
        .iter()
        .any(|name| {
            arg == *name
                || arg
                    .strip_prefix(name)
                    .is_some_and(|rest| rest.starts_with('='))
        })
}

/// The command line of a check: `--check` and the options only it takes, in any order.
/// Anything else is a usage error, returned as its message.
pub(crate) fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        offload_arch: None,
        keep: None,
        timeout: DEFAULT_TIMEOUT,
    };
    let mut checked = false;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if is_check(arg) {
            checked = true;
            continue;
        }
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) => (name, Some(value.to_owned())),
            None => (arg.as_str(), None),
        };
        if !is_check_option(name) {
            return Err(format!(
                "`{arg}` cannot be combined with `--check`, which takes only `--offload-arch=LIST`, `--keep DIR` and `--timeout SECONDS`"
            ));
        }
        let value = match inline {
            Some(value) => value,
            None => args
                .next()
                .cloned()
                .ok_or_else(|| format!("`{name}` needs a value"))?,
        };
        if value.is_empty() {
            return Err(format!("`{name}` needs a value"));
        }
        match name {
            "--offload-arch" => options.offload_arch = Some(value),
            "--keep" => options.keep = Some(PathBuf::from(value)),
            _ => {
                let seconds = value
                    .parse::<u64>()
                    .ok()
                    .filter(|seconds| *seconds > 0)
                    .ok_or_else(|| {
                        format!("`--timeout` takes a number of seconds above 0, not `{value}`")
                    })?;
                options.timeout = Duration::from_secs(seconds);
            }
        }
    }
    if !checked {
        return Err("`--offload-arch`, `--keep` and `--timeout` need `--check`".to_owned());
    }
    Ok(options)
}

/// Why the self-test could not run at all.
#[derive(Debug)]
pub(crate) enum CheckError {
    /// Something it needs is missing or failed (no `oxhip`, no clang, the build failed); the
    /// message says what.
    Setup(String),
    /// Writing the report failed.
    Io(std::io::Error),
}

impl From<std::io::Error> for CheckError {
    fn from(err: std::io::Error) -> CheckError {
        CheckError::Io(err)
    }
}

/// A feature's verdict on one device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    Pass,
    Fail,
    Hang,
    Crash,
}

impl Verdict {
    fn label(self) -> &'static str {
        match self {
            Verdict::Pass => "PASS",
            Verdict::Fail => "FAIL",
            Verdict::Hang => "HANG",
            Verdict::Crash => "CRASH",
        }
    }
}

/// One row of the report.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Outcome {
    feature: String,
    verdict: Verdict,
    detail: String,
}

/// How a run of the test program ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    Exited(i32),
    Signal(i32),
    /// It printed nothing for this long and was stopped.
    Silent(Duration),
}

impl End {
    fn of(status: ExitStatus) -> End {
        match (status.code(), status.signal()) {
            (Some(code), _) => End::Exited(code),
            (None, Some(signal)) => End::Signal(signal),
            (None, None) => End::Exited(-1),
        }
    }

    fn describe(self) -> String {
        match self {
            End::Exited(code) => format!("the program exited with status {code}"),
            End::Signal(signal) => format!("the program was killed by {}", signal_name(signal)),
            End::Silent(limit) => format!(
                "the program printed nothing for {} s and was stopped",
                limit.as_secs()
            ),
        }
    }
}

fn signal_name(signal: i32) -> String {
    let name = match signal {
        4 => "SIGILL",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        15 => "SIGTERM",
        _ => return format!("signal {signal}"),
    };
    format!("signal {signal} ({name})")
}

/// What one run of the test program printed, and how it ended.
struct Transcript {
    stdout: String,
    stderr: String,
    end: End,
}

/// The status with which the program says that the device refuses work after a failure.
const LOST_STATUS: i32 = 3;

/// The rows a run of the features `pending` gives, and the features it left unreported,
/// which a new run should take. Features that reported are judged by their `CHECK` line
/// (and a `device_printf`-style `EXPECT` line by what the run printed); the one that began
/// and never reported is a HANG when the run went silent, else a CRASH; when the run ended
/// before any feature reported, every pending feature gets that verdict; so each run reports
/// on at least one of `pending`.
fn interpret(transcript: &Transcript, pending: &[String]) -> (Vec<Outcome>, Vec<String>) {
    let mut outcomes: Vec<Outcome> = Vec::new();
    let mut began: Option<String> = None;
    let mut expected_lines: Vec<(String, String)> = Vec::new();
    let mut lost: Option<String> = None;
    for line in transcript.stdout.lines() {
        let mut words = line.splitn(2, ' ');
        let keyword = words.next().unwrap_or_default();
        let rest = words.next().unwrap_or_default();
        match keyword {
            "BEGIN" => began = Some(rest.trim().to_owned()),
            "CHECK" => {
                let mut fields = rest.splitn(3, ' ');
                let feature = fields.next().unwrap_or_default().to_owned();
                let verdict = if fields.next() == Some("PASS") {
                    Verdict::Pass
                } else {
                    Verdict::Fail
                };
                let detail = fields.next().unwrap_or_default().trim().to_owned();
                if began.as_deref() == Some(feature.as_str()) {
                    began = None;
                }
                outcomes.push(Outcome {
                    feature,
                    verdict,
                    detail,
                });
            }
            "EXPECT" => {
                if let Some((feature, text)) = rest.split_once(' ') {
                    expected_lines.push((feature.to_owned(), text.to_owned()));
                }
            }
            "LOST" => {
                lost = Some(rest.trim().to_owned());
                if let Some(last) = outcomes.last_mut() {
                    last.detail.push_str(&format!(
                        " (after it the device refused work: {}; the features left ran in a new process)",
                        rest.trim()
                    ));
                }
            }
            _ => {}
        }
    }
    for (feature, text) in &expected_lines {
        let Some(outcome) = outcomes
            .iter_mut()
            .find(|outcome| &outcome.feature == feature && outcome.verdict == Verdict::Pass)
        else {
            continue;
        };
        if transcript.stdout.lines().any(|line| line == text) {
            continue;
        }
        outcome.verdict = Verdict::Fail;
        let printed = text.split(':').next().and_then(|prefix| {
            transcript
                .stdout
                .lines()
                .find(|line| line.starts_with(&format!("{prefix}:")))
        });
        outcome.detail = match printed {
            Some(line) => format!("the device printed `{line}`, expected `{text}`"),
            None => format!("the device's line `{text}` never reached the program's output"),
        };
    }
    let reported = |feature: &String| outcomes.iter().any(|outcome| &outcome.feature == feature);
    let mut left: Vec<String> = pending
        .iter()
        .filter(|feature| !reported(feature))
        .cloned()
        .collect();
    let abnormal = match transcript.end {
        End::Exited(0) => false,
        End::Exited(LOST_STATUS) => lost.is_none(),
        _ => true,
    };
    let verdict = match transcript.end {
        End::Silent(_) => Verdict::Hang,
        _ => Verdict::Crash,
    };
    let why = with_last_message(transcript.end.describe(), &transcript.stderr);
    if let Some(feature) = began {
        left.retain(|pending| *pending != feature);
        outcomes.push(Outcome {
            feature,
            verdict,
            detail: why,
        });
    } else if abnormal && !left.is_empty() && !outcomes.is_empty() {
        if let Some(last) = outcomes.last_mut() {
            last.detail.push_str(&format!(" (then {why})"));
        }
    } else if abnormal && left.is_empty() {
        outcomes.push(Outcome {
            feature: "(exit)".to_owned(),
            verdict,
            detail: format!("after every feature reported, {why}"),
        });
    } else if !left.is_empty() && outcomes.is_empty() {
        for feature in left.drain(..) {
            outcomes.push(Outcome {
                feature,
                verdict,
                detail: format!("never ran: {why}"),
            });
        }
    }
    (outcomes, left)
}

/// `why`, and the last line the program wrote to stderr if there is one.
fn with_last_message(why: String, stderr: &str) -> String {
    match stderr.lines().rev().find(|line| !line.trim().is_empty()) {
        Some(line) => {
            let line: String = line.trim().chars().take(200).collect();
            format!("{why}; its last message: {line}")
        }
        None => why,
    }
}

/// Runs `exe args` until it exits, or until it prints nothing on stdout for `timeout`,
/// when it is killed. Writes what it printed to `<log>.stdout` and `<log>.stderr`.
fn run_program(
    exe: &Path,
    args: &[String],
    timeout: Duration,
    log: Option<&Path>,
) -> std::io::Result<Transcript> {
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let stdout = child.stdout.take();
    let stderr = child.stderr.take();
    let (sender, receiver) = mpsc::channel::<String>();
    let stdout_reader = std::thread::spawn(move || {
        let Some(stdout) = stdout else { return };
        let mut reader = BufReader::new(stdout);
        let mut line = Vec::new();
        while matches!(reader.read_until(b'\n', &mut line), Ok(read) if read > 0) {
            if sender
                .send(String::from_utf8_lossy(&line).into_owned())
                .is_err()
            {
                break;
            }
            line.clear();
        }
    });
    let stderr_reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut stderr) = stderr {
            let _ = stderr.read_to_end(&mut bytes);
        }
        String::from_utf8_lossy(&bytes).into_owned()
    });
    let mut text = String::new();
    let mut silent = false;
    loop {
        match receiver.recv_timeout(timeout) {
            Ok(line) => text.push_str(&line),
            Err(RecvTimeoutError::Timeout) => {
                silent = true;
                break;
            }
            Err(RecvTimeoutError::Disconnected) => break,
        }
    }
    // stdout is closed (or silent): the program should be ending; give it the same time.
    let deadline = Instant::now() + timeout;
    while !silent && child.try_wait()?.is_none() {
        if Instant::now() >= deadline {
            silent = true;
        } else {
            std::thread::sleep(Duration::from_millis(10));
        }
    }
    if silent {
        let _ = child.kill();
    }
    let status = child.wait()?;
    let _ = stdout_reader.join();
    text.extend(receiver.try_iter());
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    let stderr = stderr_reader.join().unwrap_or_default();
    if let Some(log) = log {
        std::fs::write(log.with_extension("stdout"), &text)?;
        std::fs::write(log.with_extension("stderr"), &stderr)?;
    }
    Ok(Transcript {
        stdout: text,
        stderr,
        end: if silent {
            End::Silent(timeout)
        } else {
            End::of(status)
        },
    })
}

/// A device the test program lists.
#[derive(Debug, PartialEq, Eq)]
struct Device {
    index: usize,
    arch: String,
    name: String,
}

/// A feature of the test program, and whether it runs in a process of its own.
#[derive(Debug, PartialEq, Eq)]
struct Feature {
    name: String,
    alone: bool,
}

/// The devices and features that `selftest devices` printed, or why there are none.
fn parse_listing(stdout: &str) -> Result<(Vec<Device>, Vec<Feature>), String> {
    let mut devices = Vec::new();
    let mut features = Vec::new();
    for line in stdout.lines() {
        if let Some(why) = line.strip_prefix("NODEVICE ") {
            return Err(why.to_owned());
        }
        if let Some(rest) = line.strip_prefix("DEVICE ") {
            let mut fields = rest.splitn(3, ' ');
            let index = fields.next().and_then(|index| index.parse().ok());
            let arch = fields.next().unwrap_or("?").to_owned();
            let name = fields.next().unwrap_or_default().trim().to_owned();
            if let Some(index) = index {
                devices.push(Device { index, arch, name });
            }
        } else if let Some(rest) = line.strip_prefix("FEATURE ") {
            if let Some((name, group)) = rest.split_once(' ') {
                features.push(Feature {
                    name: name.to_owned(),
                    alone: group.trim() == "alone",
                });
            }
        }
    }
    if devices.is_empty() {
        return Err("the runtime found no device".to_owned());
    }
    Ok((devices, features))
}

/// The `--offload-arch` list: the one given, or the default targets and the GPUs present.
fn targets(options: &Options) -> String {
    if let Some(list) = &options.offload_arch {
        return list.clone();
    }
    let mut targets: Vec<String> = DEFAULT_TARGETS.iter().map(|t| (*t).to_owned()).collect();
    for gpu in driver::execute::detect_gpus() {
        if !targets.contains(&gpu) {
            let host = targets.len() - 1;
            targets.insert(host, gpu);
        }
    }
    targets.join(",")
}

/// Runs the self-test and writes its report to `out`; `Ok(true)` when every feature passed
/// on every device.
pub(crate) fn run(
    exe_dir: &Path,
    options: &Options,
    out: &mut dyn Write,
) -> Result<bool, CheckError> {
    let oxhip = exe_dir.join("oxhip");
    if !oxhip.is_file() {
        return Err(CheckError::Setup(format!(
            "the self-test needs `oxhip`, which is not next to oxhipconfig (`{}`)",
            oxhip.display()
        )));
    }
    let var = |name: &str| std::env::var_os(name);
    if let Err(err) = frontend::find_clang(&var) {
        let mut message = format!("the self-test needs clang 22: {err}");
        let mut source = std::error::Error::source(&err);
        while let Some(cause) = source {
            let _ = write!(message, ": {cause}");
            source = cause.source();
        }
        return Err(CheckError::Setup(message));
    }
    let temporary;
    let dir = match &options.keep {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .map_err(|err| CheckError::Setup(format!("creating `{}`: {err}", dir.display())))?;
            dir.clone()
        }
        None => {
            temporary = tempfile::Builder::new()
                .prefix("oxhip-check-")
                .tempdir()
                .map_err(|err| {
                    CheckError::Setup(format!("creating a temporary directory: {err}"))
                })?;
            temporary.path().to_path_buf()
        }
    };
    let source = dir.join("selftest.hip");
    std::fs::write(&source, SOURCE)
        .map_err(|err| CheckError::Setup(format!("writing `{}`: {err}", source.display())))?;
    let targets = targets(options);
    writeln!(out, "\n== oxhip self-test")?;
    writeln!(
        out,
        "oxhip {}, HIP {}",
        driver::OXHIP_VERSION,
        driver::hip_version()
    )?;
    writeln!(out, "building the test program for {targets}")?;
    out.flush()?;
    let started = Instant::now();
    let build = Command::new(&oxhip)
        .current_dir(&dir)
        .args([
            "-O3",
            &format!("--offload-arch={targets}"),
            "selftest.hip",
            "-o",
            "selftest",
        ])
        .output()
        .map_err(|err| CheckError::Setup(format!("running `{}`: {err}", oxhip.display())))?;
    if !build.status.success() {
        let _ = std::io::stderr().write_all(&build.stderr);
        return Err(CheckError::Setup(format!(
            "building the test program failed (`oxhip -O3 --offload-arch={targets} selftest.hip`, {})",
            End::of(build.status).describe().replace("the program", "oxhip")
        )));
    }
    writeln!(out, "built in {:.1} s", started.elapsed().as_secs_f64())?;
    let program = dir.join("selftest");
    let log = |name: &str| options.keep.as_ref().map(|_| dir.join(name));
    let listing = run_program(
        &program,
        &["devices".to_owned()],
        options.timeout,
        log("devices").as_deref(),
    )
    .map_err(|err| CheckError::Setup(format!("running `{}`: {err}", program.display())))?;
    let (devices, features) = match parse_listing(&listing.stdout) {
        Ok(found) if listing.end == End::Exited(0) => found,
        Ok(_) => {
            writeln!(
                out,
                "listing the devices failed: {}",
                with_last_message(listing.end.describe(), &listing.stderr)
            )?;
            return Ok(false);
        }
        Err(why) => {
            writeln!(out, "devices: none ({why})")?;
            return Ok(false);
        }
    };
    writeln!(out, "devices: {}", devices.len())?;
    let mut all_passed = true;
    let mut summary = Vec::new();
    for device in &devices {
        writeln!(
            out,
            "\ndevice {}: {} (gcnArchName {})",
            device.index, device.name, device.arch
        )?;
        out.flush()?;
        let mut groups: Vec<Vec<String>> = vec![features
            .iter()
            .filter(|feature| !feature.alone)
            .map(|feature| feature.name.clone())
            .collect()];
        groups.extend(
            features
                .iter()
                .filter(|feature| feature.alone)
                .map(|feature| vec![feature.name.clone()]),
        );
        let mut passed = 0;
        let mut total = 0;
        let mut run_number = 0;
        for group in groups {
            let mut pending = group;
            while !pending.is_empty() {
                run_number += 1;
                let mut args = vec!["run".to_owned(), device.index.to_string()];
                args.extend(pending.iter().cloned());
                let transcript = run_program(
                    &program,
                    &args,
                    options.timeout,
                    log(&format!("device{}-run{run_number}", device.index)).as_deref(),
                )
                .map_err(|err| {
                    CheckError::Setup(format!("running `{}`: {err}", program.display()))
                })?;
                // Every run reports on at least one pending feature, so this ends.
                let (outcomes, left) = interpret(&transcript, &pending);
                for outcome in outcomes {
                    total += 1;
                    if outcome.verdict == Verdict::Pass {
                        passed += 1;
                    }
                    let row = format!(
                        "  {:<16} {:<5}  {}",
                        outcome.feature,
                        outcome.verdict.label(),
                        outcome.detail
                    );
                    writeln!(out, "{}", row.trim_end())?;
                }
                out.flush()?;
                if left.len() >= pending.len() {
                    break;
                }
                pending = left;
            }
        }
        all_passed &= passed == total;
        summary.push(format!(
            "device {} ({}): {passed} of {total} passed",
            device.index, device.arch
        ));
    }
    writeln!(out)?;
    for line in summary {
        writeln!(out, "{line}")?;
    }
    if options.keep.is_some() {
        writeln!(
            out,
            "kept in {}: selftest.hip, selftest and the output of every run",
            dir.display()
        )?;
    }
    writeln!(
        out,
        "self-test: {}",
        if all_passed {
            "every feature passed on every device"
        } else {
            "FAILED"
        }
    )?;
    out.flush()?;
    Ok(all_passed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn options() {
        assert_eq!(
            parse_options(&args(
                "--check --offload-arch=gfx942,host --keep dir --timeout 5"
            )),
            Ok(Options {
                offload_arch: Some("gfx942,host".to_owned()),
                keep: Some(PathBuf::from("dir")),
                timeout: Duration::from_secs(5),
            })
        );
        assert_eq!(
            parse_options(&args("--offload-arch sm_90 -check --keep=out")),
            Ok(Options {
                offload_arch: Some("sm_90".to_owned()),
                keep: Some(PathBuf::from("out")),
                timeout: DEFAULT_TIMEOUT,
            })
        );
        for (line, message) in [
            (
                "--check --bogus",
                "`--bogus` cannot be combined with `--check`",
            ),
            (
                "--check --path",
                "`--path` cannot be combined with `--check`",
            ),
            ("--check --keep", "`--keep` needs a value"),
            ("--check --offload-arch=", "`--offload-arch` needs a value"),
            (
                "--check --timeout=0",
                "`--timeout` takes a number of seconds above 0",
            ),
            ("--keep x", "need `--check`"),
        ] {
            let err = parse_options(&args(line)).expect_err(line);
            assert!(err.contains(message), "{line}: {err}");
        }
        assert!(is_check_option("--keep=x") && is_check_option("--timeout"));
        assert!(!is_check_option("--keeper") && !is_check_option("--path"));
    }

    fn judge(stdout: &str, stderr: &str, end: End, pending: &str) -> (String, Vec<String>) {
        let transcript = Transcript {
            stdout: stdout.to_owned(),
            stderr: stderr.to_owned(),
            end,
        };
        let (outcomes, left) = interpret(&transcript, &args(pending));
        let text = outcomes
            .iter()
            .map(|o| {
                let line = format!("{} {} {}", o.feature, o.verdict.label(), o.detail);
                format!("{}\n", line.trim_end())
            })
            .collect();
        (text, left)
    }

    #[test]
    fn a_run_that_reports_everything() {
        let stdout = "BEGIN a\nCHECK a PASS fine\nBEGIN b\nCHECK b FAIL wrong value\n";
        let (text, left) = judge(stdout, "", End::Exited(0), "a b");
        insta::assert_snapshot!(text, @r"
        a PASS fine
        b FAIL wrong value
        ");
        assert!(left.is_empty());
    }

    #[test]
    fn a_crash_blames_the_feature_that_began() {
        let stdout = "BEGIN a\nCHECK a PASS \nBEGIN b\n";
        let (text, left) = judge(stdout, "x\nfault at 0x10\n\n", End::Signal(11), "a b c");
        insta::assert_snapshot!(text, @r"
        a PASS
        b CRASH the program was killed by signal 11 (SIGSEGV); its last message: fault at 0x10
        ");
        assert_eq!(left, args("c"));
    }

    #[test]
    fn silence_is_a_hang() {
        let (text, left) = judge("BEGIN a\n", "", End::Silent(Duration::from_secs(30)), "a b");
        insta::assert_snapshot!(text, @"a HANG the program printed nothing for 30 s and was stopped");
        assert_eq!(left, args("b"));
    }

    #[test]
    fn a_lost_device_restarts_the_rest() {
        let stdout =
            "BEGIN a\nCHECK a FAIL kernel k: hipErrorLaunchFailure\nLOST hipErrorLaunchFailure\n";
        let (text, left) = judge(stdout, "", End::Exited(LOST_STATUS), "a b c");
        insta::assert_snapshot!(text, @"a FAIL kernel k: hipErrorLaunchFailure (after it the device refused work: hipErrorLaunchFailure; the features left ran in a new process)");
        assert_eq!(left, args("b c"));
    }

    #[test]
    fn a_run_that_dies_before_any_feature() {
        let (text, left) = judge("", "cannot load\n", End::Exited(1), "a b");
        insta::assert_snapshot!(text, @r"
        a CRASH never ran: the program exited with status 1; its last message: cannot load
        b CRASH never ran: the program exited with status 1; its last message: cannot load
        ");
        assert!(left.is_empty());
    }

    #[test]
    fn a_crash_at_exit() {
        let (text, left) = judge("BEGIN a\nCHECK a PASS \n", "", End::Signal(6), "a");
        insta::assert_snapshot!(text, @r"
        a PASS
        (exit) CRASH after every feature reported, the program was killed by signal 6 (SIGABRT)
        ");
        assert!(left.is_empty());
    }

    #[test]
    fn printf_lines_are_looked_for() {
        let expect = "EXPECT p selftest device printf: 42 text\n";
        let arrived = format!("BEGIN p\n{expect}selftest device printf: 42 text\nCHECK p PASS \n");
        let (text, _) = judge(&arrived, "", End::Exited(0), "p");
        assert_eq!(text, "p PASS\n");
        let (text, _) = judge(
            &format!("BEGIN p\n{expect}CHECK p PASS \n"),
            "",
            End::Exited(0),
            "p",
        );
        insta::assert_snapshot!(text, @"p FAIL the device's line `selftest device printf: 42 text` never reached the program's output");
        let wrong = format!("BEGIN p\n{expect}selftest device printf: 41 text\nCHECK p PASS \n");
        let (text, _) = judge(&wrong, "", End::Exited(0), "p");
        insta::assert_snapshot!(text, @"p FAIL the device printed `selftest device printf: 41 text`, expected `selftest device printf: 42 text`");
    }

    #[test]
    fn listing() {
        let stdout = "DEVICES 2\nDEVICE 0 gfx942:sramecc+:xnack- AMD Instinct MI300X\nDEVICE 1 host oxhip CPU\nFEATURE a group\nFEATURE b alone\n";
        let (devices, features) = parse_listing(stdout).expect("a listing");
        assert_eq!(
            devices,
            [
                Device {
                    index: 0,
                    arch: "gfx942:sramecc+:xnack-".to_owned(),
                    name: "AMD Instinct MI300X".to_owned()
                },
                Device {
                    index: 1,
                    arch: "host".to_owned(),
                    name: "oxhip CPU".to_owned()
                }
            ]
        );
        assert_eq!(
            features,
            [
                Feature {
                    name: "a".to_owned(),
                    alone: false
                },
                Feature {
                    name: "b".to_owned(),
                    alone: true
                }
            ]
        );
        assert_eq!(
            parse_listing("NODEVICE hipErrorNoDevice: no device\n"),
            Err("hipErrorNoDevice: no device".to_owned())
        );
    }
}
