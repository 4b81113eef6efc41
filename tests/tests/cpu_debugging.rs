//! Debugging kernels of the CPU offload target with gdb: a kernel built with
//! `-O0 -g --offload-arch=host` (one fiber per work-item, since it has a barrier) must stop at
//! a source line under a condition on `threadIdx.x`, print its locals and work-item
//! coordinates, show its frame with the source line in `bt`, and run on to `PASSED`.
//! With `OXHIP_CPU_KEEP_IMAGES`, a core file written at that breakpoint must still show the
//! kernel frame after the process has exited.
//!
//! gdb runs with `-batch -nx` and a deadline: the first version of this check hung forever
//! (gdb opened the image's `/proc/self/fd/N` path in its own process and read one of its own
//! pipes). The tests skip, with a note on stderr, when gdb is not installed;
//! `scripts/setup.sh` installs it.
//!
//! Needs the workspace built first (`cargo build --workspace`, as `scripts/test.sh` does).

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use tests::oxhip_binary;

/// The kernel to debug. It has a barrier, so at `-O0` each work-item runs as a fiber.
const SOURCE: &str = r#"#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void reverse_tile(const int* in, int* out, int factor) {
  __shared__ int tile[64];
  int t = threadIdx.x;
  tile[t] = in[t] * factor;
  __syncthreads();
  int mirrored = tile[blockDim.x - 1 - t];
  out[t] = mirrored + 1; // BREAK
}

int main() {
  const int n = 8;
  int host_in[n], host_out[n];
  for (int i = 0; i < n; ++i) host_in[i] = i * 10;
  int *in, *out;
  (void)hipMalloc(&in, sizeof host_in);
  (void)hipMalloc(&out, sizeof host_out);
  (void)hipMemcpy(in, host_in, sizeof host_in, hipMemcpyHostToDevice);
  reverse_tile<<<1, n>>>(in, out, 3);
  (void)hipMemcpy(host_out, out, sizeof host_out, hipMemcpyDeviceToHost);
  int errors = 0;
  for (int i = 0; i < n; ++i) errors += host_out[i] != (n - 1 - i) * 30 + 1;
  std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
  return errors != 0;
}
"#;

/// The gdb macros of docs/cpu-target.md ("Debugging"): `threadIdx` and friends are compiler
/// properties with no storage, so gdb reads them from the work-item record.
const GDB_MACROS: &str = "\
macro define threadIdx (((dim3 *) __oxhip_cpu_item)[0])
macro define blockIdx (((dim3 *) __oxhip_cpu_item)[1])
macro define blockDim (((dim3 *) __oxhip_cpu_item)[2])
macro define gridDim (((dim3 *) __oxhip_cpu_item)[3])
";

/// How long one gdb run may take before it counts as hung (a normal run takes seconds).
const GDB_DEADLINE: Duration = Duration::from_secs(120);

/// Whether gdb can be run; prints why the test is skipped when not.
#[expect(
    clippy::print_stderr,
    reason = "a skipped test says why on the test's stderr"
)]
fn gdb_is_installed() -> bool {
    match Command::new("gdb").arg("--version").output() {
        Ok(output) if output.status.success() => true,
        Ok(output) => {
            eprintln!("skipped: `gdb --version` failed: {:?}", output.status);
            false
        }
        Err(err) => {
            eprintln!("skipped: gdb is not installed ({err}); scripts/setup.sh installs it");
            false
        }
    }
}

/// Writes [`SOURCE`] to `dir/debugged.hip` and builds it for the CPU target with `-O0 -g`;
/// returns the executable.
fn build_debuggable(dir: &Path) -> PathBuf {
    let source = dir.join("debugged.hip");
    std::fs::write(&source, SOURCE).unwrap_or_else(|err| panic!("writing the source: {err}"));
    let exe = dir.join("debugged");
    let output = Command::new(oxhip_binary())
        .args(["-O0", "-g", "--offload-arch=host"])
        .arg(&source)
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap_or_else(|err| panic!("running oxhip: {err}"));
    assert!(
        output.status.success(),
        "oxhip failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    exe
}

/// The line of [`SOURCE`] marked `// BREAK`.
fn break_line() -> usize {
    SOURCE
        .lines()
        .position(|line| line.ends_with("// BREAK"))
        .unwrap_or_else(|| panic!("no `// BREAK` line in the source"))
        + 1
}

/// Runs `gdb -batch -nx -x <script> <args>` with the program on the CPU device; returns
/// everything gdb and the program wrote (stdout and stderr, interleaved as written).
/// Panics with the output so far if gdb runs past [`GDB_DEADLINE`].
fn run_gdb(dir: &Path, name: &str, script: &str, args: &[&std::ffi::OsStr]) -> String {
    let script_path = dir.join(format!("{name}.gdb"));
    std::fs::write(&script_path, script).unwrap_or_else(|err| panic!("writing the script: {err}"));
    // Output goes to a file, not a pipe, so that nothing waits on a reader.
    let log_path = dir.join(format!("{name}.log"));
    let log = File::create(&log_path).unwrap_or_else(|err| panic!("creating the log: {err}"));
    let log_too = log
        .try_clone()
        .unwrap_or_else(|err| panic!("cloning the log: {err}"));
    let mut gdb = Command::new("gdb")
        .args(["-batch", "-nx", "-x"])
        .arg(&script_path)
        .args(args)
        .env("OXHIP_VISIBLE_DEVICES", "cpu")
        // No debuginfod lookups: they would reach for the network.
        .env_remove("DEBUGINFOD_URLS")
        .stdin(Stdio::null())
        .stdout(log)
        .stderr(log_too)
        .spawn()
        .unwrap_or_else(|err| panic!("starting gdb: {err}"));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = gdb
            .try_wait()
            .unwrap_or_else(|err| panic!("waiting for gdb: {err}"))
        {
            break Some(status);
        }
        if started.elapsed() > GDB_DEADLINE {
            // SIGKILL: gdb blocked in a read ignores SIGTERM. gdb starts the program with
            // PTRACE_O_EXITKILL, so the program dies with it.
            let _ = gdb.kill();
            let _ = gdb.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let output = std::fs::read_to_string(&log_path).unwrap_or_default();
    match status {
        Some(status) => assert!(status.success(), "gdb exited with {status:?}:\n{output}"),
        None => panic!("gdb hung (killed after {GDB_DEADLINE:?}); its output so far:\n{output}"),
    }
    output
}

/// gdb's frame lines (`#0  …`, `#1  …`) in `output`.
fn frames(output: &str) -> Vec<&str> {
    output
        .lines()
        .filter(|line| line.starts_with('#'))
        .collect()
}

#[test]
fn gdb_stops_at_a_kernel_line_and_prints_work_item_values() {
    if !gdb_is_installed() {
        return;
    }
    let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temp dir: {err}"));
    let exe = build_debuggable(dir.path());
    let line = break_line();
    // The line breakpoint is set before the image is loaded, so gdb first resolves it in the
    // host code of the same file, where the condition cannot be parsed: `-force-condition`
    // keeps it, and the breakpoint moves to the kernel line when the image is loaded.
    let script = format!(
        "set breakpoint pending on\n\
         {GDB_MACROS}\
         break debugged.hip:{line} -force-condition if threadIdx.x == 5\n\
         run\n\
         print mirrored\n\
         print threadIdx.x\n\
         print blockDim\n\
         bt\n\
         continue\n"
    );
    let output = run_gdb(dir.path(), "break", &script, &[exe.as_os_str()]);

    let stops: Vec<&str> = output
        .lines()
        .filter(|text| text.starts_with("Breakpoint 1, "))
        .collect();
    assert_eq!(stops.len(), 1, "one stop, for work-item 5:\n{output}");
    assert!(
        stops[0].starts_with("Breakpoint 1, reverse_tile (")
            && stops[0].ends_with(&format!("debugged.hip:{line}")),
        "{output}"
    );
    // Work-item 5 reads the tile entry of work-item 2: 20 * 3.
    for value in ["$1 = 60", "$2 = 5", "$3 = {x = 8, y = 1, z = 1}"] {
        assert!(
            output.lines().any(|text| text == value),
            "no `{value}`:\n{output}"
        );
    }
    // The backtrace starts at the kernel's source line and, through the fiber's stack
    // switch, reaches the host code that launched it.
    let frames = frames(&output);
    assert!(
        frames.first().is_some_and(|frame| {
            frame.starts_with("#0  reverse_tile (")
                && frame.ends_with(&format!("debugged.hip:{line}"))
        }),
        "{output}"
    );
    assert!(
        frames.iter().any(|frame| frame.contains(" main () at ")),
        "{output}"
    );
    assert!(output.contains("PASSED"), "{output}");
    assert!(output.contains("exited normally"), "{output}");
}

#[test]
fn kept_images_let_gdb_read_a_core_file_of_a_kernel() {
    if !gdb_is_installed() {
        return;
    }
    let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temp dir: {err}"));
    let exe = build_debuggable(dir.path());
    let images = dir.path().join("images");
    let core = dir.path().join("debugged.core");
    let line = break_line();
    let script = format!(
        "set breakpoint pending on\n\
         set environment OXHIP_CPU_KEEP_IMAGES={}\n\
         {GDB_MACROS}\
         break debugged.hip:{line} -force-condition if threadIdx.x == 3\n\
         run\n\
         gcore {}\n\
         kill\n",
        images.display(),
        core.display()
    );
    let live = run_gdb(dir.path(), "gcore", &script, &[exe.as_os_str()]);
    assert!(core.is_file(), "no core file:\n{live}");
    let kept: Vec<PathBuf> = std::fs::read_dir(&images)
        .unwrap_or_else(|err| panic!("listing {}: {err}\n{live}", images.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .collect();
    assert!(
        kept.len() == 1 && kept[0].extension().is_some_and(|e| e == "so"),
        "{kept:?}"
    );

    // The process is gone; the kernel's symbols come from the kept image.
    let script = format!("{GDB_MACROS}bt 1\nprint t\nprint threadIdx\n");
    let post_mortem = run_gdb(
        dir.path(),
        "core",
        &script,
        &[exe.as_os_str(), core.as_os_str()],
    );
    let frames = frames(&post_mortem);
    assert!(
        frames.first().is_some_and(|frame| {
            frame.starts_with("#0  reverse_tile (")
                && frame.ends_with(&format!("debugged.hip:{line}"))
        }),
        "{post_mortem}"
    );
    for value in ["$1 = 3", "$2 = {x = 3, y = 0, z = 0}"] {
        assert!(
            post_mortem.lines().any(|text| text == value),
            "no `{value}`:\n{post_mortem}"
        );
    }
}
