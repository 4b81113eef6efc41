//! `oxhipconfig`: hipconfig's command line (hip-abi.md §6.2) for scripts and
//! build systems. Each option prints its value with no trailing newline, in
//! command-line order; `--newline` prints one. Options take hipconfig's spellings
//! (`-p`, `--path`, `-path`, `--p`); no option, `--full` or one it does not know prints
//! hipconfig's full report, and `--check` that report, a check of the installation and
//! oxhip's self-test (`check`: test kernels built and run on every device, PASS or FAIL per
//! feature). `--check` takes its own options and no others; a wrong one exits with status 2.
//!
//! It reports the oxhip installation this binary belongs to; it does not look
//! for ROCm or CUDA.
//!
//! `--cmake-toolchain` prints the path of oxhip's CMake toolchain file: in an installed
//! prefix `<prefix>/lib/cmake/oxhip/oxhip-toolchain.cmake`; in a cargo build tree a small
//! file it writes next to the binaries (`target/<profile>/oxhip-toolchain.cmake`), which
//! names them and includes the source tree's `runtime/lib/cmake/oxhip/oxhip-toolchain.cmake`.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

// The self-test's files sit in `oxhipconfig/`, next to this file.
#[path = "oxhipconfig/check.rs"]
mod check;

const USAGE: &str = "usage: oxhipconfig [OPTIONS]
  --path,  -p        : print HIP_PATH (the oxhip installation prefix)
  --rocmpath,  -R    : print ROCM_PATH (the same prefix)
  --cpp_config, -C   : print C++ compiler options
  --compiler, -c     : print compiler (clang)
  --platform, -P     : print platform (amd)
  --runtime, -r      : print runtime (rocclr)
  --hipclangpath, -l : print HIP_CLANG_PATH (the directory of clang 22)
  --full, -f         : print full config
  --version, -v      : print hip version
  --check            : check configuration, then build test kernels and run them on every
                       device (PASS, FAIL, HANG or CRASH per feature; exit 0 when all pass)
      --offload-arch=LIST : the targets of the test kernels (default: common AMD and NVIDIA
                            GPUs, the GPUs present, and host)
      --keep DIR          : build in DIR and keep the program and the output of every run
      --timeout SECONDS   : a run that prints nothing for this long is a hang (default 30)
  --newline, -n      : print newline
  --help, -h         : print help message
  --cmake-toolchain  : print the path of oxhip's CMake toolchain file
";

/// One hipconfig request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Query {
    Path,
    RocmPath,
    CppConfig,
    Compiler,
    Platform,
    Runtime,
    HipClangPath,
    Full,
    Version,
    Check,
    Newline,
    Help,
    CmakeToolchain,
}

/// hipconfig's spellings of each option: the short and the long name, each with one dash or
/// two (`-p`, `--path`, `-path`, `--p`), and the Perl script's aliases `--cxx_config` and
/// `--info`. Anything else asks for the full report, as with hipconfig.
fn query(arg: &str) -> Query {
    const NAMES: &[(&str, &str, Query)] = &[
        ("p", "path", Query::Path),
        ("R", "rocmpath", Query::RocmPath),
        ("C", "cpp_config", Query::CppConfig),
        ("C", "cxx_config", Query::CppConfig),
        ("c", "compiler", Query::Compiler),
        ("P", "platform", Query::Platform),
        ("r", "runtime", Query::Runtime),
        ("l", "hipclangpath", Query::HipClangPath),
        ("f", "full", Query::Full),
        ("f", "info", Query::Full),
        ("v", "version", Query::Version),
        ("n", "newline", Query::Newline),
        ("h", "help", Query::Help),
    ];
    if arg == "--cmake-toolchain" {
        return Query::CmakeToolchain;
    }
    if arg == "--check" || arg == "-check" {
        return Query::Check;
    }
    let name = arg
        .strip_prefix("--")
        .or_else(|| arg.strip_prefix('-'))
        .unwrap_or("");
    NAMES
        .iter()
        .find(|(short, long, _)| name == *short || name == *long)
        .map_or(Query::Full, |(_, _, query)| *query)
}

struct Install {
    prefix: PathBuf,
    include_dir: PathBuf,
    clang_dir: PathBuf,
    exe_dir: PathBuf,
}

fn discover() -> Install {
    let exe = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("oxhipconfig"));
    let exe_dir = exe.parent().map(Path::to_path_buf).unwrap_or_default();
    let exe_dir = exe_dir.canonicalize().unwrap_or(exe_dir);
    let include_dir = match std::env::var_os("OXHIP_INCLUDE_DIR") {
        Some(dir) => PathBuf::from(dir),
        None if exe_dir.join("../include/hip/hip_runtime.h").is_file() => {
            exe_dir.join("../include")
        }
        None => exe_dir.join("../../runtime/include"),
    };
    let include_dir = include_dir.canonicalize().unwrap_or(include_dir);
    let prefix = include_dir
        .parent()
        .map_or_else(|| include_dir.clone(), Path::to_path_buf);
    let clang_dir = std::env::var_os("OXHIP_CLANG")
        .map(PathBuf::from)
        .and_then(|clang| clang.parent().map(Path::to_path_buf))
        .unwrap_or_else(|| PathBuf::from("/usr/lib/llvm-22/bin"));
    Install {
        prefix,
        include_dir,
        clang_dir,
        exe_dir,
    }
}

/// The toolchain file's path (see the module docs); in a cargo build tree, writes the file
/// next to the binaries first, unless it is there with the same text already (a rewrite
/// would make CMake configure again).
fn cmake_toolchain(install: &Install) -> Result<PathBuf, String> {
    let installed = install
        .exe_dir
        .join("../lib/cmake/oxhip/oxhip-toolchain.cmake");
    if installed.is_file() {
        return Ok(installed.canonicalize().unwrap_or(installed));
    }
    let source = install
        .exe_dir
        .join("../../runtime/lib/cmake/oxhip/oxhip-toolchain.cmake");
    let source = source.canonicalize().map_err(|err| {
        format!(
            "no CMake toolchain file: neither an installed prefix ({}) nor a cargo build tree ({}): {err}",
            installed.display(),
            source.display()
        )
    })?;
    let stub = install.exe_dir.join("oxhip-toolchain.cmake");
    let text = format!(
        "# Written by `oxhipconfig --cmake-toolchain` for the oxhip binaries of this cargo build tree.\n\
         set(OXHIP_BIN_DIR \"{dir}\")\n\
         set(OXHIP_LIB_DIR \"{dir}\")\n\
         include(\"{source}\")\n",
        dir = cmake_path(&install.exe_dir),
        source = cmake_path(&source),
    );
    if std::fs::read_to_string(&stub).ok().as_deref() != Some(text.as_str()) {
        std::fs::write(&stub, text)
            .map_err(|err| format!("writing `{}`: {err}", stub.display()))?;
    }
    Ok(stub)
}

/// A path as a CMake string literal's contents (backslashes and quotes escaped).
fn cmake_path(path: &Path) -> String {
    path.display()
        .to_string()
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
}

fn cpp_config(install: &Install) -> String {
    format!(
        " -D__HIP_PLATFORM_HCC__= -D__HIP_PLATFORM_AMD__= -I{}",
        install.include_dir.display()
    )
}

/// hipconfig's version: `MAJOR.MINOR.PATCH-GITHASH`, with hipconfig's own default hash, `0`.
fn version() -> String {
    format!("{}-0", driver::hip_version())
}

/// The first line a program prints for `args`, or nothing when it cannot run.
fn program_output(program: &Path, args: &[&str]) -> String {
    std::process::Command::new(program)
        .args(args)
        .output()
        .ok()
        .filter(|output| output.status.success())
        .map(|output| String::from_utf8_lossy(&output.stdout).into_owned())
        .unwrap_or_default()
}

/// hipconfig's full report, in its layout (`NAME<padding>:value`), with oxhip's values, the
/// environment variables that HIP tools read, the kernel, and oxhip's own version.
fn full(install: &Install) -> String {
    let mut text = format!(
        "HIP version: {}\n\n==hipconfig\nHIP_PATH           :{prefix}\nROCM_PATH          :{prefix}\nHIP_COMPILER       :clang\nHIP_PLATFORM       :amd\nHIP_RUNTIME        :rocclr\nCPP_CONFIG         :{}\n\n==hip-clang\nHIP_CLANG_PATH     :{}\n",
        version(),
        cpp_config(install),
        install.clang_dir.display(),
        prefix = install.prefix.display(),
    );
    text.push_str(&program_output(
        &install.clang_dir.join("clang"),
        &["--version"],
    ));
    text.push_str("\n== Environment Variables\n");
    text.push_str(&format!(
        "PATH ={}\n",
        std::env::var("PATH").unwrap_or_default()
    ));
    let mut variables: Vec<(String, String)> = std::env::vars()
        .filter(|(name, _)| {
            ["HIP", "HSA", "CUDA", "OXHIP", "LD_LIBRARY_PATH"]
                .iter()
                .any(|prefix| name.starts_with(prefix))
        })
        .collect();
    variables.sort();
    for (name, value) in variables {
        text.push_str(&format!("{name}={value}\n"));
    }
    text.push_str("\n== Linux Kernel\nHostname      :\n");
    text.push_str(&program_output(Path::new("hostname"), &[]));
    text.push_str(&program_output(Path::new("uname"), &["-a"]));
    text.push_str(&format!("\n==oxhip\noxhip {}\n\n", driver::OXHIP_VERSION));
    text
}

/// hipconfig's `--check`: the full report, then one `check …` line per requirement followed
/// by `good` or `FAIL`. oxhip's requirements are its own: this program on `PATH`, clang 22,
/// the headers and the runtime library.
fn check(install: &Install) -> String {
    let on_path = std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|dir| dir.join("oxhipconfig").is_file())
    });
    let clang = install.clang_dir.join("clang");
    let header = install.include_dir.join("hip/hip_runtime.h");
    let library = [
        install.exe_dir.join("liboxhip_runtime.a"),
        install.prefix.join("lib/liboxhip_runtime.a"),
    ]
    .into_iter()
    .find(|path| path.is_file());
    let checks = [
        ("check oxhipconfig in PATH...".to_owned(), on_path),
        (
            format!("check clang 22 ({})...", clang.display()),
            clang.is_file(),
        ),
        (
            format!("check HIP headers ({})...", header.display()),
            header.is_file(),
        ),
        (
            format!(
                "check oxhip runtime ({})...",
                library
                    .as_ref()
                    .map_or_else(
                        || install.prefix.join("lib/liboxhip_runtime.a"),
                        PathBuf::clone
                    )
                    .display()
            ),
            library.is_some(),
        ),
    ];
    let mut text = full(install);
    text.push_str("\nCheck system installation: \n");
    for (line, good) in checks {
        text.push_str(&format!("{line}\n{}\n", if good { "good" } else { "FAIL" }));
    }
    text
}

/// `--check` and its options: the report, the installation check, then the self-test. Exit
/// status 0 when every feature passed on every device, 1 when one did not or the self-test
/// could not run, 2 for a wrong command line.
fn check_command(install: &Install, args: &[String]) -> ExitCode {
    let options = match check::parse_options(args) {
        Ok(options) => options,
        Err(message) => {
            let _ = writeln!(
                std::io::stderr(),
                "oxhipconfig: error: {message}\n(`oxhipconfig --help` lists the options)"
            );
            return ExitCode::from(2);
        }
    };
    let mut stdout = std::io::stdout().lock();
    let result = stdout
        .write_all(check(install).as_bytes())
        .map_err(check::CheckError::Io)
        .and_then(|()| check::run(&install.exe_dir, &options, &mut stdout));
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(check::CheckError::Setup(message)) => {
            let _ = stdout.flush();
            let _ = writeln!(std::io::stderr(), "oxhipconfig: error: {message}");
            ExitCode::FAILURE
        }
        Err(check::CheckError::Io(err)) if err.kind() == std::io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(check::CheckError::Io(_)) => ExitCode::FAILURE,
    }
}

fn main() -> ExitCode {
    let install = discover();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args
        .iter()
        .any(|arg| check::is_check(arg) || check::is_check_option(arg))
    {
        return check_command(&install, &args);
    }
    let mut text = String::new();
    if args.is_empty() {
        text.push_str(&full(&install));
    }
    // Each option prints in the order given, as hipconfig's (the C++ one) do.
    for arg in &args {
        match query(arg) {
            Query::Path | Query::RocmPath => text.push_str(&install.prefix.display().to_string()),
            Query::CppConfig => text.push_str(&cpp_config(&install)),
            Query::Compiler => text.push_str("clang"),
            Query::Platform => text.push_str("amd"),
            Query::Runtime => text.push_str("rocclr"),
            Query::HipClangPath => text.push_str(&install.clang_dir.display().to_string()),
            Query::Version => text.push_str(&version()),
            Query::Full => text.push_str(&full(&install)),
            // `main` hands every command line with `--check` to `check_command`.
            Query::Check => text.push_str(&check(&install)),
            Query::CmakeToolchain => match cmake_toolchain(&install) {
                Ok(path) => text.push_str(&path.display().to_string()),
                Err(message) => {
                    let _ = writeln!(std::io::stderr(), "oxhipconfig: error: {message}");
                    return ExitCode::FAILURE;
                }
            },
            Query::Newline => text.push('\n'),
            Query::Help => text.push_str(USAGE),
        }
    }
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hipconfig_spellings() {
        for (arg, expected) in [
            ("-p", Query::Path),
            ("--path", Query::Path),
            ("-path", Query::Path),
            ("--p", Query::Path),
            ("-R", Query::RocmPath),
            ("--cxx_config", Query::CppConfig),
            ("-C", Query::CppConfig),
            ("-c", Query::Compiler),
            ("-P", Query::Platform),
            ("--runtime", Query::Runtime),
            ("-l", Query::HipClangPath),
            ("--info", Query::Full),
            ("-version", Query::Version),
            ("--check", Query::Check),
            ("-n", Query::Newline),
            ("--newline", Query::Newline),
            ("--h", Query::Help),
            ("--cmake-toolchain", Query::CmakeToolchain),
            ("--no-such-option", Query::Full),
            ("path", Query::Full),
        ] {
            assert_eq!(query(arg), expected, "{arg}");
        }
    }
}
