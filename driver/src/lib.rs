//! The `oxhip` driver as a library: [`run`] is the whole driver, from argv to
//! exit status, with the outside world passed in ([`execute::System`]) and all
//! output going through a [`Printer`].
//!
//! Stages, one module each (clang's Driver): [`args`] (argv → `Invocation`),
//! [`plan`] (→ `Plan`), [`bind`] (→ jobs), [`execute`] (the only module that
//! touches the disk or spawns processes). After `args`, no code inspects raw
//! argv strings. Every stage has a text form: `--print-phases` for a plan,
//! `-###` for the jobs.

pub mod args;
pub mod bind;
mod compile;
pub mod cuda_headers;
pub mod error;
pub mod execute;
mod internal;
mod merge;
mod overlay;
pub mod pch;
pub mod plan;
mod rdc;
pub mod search;
pub mod sides;
pub mod targets;
pub mod toolchain;

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};

use diagnostics::{Diagnostic, FileId, Label, SourceMap};

pub use error::DriverError;
pub use execute::System;

/// The HIP version oxhip's headers and runtime implement (printed by `-v` and
/// `oxhipconfig --version`), `6.4.0`: the runtime's, read from `hip/hip_version.h`.
pub fn hip_version() -> String {
    use oxhip_runtime::version::{MAJOR, MINOR, PATCH};
    format!("{MAJOR}.{MINOR}.{PATCH}")
}
/// The version of oxhip itself.
pub const OXHIP_VERSION: &str = env!("CARGO_PKG_VERSION");

/// Where everything the driver prints goes. stdout carries only artifacts
/// (`-o -`, `--version`, `--help`); everything else goes to stderr.
pub struct Printer<'a> {
    pub stdout: &'a mut dyn Write,
    pub stderr: &'a mut dyn Write,
}

impl Printer<'_> {
    fn diagnostic(&mut self, diagnostic: &Diagnostic<FileId>) {
        // Diagnostics without a source location end in a blank line; drop it.
        let text = SourceMap::new().render(diagnostic);
        let _ = writeln!(self.stderr, "{}", text.trim_end());
    }

    /// An error at a source position, printed as clang prints one (`file:line:col: error:`,
    /// the line and a caret), so that editors and build logs link it; the file is read for
    /// the line it shows.
    fn located(&mut self, err: &DriverError) {
        let DriverError::InlineAsm {
            location: Some(location),
            ..
        } = err
        else {
            return self.diagnostic(&err.to_diagnostic());
        };
        let (line, column) = (location.line as usize, location.column as usize);
        // A file that cannot be read still gets its position: blank lines up to it.
        let text = std::fs::read_to_string(&location.file)
            .unwrap_or_else(|_| "\n".repeat(line.saturating_sub(1)) + &" ".repeat(column));
        let mut map = SourceMap::new();
        let file = map.add(location.file.display().to_string(), text);
        let offset = map.offset(file, line, column).unwrap_or_default();
        let diagnostic = err
            .to_diagnostic()
            .with_labels(vec![Label::primary(file, offset..offset)]);
        let _ = self
            .stderr
            .write_all(map.render_short(&diagnostic).as_bytes());
    }

    fn warning(&mut self, message: String) {
        self.diagnostic(&Diagnostic::warning().with_message(message));
    }
}

/// Runs the driver: `argv` without the program name. Returns the exit status.
pub fn run(argv: &[OsString], system: &System<'_>, printer: &mut Printer<'_>) -> i32 {
    match run_inner(argv, system, printer) {
        Ok(()) => 0,
        Err(
            err @ DriverError::InlineAsm {
                location: Some(_), ..
            },
        ) => {
            printer.located(&err);
            1
        }
        Err(err) => {
            printer.diagnostic(&err.to_diagnostic());
            err.exit_code()
        }
    }
}

fn run_inner(
    argv: &[OsString],
    system: &System<'_>,
    printer: &mut Printer<'_>,
) -> Result<(), DriverError> {
    let argv: Vec<String> = argv
        .iter()
        .map(|arg| {
            arg.to_str()
                .map(str::to_owned)
                .ok_or_else(|| DriverError::UnknownArgument {
                    arg: arg.to_string_lossy().into_owned(),
                })
        })
        .collect::<Result<_, _>>()?;
    if internal::is_internal(&argv) {
        let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
        let result = internal::run_internal(&argv, &mut stdout, &mut stderr);
        let _ = printer.stderr.write_all(&stderr);
        let _ = printer.stdout.write_all(&stdout);
        return result;
    }
    let env = |name: &str| {
        (system.var)(name)
            .map(|value| value.to_string_lossy().into_owned())
            .filter(|value| !value.is_empty())
    };
    // Response files (`@file`), as CMake and ninja write them for long command lines.
    let mut argv = execute::expand_response_files(&argv)?;
    // hipcc's environment (docs/driver.md, "hipcc's environment").
    let hipcc_verbose: u32 = env("HIPCC_VERBOSE")
        .and_then(|value| value.trim().parse().ok())
        .unwrap_or(0);
    if hipcc_verbose & 4 != 0 {
        let _ = writeln!(printer.stderr, "hipcc-args: {}", argv.join(" "));
    }
    if let Some(platform) = env("HIP_PLATFORM") {
        if !matches!(platform.as_str(), "amd" | "hcc") {
            printer.warning(format!(
                "HIP_PLATFORM={platform} has no effect: oxhip builds for the targets of `--offload-arch` (gfx…, sm_…, host), every vendor in one program"
            ));
        }
    }
    if let Some(flags) = env("HIPCC_COMPILE_FLAGS_APPEND") {
        argv.extend(flags.split_whitespace().map(str::to_owned));
    }
    let ctx = args::Context {
        detect_gpus: system.detect_gpus,
        cxx_as_hip: env("HIP_COMPILE_CXX_AS_HIP").is_none_or(|value| value != "0"),
        hip_program: &overlay::is_hip_program,
        preprocessed_targets: &preprocessed_targets,
    };
    let mut list = args::parse_arg_list(&argv)?;
    if let Some(flags) = env("HIPCC_LINK_FLAGS_APPEND") {
        if list.links() {
            argv.extend(flags.split_whitespace().map(str::to_owned));
            list = args::parse_arg_list(&argv)?;
        }
    }
    // --help and --version need no inputs; `-print-…` questions (CMake's
    // `-v -print-targets`) are answered by clang.
    let wants_info = list.any(&[args::OptId::Help, args::OptId::Version]);
    let verbose = list.any(&[args::OptId::Verbose]);
    let has_inputs = list.has_inputs();
    let asks_clang = list.any(&[args::OptId::PrintClangInfo]);
    // With inputs too: clang answers and compiles nothing, and so does oxhip.
    if asks_clang {
        let clang_args: Vec<String> = list
            .args
            .iter()
            .filter_map(|arg| match arg {
                args::Arg::Opt {
                    id: args::OptId::PrintClangInfo | args::OptId::LinkDriverFlag,
                    spelling,
                    values,
                } => Some(format!("{spelling}{}", values.join(","))),
                _ => None,
            })
            .collect();
        let toolchain = execute::discover_toolchain(system)?;
        if verbose {
            let _ = printer
                .stderr
                .write_all(version_text(system, Some(&toolchain)).as_bytes());
            let _ = writeln!(printer.stderr, "{}", found_installation(&toolchain));
        }
        let mut outcome = execute::Outcome::default();
        let result = execute::ask_clang(&toolchain.clang.path, &clang_args, &mut outcome);
        let _ = printer.stderr.write_all(&outcome.stderr);
        let _ = printer.stdout.write_all(&outcome.stdout);
        return result;
    }
    if wants_info || (verbose && !has_inputs) {
        let invocation = args::resolve(&list, &ctx).ok();
        if invocation.as_ref().is_some_and(|inv| inv.help) {
            let _ = printer.stdout.write_all(args::help_text().as_bytes());
            return Ok(());
        }
        let toolchain = execute::discover_toolchain(system).ok();
        let text = version_text(system, toolchain.as_ref());
        if verbose && !wants_info {
            let _ = printer.stderr.write_all(text.as_bytes());
            if let Some(toolchain) = &toolchain {
                let _ = writeln!(printer.stderr, "{}", found_installation(toolchain));
            }
        } else {
            let _ = printer.stdout.write_all(text.as_bytes());
        }
        return Ok(());
    }
    let mut invocation = args::resolve(&list, &ctx)?;
    // As nvcc links `-dc` objects without being told `-rdc=true` again: a link whose objects
    // or archives hold relocatable device code is a relocatable-device-code link.
    if invocation.mode == args::Mode::Link
        && !invocation.gpu_rdc
        && !invocation.offload_archs.is_empty()
    {
        let linked: Vec<&Path> = invocation
            .inputs
            .iter()
            .filter(|input| input.kind == args::InputKind::Linker)
            .map(|input| input.path.as_path())
            .collect();
        invocation.gpu_rdc = execute::holds_relocatable_device_code(&linked);
        if invocation.gpu_rdc {
            // The offload targets are used after all: by the device link.
            invocation
                .warnings_found
                .retain(|warning| !matches!(warning, args::ArgWarning::NoOffloadInputs { .. }));
        }
    }
    for warning in &invocation.warnings_found {
        match warning {
            args::ArgWarning::Unused { arg } => {
                printer.warning(format!("argument unused during compilation: '{arg}'"))
            }
            args::ArgWarning::LinkerInputUnused { path } => {
                printer.warning(format!("{}: 'linker' input unused", path.display()))
            }
            args::ArgWarning::NoOffloadInputs { arg } => printer.warning(format!(
                "argument unused during compilation: '{arg}' (no HIP or CUDA input)"
            )),
            args::ArgWarning::NvccNoEffect { arg } => printer.warning(format!(
                "nvcc option '{arg}' has no effect with oxhip (see docs/driver.md)"
            )),
        }
    }
    let plan = plan::plan(&invocation)?;
    if invocation.print_phases {
        let _ = printer.stderr.write_all(plan.to_text().as_bytes());
        return Ok(());
    }
    let mut toolchain = execute::discover_toolchain(system)?;
    toolchain.pch = execute::discover_pch(system, &toolchain);
    toolchain.host_flags =
        execute::translate_host_flags(&toolchain.clang.path, &invocation.host_passthrough)?;
    toolchain.device_flags =
        execute::translate_device_flags(&toolchain.clang.path, &invocation.device_passthrough)?;
    let input_paths: Vec<PathBuf> = invocation
        .inputs
        .iter()
        .map(|input| input.path.clone())
        .collect();
    execute::check_inputs(&input_paths, invocation.output.as_deref())?;

    if invocation.print_jobs {
        let jobs = bind::bind(
            &invocation,
            &plan,
            &toolchain,
            Path::new("/tmp/oxhip-XXXXXX"),
        )?;
        let _ = printer
            .stderr
            .write_all(bind::jobs_to_text(&jobs).as_bytes());
        return Ok(());
    }
    execute::check_input_contents(&input_paths)?;
    let temp_dir = tempfile::Builder::new()
        .prefix("oxhip-")
        .tempdir()
        .map_err(|err| DriverError::Io {
            message: format!("creating a temporary directory: {err}"),
        })?;
    let jobs = bind::bind(&invocation, &plan, &toolchain, temp_dir.path())?;
    if hipcc_verbose & 2 != 0 {
        let _ = printer.stderr.write_all(hipcc_paths(&toolchain).as_bytes());
    }
    if hipcc_verbose & 1 != 0 {
        for line in bind::jobs_to_text(&jobs).lines() {
            let _ = writeln!(printer.stderr, "hipcc-cmd: {line}");
        }
    }
    if invocation.verbose {
        let _ = printer
            .stderr
            .write_all(version_text(system, Some(&toolchain)).as_bytes());
        let _ = writeln!(printer.stderr, "{}", found_installation(&toolchain));
        if !invocation.host_passthrough.is_empty() {
            let _ = writeln!(
                printer.stderr,
                "host-only pass-through: {}",
                invocation.host_passthrough.join(" ")
            );
        }
    }
    let mut artifacts = Vec::new();
    let result = execute::execute(
        &jobs,
        temp_dir.path(),
        invocation.verbose,
        printer.stderr,
        &mut artifacts,
    );
    result?;
    if let Err(err) = printer
        .stdout
        .write_all(&artifacts)
        .and_then(|()| printer.stdout.flush())
    {
        // A closed pipe (`oxhip -E x.hip | head`) is not an error.
        if err.kind() != std::io::ErrorKind::BrokenPipe {
            return Err(DriverError::Io {
                message: format!("writing to stdout: {err}"),
            });
        }
    }
    Ok(())
}

/// The targets of a HIP source's `-E` output on disk (`args::Context::preprocessed_targets`).
fn preprocessed_targets(path: &std::path::Path) -> Option<Vec<String>> {
    let bytes = std::fs::read(path).ok()?;
    sides::preprocessed_targets(&bytes)
}

/// `clang version`-style text: CMake identifies a compiler by `clang version`.
fn version_text(system: &System<'_>, toolchain: Option<&toolchain::Toolchain>) -> String {
    let clang_version = toolchain.map_or_else(
        || "22".to_owned(),
        |toolchain| toolchain.clang.version.clone(),
    );
    let installed_dir = system
        .exe
        .parent()
        .map(|dir| dir.display().to_string())
        .unwrap_or_default();
    // hipcc prints the HIP version on a line of its own first (scripts read it).
    let hip_line = if system.program_name == "hipcc" {
        format!("HIP version: {}\n", hip_version())
    } else {
        String::new()
    };
    format!(
        "{hip_line}oxhip clang version {clang_version} (oxhip {OXHIP_VERSION}, HIP {})\nTarget: {}\nThread model: posix\nInstalledDir: {installed_dir}\n",
        hip_version(),
        bind::HOST_TRIPLE
    )
}

/// What `HIPCC_VERBOSE=2` prints: hipcc's path variables, with oxhip's own values (the
/// `HIP_PATH` and `ROCM_PATH` of the environment are not used).
fn hipcc_paths(toolchain: &toolchain::Toolchain) -> String {
    let prefix = toolchain
        .hip_include_dir
        .parent()
        .map_or_else(|| toolchain.hip_include_dir.clone(), Path::to_path_buf);
    let clang_dir = toolchain
        .clang
        .path
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    format!(
        "HIP_PATH={prefix}\nHIP_PLATFORM=amd\nHIP_COMPILER=clang\nHIP_RUNTIME=rocclr\nROCM_PATH={prefix}\nHIP_CLANG_PATH={clang}\nHIP_INCLUDE_PATH={include}\nHIP_LIB_PATH={lib}\n",
        prefix = prefix.display(),
        clang = clang_dir.display(),
        include = toolchain.hip_include_dir.display(),
        lib = toolchain.runtime_lib_dir.display(),
    )
}

/// The line CMake parses to find the HIP root (hip-abi.md §6.4).
fn found_installation(toolchain: &toolchain::Toolchain) -> String {
    let prefix = toolchain
        .hip_include_dir
        .parent()
        .map_or_else(|| toolchain.hip_include_dir.clone(), Path::to_path_buf);
    format!(
        "Found HIP installation: {}, version {}",
        prefix.display(),
        hip_version()
    )
}

/// Routes LLVM fatal errors to a diagnostic (call once, at startup).
pub fn install_fatal_error_handler() {
    codegen::install_fatal_error_handler();
}
