//! The AMD backend on a machine without an AMD GPU: it loads ROCm's HSA runtime (Debian's
//! `libhsa-runtime64-1`, which `scripts/setup.sh` installs), the runtime declines, and the
//! program runs on the next device with the reason in the log. Nothing crashes or hangs.
//!
//! Then the protocol, against a stand-in for the HSA runtime written for this test
//! (`tests/amd/hsa_standin.c`, built with clang-22): it runs no kernel, but it takes the
//! packets from the queues as a packet processor would and records each dispatch's fields and
//! kernarg bytes, which are held to the metadata clang wrote into the code object (read with
//! `llvm-readelf-22 --notes`). This checks oxhip's side of the HSA protocol; it is not AMD
//! execution.
//!
//! Also the cases where no HSA runtime loads (`OXHIP_HSA_LIBRARY` names a missing file or a
//! library that is not HSA's), and the device order: with no GPU, the CPU device is device
//! 0 whatever `HIP_VISIBLE_DEVICES` says about GPUs.
//!
//! Needs the workspace built first (`cargo build --workspace`, as `scripts/test.sh` does).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use tests::{oxhip_binary, repo_root};

/// Builds `source` (relative to the repository) with `oxhip -O2` and `flags` into `output`;
/// a failed build fails the test with oxhip's messages.
fn build(source: &str, flags: &[&str], output: &Path) {
    let result = Command::new(oxhip_binary())
        .arg("-O2")
        .args(flags)
        .arg(repo_root().join(source))
        .arg("-o")
        .arg(output)
        .output()
        .expect("running oxhip");
    assert!(
        result.status.success(),
        "building {source}: {}",
        String::from_utf8_lossy(&result.stderr)
    );
}

/// `examples/vadd.hip` built for an AMD target, NVIDIA and the CPU, once per test binary.
fn vadd() -> PathBuf {
    static BUILT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(|| {
            let dir = tempfile::tempdir().expect("temporary directory").keep();
            let exe = dir.join("vadd");
            build(
                "examples/vadd.hip",
                &["--offload-arch=gfx942,sm_90,host"],
                &exe,
            );
            exe
        })
        .clone()
}

/// Runs `exe` with the runtime's log and `env`, ending a hang after 60 s.
fn run(exe: &Path, env: &[(&str, &str)]) -> Output {
    let mut command = Command::new("timeout");
    command.arg("60").arg(exe).env("OXHIP_LOG", "1");
    for (name, value) in env {
        command.env(name, value);
    }
    command.output().expect("running the program")
}

fn log_of(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Debian's HSA runtime, where the system has one.
fn system_hsa() -> Option<&'static str> {
    ["/usr/lib/x86_64-linux-gnu/libhsa-runtime64.so.1"]
        .into_iter()
        .find(|path| Path::new(path).exists())
}

#[test]
#[expect(
    clippy::print_stderr,
    reason = "a skipped test says why on the test's stderr"
)]
fn the_hsa_runtime_loads_and_declines_without_an_amd_gpu() {
    let Some(library) = system_hsa() else {
        // CI installs it (scripts/setup.sh); a developer machine without it says so.
        eprintln!("skipped: libhsa-runtime64-1 is not installed (scripts/setup.sh installs it)");
        return;
    };
    if Path::new("/dev/kfd").exists() {
        eprintln!(
            "skipped: this machine has an AMD GPU driver (/dev/kfd); the decline path needs none"
        );
        return;
    }
    let output = run(&vadd(), &[("OXHIP_HSA_LIBRARY", library)]);
    let log = log_of(&output);
    assert!(output.status.success(), "vadd failed:\n{log}");
    assert!(
        String::from_utf8_lossy(&output.stdout).contains("PASSED"),
        "vadd did not pass:\n{log}"
    );
    // The library loaded (so every entry point resolved) and hsa_init declined.
    assert!(
        log.contains("AMD GPUs: none (`") && log.contains("loaded, but hsa_init failed"),
        "the log does not say why the AMD backend declined:\n{log}"
    );
    // Without a library named, the runtime does not load one where /dev/kfd is absent:
    // hsa_init could only fail.
    let output = run(&vadd(), &[]);
    assert!(output.status.success(), "{}", log_of(&output));
    assert!(
        log_of(&output).contains(
            "AMD GPUs: none (no AMD GPU driver (/dev/kfd does not exist); the HSA runtime was not loaded)"
        ),
        "{}",
        log_of(&output)
    );
}

#[test]
fn a_selection_of_the_cpu_alone_starts_no_gpu_driver() {
    // Even with a library named: no GPU can be visible, so none is probed.
    for env in [
        vec![("OXHIP_VISIBLE_DEVICES", "cpu")],
        vec![
            ("OXHIP_VISIBLE_DEVICES", "host"),
            ("OXHIP_HSA_LIBRARY", "/nonexistent/libhsa-runtime64.so.1"),
        ],
    ] {
        let output = run(&vadd(), &env);
        let log = log_of(&output);
        assert!(output.status.success(), "vadd failed:\n{log}");
        assert!(log.contains("GPUs not probed"), "{env:?}:\n{log}");
        assert!(
            !log.contains("AMD GPUs:") && !log.contains("NVIDIA GPUs:"),
            "{env:?}: a GPU driver was probed:\n{log}"
        );
    }
    // A number may name a GPU: the drivers are probed.
    let output = run(&vadd(), &[("OXHIP_VISIBLE_DEVICES", "0")]);
    let log = log_of(&output);
    assert!(output.status.success(), "vadd failed:\n{log}");
    assert!(log.contains("AMD GPUs: none ("), "{log}");
}

#[test]
fn a_missing_or_foreign_hsa_library_is_named_in_the_log() {
    let output = run(
        &vadd(),
        &[("OXHIP_HSA_LIBRARY", "/nonexistent/libhsa-runtime64.so.1")],
    );
    let log = log_of(&output);
    assert!(output.status.success(), "vadd failed:\n{log}");
    assert!(
        log.contains("AMD GPUs: none (cannot load `/nonexistent/libhsa-runtime64.so.1`"),
        "{log}"
    );
    // A shared library that is not an HSA runtime: it loads, but lacks the entry points.
    let libz = [
        "/usr/lib/x86_64-linux-gnu/libz.so.1",
        "/lib/x86_64-linux-gnu/libz.so.1",
    ]
    .into_iter()
    .find(|path| Path::new(path).exists())
    .expect("zlib is installed on every Debian system");
    let output = run(&vadd(), &[("OXHIP_HSA_LIBRARY", libz)]);
    let log = log_of(&output);
    assert!(output.status.success(), "vadd failed:\n{log}");
    assert!(
        log.contains("the HSA runtime has no `hsa_init`"),
        "the log does not name the missing entry point:\n{log}"
    );
}

#[test]
fn without_a_gpu_the_cpu_device_is_device_zero_whatever_hip_visible_devices_says() {
    // HIP_VISIBLE_DEVICES selects among GPUs; the CPU device stays listed for a program with
    // a CPU image, so with no GPU at all it is the one device.
    let output = run(&vadd(), &[("HIP_VISIBLE_DEVICES", "0,1")]);
    let log = log_of(&output);
    assert!(output.status.success(), "vadd failed:\n{log}");
    assert!(
        String::from_utf8_lossy(&output.stdout).contains("PASSED"),
        "{log}"
    );
    // OXHIP_VISIBLE_DEVICES takes precedence: naming no device gives hipErrorNoDevice.
    let output = run(
        &vadd(),
        &[("HIP_VISIBLE_DEVICES", "0"), ("OXHIP_VISIBLE_DEVICES", "")],
    );
    assert!(
        !output.status.success(),
        "vadd ran with no visible device:\n{}",
        log_of(&output)
    );
}

/// One kernel of a code object as `llvm-readelf --notes` prints its metadata.
#[derive(Debug, Default)]
struct KernelNote {
    name: String,
    group_segment_fixed_size: u64,
    /// (offset, size, value kind), in order.
    args: Vec<(usize, usize, String)>,
}

/// The kernels of the `amdhsa.kernels` YAML that `llvm-readelf-22 --notes` prints: the
/// ground truth the protocol test holds the kernarg bytes to.
fn kernel_notes(code_object: &Path) -> Vec<KernelNote> {
    let output = Command::new("llvm-readelf-22")
        .arg("--notes")
        .arg(code_object)
        .output()
        .expect("running llvm-readelf-22 (llvm-22 is installed by scripts/setup.sh)");
    assert!(output.status.success(), "llvm-readelf-22 failed");
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let mut kernels: Vec<KernelNote> = Vec::new();
    let mut in_args = false;
    for line in text.lines() {
        let indent = line.len() - line.trim_start().len();
        let trimmed = line.trim_start();
        // A kernel starts at "  - ." (indent 2), an argument at "      - ." (indent 6).
        let (item_start, body) = match trimmed.strip_prefix("- ") {
            Some(body) => (true, body),
            None => (false, trimmed),
        };
        let Some((key, value)) = body.split_once(':') else {
            continue;
        };
        let value = value.trim();
        if item_start && indent == 2 {
            kernels.push(KernelNote::default());
            in_args = false;
        }
        let Some(kernel) = kernels.last_mut() else {
            continue;
        };
        if indent <= 4 && !item_start || (item_start && indent == 2) {
            in_args = key == ".args";
            match key {
                ".name" => kernel.name = value.to_owned(),
                ".group_segment_fixed_size" => {
                    kernel.group_segment_fixed_size = value.parse().unwrap_or(0)
                }
                _ => {}
            }
            continue;
        }
        if !in_args {
            continue;
        }
        if item_start {
            kernel.args.push((0, 0, String::new()));
        }
        let Some(arg) = kernel.args.last_mut() else {
            continue;
        };
        match key {
            ".offset" => arg.0 = value.parse().expect("an offset"),
            ".size" => arg.1 = value.parse().expect("a size"),
            ".value_kind" => arg.2 = value.to_owned(),
            _ => {}
        }
    }
    kernels
}

/// One kernel dispatch the stand-in recorded.
#[derive(Debug)]
struct Dispatch {
    fields: std::collections::HashMap<String, String>,
    kernarg: Vec<u8>,
}

fn dispatches(log: &str) -> Vec<Dispatch> {
    log.lines()
        .filter_map(|line| line.strip_prefix("DISPATCH "))
        .map(|rest| {
            let fields: std::collections::HashMap<String, String> = rest
                .split(' ')
                .filter_map(|field| field.split_once('='))
                .map(|(key, value)| (key.to_owned(), value.to_owned()))
                .collect();
            let hex = fields.get("kernarg").cloned().unwrap_or_default();
            let kernarg = (0..hex.len() / 2)
                .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).expect("hex"))
                .collect();
            Dispatch { fields, kernarg }
        })
        .collect()
}

fn le(bytes: &[u8], offset: usize, size: usize) -> u64 {
    let mut value = 0u64;
    for (i, byte) in bytes[offset..offset + size].iter().enumerate() {
        value |= u64::from(*byte) << (8 * i);
    }
    value
}

/// The value of every hidden argument a kernel lists, for a launch of `grid` blocks of
/// `block` threads with `dynamic` bytes of shared memory; `None` for those whose value is an
/// address the test cannot know (checked to be non-zero instead).
fn hidden_value(kind: &str, grid: [u64; 3], block: [u64; 3], dynamic: u64) -> Option<u64> {
    let axis = |name: &str| match name.chars().last() {
        Some('x') => 0,
        Some('y') => 1,
        _ => 2,
    };
    Some(match kind {
        k if k.starts_with("hidden_block_count_") => grid[axis(k)],
        k if k.starts_with("hidden_group_size_") => block[axis(k)],
        k if k.starts_with("hidden_remainder_") => 0,
        k if k.starts_with("hidden_global_offset_") => 0,
        "hidden_grid_dims" => 3,
        "hidden_dynamic_lds_size" => dynamic,
        "hidden_multigrid_sync_arg"
        | "hidden_heap_v1"
        | "hidden_default_queue"
        | "hidden_completion_action"
        | "hidden_printf_buffer"
        | "hidden_none" => 0,
        "hidden_hostcall_buffer" | "hidden_queue_ptr" => return None,
        other => panic!("the test does not know the hidden argument `{other}`"),
    })
}

/// Builds the HSA stand-in (tests/amd/hsa_standin.c) with clang-22.
fn standin(dir: &Path) -> PathBuf {
    let library = dir.join("libhsa-standin.so");
    let output = Command::new("clang-22")
        .args(["-shared", "-fPIC", "-O1", "-pthread", "-Wall", "-Werror"])
        .arg(repo_root().join("tests/amd/hsa_standin.c"))
        .arg("-o")
        .arg(&library)
        .output()
        .expect("running clang-22");
    assert!(
        output.status.success(),
        "building the stand-in: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    library
}

#[test]
fn kernel_dispatches_follow_the_code_objects_metadata() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let library = standin(dir.path());
    let exe = dir.path().join("protocol");
    build("tests/amd/protocol.hip", &["--offload-arch=gfx942"], &exe);
    let module = dir.path().join("module.hipfb");
    build(
        "tests/amd/module_kernels.hip",
        &["--offload-arch=gfx942", "--genco"],
        &module,
    );
    let log_path = dir.path().join("standin.log");
    let log_text = log_path.to_string_lossy().into_owned();
    let run = run(
        &exe,
        &[
            ("OXHIP_HSA_LIBRARY", library.to_str().expect("a UTF-8 path")),
            ("OXHIP_STANDIN_LOG", &log_text),
            (
                "OXHIP_PROTOCOL_MODULE",
                module.to_str().expect("a UTF-8 path"),
            ),
        ],
    );
    let log = std::fs::read_to_string(&log_path).unwrap_or_default();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success() && stdout.contains("protocol: PASSED"),
        "the program failed against the stand-in:\n{stdout}\n{}\n--- stand-in log\n{log}",
        log_of(&run)
    );
    assert!(
        !log.contains("ERROR"),
        "the stand-in refused something:\n{log}"
    );
    // The device the program saw is the stand-in's agent.
    assert!(
        stdout.contains("oxhip HSA stand-in (gfx942:sramecc+:xnack-), 4 CUs, elapsed measured"),
        "{stdout}"
    );

    let notes = kernel_notes(&dir.path().join("standin.log.code-object-0"));
    let note = |name: &str| {
        notes
            .iter()
            .find(|kernel| kernel.name == name)
            .unwrap_or_else(|| panic!("no kernel `{name}` in {notes:?}"))
    };
    let recorded = dispatches(&log);
    assert_eq!(recorded.len(), 5, "five launches reach the queue:\n{log}");
    for dispatch in &recorded {
        assert_eq!(dispatch.fields["header"], "0x1502", "{dispatch:?}");
        assert_eq!(dispatch.fields["setup"], "3", "{dispatch:?}");
    }

    // many<<<(3,2,1), (64,2,1), 256>>>: the grid in work-items, LDS = static + dynamic.
    let many = note("_Z4manycsixfdPi3Oddh");
    let first = &recorded[0];
    assert_eq!(first.fields["block"], "64,2,1");
    assert_eq!(first.fields["grid"], "192,4,1");
    assert_eq!(
        first.fields["group"],
        (many.group_segment_fixed_size + 256).to_string()
    );
    // Explicit arguments at the offsets clang wrote, with the values the program passed.
    let explicit: Vec<&(usize, usize, String)> = many
        .args
        .iter()
        .filter(|arg| !arg.2.starts_with("hidden_"))
        .collect();
    assert_eq!(explicit.len(), 9);
    let bytes = &first.kernarg;
    assert_eq!(le(bytes, explicit[0].0, 1), u64::from(b'A'));
    assert_eq!(le(bytes, explicit[1].0, 2), 0xfffe);
    assert_eq!(le(bytes, explicit[2].0, 4), 123_456);
    assert_eq!(le(bytes, explicit[3].0, 8), 0x1122_3344_5566_7788);
    assert_eq!(le(bytes, explicit[4].0, 4), u64::from(1.5f32.to_bits()));
    assert_eq!(le(bytes, explicit[5].0, 8), (-0.25f64).to_bits());
    assert_ne!(le(bytes, explicit[6].0, 8), 0, "the buffer pointer");
    // struct Odd { char c; double d; int i[3]; } by value: 32 bytes.
    let odd = explicit[7].0;
    assert_eq!(explicit[7].1, 32);
    assert_eq!(le(bytes, odd, 1), u64::from(b's'));
    assert_eq!(le(bytes, odd + 8, 8), 2.5f64.to_bits());
    assert_eq!(
        [
            le(bytes, odd + 16, 4),
            le(bytes, odd + 20, 4),
            le(bytes, odd + 24, 4)
        ],
        [7, 8, 9]
    );
    assert_eq!(le(bytes, explicit[8].0, 1), 0xEE);
    // Every hidden argument the kernel lists.
    let check_hidden = |note: &KernelNote, bytes: &[u8], grid, block, dynamic| {
        for (offset, size, kind) in note.args.iter().filter(|arg| arg.2.starts_with("hidden_")) {
            let value = le(bytes, *offset, *size);
            match hidden_value(kind, grid, block, dynamic) {
                Some(expected) => assert_eq!(value, expected, "{} {kind} at {offset}", note.name),
                None => assert_ne!(value, 0, "{} {kind} at {offset}", note.name),
            }
        }
    };
    check_hidden(many, bytes, [3, 2, 1], [64, 2, 1], 256);

    // dims<<<(5,1,7), (8,4,2)>>> after a copy: a barrier packet on the copy came first.
    let dims = note("_Z4dimsPi");
    let second = &recorded[1];
    assert_eq!(second.fields["grid"], "40,4,14");
    check_hidden(dims, &second.kernarg, [5, 1, 7], [8, 4, 2], 0);
    let before_first = log
        .split("DISPATCH")
        .next()
        .expect("text before the first dispatch");
    assert!(
        before_first.contains("COPY 64 bytes cpu->gpu") && before_first.contains("BARRIER"),
        "the launch after an asynchronous copy must wait for it with a barrier packet:\n{log}"
    );

    // talk: its printf uses the hostcall buffer, which the runtime supplied (the stand-in
    // runs no kernel, so nothing is printed; the buffer's decoding is tested in printf.rs).
    let talk = note("_Z4talki");
    assert!(
        talk.args
            .iter()
            .any(|arg| arg.2 == "hidden_hostcall_buffer"),
        "clang's metadata for a printf kernel lists the hostcall buffer: {talk:?}"
    );
    check_hidden(talk, &recorded[2].kernarg, [1, 1, 1], [1, 1, 1], 0);

    // The module API: hipModuleLaunchKernel with kernelParams, then with the packed `extra`
    // buffer, laid out by the module's own metadata (the second code object given to HSA).
    let module_notes = kernel_notes(&dir.path().join("standin.log.code-object-1"));
    let scale = module_notes
        .iter()
        .find(|kernel| kernel.name == "scale")
        .unwrap_or_else(|| panic!("no kernel `scale` in {module_notes:?}"));
    let explicit: Vec<&(usize, usize, String)> = scale
        .args
        .iter()
        .filter(|arg| !arg.2.starts_with("hidden_"))
        .collect();
    assert_eq!(explicit.len(), 3);
    for (dispatch, factor, count, blocks, threads) in [
        (&recorded[3], 0.5f32, 1000, 4, 256),
        (&recorded[4], 4.0f32, 77, 1, 128),
    ] {
        assert_eq!(
            le(&dispatch.kernarg, explicit[0].0, 8),
            le(&recorded[0].kernarg, 32, 8),
            "the buffer pointer"
        );
        assert_eq!(
            le(&dispatch.kernarg, explicit[1].0, 4),
            u64::from(factor.to_bits())
        );
        assert_eq!(le(&dispatch.kernarg, explicit[2].0, 4), count);
        check_hidden(scale, &dispatch.kernarg, [blocks, 1, 1], [threads, 1, 1], 0);
    }
}

#[test]
fn a_runtime_without_gpu_agents_is_declined_and_shut_down() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let library = standin(dir.path());
    let log_path = dir.path().join("standin.log");
    let log_text = log_path.to_string_lossy().into_owned();
    let output = run(
        &vadd(),
        &[
            ("OXHIP_HSA_LIBRARY", library.to_str().expect("a UTF-8 path")),
            ("OXHIP_STANDIN_LOG", &log_text),
            ("OXHIP_STANDIN_AGENTS", "cpu"),
        ],
    );
    let log = log_of(&output);
    assert!(output.status.success(), "vadd failed:\n{log}");
    assert!(
        String::from_utf8_lossy(&output.stdout).contains("PASSED"),
        "{log}"
    );
    assert!(log.contains("reports no GPU agent"), "{log}");
    let standin_log = std::fs::read_to_string(&log_path).unwrap_or_default();
    assert!(
        standin_log.contains("INIT") && standin_log.contains("SHUT_DOWN"),
        "hsa_init was not paired with hsa_shut_down:\n{standin_log}"
    );
}

#[test]
fn a_kernel_fault_is_an_error_not_a_hang() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let library = standin(dir.path());
    let exe = dir.path().join("fault");
    build("tests/amd/fault.hip", &["--offload-arch=gfx942"], &exe);
    let log_path = dir.path().join("standin.log");
    let log_text = log_path.to_string_lossy().into_owned();
    let started = std::time::Instant::now();
    let run = run(
        &exe,
        &[
            ("OXHIP_HSA_LIBRARY", library.to_str().expect("a UTF-8 path")),
            ("OXHIP_STANDIN_LOG", &log_text),
            ("OXHIP_STANDIN_FAULT", "1"),
        ],
    );
    let stdout = String::from_utf8_lossy(&run.stdout);
    let log = std::fs::read_to_string(&log_path).unwrap_or_default();
    assert!(
        run.status.success() && stdout.contains("fault: PASSED"),
        "exit {:?} after {:?}:\n{stdout}\n{}\n--- stand-in log\n{log}",
        run.status.code(),
        started.elapsed(),
        log_of(&run)
    );
    assert!(log.contains("FAULT"), "the stand-in did not fault:\n{log}");
}

/// Runs `exe` against the stand-in `library` with `env` added, logging to `log_path`;
/// asserts that it printed `<program>: PASSED` and returns the stand-in's log.
fn passes_on_standin(
    exe: &Path,
    library: &Path,
    log_path: &Path,
    program: &str,
    env: &[(&str, &str)],
) -> String {
    let log_text = log_path.to_string_lossy().into_owned();
    let mut all = vec![
        ("OXHIP_HSA_LIBRARY", library.to_str().expect("a UTF-8 path")),
        ("OXHIP_STANDIN_LOG", log_text.as_str()),
    ];
    all.extend_from_slice(env);
    let run = run(exe, &all);
    let stdout = String::from_utf8_lossy(&run.stdout);
    let log = std::fs::read_to_string(log_path).unwrap_or_default();
    assert!(
        run.status.success() && stdout.contains(&format!("{program}: PASSED")),
        "{program}:\n{stdout}\n{}\n--- stand-in log\n{log}",
        log_of(&run)
    );
    log
}

/// Builds `tests/amd/<program>.hip` for gfx942 and runs it against the stand-in with `env`
/// added; returns the stand-in's log, which holds no refusal.
fn standin_program(program: &str, env: &[(&str, &str)]) -> String {
    let dir = tempfile::tempdir().expect("temporary directory");
    let library = standin(dir.path());
    let exe = dir.path().join(program);
    build(
        &format!("tests/amd/{program}.hip"),
        &["--offload-arch=gfx942"],
        &exe,
    );
    let log = passes_on_standin(
        &exe,
        &library,
        &dir.path().join("standin.log"),
        program,
        env,
    );
    assert!(
        !log.contains("ERROR"),
        "the stand-in refused something:\n{log}"
    );
    log
}

#[test]
fn a_generic_image_serves_the_processors_of_its_family() {
    // Built for gfx9-4-generic alone (code object version 6), the program runs on the
    // stand-in's gfx942 agent from the generic image; built for both, the agent's own wins.
    let dir = tempfile::tempdir().expect("temporary directory");
    let library = standin(dir.path());
    for (archs, want_mach) in [
        ("gfx9-4-generic", 0x5f_u32),
        ("gfx9-4-generic,gfx942", 0x4c),
    ] {
        let exe = dir.path().join("protocol");
        build(
            "tests/amd/protocol.hip",
            &[&format!("--offload-arch={archs}")],
            &exe,
        );
        let log_path = dir.path().join(format!("generic-{want_mach}.log"));
        passes_on_standin(&exe, &library, &log_path, "protocol", &[]);
        let mut code_object_path = log_path.into_os_string();
        code_object_path.push(".code-object-0");
        let code_object =
            std::fs::read(code_object_path).expect("the code object the runtime loaded");
        // EI_ABIVERSION: 4 is code object version 6, 3 is version 5; e_flags' low byte is the
        // processor (EF_AMDGPU_MACH).
        let abi_version = code_object[8];
        let e_flags = u32::from_le_bytes(code_object[48..52].try_into().expect("4 bytes"));
        assert_eq!(e_flags & 0xff, want_mach, "{archs}: e_flags {e_flags:#x}");
        assert_eq!(
            abi_version,
            if want_mach == 0x5f { 4 } else { 3 },
            "{archs}"
        );
    }
}

#[test]
fn each_thread_gets_its_own_per_thread_stream() {
    let log = standin_program("per_thread", &[]);
    // Four launches on four queues: each worker thread's, the null stream's and the main
    // thread's per-thread stream.
    let recorded = dispatches(&log);
    assert_eq!(recorded.len(), 4, "{log}");
    let queues: std::collections::BTreeSet<&str> = recorded
        .iter()
        .map(|dispatch| dispatch.fields["queue"].as_str())
        .collect();
    assert_eq!(queues.len(), 4, "each launch on its own queue:\n{log}");
}

#[test]
fn managed_memory_advice_is_recorded_and_read_back() {
    standin_program("managed", &[]);
}

#[test]
fn peer_access_between_two_gpus() {
    let log = standin_program("peer", &[("OXHIP_STANDIN_GPUS", "2")]);
    // Enabling access made device 1's existing allocation reachable by device 0's agent.
    assert!(
        log.lines().any(|line| {
            line.starts_with("ALLOW")
                && line.contains("pool=0x3005")
                && line
                    .rsplit_once("to=")
                    .is_some_and(|(_, agents)| agents.split(',').any(|agent| agent == "gpu"))
        }),
        "no allow-access call for device 1's memory to device 0:\n{log}"
    );
    // The copies ran between the two GPUs.
    assert!(
        log.contains("gpu->gpu2") && log.contains("gpu2->gpu"),
        "{log}"
    );
}
