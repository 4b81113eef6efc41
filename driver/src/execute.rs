//! The only code of the driver that touches the disk or spawns processes:
//! discovery (tools, installation, GPUs present) before planning, and running
//! the jobs.
//!
//! Jobs run in waves: every job whose inputs are ready runs at once, one thread
//! each, so the device chains of different targets proceed in parallel.
//! Results the user asked for are written to a temporary file in the output's
//! directory and renamed, so a failing job never leaves a half-written `-o`.

use std::ffi::OsString;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::bind::{Job, Tool};
use crate::error::DriverError;
use crate::plan::Emit;
use crate::targets::OffloadArch;
use crate::toolchain::{HostFlags, Toolchain};

/// The outside world as the driver sees it; tests pass their own.
pub struct System<'a> {
    /// Environment variable lookup.
    pub var: &'a dyn Fn(&str) -> Option<OsString>,
    /// The path of the running `oxhip` executable.
    pub exe: PathBuf,
    /// GPUs present (`gfx942`, `sm_90`): see [`detect_gpus`].
    pub detect_gpus: &'a dyn Fn() -> Vec<String>,
    /// The file name the driver was run under (argv[0]): `oxhip`, or `hipcc` through the
    /// link an installation makes, under which `--version` starts with hipcc's
    /// `HIP version:` line, as scripts that parse it expect.
    pub program_name: String,
}

/// Runs `nvptx-arch` and `amdgpu-arch` (from LLVM 22) with a short timeout and
/// returns the GPUs they list, deduplicated, in order.
pub fn detect_gpus() -> Vec<String> {
    let mut found = Vec::new();
    for tool in ["amdgpu-arch", "nvptx-arch"] {
        let path = Path::new("/usr/lib/llvm-22/bin").join(tool);
        for line in run_with_timeout(&path, Duration::from_secs(3)).lines() {
            let name = line.trim();
            if !name.is_empty()
                && name != "gfx000"
                && !found.iter().any(|seen: &String| seen == name)
            {
                found.push(name.to_owned());
            }
        }
    }
    found
}

/// argv with every `@file` replaced by the file's arguments (`args::split_response_file`),
/// recursively, a nested `@file` being relative to the file that names it, as clang reads
/// them. An `@name` that names no file stays as it is (an input), as with clang.
pub fn expand_response_files(argv: &[String]) -> Result<Vec<String>, DriverError> {
    fn expand(
        argv: &[String],
        base: Option<&Path>,
        depth: usize,
        out: &mut Vec<String>,
    ) -> Result<(), DriverError> {
        for arg in argv {
            let Some(name) = arg.strip_prefix('@').filter(|name| !name.is_empty()) else {
                out.push(arg.clone());
                continue;
            };
            let path = match base {
                Some(dir) if Path::new(name).is_relative() => dir.join(name),
                _ => PathBuf::from(name),
            };
            if !path.is_file() {
                out.push(arg.clone());
                continue;
            }
            if depth > 20 {
                return Err(DriverError::Io {
                    message: format!("response file `{}` includes itself", path.display()),
                });
            }
            let text = std::fs::read_to_string(&path)
                .map_err(|err| io_error("reading response file", &path, &err))?;
            let inner = crate::args::split_response_file(&text);
            expand(&inner, path.parent(), depth + 1, out)?;
        }
        Ok(())
    }
    if !argv.iter().any(|arg| arg.starts_with('@')) {
        return Ok(argv.to_vec());
    }
    let mut out = Vec::new();
    expand(argv, None, 0, &mut out)?;
    Ok(out)
}

/// stdout of `program`, or empty when it fails, is missing or is too slow.
fn run_with_timeout(program: &Path, timeout: Duration) -> String {
    let Ok(mut child) = Command::new(program)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    else {
        return String::new();
    };
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                let mut text = String::new();
                if status.success() {
                    if let Some(mut stdout) = child.stdout.take() {
                        let _ = stdout.read_to_string(&mut text);
                    }
                }
                return text;
            }
            Ok(None) if start.elapsed() < timeout => std::thread::sleep(Duration::from_millis(20)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return String::new();
            }
        }
    }
}

/// Finds clang, ld.lld, the HIP headers and the runtime library
/// (ARCHITECTURE.md, install layout).
pub fn discover_toolchain(system: &System<'_>) -> Result<Toolchain, DriverError> {
    let probes = cache_base(system).map(|base| base.join("clang"));
    let clang = frontend::find_clang_cached(system.var, probes.as_deref()).map_err(|err| {
        DriverError::ToolNotFound {
            tool: "clang".to_owned(),
            hint: err.to_string(),
        }
    })?;
    let exe_dir = system
        .exe
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let hip_include_dir = match (system.var)("OXHIP_INCLUDE_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => {
            let installed = exe_dir.join("../include");
            if installed.join("hip/hip_runtime.h").is_file() {
                installed
            } else {
                exe_dir.join("../../runtime/include")
            }
        }
    };
    let runtime_lib_dir = match (system.var)("OXHIP_LIB_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => {
            let installed = exe_dir.join("../lib");
            if installed.join("liboxhip_runtime.a").is_file() {
                installed
            } else {
                exe_dir.clone()
            }
        }
    };
    let lld = find_lld(system);
    let ptxas = find_ptxas(system);
    Ok(Toolchain {
        clang,
        lld,
        ptxas,
        hip_include_dir: tidy(&hip_include_dir),
        runtime_lib_dir: tidy(&runtime_lib_dir),
        host_flags: HostFlags::default(),
        device_flags: HostFlags::default(),
        exe: system.exe.clone(),
        pch: None,
    })
}

/// `OXHIP_LLD`, then `ld.lld-22` on `PATH`, then LLVM 22's own directory.
fn find_lld(system: &System<'_>) -> Option<PathBuf> {
    if let Some(path) = (system.var)("OXHIP_LLD") {
        return Some(PathBuf::from(path));
    }
    if let Some(path_var) = (system.var)("PATH") {
        for dir in std::env::split_paths(&path_var) {
            let candidate = dir.join("ld.lld-22");
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    let fallback = PathBuf::from("/usr/lib/llvm-22/bin/ld.lld");
    fallback.is_file().then_some(fallback)
}

/// NVIDIA's `ptxas`: `OXHIP_PTXAS` (a path; empty or `none` for none), else `ptxas` on
/// `PATH`, else a CUDA toolkit's (`$CUDA_PATH`, `$CUDA_HOME`, `/usr/local/cuda`). `None` when
/// there is none: the executable then carries PTX only, which the driver compiles at the first
/// launch, and works the same.
pub(crate) fn find_ptxas(system: &System<'_>) -> Option<PathBuf> {
    if let Some(path) = (system.var)("OXHIP_PTXAS") {
        let path = PathBuf::from(path);
        return (!path.as_os_str().is_empty() && path != Path::new("none")).then_some(path);
    }
    if let Some(path_var) = (system.var)("PATH") {
        for dir in std::env::split_paths(&path_var) {
            let candidate = dir.join("ptxas");
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    let toolkits = ["CUDA_PATH", "CUDA_HOME"]
        .into_iter()
        .filter_map(|name| (system.var)(name).map(PathBuf::from))
        .chain([PathBuf::from("/usr/local/cuda")]);
    toolkits
        .map(|toolkit| toolkit.join("bin/ptxas"))
        .find(|candidate| candidate.is_file())
}

/// Removes `dir/..` pairs lexically where `dir` exists, for readable paths.
fn tidy(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

/// Checks that every input exists (clang reports this before running
/// anything) and that `-o` does not name an input under another spelling.
pub fn check_inputs(paths: &[PathBuf], output: Option<&Path>) -> Result<(), DriverError> {
    let output = output.and_then(|output| output.canonicalize().ok());
    for path in paths {
        if !path.exists() {
            return Err(DriverError::MissingInput { path: path.clone() });
        }
        if path.is_dir() {
            return Err(DriverError::InputIsDirectory { path: path.clone() });
        }
        // An unreadable input is reported here, by name, not by a tool half-way through.
        if let Err(err) = std::fs::File::open(path) {
            return Err(io_error("reading", path, &err));
        }
        if output.is_some() && path.canonicalize().ok() == output {
            return Err(DriverError::OutputIsInput { path: path.clone() });
        }
    }
    Ok(())
}

/// Checks that each object file or archive (by its extension) starts as one, so that a
/// wrong file is an error naming it rather than the linker's "treating as linker script".
/// Sources are clang's to judge; other linker inputs (`.so`, which may be a linker script)
/// are passed through. Called only when jobs will run (`-###` reads no input).
pub fn check_input_contents(paths: &[PathBuf]) -> Result<(), DriverError> {
    for path in paths {
        // `check_inputs` opened it already; a file that vanished since is the tools' to report.
        if let Ok(file) = std::fs::File::open(path) {
            check_contents(path, file)?;
        }
    }
    Ok(())
}

fn check_contents(path: &Path, file: std::fs::File) -> Result<(), DriverError> {
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let (what, expected, magics): (_, _, &[&[u8]]) = match extension {
        "o" | "obj" => (
            "an object file",
            "an ELF header or LLVM bitcode",
            &[b"\x7fELF", b"BC\xc0\xde", b"\xde\xc0\x17\x0b"],
        ),
        "a" => ("an archive", "`!<arch>`", &[b"!<arch>\n", b"!<thin>\n"]),
        _ => return Ok(()),
    };
    let mut head = Vec::with_capacity(8);
    // A read error here is the tool's to report; only the bytes read are judged.
    let _ = std::io::Read::read_to_end(&mut std::io::Read::take(file, 8), &mut head);
    if magics.iter().any(|magic| head.starts_with(magic)) {
        return Ok(());
    }
    Err(DriverError::InputNotItsKind {
        path: path.to_path_buf(),
        what,
        expected,
    })
}

/// Asks clang what the host pass-through flags (`-f…`, `-m…` that our table
/// does not know) mean at the `-cc1` level: it compares clang's `-###` line of
/// a host compile with and without them. An unknown flag is a user error here,
/// not a failing compile later.
pub fn translate_host_flags(clang: &Path, flags: &[String]) -> Result<HostFlags, DriverError> {
    // At -O2, where the host line has the vectorizers on (`frontend::cc1_args`), so that
    // `-fno-vectorize` and `-fno-slp-vectorize` show as their removal.
    translate_flags(clang, flags, &["-x", "c++", "-O2"])
}

/// The same for the device compiles (`-Xarch_device`, `-Xclang`, `-mllvm`): what the flags
/// change in the `-cc1` line of a HIP device compile (ROCm is not needed, nor read).
pub fn translate_device_flags(clang: &Path, flags: &[String]) -> Result<HostFlags, DriverError> {
    translate_flags(
        clang,
        flags,
        &[
            "-x",
            "hip",
            "--offload-arch=gfx942",
            "--cuda-device-only",
            "-nogpulib",
            "-nogpuinc",
        ],
    )
}

fn translate_flags(
    clang: &Path,
    flags: &[String],
    compile: &[&str],
) -> Result<HostFlags, DriverError> {
    if flags.is_empty() {
        return Ok(HostFlags::default());
    }
    let cc1_line = |extra: &[String]| -> Result<(String, Vec<String>), DriverError> {
        let output = Command::new(clang)
            .args(["-###", "-c"])
            .args(compile)
            .args(["/dev/null", "-o", "/dev/null"])
            .args(extra)
            .stdin(Stdio::null())
            .output()
            .map_err(|err| DriverError::ToolNotFound {
                tool: clang.display().to_string(),
                hint: err.to_string(),
            })?;
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        let line = stderr
            .lines()
            .find(|line| line.contains("\"-cc1\""))
            .map(split_quoted)
            .unwrap_or_default();
        Ok((stderr, line))
    };
    let (stderr, with_flags) = cc1_line(flags)?;
    for flag in flags {
        if stderr.contains(&format!("unknown argument: '{flag}'"))
            || stderr.contains(&format!("unknown argument '{flag}'"))
        {
            return Err(DriverError::UnknownArgument { arg: flag.clone() });
        }
    }
    let (_, without_flags) = cc1_line(&[])?;
    let before = units(&without_flags);
    let after = units(&with_flags);
    // What differs from run to run is not the flags' doing: a device compile's temporary
    // output name and the compilation unit ID derived from the options.
    let incidental = |unit: &&Vec<String>| unit[0] == "-o" || unit[0].starts_with("-cuid=");
    Ok(HostFlags {
        add: after
            .iter()
            .filter(|unit| !before.contains(unit))
            .filter(|unit| !incidental(unit))
            .cloned()
            .collect(),
        remove: before
            .iter()
            .filter(|unit| !after.contains(unit))
            .cloned()
            .collect(),
    })
}

/// A cc1 line as units: an option with its separate value (`-target-cpu x86-64`)
/// is one unit, so that a changed value replaces the pair.
fn units(args: &[String]) -> Vec<Vec<String>> {
    let mut units: Vec<Vec<String>> = Vec::new();
    for arg in args.iter().skip(1) {
        match units.last_mut() {
            // `-mllvm` takes its value whatever it looks like (`-mllvm -unroll-threshold=50`).
            Some(last)
                if last.len() == 1
                    && last[0].starts_with('-')
                    && (!arg.starts_with('-') || last[0] == "-mllvm") =>
            {
                last.push(arg.clone())
            }
            _ => units.push(vec![arg.clone()]),
        }
    }
    units
}

/// Splits one `-###` line (`"a" "b\"c"`) into its arguments.
fn split_quoted(line: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut chars = line.chars();
    while let Some(ch) = chars.next() {
        if ch != '"' {
            continue;
        }
        let mut arg = String::new();
        while let Some(ch) = chars.next() {
            match ch {
                '\\' => arg.extend(chars.next()),
                '"' => break,
                _ => arg.push(ch),
            }
        }
        args.push(arg);
    }
    args
}

/// Runs clang 22 with `-print-…` questions; its stderr goes to `outcome.stderr`
/// and its answer to `outcome.stdout`.
pub fn ask_clang(clang: &Path, args: &[String], outcome: &mut Outcome) -> Result<(), DriverError> {
    let output = Command::new(clang)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|err| DriverError::ToolNotFound {
            tool: clang.display().to_string(),
            hint: err.to_string(),
        })?;
    outcome.stderr.extend(&output.stderr);
    outcome.stdout.extend(&output.stdout);
    if !output.status.success() {
        return Err(DriverError::ToolFailed {
            command: clang.display().to_string(),
            status: output.status.code().unwrap_or(1),
        });
    }
    Ok(())
}

/// What a run produced for the caller to print.
#[derive(Default)]
pub struct Outcome {
    /// Text for stderr: the tools' own stderr.
    pub stderr: Vec<u8>,
    /// Artifact bytes for stdout (`-o -`).
    pub stdout: Vec<u8>,
}

/// Runs the jobs. On failure, whatever was gathered for stderr so far is in
/// `outcome.stderr` and is printed before the error.
/// Runs the jobs. `-v` command lines go to `stderr` as each wave of jobs
/// starts; each tool's own stderr follows when its wave ends, in job order.
/// Artifacts for stdout are collected in `stdout`.
pub fn execute(
    jobs: &[Job],
    temp_dir: &Path,
    verbose: bool,
    stderr: &mut dyn std::io::Write,
    stdout: &mut Vec<u8>,
) -> Result<(), DriverError> {
    // Where each job writes: results go to a temporary name, then are renamed.
    let write_paths: Vec<PathBuf> = jobs
        .iter()
        .enumerate()
        .map(|(index, job)| {
            if !job.is_result {
                job.output.clone()
            } else if job.output == Path::new("-") {
                temp_dir.join(format!("stdout-{index}"))
            } else {
                let name = job
                    .output
                    .file_name()
                    .map(|name| name.to_string_lossy().into_owned())
                    .unwrap_or_default();
                job.output
                    .with_file_name(format!(".{name}.oxhip-{}-{index}.tmp", std::process::id()))
            }
        })
        .collect();
    // An output that cannot be written is reported by the user's name for it, before any
    // tool runs (a tool would name the temporary file it was given instead).
    for (job, path) in jobs.iter().zip(&write_paths) {
        if !job.is_result
            || job.output == Path::new("-")
            || std::fs::metadata(&job.output).is_ok_and(|metadata| !metadata.is_file())
        {
            continue;
        }
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
        {
            Ok(_) => {
                let _ = std::fs::remove_file(path);
            }
            Err(err) => return Err(io_error("writing", &job.output, &err)),
        }
    }
    let result = run_waves(jobs, &write_paths, verbose, stderr);
    let result = result.and_then(|()| publish(jobs, &write_paths, stdout));
    if result.is_err() {
        for (job, path) in jobs.iter().zip(&write_paths) {
            if job.is_result {
                let _ = std::fs::remove_file(path);
            }
        }
    }
    result
}

fn publish(jobs: &[Job], write_paths: &[PathBuf], stdout: &mut Vec<u8>) -> Result<(), DriverError> {
    for (job, path) in jobs.iter().zip(write_paths) {
        if !job.is_result {
            continue;
        }
        if job.output == Path::new("-") {
            let bytes = std::fs::read(path).map_err(|err| io_error("reading", path, &err))?;
            stdout.extend(bytes);
            let _ = std::fs::remove_file(path);
        } else if std::fs::metadata(&job.output).is_ok_and(|metadata| !metadata.is_file()) {
            // `/dev/null`, a FIFO or a terminal: write into it, because renaming over it
            // would replace the device node with a plain file.
            let bytes = std::fs::read(path).map_err(|err| io_error("reading", path, &err))?;
            std::fs::write(&job.output, bytes)
                .map_err(|err| io_error("writing", &job.output, &err))?;
            let _ = std::fs::remove_file(path);
        } else {
            std::fs::rename(path, &job.output)
                .map_err(|err| io_error("writing", &job.output, &err))?;
        }
    }
    Ok(())
}

fn io_error(doing: &str, path: &Path, err: &std::io::Error) -> DriverError {
    DriverError::Io {
        message: format!("{doing} `{}`: {err}", path.display()),
    }
}

struct JobResult {
    stderr: Vec<u8>,
    result: Result<(), DriverError>,
}

fn run_waves(
    jobs: &[Job],
    write_paths: &[PathBuf],
    verbose: bool,
    stderr: &mut dyn std::io::Write,
) -> Result<(), DriverError> {
    // Each distinct diagnostic once, however many offload passes printed it (merge.rs).
    let mut merger = crate::merge::Merger::default();
    let result = run_waves_into(jobs, write_paths, verbose, stderr, &mut merger);
    let _ = stderr.write_all(&merger.finish());
    result
}

fn run_waves_into(
    jobs: &[Job],
    write_paths: &[PathBuf],
    verbose: bool,
    stderr: &mut dyn std::io::Write,
    merger: &mut crate::merge::Merger,
) -> Result<(), DriverError> {
    let parallelism = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let mut done = vec![false; jobs.len()];
    while done.iter().any(|finished| !finished) {
        // At most one job per core at a time: a wave of many sources times many
        // targets would otherwise start dozens of clang processes at once.
        let ready: Vec<usize> = (0..jobs.len())
            .filter(|index| !done[*index] && jobs[*index].deps.iter().all(|dep| done[*dep]))
            .take(parallelism)
            .collect();
        if ready.is_empty() {
            return Err(DriverError::Internal {
                message: "job graph has a cycle".to_owned(),
            });
        }
        if verbose {
            for index in &ready {
                let shown = Job {
                    args: job_args(&jobs[*index], &write_paths[*index]),
                    ..jobs[*index].clone()
                };
                let _ = writeln!(stderr, "{}", shown.to_line());
            }
            let _ = stderr.flush();
        }
        let results: Vec<JobResult> = std::thread::scope(|scope| {
            let handles: Vec<_> = ready
                .iter()
                .map(|index| {
                    let job = &jobs[*index];
                    scope.spawn(move || run_job(job, jobs, write_paths, *index))
                })
                .collect();
            handles
                .into_iter()
                .map(|handle| {
                    handle.join().unwrap_or_else(|_| JobResult {
                        stderr: Vec::new(),
                        result: Err(DriverError::Internal {
                            message: "a job thread panicked".to_owned(),
                        }),
                    })
                })
                .collect()
        });
        let mut first_error = None;
        for (index, job_result) in ready.iter().zip(results) {
            if matches!(jobs[*index].tool, crate::bind::Tool::Clang(_)) {
                merger.clang(&job_result.stderr);
            } else {
                merger.raw(&job_result.stderr);
            }
            match job_result.result {
                Ok(()) => done[*index] = true,
                Err(err) => {
                    first_error.get_or_insert(err);
                }
            }
        }
        if let Some(err) = first_error {
            return Err(err);
        }
    }
    Ok(())
}

/// Whether a codegen job runs in a process of its own: one with `-mllvm` options, and one that
/// oxhip tunes ([`tuning`]). LLVM's options are process-wide, while the jobs without any share
/// this process.
pub(crate) fn wants_own_process(job: &crate::bind::CodegenJob) -> bool {
    tuning(job) != codegen::Tuning::None || !job.llvm_options.is_empty()
}

/// The LLVM options oxhip sets for a codegen job's process
/// ([`codegen::set_process_llvm_options`]): NVPTX's at `-O2`/`-O3`, the CPU's above `-O0`.
pub(crate) fn tuning(job: &crate::bind::CodegenJob) -> codegen::Tuning {
    use crate::args::OptLevel;
    match (&job.arch, job.opt_level) {
        (OffloadArch::Nvptx { .. }, OptLevel::O2 | OptLevel::O3) => codegen::Tuning::Nvptx,
        (OffloadArch::Host, level) if level != OptLevel::O0 => codegen::Tuning::Host,
        _ => codegen::Tuning::None,
    }
}

/// Runs a codegen job as `oxhip -cc1codegen …` (the line `-###` prints, its inputs and output
/// where they actually are). When that process fails, the job runs again here for the
/// error as data (an inline-assembly error is then located in the source): the failure of
/// a compile does not depend on unrolling. Should this run succeed where the process failed,
/// the process's own message stands. A process that cannot start (an `exe` that is not
/// oxhip, in tests) leaves the job to this process.
fn run_codegen_process(
    job: &Job,
    options: &crate::bind::CodegenJob,
    inputs: &[PathBuf],
    write_path: &Path,
    stderr: &mut Vec<u8>,
) -> Result<(), DriverError> {
    let mut args = job_args(job, write_path);
    for arg in &mut args {
        if let Some(position) = job
            .inputs
            .iter()
            .position(|input| input.as_os_str() == *arg)
        {
            *arg = inputs[position].clone().into_os_string();
        }
    }
    let output = match Command::new(&job.program)
        .args(&args)
        .stdin(Stdio::null())
        .output()
    {
        Ok(output) => output,
        Err(_) => return run_codegen(options, inputs, write_path),
    };
    if output.status.success() {
        stderr.extend(&output.stderr);
        return Ok(());
    }
    run_codegen(options, inputs, write_path)?;
    stderr.extend(&output.stdout);
    stderr.extend(&output.stderr);
    Err(DriverError::ToolFailed {
        command: job.program.display().to_string(),
        status: output.status.code().unwrap_or(1),
    })
}

/// Maps each input path of `job` to where its producer actually wrote it.
fn actual_path<'a>(path: &'a Path, jobs: &[Job], write_paths: &'a [PathBuf]) -> &'a Path {
    jobs.iter()
        .position(|job| job.output == path)
        .map_or(path, |producer| &write_paths[producer])
}

/// The job's arguments with its output replaced by where it is actually
/// written (results go to a temporary name first). Only an output operand
/// (after `-o` or `-dependency-file`) is replaced: the same name may also
/// appear as a make target (`-MT`).
fn job_args(job: &Job, write_path: &Path) -> Vec<OsString> {
    let mut args = job.args.clone();
    for index in 1..args.len() {
        let is_operand = args[index - 1] == "-o" || args[index - 1] == "-dependency-file";
        if is_operand && Path::new(&args[index]) == job.output {
            args[index] = write_path.to_path_buf().into_os_string();
        }
    }
    args
}

fn run_job(job: &Job, jobs: &[Job], write_paths: &[PathBuf], index: usize) -> JobResult {
    let write_path = &write_paths[index];
    let mut stderr = Vec::new();
    let args = job_args(job, write_path);
    let result = match &job.tool {
        Tool::Clang(program) if job.pch.is_some() => {
            run_with_pch(program, job, &args, write_path, &mut stderr)
        }
        Tool::Clang(program) | Tool::Lld(program) => {
            let result = run_subprocess(program, &args, &mut stderr);
            // Relocatable device code linked without -fgpu-rdc: say what is missing.
            let text = String::from_utf8_lossy(&stderr);
            if result.is_err() && text.contains("undefined reference to `__hip_fatbin_") {
                stderr.extend(
                    b"note: these objects hold relocatable device code: link them with the \
                      `--offload-arch` list they were compiled for\n",
                );
            }
            result
        }
        Tool::Codegen(options) => {
            let inputs: Vec<PathBuf> = job
                .inputs
                .iter()
                .map(|input| actual_path(input, jobs, write_paths).to_path_buf())
                .collect();
            if wants_own_process(options) {
                run_codegen_process(job, options, &inputs, write_path, &mut stderr)
            } else {
                run_codegen(options, &inputs, write_path)
            }
            .map_err(|err| locate_inline_asm(err, &job.inputs[0], jobs))
        }
        Tool::Package { arch } => {
            let input = actual_path(&job.inputs[0], jobs, write_paths);
            run_package(arch, input, write_path)
        }
        Tool::FatbinWrapper => {
            let inputs: Vec<PathBuf> = job
                .inputs
                .iter()
                .map(|input| actual_path(input, jobs, write_paths).to_path_buf())
                .collect();
            run_fatbin_wrapper(&inputs, write_path)
        }
        Tool::Bundler { entries, compress } => {
            run_bundler(entries, *compress, jobs, write_paths, write_path)
        }
        Tool::Ptxas { path, arch } => {
            let input = actual_path(&job.inputs[0], jobs, write_paths);
            run_ptxas(path, arch, &args, input, write_path, &mut stderr)
        }
        Tool::HostMath => run_host_math(write_path),
        Tool::Pch { clang, build } => {
            ensure_pch(clang, build, &job.output);
            Ok(())
        }
        Tool::RuntimeScript => run_runtime_script(write_path),
        Tool::MergeDependencies { phony } => {
            let inputs: Vec<PathBuf> = job
                .inputs
                .iter()
                .map(|input| actual_path(input, jobs, write_paths).to_path_buf())
                .collect();
            merge_dependencies(&inputs, *phony).and_then(|text| write_output(write_path, &text))
        }
        Tool::MergePreprocessed { sides } => {
            let inputs: Vec<PathBuf> = job
                .inputs
                .iter()
                .map(|input| actual_path(input, jobs, write_paths).to_path_buf())
                .collect();
            merge_preprocessed(sides, &inputs).and_then(|text| write_output(write_path, &text))
        }
        Tool::SelectSide { side, whole } => {
            let input = actual_path(&job.inputs[0], jobs, write_paths);
            select_side(input, side, *whole, write_path)
        }
        Tool::Hipify => {
            let (search, _) = crate::search::SearchPath::from_args(
                &job.args
                    .iter()
                    .map(|arg| arg.to_string_lossy().into_owned())
                    .collect::<Vec<_>>(),
            );
            crate::overlay::translate_program(&job.inputs[0], write_path, &search, &mut stderr)
        }
    };
    JobResult { stderr, result }
}

/// A compile that reads the prelude from a PCH. When the PCH is missing (it could not be
/// made) the compile runs with the plain `-include`; when clang rejects the PCH (damaged,
/// or made for other headers or another clang: its messages name the file or say
/// "precompiled file", "PCH file", "AST file"; a crash prints the command line), the PCH is
/// removed, so that the next compile makes it again, and this one runs with the plain
/// `-include`. A PCH is never the reason a compile fails. A dependency file written through
/// the PCH is made what clang writes without one (`pch::repair_dependency_file`).
fn run_with_pch(
    program: &Path,
    job: &Job,
    args: &[OsString],
    write_path: &Path,
    stderr: &mut Vec<u8>,
) -> Result<(), DriverError> {
    let Some(usage) = &job.pch else {
        return run_subprocess(program, args, stderr);
    };
    let fallback = || {
        job_args(
            &Job {
                args: usage.fallback.clone(),
                ..job.clone()
            },
            write_path,
        )
    };
    if !usage.pch.is_file() {
        return run_subprocess(program, &fallback(), stderr);
    }
    let mut attempt = Vec::new();
    let result = run_subprocess(program, args, &mut attempt);
    let messages = String::from_utf8_lossy(&attempt);
    let rejected = [
        usage.pch.to_string_lossy().as_ref(),
        "precompiled file",
        "precompiled header",
        "PCH file",
        "AST file",
    ]
    .iter()
    .any(|sign| messages.contains(sign));
    if result.is_err() && rejected {
        let _ = std::fs::remove_file(&usage.pch);
        return run_subprocess(program, &fallback(), stderr);
    }
    stderr.extend(attempt);
    result?;
    let dependency_file = args
        .windows(2)
        .find(|pair| pair[0] == "-dependency-file")
        .map(|pair| PathBuf::from(&pair[1]));
    if let (Some(file), Some(source)) = (dependency_file, args.last()) {
        repair_dependency_file(&file, &usage.prelude_main, Path::new(source))?;
    }
    Ok(())
}

fn repair_dependency_file(
    file: &Path,
    prelude_main: &Path,
    source: &Path,
) -> Result<(), DriverError> {
    let Ok(text) = std::fs::read_to_string(file) else {
        // Standard output (`-MF -`), or a file clang could not write and reported.
        return Ok(());
    };
    let Some(repaired) = crate::pch::repair_dependency_file(&text, prelude_main, source) else {
        return Ok(());
    };
    let name = file
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = file.with_file_name(format!(".{name}.oxhip-{}.tmp", std::process::id()));
    std::fs::write(&temp, repaired).map_err(|err| io_error("writing", file, &err))?;
    std::fs::rename(&temp, file).map_err(|err| io_error("writing", file, &err))
}

/// Makes the PCH `output` with clang's `build` line unless it is in the cache already.
/// One process builds it while others wait on a lock file next to it; the PCH is written
/// to a temporary name in the cache directory and renamed, so a compile never sees half of
/// one. Every failure (a cache that cannot be written, a prelude that does not compile with
/// these flags) leaves no PCH, and the compiles include the prelude as text.
pub(crate) fn ensure_pch(clang: &Path, build: &[OsString], output: &Path) {
    if output.is_file() {
        return;
    }
    let Some(dir) = output.parent() else {
        return;
    };
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    let main = dir.join(crate::pch::PRELUDE_MAIN);
    if !main.is_file() {
        // Empty, and never written again: clang records its size and time in every PCH.
        let Ok(temp) = tempfile::NamedTempFile::new_in(dir) else {
            return;
        };
        if temp.persist_noclobber(&main).is_err() && !main.is_file() {
            return;
        }
    }
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(output.with_extension("lock"));
    let Ok(lock) = lock else {
        return;
    };
    if lock.lock().is_err() || output.is_file() {
        return;
    }
    let Ok(temp) = tempfile::Builder::new()
        .prefix(".pch-")
        .suffix(".tmp")
        .tempfile_in(dir)
    else {
        return;
    };
    let mut args = build.to_vec();
    if let Some(position) = args.iter().position(|arg| arg == "-o") {
        args[position + 1] = temp.path().as_os_str().to_owned();
    }
    let built = Command::new(clang)
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if built && temp.persist(output).is_ok() {
        prune_pch_cache(dir, output);
    }
}

/// How long an unused PCH stays, and how many the cache holds at most.
const PCH_MAX_AGE: Duration = Duration::from_secs(30 * 24 * 3600);
const PCH_MAX_COUNT: usize = 64;

/// Removes the PCHs older than [`PCH_MAX_AGE`] (a PCH is never written again after it is
/// made, so this is its age) and the oldest beyond [`PCH_MAX_COUNT`], with their lock
/// files. A compile that loses its PCH this way falls back to the plain `-include`.
fn prune_pch_cache(dir: &Path, keep: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut pchs: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "pch") && path != keep)
        .filter_map(|path| Some((std::fs::metadata(&path).ok()?.modified().ok()?, path)))
        .collect();
    pchs.sort();
    let now = std::time::SystemTime::now();
    let excess = (pchs.len() + 1).saturating_sub(PCH_MAX_COUNT);
    for (index, (modified, path)) in pchs.iter().enumerate() {
        let old = now
            .duration_since(*modified)
            .is_ok_and(|age| age > PCH_MAX_AGE);
        if old || index < excess {
            let _ = std::fs::remove_file(path);
            let _ = std::fs::remove_file(path.with_extension("lock"));
        }
    }
}

/// oxhip's cache directory: `OXHIP_CACHE_DIR`, else `$XDG_CACHE_HOME/oxhip`, else
/// `$HOME/.cache/oxhip`. It holds `pch/` (below) and `clang/`, what clang said about itself
/// (`frontend::find_clang_cached`).
fn cache_base(system: &System<'_>) -> Option<PathBuf> {
    Some(match (system.var)("OXHIP_CACHE_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => match (system.var)("XDG_CACHE_HOME") {
            Some(dir) if Path::new(&dir).is_absolute() => PathBuf::from(dir).join("oxhip"),
            _ => PathBuf::from((system.var)("HOME")?).join(".cache/oxhip"),
        },
    })
}

/// The PCH cache: `pch/` in oxhip's cache directory ([`cache_base`]); `None` when `OXHIP_PCH=0` or when the
/// directory cannot be made or written. The identity is a digest of the prelude headers
/// (every file under `<hip include>/hip`, names and content), clang's executable (path,
/// size, time) and version, and oxhip's version.
pub fn discover_pch(system: &System<'_>, toolchain: &Toolchain) -> Option<crate::pch::PchCache> {
    use md5::Digest as _;
    if (system.var)("OXHIP_PCH").is_some_and(|value| value == "0") {
        return None;
    }
    let dir = cache_base(system)?.join("pch");
    std::fs::create_dir_all(&dir).ok()?;
    // A directory that exists but cannot be written (a read-only home) is no cache.
    tempfile::NamedTempFile::new_in(&dir).ok()?;
    let mut hasher = md5::Md5::new();
    hash_tree(
        &mut hasher,
        &toolchain.hip_include_dir.join("hip"),
        Path::new(""),
    )?;
    let clang = &toolchain.clang;
    hasher.update(clang.path.as_os_str().as_encoded_bytes());
    hasher.update([0]);
    if let Ok(metadata) = std::fs::metadata(&clang.path) {
        hasher.update(metadata.len().to_le_bytes());
        if let Ok(modified) = metadata.modified() {
            hasher.update(format!("{modified:?}").as_bytes());
        }
    }
    hasher.update(clang.version.as_bytes());
    hasher.update([0]);
    hasher.update(env!("CARGO_PKG_VERSION").as_bytes());
    let identity = hasher
        .finalize()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    Some(crate::pch::PchCache { dir, identity })
}

/// Feeds every file under `dir` (sorted, recursively) into `hasher`: its path below the
/// root and its bytes. `None` when the directory cannot be read.
fn hash_tree(hasher: &mut md5::Md5, dir: &Path, relative: &Path) -> Option<()> {
    use md5::Digest as _;
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .map(|entry| entry.file_name())
        .collect();
    entries.sort();
    for name in entries {
        let path = dir.join(&name);
        let relative = relative.join(&name);
        if path.is_dir() {
            hash_tree(hasher, &path, &relative)?;
        } else {
            let bytes = std::fs::read(&path).ok()?;
            hasher.update(relative.as_os_str().as_encoded_bytes());
            hasher.update([0]);
            hasher.update((bytes.len() as u64).to_le_bytes());
            hasher.update(&bytes);
        }
    }
    Some(())
}

/// Writes the device library's host bitcode, which host compiles link
/// (`bind::HOST_MATH_BITCODE`).
pub(crate) fn run_host_math(output: &Path) -> Result<(), DriverError> {
    std::fs::write(output, devicelibs::bitcode(devicelibs::Family::Host))
        .map_err(|err| io_error("writing", output, &err))
}

/// Writes the linker script that keeps the runtime's debug information out of a link
/// (`bind::RUNTIME_SCRIPT`).
/// The dependency file of every side of a compile, from each side's file (`inputs`, the
/// first side's first): `sides::merge`.
pub(crate) fn merge_dependencies(inputs: &[PathBuf], phony: bool) -> Result<String, DriverError> {
    let texts = inputs
        .iter()
        .map(|path| std::fs::read_to_string(path).map_err(|err| io_error("reading", path, &err)))
        .collect::<Result<Vec<String>, DriverError>>()?;
    let Some((first, others)) = texts.split_first() else {
        return Err(DriverError::Internal {
            message: "a dependency merge without inputs".to_owned(),
        });
    };
    let others: Vec<&str> = others.iter().map(String::as_str).collect();
    crate::sides::merge(first, &others, phony).ok_or_else(|| DriverError::Internal {
        message: format!(
            "clang wrote a dependency file that is not a make rule: `{}`",
            inputs
                .iter()
                .map(|path| path.display().to_string())
                .collect::<Vec<_>>()
                .join("`, `")
        ),
    })
}

/// The `-E` output of every side of a compile, from each side's preprocessed text
/// (`inputs`, in the order of the entry IDs `sides`): `sides::join_preprocessed`.
pub(crate) fn merge_preprocessed(
    sides: &[String],
    inputs: &[PathBuf],
) -> Result<String, DriverError> {
    let entries = sides
        .iter()
        .zip(inputs)
        .map(|(id, path)| {
            let bytes = std::fs::read(path).map_err(|err| io_error("reading", path, &err))?;
            Ok((id.clone(), String::from_utf8_lossy(&bytes).into_owned()))
        })
        .collect::<Result<Vec<(String, String)>, DriverError>>()?;
    Ok(crate::sides::join_preprocessed(&entries))
}

/// Writes the text one side compiles from the HIP `-E` output `input` (`sides::select_side`)
/// to `output`.
pub(crate) fn select_side(
    input: &Path,
    side: &str,
    whole: bool,
    output: &Path,
) -> Result<(), DriverError> {
    let bytes = std::fs::read(input).map_err(|err| io_error("reading", input, &err))?;
    let text = crate::sides::select_side(&bytes, side, whole).map_err(|error| {
        DriverError::PreprocessedSideMissing {
            path: input.to_path_buf(),
            side: crate::sides::side_name(side),
            found: match error {
                crate::sides::SelectError::Missing { found } => {
                    found.iter().map(|id| crate::sides::side_name(id)).collect()
                }
                crate::sides::SelectError::NotABundle => Vec::new(),
            },
        }
    })?;
    std::fs::write(output, text).map_err(|err| io_error("writing", output, &err))
}

fn write_output(path: &Path, text: &str) -> Result<(), DriverError> {
    std::fs::write(path, text).map_err(|err| io_error("writing", path, &err))
}

pub(crate) fn run_runtime_script(output: &Path) -> Result<(), DriverError> {
    std::fs::write(output, crate::bind::RUNTIME_SCRIPT_TEXT)
        .map_err(|err| io_error("writing", output, &err))
}

fn run_subprocess(
    program: &Path,
    args: &[OsString],
    stderr: &mut Vec<u8>,
) -> Result<(), DriverError> {
    let output = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|err| DriverError::ToolNotFound {
            tool: program.display().to_string(),
            hint: err.to_string(),
        })?;
    // stdout of a tool is never an artifact of ours: show it on stderr.
    stderr.extend(&output.stdout);
    stderr.extend(&output.stderr);
    if output.status.success() {
        return Ok(());
    }
    let status = output.status.code().unwrap_or_else(|| {
        use std::os::unix::process::ExitStatusExt as _;
        128 + output.status.signal().unwrap_or(0)
    });
    Err(DriverError::ToolFailed {
        command: program.display().to_string(),
        status,
    })
}

/// Assembles one target's PTX into a cubin with `ptxas`. The cubin only spares the first
/// launch its JIT, so a `ptxas` that cannot run or cannot assemble this PTX (a toolkit older
/// than the PTX ISA or the `sm`) is a warning, and the job writes an empty file, which the
/// bundle leaves out: the program still carries the PTX.
///
/// `ptxas -v` (in `args`) gives each kernel's registers. Where an unbounded kernel (a CUDA source's, with
/// no `__launch_bounds__`) has too many for a 512- or 1,024-thread block, the cubin is made
/// again from the PTX with the runtime's register-limited copies appended
/// (`oxhip_runtime::ptx_variants`), so that loading it needs no JIT: without them the runtime would
/// load the PTX with the copies instead, a JIT of the whole module (2.2 s for HeCBench's
/// `kalman`). The PTX the bundle carries stays as it was.
fn run_ptxas(
    program: &Path,
    arch: &OffloadArch,
    args: &[OsString],
    input: &Path,
    output: &Path,
    stderr: &mut Vec<u8>,
) -> Result<(), DriverError> {
    let mut tool_output = Vec::new();
    if let Err(err) = run_subprocess(program, args, &mut tool_output) {
        let detail = String::from_utf8_lossy(&tool_output);
        let first = detail
            .lines()
            .map(str::trim)
            .find(|line| !line.is_empty() && !line.starts_with("ptxas info"))
            .unwrap_or("");
        let reason = if first.is_empty() {
            err.to_string()
        } else {
            format!("{err}: {first}")
        };
        stderr.extend(
            format!(
                "warning: {} did not assemble the PTX for {arch} ({reason}); the executable \
                 carries the PTX alone, which the driver compiles at the first launch \
                 (OXHIP_PTXAS=none leaves ptxas out)\n",
                program.display()
            )
            .as_bytes(),
        );
        return std::fs::write(output, b"").map_err(|err| io_error("writing", output, &err));
    }
    let log = String::from_utf8_lossy(&tool_output).into_owned();
    let (registers, messages) = ptxas_registers(&log);
    // ptxas's own messages, less what `-v` added, are kept for the user.
    stderr.extend(messages.as_bytes());
    let Ok(ptx) = std::fs::read_to_string(input) else {
        return Ok(());
    };
    let requests: Vec<(&str, u32)> = oxhip_runtime::ptx_variants::unbounded_kernels(&ptx)
        .into_iter()
        .flat_map(|kernel| {
            let caps = registers
                .get(kernel)
                .map(|&count| oxhip_runtime::ptx_variants::caps_for_registers(count))
                .unwrap_or_default();
            caps.into_iter().map(move |cap| (kernel, cap))
        })
        .collect();
    if requests.is_empty() {
        return Ok(());
    }
    let Some(text) = oxhip_runtime::ptx_variants::with_variants(&ptx, &requests) else {
        return Ok(());
    };
    let copies = output.with_extension("copies.ptx");
    std::fs::write(&copies, text).map_err(|err| io_error("writing", &copies, &err))?;
    let again: Vec<OsString> = args
        .iter()
        .map(|arg| {
            if Path::new(arg) == input {
                copies.clone().into_os_string()
            } else {
                arg.clone()
            }
        })
        .collect();
    let mut second = Vec::new();
    if let Err(err) = run_subprocess(program, &again, &mut second) {
        // The first cubin stays: the runtime then makes the copies from the PTX itself.
        stderr.extend(
            format!(
                "warning: {} did not assemble the register-limited copies for {arch} ({err}); \
                 the runtime makes them at load time\n",
                program.display()
            )
            .as_bytes(),
        );
        // ptxas may have left a partial cubin: assemble the plain PTX again.
        let mut third = Vec::new();
        if run_subprocess(program, args, &mut third).is_err() {
            return std::fs::write(output, b"").map_err(|err| io_error("writing", output, &err));
        }
    }
    Ok(())
}

/// Each entry function's register count from `ptxas -v`'s log, and the log less the lines
/// `-v` added (`ptxas info` and the stack-frame lines under them).
fn ptxas_registers(log: &str) -> (std::collections::HashMap<String, u32>, String) {
    let mut registers = std::collections::HashMap::new();
    let mut messages = String::new();
    let mut current: Option<String> = None;
    for line in log.lines() {
        if let Some(info) = line.strip_prefix("ptxas info") {
            let info = info.trim_start().trim_start_matches(':').trim();
            if let Some(rest) = info.strip_prefix("Compiling entry function '") {
                current = rest.split('\'').next().map(str::to_owned);
            } else if let Some(rest) = info.strip_prefix("Used ") {
                let count = rest
                    .split_whitespace()
                    .next()
                    .and_then(|n| n.parse::<u32>().ok());
                if let (Some(name), Some(count)) = (current.take(), count) {
                    registers.insert(name, count);
                }
            }
            continue;
        }
        if line.trim_start().contains("bytes stack frame") {
            continue;
        }
        messages.push_str(line);
        messages.push('\n');
    }
    (registers, messages)
}

/// `-fgpu-rdc`: one device's bitcode as an OffloadBinary for the host object.
pub(crate) fn run_package(
    arch: &OffloadArch,
    input: &Path,
    output: &Path,
) -> Result<(), DriverError> {
    let bitcode = std::fs::read(input).map_err(|err| io_error("reading", input, &err))?;
    let binary = crate::rdc::package(&bitcode, arch.triple(), &arch.to_string());
    std::fs::write(output, binary).map_err(|err| io_error("writing", output, &err))
}

/// Whether any of these link inputs (objects, archives) was compiled with `-fgpu-rdc`: it
/// leaves a `__hip_fatbin_<cuid>` symbol for the device link to define. Unreadable files and
/// other kinds of input count as not.
pub(crate) fn holds_relocatable_device_code(inputs: &[&Path]) -> bool {
    inputs.iter().any(|input| {
        std::fs::read(input).is_ok_and(|bytes| !crate::rdc::scan(&bytes).cuids.is_empty())
    })
}

/// `-fgpu-rdc` link: the assembly that defines the fat binary symbols of every translation
/// unit among `inputs[1..]` as the bundle `inputs[0]`.
pub(crate) fn run_fatbin_wrapper(inputs: &[PathBuf], output: &Path) -> Result<(), DriverError> {
    let (bundle, objects) = inputs.split_first().ok_or_else(|| DriverError::Internal {
        message: "fat binary wrapper without a bundle".to_owned(),
    })?;
    let mut cuids: Vec<String> = Vec::new();
    for object in objects {
        let bytes = std::fs::read(object).map_err(|err| io_error("reading", object, &err))?;
        for cuid in crate::rdc::scan(&bytes).cuids {
            if !cuids.contains(&cuid) {
                cuids.push(cuid);
            }
        }
    }
    let bundle = std::path::absolute(bundle).unwrap_or_else(|_| bundle.clone());
    let text = crate::rdc::wrapper_assembly(&cuids, &bundle.display().to_string());
    std::fs::write(output, text).map_err(|err| io_error("writing", output, &err))
}

pub(crate) fn run_codegen(
    job: &crate::bind::CodegenJob,
    inputs: &[PathBuf],
    output: &Path,
) -> Result<(), DriverError> {
    let mut loaded: Vec<Vec<u8>> = Vec::new();
    for input in inputs {
        loaded.push(std::fs::read(input).map_err(|err| io_error("reading", input, &err))?);
    }
    let scanned: Vec<crate::rdc::LinkInputRdc>;
    let bitcode: Vec<&[u8]> = if job.rdc_link {
        scanned = loaded.iter().map(|bytes| crate::rdc::scan(bytes)).collect();
        let found = crate::rdc::device_bitcode(&scanned, job.arch.triple(), &job.arch.to_string());
        if found.is_empty() {
            return Err(DriverError::NoRdcCode {
                arch: job.arch.to_string(),
            });
        }
        found
    } else {
        loaded.iter().map(Vec::as_slice).collect()
    };
    let target = match &job.arch {
        OffloadArch::Amdgcn { processor, .. } => codegen::Target::Amdgcn {
            cpu: processor.clone(),
            features: job.arch.llvm_features(),
        },
        OffloadArch::Nvptx { sm, arch_specific } => codegen::Target::Nvptx {
            sm: *sm,
            arch_specific: *arch_specific,
            ptx_isa: job.arch.ptx_isa().unwrap_or(78),
        },
        OffloadArch::Host => codegen::Target::Host {
            triple: job.arch.triple().to_owned(),
        },
    };
    let opt_level = job.opt_level;
    let options = codegen::Options {
        target,
        opt_level,
        emit: match job.emit {
            Emit::Object => codegen::Emit::Object,
            Emit::Assembly => codegen::Emit::Assembly,
            Emit::LlvmIr => codegen::Emit::LlvmIr,
            Emit::Bitcode => codegen::Emit::Bitcode,
        },
        link_devicelibs: job.link_devicelibs,
        fast_math: job.fast_math,
        flush_denormals: job.flush_denormals,
        f32_division: match job.f32_division {
            crate::args::F32Division::Ieee => codegen::F32Division::Ieee,
            crate::args::F32Division::Full => codegen::F32Division::Full,
            crate::args::F32Division::Approx => codegen::F32Division::Approx,
        },
        prec_sqrt: job.prec_sqrt,
        sanitize_address: job.sanitize_address,
    };
    let bytes = codegen::compile(&bitcode, &options).map_err(|err| match err {
        codegen::CodegenError::InlineAsm {
            ref statement,
            ref location,
            ..
        } => DriverError::InlineAsm {
            message: format!("compiling for `{}`: {err}", job.arch),
            statement: statement.clone(),
            location: location.clone(),
        },
        _ => DriverError::Codegen {
            message: format!("compiling for `{}`: {err}", job.arch),
        },
    })?;
    std::fs::write(output, bytes).map_err(|err| io_error("writing", output, &err))
}

/// An inline-assembly error without a source position gets one: the clang job that made
/// the codegen input runs again with line tables into a temporary file, and codegen finds
/// the statement there. Only failed compiles pay for this; any other error passes through.
fn locate_inline_asm(err: DriverError, input: &Path, jobs: &[Job]) -> DriverError {
    let DriverError::InlineAsm {
        message,
        statement,
        location: None,
    } = err
    else {
        return err;
    };
    let location = (|| {
        let producer = jobs.iter().position(|job| job.output == input)?;
        let job = &jobs[producer];
        let Tool::Clang(program) = &job.tool else {
            return None;
        };
        let dir = tempfile::tempdir().ok()?;
        let bitcode = dir.path().join("located.bc");
        let mut args = job_args(job, &bitcode);
        let output_flag = args.iter().position(|arg| arg == "-o")?;
        args.insert(output_flag, "-debug-info-kind=line-tables-only".into());
        args.retain(|arg| arg != "-discard-value-names");
        let status = Command::new(program)
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .ok()?;
        if !status.success() {
            return None;
        }
        let bytes = std::fs::read(&bitcode).ok()?;
        codegen::locate_inline_asm(&bytes, &statement)
    })();
    DriverError::InlineAsm {
        message,
        statement,
        location,
    }
}

pub(crate) fn run_bundler(
    entries: &[crate::bind::BundleEntry],
    compress: Option<i32>,
    jobs: &[Job],
    write_paths: &[PathBuf],
    output: &Path,
) -> Result<(), DriverError> {
    let bundle_error = |err: bundler::BundleError| DriverError::Bundle {
        message: err.to_string(),
    };
    let mut bundle_entries = vec![bundler::Entry {
        id: bundler::EntryId::host(),
        data: Vec::new(),
    }];
    for entry in entries {
        let path = actual_path(&entry.path, jobs, write_paths);
        let data = std::fs::read(path).map_err(|err| io_error("reading", path, &err))?;
        let arch = bundler::OffloadArch::parse(&entry.arch.to_string()).map_err(bundle_error)?;
        if entry.cubin {
            // Empty: ptxas could not make it (run_ptxas warned).
            if !data.is_empty() {
                let mut id = arch.bundle_entry_id();
                id.kind = bundler::OffloadKind::Hip;
                bundle_entries.push(bundler::Entry { id, data });
            }
            continue;
        }
        bundle_entries.push(if arch.is_nvptx() {
            // PTX is stored NUL-terminated: cuModuleLoadData needs a C string (hip-abi.md §0.12).
            bundler::Entry::ptx(&arch, &data)
        } else if arch.is_host() {
            // CPU images carry a digest, which the runtime checks before `dlopen`.
            bundler::Entry::cpu_image(&data)
        } else {
            bundler::Entry {
                id: arch.bundle_entry_id(),
                data,
            }
        });
    }
    let bytes = bundler::write(
        &bundler::Bundle {
            entries: bundle_entries,
        },
        &bundler::WriteOptions {
            align: 4096,
            // As clang's `--offload-compress`: zstd, CCOB format version 3.
            compression: compress.map(|level| bundler::Compression {
                method: bundler::CompressionMethod::Zstd,
                level,
                format_version: bundler::CompressedVersion::V3,
            }),
        },
    )
    .map_err(bundle_error)?;
    std::fs::write(output, bytes).map_err(|err| io_error("writing", output, &err))
}

#[cfg(test)]
mod tests {
    #[test]
    fn ptxas_registers_reads_the_counts_and_keeps_other_messages() {
        let log = "ptxas info    : 1 bytes gmem\n\
ptxas info    : Compiling entry function '_Z5heavyPKjPji' for 'sm_90'\n\
ptxas info    : Function properties for _Z5heavyPKjPji\n\
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n\
ptxas info    : Used 156 registers, used 0 barriers\n\
ptxas warning : Unresolved extern function 'f'\n\
ptxas info    : Compiling entry function 'light' for 'sm_90'\n\
ptxas info    : Used 8 registers, used 0 barriers, 352 bytes cmem[0]\n\
ptxas info    : Compile time = 70.808 ms\n";
        let (registers, messages) = super::ptxas_registers(log);
        assert_eq!(registers.get("_Z5heavyPKjPji"), Some(&156));
        assert_eq!(registers.get("light"), Some(&8));
        assert_eq!(registers.len(), 2);
        assert_eq!(messages, "ptxas warning : Unresolved extern function 'f'\n");
    }
}
