//! Every program under `tests/programs/` (and `examples/vadd.hip`) built with the built
//! `oxhip` for the CPU offload target and run on the CPU device: each must exit 0 and print
//! `PASSED`. This is the CI run of the test-program suite; `tests/gpu/run.sh` runs the same
//! programs on a GPU.
//!
//! A program whose first line is `// oxhip-flags: …` is built with those flags too
//! (`fast_math.hip`: `--use_fast_math`).
//!
//! Each program is built for `--offload-arch=host` alone and run. Each one's device code is
//! also compiled for `gfx942` and `sm_90` (`--cuda-device-only`), so a header or codegen
//! change that breaks a GPU target fails here too; a sample of every build shape
//! ([`BUNDLE_SAMPLE`]) is built whole for `gfx942,sm_90,host` and run, so the CPU image must
//! also work from a bundle shared with GPU images. Programs build and run `OXHIP_TEST_JOBS`
//! at a time (default: one per CPU). `cuda_project/` is a CUDA program (`.cu`, `.cpp`, helper headers) built
//! file by file with nvcc's flags. `multi_tu/` is compiled one unit at a time (`-c`) and linked (`rdc/` the
//! same with `-fgpu-rdc`); a directory with a `kernels.hip` (`module/`, `module_threads/`)
//! is a host program (`main.hip`) that loads `kernels.hip`, built with `--genco` into
//! `<executable>.hipfb`, through the module API. The runs
//! set `OXHIP_VISIBLE_DEVICES=cpu`, so a GPU on the test machine does not take device 0.
//!
//! Needs the workspace built first (`cargo build --workspace`, as `scripts/test.sh` does).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use tests::{oxhip_binary, repo_root};

/// Runs `oxhip` with `args`; returns its stderr on failure.
fn compile(args: &[&std::ffi::OsStr]) -> Result<(), String> {
    let output = Command::new(oxhip_binary())
        .args(args)
        .output()
        .unwrap_or_else(|err| panic!("running oxhip: {err}"));
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "oxhip {:?} failed: {}",
            args,
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}

/// Runs a built program on the CPU device; a hang is a failure too: `timeout` ends the
/// run after two minutes.
fn run_on_cpu(exe: &Path) -> Output {
    Command::new("timeout")
        .arg("120")
        .arg(exe)
        .env("OXHIP_VISIBLE_DEVICES", "cpu")
        .output()
        .unwrap_or_else(|err| panic!("running {}: {err}", exe.display()))
}

/// A test program passed: it exited with 0 and printed `PASSED`.
fn passed(run: &Output) -> bool {
    run.status.success() && String::from_utf8_lossy(&run.stdout).contains("PASSED")
}

/// Builds one program (a source, or the `multi_tu` directory) for `archs` into `dir`.
fn build(program: &Path, archs: &str, dir: &Path) -> Result<PathBuf, String> {
    let offload = format!("--offload-arch={archs}");
    let name = program
        .file_stem()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    let exe = dir.join(&name);
    if program.join("kernels.hip").is_file() {
        // A module API program (`module/`, `module_threads/`) loads `<exe>.hipfb`, a code
        // object built from its `kernels.hip` by `--genco`.
        let mut code_object = exe.clone().into_os_string();
        code_object.push(".hipfb");
        compile(&[
            "-O3".as_ref(),
            offload.as_ref(),
            "--genco".as_ref(),
            program.join("kernels.hip").as_os_str(),
            "-o".as_ref(),
            code_object.as_os_str(),
        ])?;
        compile(&[
            "-O3".as_ref(),
            offload.as_ref(),
            program.join("main.hip").as_os_str(),
            "-o".as_ref(),
            exe.as_os_str(),
        ])?;
    } else if name == "cuda_project" {
        // A CUDA project built as its Makefile would with nvcc: each .cu and .cpp on its own
        // with nvcc's flags (`-Xcompiler` puts the .cpp in CUDA mode), then the link.
        let include = program.join("include");
        let mut include_flag = std::ffi::OsString::from("-I");
        include_flag.push(&include);
        let mut objects = Vec::new();
        for source in ["saxpy.cu", "pipeline.cpp", "main.cu"] {
            let object = dir.join(format!("{name}_{source}.o"));
            compile(&[
                "-O3".as_ref(),
                offload.as_ref(),
                "-Xcompiler".as_ref(),
                "-Wall".as_ref(),
                include_flag.as_os_str(),
                "-c".as_ref(),
                program.join(source).as_os_str(),
                "-o".as_ref(),
                object.as_os_str(),
            ])?;
            objects.push(object);
        }
        let mut args: Vec<&std::ffi::OsStr> =
            vec![offload.as_ref(), "-Xcompiler".as_ref(), "-Wall".as_ref()];
        args.extend(objects.iter().map(|o| o.as_os_str()));
        args.extend(["-o".as_ref(), exe.as_os_str()]);
        compile(&args)?;
    } else if program.is_dir() {
        // `rdc/` is relocatable device code: every unit and the link take `-fgpu-rdc`.
        let rdc: &[&std::ffi::OsStr] = if name == "rdc" {
            &["-fgpu-rdc".as_ref()]
        } else {
            &[]
        };
        let mut objects = Vec::new();
        let mut sources: Vec<PathBuf> = std::fs::read_dir(program)
            .unwrap_or_else(|err| panic!("listing {}: {err}", program.display()))
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|e| e == "hip"))
            .collect();
        sources.sort();
        for source in sources {
            let object = dir.join(format!(
                "{name}_{}.o",
                source.file_stem().unwrap_or_default().to_string_lossy()
            ));
            let mut args: Vec<&std::ffi::OsStr> = rdc.to_vec();
            args.extend([
                "-O3".as_ref(),
                offload.as_ref(),
                "-c".as_ref(),
                source.as_os_str(),
                "-o".as_ref(),
                object.as_os_str(),
            ]);
            compile(&args)?;
            objects.push(object);
        }
        let mut args: Vec<&std::ffi::OsStr> = rdc.to_vec();
        if !rdc.is_empty() {
            args.push(offload.as_ref());
        }
        args.extend(objects.iter().map(|o| o.as_os_str()));
        args.extend(["-o".as_ref(), exe.as_os_str()]);
        compile(&args)?;
    } else {
        compile_file(program, archs, &[], &exe)?;
    }
    Ok(exe)
}

/// Compiles a single-file program at `-O3` for `archs` with its own flags and `extra` into
/// `output`.
fn compile_file(program: &Path, archs: &str, extra: &[&str], output: &Path) -> Result<(), String> {
    let offload = format!("--offload-arch={archs}");
    let flags = program_flags(program);
    let mut args: Vec<&std::ffi::OsStr> = vec!["-O3".as_ref(), offload.as_ref()];
    args.extend(extra.iter().map(std::ffi::OsStr::new));
    args.extend(flags.iter().map(std::ffi::OsStr::new));
    args.extend([program.as_os_str(), "-o".as_ref(), output.as_os_str()]);
    compile(&args)
}

/// A program's own flags: a first line `// oxhip-flags: …` (as `tests/gpu/run.sh` reads it).
fn program_flags(program: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(program)
        .unwrap_or_else(|err| panic!("reading {}: {err}", program.display()));
    text.lines()
        .next()
        .and_then(|line| line.strip_prefix("// oxhip-flags:"))
        .map(|flags| flags.split_whitespace().map(str::to_owned).collect())
        .unwrap_or_default()
}

/// Every test program: `tests/programs/*.hip`, `*.cu` (CUDA sources, built as CUDA by the
/// same command), the directories, `examples/vadd.hip`. `OXHIP_TEST_PROGRAMS`, when set,
/// keeps only the programs whose name contains one of its comma-separated words
/// (`OXHIP_TEST_PROGRAMS=hipcub_,cub_cuda`), to run a few while working on them.
fn programs() -> Vec<PathBuf> {
    let directory = repo_root().join("tests/programs");
    let mut programs: Vec<PathBuf> = std::fs::read_dir(&directory)
        .unwrap_or_else(|err| panic!("listing {}: {err}", directory.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "hip" || e == "cu") || path.is_dir())
        .collect();
    programs.push(repo_root().join("examples/vadd.hip"));
    if let Ok(words) = std::env::var("OXHIP_TEST_PROGRAMS") {
        programs.retain(|program| {
            let name = program.file_stem().unwrap_or_default().to_string_lossy();
            words
                .split(',')
                .any(|word| !word.is_empty() && name.contains(word))
        });
    }
    programs.sort();
    programs
}

/// How many programs build and run at once: `OXHIP_TEST_JOBS`, else one per CPU.
fn jobs() -> usize {
    std::env::var("OXHIP_TEST_JOBS")
        .ok()
        .and_then(|text| text.parse().ok())
        .filter(|&jobs| jobs > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
}

/// `work` for every item, [`jobs`] at a time; the results in the items' order.
fn in_parallel<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut results: Vec<(usize, R)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs().min(items.len()))
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(item) = items.get(index) else {
                            break done;
                        };
                        done.push((index, work(item)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| {
                worker
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    results.sort_by_key(|(index, _)| *index);
    results.into_iter().map(|(_, result)| result).collect()
}

/// Builds `program` for `archs` into `dir` and runs it on the CPU device; the failure, if any.
fn build_and_run(program: &Path, archs: &str, dir: &Path) -> Option<String> {
    let exe = match build(program, archs, dir) {
        Ok(exe) => exe,
        Err(message) => return Some(message),
    };
    let run = run_on_cpu(&exe);
    (!passed(&run)).then(|| {
        format!(
            "{} ({archs}): status {:?}\n{}{}",
            program.display(),
            run.status,
            String::from_utf8_lossy(&run.stdout),
            String::from_utf8_lossy(&run.stderr)
        )
    })
}

/// Builds and runs every program for `archs`; returns one line per failure.
fn run_suite(archs: &str) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temp dir: {err}"));
    in_parallel(&programs(), |program| {
        build_and_run(program, archs, dir.path())
    })
    .into_iter()
    .flatten()
    .collect()
}

/// The programs built whole for `gfx942,sm_90,host` and run from that bundle: one of each
/// build shape (directories of units, `-fgpu-rdc`, the module API's `--genco` bundle, CUDA
/// sources and a CUDA project, a program's own flags), and the kinds of CPU image that
/// differ most (device `printf`, kernels split at barriers and warp exchanges, the library
/// headers, graphs). Every other program's GPU images are compiled but not linked.
const BUNDLE_SAMPLE: &[&str] = &[
    "cooperative_groups",
    "cub_cuda",
    "cuda_project",
    "device_printf",
    "fast_math",
    "graphs",
    "hipcub_device",
    "module",
    "module_threads",
    "multi_tu",
    "rdc",
    "thrust_cuda",
    "vadd",
    "warp_split",
];

/// Compiles a single-file program's device code for `archs` alone (`--cuda-device-only`),
/// as a build for those targets and `host` would; its error, if any.
fn compile_device_code(program: &Path, archs: &str, dir: &Path) -> Result<(), String> {
    let output = dir.join(format!(
        "{}.gpu",
        program.file_stem().unwrap_or_default().to_string_lossy()
    ));
    compile_file(program, archs, &["--cuda-device-only"], &output)
}

#[test]
fn every_program_passes_on_the_cpu_target() {
    let failures = run_suite("host");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_program_builds_for_gpus_and_a_sample_runs_from_a_shared_bundle() {
    let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temp dir: {err}"));
    let programs = programs();
    let in_sample = |program: &PathBuf| {
        let name = program.file_stem().unwrap_or_default().to_string_lossy();
        BUNDLE_SAMPLE.contains(&name.as_ref())
    };
    // The sample must name programs that exist (a renamed one would drop out unseen),
    // unless OXHIP_TEST_PROGRAMS chose a few.
    if std::env::var_os("OXHIP_TEST_PROGRAMS").is_none() {
        assert_eq!(
            programs.iter().filter(|program| in_sample(program)).count(),
            BUNDLE_SAMPLE.len(),
            "BUNDLE_SAMPLE names a program that tests/programs does not have"
        );
    }
    let failures: Vec<String> = in_parallel(&programs, |program| {
        if in_sample(program) {
            build_and_run(program, "gfx942,sm_90,host", dir.path())
        } else if program.is_dir() {
            Some(format!(
                "{}: a directory of units must be in BUNDLE_SAMPLE",
                program.display()
            ))
        } else {
            compile_device_code(program, "gfx942,sm_90", dir.path()).err()
        }
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn device_printf_and_assert_reach_the_terminal() {
    let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temp dir: {err}"));
    let exe = build(
        &repo_root().join("tests/programs/device_printf.hip"),
        "host",
        dir.path(),
    )
    .unwrap_or_else(|message| panic!("{message}"));
    let run = run_on_cpu(&exe);
    let stdout = String::from_utf8_lossy(&run.stdout);
    let mut lines: Vec<&str> = stdout
        .lines()
        .filter(|line| line.contains("says"))
        .collect();
    lines.sort_unstable();
    assert_eq!(
        lines,
        [
            "device_printf: thread 0 of block 0 says 40",
            "device_printf: thread 0 of block 1 says 40",
            "device_printf: thread 1 of block 0 says 41",
            "device_printf: thread 1 of block 1 says 41",
        ]
    );

    // A failing device assert prints CUDA's message, ends the launch, and the program goes
    // on to see hipErrorAssert from the synchronisation (and from the next one too).
    let source = dir.path().join("assert_fails.hip");
    std::fs::write(
        &source,
        "#include <hip/hip_runtime.h>\n#include <cassert>\n\
         __global__ void k(int v) { assert(v == 0); }\n\
         int main() { k<<<1, 1>>>(3);\n\
           if (hipDeviceSynchronize() != hipErrorAssert) return 1;\n\
           return hipDeviceSynchronize() == hipErrorAssert ? 0 : 2; }\n",
    )
    .unwrap_or_else(|err| panic!("writing the source: {err}"));
    let exe = build(&source, "host", dir.path()).unwrap_or_else(|message| panic!("{message}"));
    let run = run_on_cpu(&exe);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{:?}\n{stdout}", run.status);
    assert!(
        stdout.contains("void k(int): block: [0,0,0], thread: [0,0,0] Assertion `v == 0` failed."),
        "{stdout}"
    );
}

#[test]
fn device_malloc_and_free_use_the_c_heap() {
    let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temp dir: {err}"));
    let source = dir.path().join("heap.hip");
    std::fs::write(
        &source,
        r#"#include <hip/hip_runtime.h>
#include <cstdio>
__global__ void k(long long* out) {
  int* scratch = (int*)malloc(64 * sizeof(int));
  for (int i = 0; i < 64; ++i) scratch[i] = i * (int)threadIdx.x;
  long long sum = 0;
  for (int i = 0; i < 64; ++i) sum += scratch[i];
  free(scratch);
  out[threadIdx.x] = sum;
}
int main() {
  long long* out;
  (void)hipMalloc(&out, 32 * sizeof(long long));
  k<<<1, 32>>>(out);
  long long host[32];
  (void)hipMemcpy(host, out, sizeof host, hipMemcpyDeviceToHost);
  int errors = 0;
  for (int t = 0; t < 32; ++t) errors += host[t] != 2016LL * t;
  std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
  return errors != 0;
}
"#,
    )
    .unwrap_or_else(|err| panic!("writing the source: {err}"));
    let exe = build(&source, "host", dir.path()).unwrap_or_else(|message| panic!("{message}"));
    let run = run_on_cpu(&exe);
    assert!(passed(&run), "{run:?}");
}

/// Runs `exe` on the CPU device with `OXHIP_LOG=2` (which says how each kernel was resolved)
/// and one more variable, if given.
fn run_logged(exe: &Path, variable: Option<(&str, &str)>) -> Output {
    let mut command = Command::new(exe);
    command
        .env("OXHIP_VISIBLE_DEVICES", "cpu")
        .env("OXHIP_LOG", "2");
    if let Some((name, value)) = variable {
        command.env(name, value);
    }
    command
        .output()
        .unwrap_or_else(|err| panic!("running {}: {err}", exe.display()))
}

/// The programs with barriers, warp operations and unusual parameters, at `-O0` (one fiber
/// per work-item) and at `-O1` (kernels split at their barriers and warp exchanges); at `-O1`
/// and `-O3` the runtime's log must show that the split form is the one that ran, so that a
/// regression to fibers does not pass unseen.
/// The optimised builds also run with `OXHIP_CPU_ISA=x86-64` (the baseline copy of the code),
/// and with `OXHIP_CPU_MASKED_STORES=test` and `=direct` (the x86-64-v3 code's loops that
/// test a store's mask first, chosen on AMD's processors, and those that do not).
#[test]
fn barrier_kernels_pass_as_fibers_and_as_split_loops() {
    let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temp dir: {err}"));
    let programs = repo_root().join("tests/programs");
    let builds: Vec<(&str, &str)> = [
        "barriers",
        "kernel_params",
        "reduction",
        "sync_variants",
        "warp_split",
    ]
    .into_iter()
    .flat_map(|name| ["-O0", "-O1", "-O3"].map(|level| (name, level)))
    .collect();
    let failures: Vec<String> = in_parallel(&builds, |&(name, level)| {
        let mut failures = Vec::new();
        let source = programs.join(format!("{name}.hip"));
        let exe = dir.path().join(format!("{name}{level}"));
        if let Err(message) = compile(&[
            level.as_ref(),
            "--offload-arch=host".as_ref(),
            source.as_os_str(),
            "-o".as_ref(),
            exe.as_os_str(),
        ]) {
            failures.push(message);
            return failures;
        }
        let run = run_logged(&exe, None);
        let stdout = String::from_utf8_lossy(&run.stdout);
        let stderr = String::from_utf8_lossy(&run.stderr);
        if !run.status.success() || !stdout.contains("PASSED") {
            failures.push(format!(
                "{name} {level}: {:?}\n{stdout}{stderr}",
                run.status
            ));
        }
        let resolved: Vec<&str> = stderr
            .lines()
            .filter(|line| line.contains("resolved on the CPU"))
            .collect();
        // Every kernel of barriers.hip has barriers and no warp operation; those of
        // warp_split.hip have warp operations (and some barriers), which split them too.
        let kernels = match name {
            "barriers" => 8,
            "warp_split" => 5,
            _ => 0,
        };
        if kernels > 0 {
            let want = if level == "-O0" {
                "(fibers)"
            } else {
                "(loops split at barriers)"
            };
            if resolved.len() != kernels || !resolved.iter().all(|line| line.ends_with(want)) {
                failures.push(format!(
                    "{name} {level}: expected {kernels} kernels {want}:\n{}",
                    resolved.join("\n")
                ));
            }
        }
        // Optimised images hold a baseline and an x86-64-v3 copy of their code; the one
        // the runtime does not choose on this processor must pass too.
        if level != "-O0" {
            let baseline = run_logged(&exe, Some(("OXHIP_CPU_ISA", "x86-64")));
            let stdout = String::from_utf8_lossy(&baseline.stdout);
            let stderr = String::from_utf8_lossy(&baseline.stderr);
            if !baseline.status.success()
                || !stdout.contains("PASSED")
                || !stderr.contains("CPU kernels: x86-64 code")
            {
                failures.push(format!(
                    "{name} {level} (OXHIP_CPU_ISA=x86-64): {:?}\n{stdout}{stderr}",
                    baseline.status
                ));
            }
            for (stores, says) in [("test", "tested first"), ("direct", "direct")] {
                let run = run_logged(&exe, Some(("OXHIP_CPU_MASKED_STORES", stores)));
                let stdout = String::from_utf8_lossy(&run.stdout);
                let stderr = String::from_utf8_lossy(&run.stderr);
                if !run.status.success()
                    || !stdout.contains("PASSED")
                    || !stderr.contains(&format!("CPU kernels: masked stores {says}"))
                {
                    failures.push(format!(
                        "{name} {level} (OXHIP_CPU_MASKED_STORES={stores}): {:?}\n{stdout}{stderr}",
                        run.status
                    ));
                }
            }
        }
        failures
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The programs that race the runtime from many host threads (issue 29), each run many
/// times: the race of first launches happens once per process, so one run proves little.
/// 100 runs catch a race that shows in 1 run of 10 with probability 1 - 0.9^100; a
/// runtime with the issue's bug failed 16 of 40 runs of `concurrent_launches` on two cores.
/// `OXHIP_STRESS_RUNS` sets the count (`1000` for the issue's acceptance run).
#[test]
fn concurrency_programs_pass_every_run() {
    let runs: usize = std::env::var("OXHIP_STRESS_RUNS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(100);
    let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temp dir: {err}"));
    let programs = repo_root().join("tests/programs");
    let mut failures = Vec::new();
    for (program, share) in [
        (programs.join("concurrent_launches.hip"), 1),
        (programs.join("module_threads"), 2),
        (programs.join("concurrent_reset.hip"), 2),
    ] {
        let exe = build(&program, "host", dir.path()).unwrap_or_else(|message| panic!("{message}"));
        let mut failed = 0;
        for _ in 0..runs.div_ceil(share) {
            let run = run_on_cpu(&exe);
            if !passed(&run) {
                failed += 1;
                if failures.len() < 5 {
                    failures.push(format!(
                        "{}: status {:?}\n{}{}",
                        program.display(),
                        run.status,
                        String::from_utf8_lossy(&run.stdout),
                        String::from_utf8_lossy(&run.stderr)
                    ));
                }
            }
        }
        if failed > 0 {
            failures.push(format!(
                "{}: {failed} of {} runs failed",
                program.display(),
                runs.div_ceil(share)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// What oxhip would compile for every test program, for the AMD, NVIDIA and CPU targets
/// together: each source's preprocessed text (`-E`, as a digest) and the commands of its
/// build (`-###`, whose temporary paths are already fixed names). `scripts/test-with-rocm.sh`
/// records it (`OXHIP_INVARIANCE=record:<file>`) before installing ROCm and compares
/// (`OXHIP_INVARIANCE=compare:<file>`) after: any header, device library, tool or flag that
/// ROCm's presence changes shows up as a difference, without building every program again.
/// Without the variable the test does nothing (it is not part of the plain suite).
#[test]
fn every_program_compiles_the_same_with_rocm_installed() {
    let Ok(setting) = std::env::var("OXHIP_INVARIANCE") else {
        return;
    };
    let (phase, file) = setting.split_once(':').unwrap_or_else(|| {
        panic!("OXHIP_INVARIANCE={setting}: expected record:<file> or compare:<file>")
    });
    let archs = "--offload-arch=gfx942,sm_90,host";
    let mut lines = Vec::new();
    for program in programs() {
        // The sources a program's build compiles, each with the program's flags.
        let sources: Vec<PathBuf> = if program.is_dir() {
            let mut sources: Vec<PathBuf> = std::fs::read_dir(&program)
                .unwrap_or_else(|err| panic!("listing {}: {err}", program.display()))
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|path| {
                    path.extension()
                        .is_some_and(|e| e == "hip" || e == "cu" || e == "cpp")
                })
                .collect();
            sources.sort();
            sources
        } else {
            vec![program.clone()]
        };
        for source in sources {
            // As `build` compiles them: `cuda_project/` with nvcc's flags (`-Xcompiler`
            // puts its .cpp in CUDA mode) and its include directory.
            let flags = if program.is_dir() {
                vec![
                    "-Xcompiler".to_owned(),
                    "-Wall".to_owned(),
                    format!("-I{}", program.join("include").display()),
                ]
            } else {
                program_flags(&source)
            };
            let run = |extra: &[&str]| {
                let output = Command::new(oxhip_binary())
                    .args(["-O3", archs])
                    .args(&flags)
                    .args(extra)
                    .arg(&source)
                    .current_dir(repo_root())
                    .output()
                    .unwrap_or_else(|err| panic!("running oxhip: {err}"));
                assert!(
                    output.status.success(),
                    "oxhip {} {extra:?} failed:\n{}",
                    source.display(),
                    String::from_utf8_lossy(&output.stderr)
                );
                output
            };
            let name = source
                .strip_prefix(repo_root())
                .unwrap_or(&source)
                .display()
                .to_string();
            let preprocessed = run(&["-E", "-o", "-"]).stdout;
            let mut digest = std::hash::DefaultHasher::new();
            std::hash::Hasher::write(&mut digest, &preprocessed);
            lines.push(format!(
                "{name} -E: {} bytes, digest {:016x}",
                preprocessed.len(),
                std::hash::Hasher::finish(&digest)
            ));
            // `-###` prints the commands on stderr.
            let commands = run(&["-###", "-o", "/nonexistent/exe"]).stderr;
            for line in String::from_utf8_lossy(&commands).lines() {
                lines.push(format!("{name} -###: {line}"));
            }
        }
    }
    let text = lines.join("\n") + "\n";
    match phase {
        "record" => {
            std::fs::write(file, text).unwrap_or_else(|err| panic!("writing {file}: {err}"))
        }
        "compare" => {
            let before =
                std::fs::read_to_string(file).unwrap_or_else(|err| panic!("reading {file}: {err}"));
            let differences: Vec<String> = before
                .lines()
                .zip(text.lines())
                .filter(|(a, b)| a != b)
                .take(10)
                .map(|(a, b)| format!("without ROCm: {a}\nwith ROCm:    {b}"))
                .collect();
            assert!(
                differences.is_empty() && before.lines().count() == text.lines().count(),
                "what oxhip compiles changed with ROCm installed ({} lines before, {} after):\n{}",
                before.lines().count(),
                text.lines().count(),
                differences.join("\n")
            );
        }
        _ => panic!("OXHIP_INVARIANCE={setting}: expected record:<file> or compare:<file>"),
    }
}
