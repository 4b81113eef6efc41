//! `oxhipconfig`: hipconfig's command line (hip-abi.md §6.2) for scripts and
//! build systems. Each option prints its value with no trailing newline, in
//! command-line order; `--newline` prints one.
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

const USAGE: &str = "usage: oxhipconfig [OPTIONS]
  --path,  -p        print the HIP path (the oxhip installation prefix)
  --rocmpath, -R     print the ROCm path (the same prefix)
  --cpp_config, -C   print the C++ compiler options for HIP
  --compiler, -c     print the compiler (clang)
  --platform, -P     print the platform (amd)
  --runtime, -r      print the runtime (rocclr)
  --hipclangpath, -l print the directory of clang 22
  --version, -v      print the HIP version
  --full, -f         print everything
  --cmake-toolchain  print the path of oxhip's CMake toolchain file
  --newline, -n      print a newline
  --help, -h         print this help
";

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

fn full(install: &Install) -> String {
    format!(
        "HIP version: {}\n\n==hipconfig\nHIP_PATH           : {}\nROCM_PATH          : {}\nHIP_COMPILER       : clang\nHIP_PLATFORM       : amd\nHIP_RUNTIME        : rocclr\nCPP_CONFIG         : {}\n\n==hip-clang\nHIP_CLANG_PATH     : {}\n\n==oxhip\noxhip {}\n",
        driver::HIP_VERSION,
        install.prefix.display(),
        install.prefix.display(),
        cpp_config(install),
        install.clang_dir.display(),
        driver::OXHIP_VERSION,
    )
}

fn main() -> ExitCode {
    let install = discover();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut text = String::new();
    if args.is_empty() {
        text.push_str(&full(&install));
    }
    for arg in &args {
        match arg.as_str() {
            "--path" | "-p" | "--rocmpath" | "-R" => {
                text.push_str(&install.prefix.display().to_string())
            }
            "--cpp_config" | "-C" | "--cxx_config" => text.push_str(&cpp_config(&install)),
            "--compiler" | "-c" => text.push_str("clang"),
            "--platform" | "-P" => text.push_str("amd"),
            "--runtime" | "-r" => text.push_str("rocclr"),
            "--hipclangpath" | "-l" => text.push_str(&install.clang_dir.display().to_string()),
            "--version" | "-v" => text.push_str(driver::HIP_VERSION),
            "--cmake-toolchain" => match cmake_toolchain(&install) {
                Ok(path) => text.push_str(&path.display().to_string()),
                Err(message) => {
                    let _ = writeln!(std::io::stderr(), "oxhipconfig: error: {message}");
                    return ExitCode::FAILURE;
                }
            },
            "--newline" | "-n" => text.push('\n'),
            "--help" | "-h" => text.push_str(USAGE),
            // hipconfig prints the full report for --full and for anything it does not know.
            _ => text.push_str(&full(&install)),
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
