//! Finding clang 22 and asking it, once, for the system include directories.
//!
//! This is the only module of `frontend` that runs processes: `find_clang` runs the
//! candidate's `--version` and one `-###` dry run.
//! It does not read the process environment itself; the caller passes a lookup function.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{Clang, FrontendError, IncludeKind, SystemInclude};

/// The clang major version the headers and command lines are written for.
pub const CLANG_MAJOR: u32 = 22;

/// Where Debian's `clang-22` package installs the compiler.
const DEBIAN_CLANG: &str = "/usr/lib/llvm-22/bin/clang";

/// Finds clang 22: `OXHIP_CLANG`, then `clang-22` and `clang` on `PATH` (each checked
/// to be version 22), then `/usr/lib/llvm-22/bin/clang`.
///
/// `env` looks up environment variables (`OXHIP_CLANG`, `PATH`); pass
/// `&|name| std::env::var_os(name)` for the real environment.
pub fn find_clang(env: &dyn Fn(&str) -> Option<OsString>) -> Result<Clang, FrontendError> {
    if let Some(explicit) = env("OXHIP_CLANG").filter(|value| !value.is_empty()) {
        let path = PathBuf::from(explicit);
        let version = clang_version(&path)?;
        if major_of(&version) != Some(CLANG_MAJOR) {
            return Err(FrontendError::WrongVersion {
                path,
                found: version,
            });
        }
        return discover(path, version);
    }
    let mut tried = Vec::new();
    let path_dirs: Vec<PathBuf> = env("PATH")
        .map(|value| std::env::split_paths(&value).collect())
        .unwrap_or_default();
    for name in ["clang-22", "clang"] {
        for dir in &path_dirs {
            let candidate = dir.join(name);
            if !candidate.is_file() {
                continue;
            }
            tried.push(candidate.clone());
            // A clang of another version on PATH is skipped, not an error: Debian
            // installs several side by side.
            if let Ok(version) = clang_version(&candidate) {
                if major_of(&version) == Some(CLANG_MAJOR) {
                    return discover(candidate, version);
                }
            }
        }
    }
    let fallback = PathBuf::from(DEBIAN_CLANG);
    if fallback.is_file() {
        tried.push(fallback.clone());
        if let Ok(version) = clang_version(&fallback) {
            if major_of(&version) == Some(CLANG_MAJOR) {
                return discover(fallback, version);
            }
        }
    } else {
        tried.push(fallback);
    }
    Err(FrontendError::ClangNotFound { tried })
}

/// Runs `<clang> --version` and returns the version number (`22.1.8`).
fn clang_version(path: &Path) -> Result<String, FrontendError> {
    let output = Command::new(path)
        .arg("--version")
        .output()
        .map_err(|source| FrontendError::Spawn {
            path: path.to_owned(),
            source,
        })?;
    let text = String::from_utf8_lossy(&output.stdout);
    parse_version(&text).ok_or_else(|| FrontendError::NotClang {
        path: path.to_owned(),
        output: text.lines().next().unwrap_or_default().to_owned(),
    })
}

/// Extracts `X.Y.Z` from a `--version` text such as
/// `Debian clang version 22.1.8 (1~deb12u1)`.
pub(crate) fn parse_version(text: &str) -> Option<String> {
    let first_line = text.lines().next()?;
    let rest = &first_line[first_line.find("clang version ")? + "clang version ".len()..];
    let version: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    (!version.is_empty()).then_some(version)
}

fn major_of(version: &str) -> Option<u32> {
    version.split('.').next()?.parse().ok()
}

/// Asks clang for the `-cc1` line of a plain C++ compile and keeps its resource
/// directory and system include directories (libstdc++, libc, clang's own headers).
///
/// A C++ compile, not a HIP one: in HIP mode clang's driver looks for ROCm and, when it
/// finds one (Debian's `hipcc` package is enough), puts its `cuda_wrappers` directory in
/// front of libstdc++, whose headers then expect clang's HIP headers instead of ours.
/// The C++ list is the same on every machine with the same clang and C++ library.
fn discover(path: PathBuf, version: String) -> Result<Clang, FrontendError> {
    let output = Command::new(&path)
        .env("LC_ALL", "C")
        .args(["-###", "-x", "c++", "-c", "/dev/null", "-o", "/dev/null"])
        .output()
        .map_err(|source| FrontendError::Spawn {
            path: path.clone(),
            source,
        })?;
    let text = String::from_utf8_lossy(&output.stderr);
    match parse_dry_run(&text) {
        Some((resource_dir, system_includes)) => Ok(Clang {
            path,
            version,
            resource_dir,
            system_includes,
        }),
        None => Err(FrontendError::Discovery {
            path,
            output: text.into_owned(),
        }),
    }
}

/// Reads the resource directory and the system include list out of `-###` output:
/// the arguments of the last `-cc1` line, which is the host compile.
pub(crate) fn parse_dry_run(text: &str) -> Option<(PathBuf, Vec<SystemInclude>)> {
    let cc1_line = text.lines().rev().find(|line| line.contains("\"-cc1\""))?;
    let args = split_quoted(cc1_line);
    let resource_dir = PathBuf::from(
        args.iter()
            .position(|arg| arg == "-resource-dir")
            .and_then(|index| args.get(index + 1))?,
    );
    let mut includes: Vec<SystemInclude> = Vec::new();
    for pair in args.windows(2) {
        let kind = match pair[0].as_str() {
            "-internal-isystem" => IncludeKind::System,
            "-internal-externc-isystem" => IncludeKind::ExternC,
            _ => continue,
        };
        let path = PathBuf::from(&pair[1]);
        // Without the HIP runtime wrapper clang 22 adds the bare resource directory,
        // which holds no headers; the driver also lists every directory twice. Wrapper
        // directories for clang's own CUDA/HIP headers never belong to our compiles.
        if path == resource_dir
            || path.file_name().is_some_and(|name| name == "cuda_wrappers")
            || includes.iter().any(|seen| seen.path == path)
        {
            continue;
        }
        includes.push(SystemInclude { kind, path });
    }
    Some((resource_dir, includes))
}

/// Splits one line of `-###` output (`"a" "b\"c"`) into its arguments.
fn split_quoted(line: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c != '"' {
            continue;
        }
        let mut arg = String::new();
        while let Some(c) = chars.next() {
            match c {
                '\\' => arg.extend(chars.next()),
                '"' => break,
                other => arg.push(other),
            }
        }
        args.push(arg);
    }
    args
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_from_debian_banner() {
        assert_eq!(
            parse_version("Debian clang version 22.1.8 (1~deb12u1)\nTarget: x86_64").as_deref(),
            Some("22.1.8")
        );
        assert_eq!(parse_version("gcc (Debian 12.2.0-14) 12.2.0"), None);
        assert_eq!(major_of("22.1.8"), Some(22));
    }

    #[test]
    fn dry_run_includes_are_deduplicated_in_order() {
        let text = concat!(
            "Debian clang version 22.1.8\n",
            " \"/c/clang\" \"-cc1\" \"-triple\" \"x86_64-pc-linux-gnu\" \"-resource-dir\" \"/r\" ",
            "\"-internal-isystem\" \"/r/include/cuda_wrappers\" \"-internal-isystem\" \"/r\" \"-internal-isystem\" \"/cxx\" \"-internal-isystem\" \"/r/include\" ",
            "\"-internal-externc-isystem\" \"/usr/include\" \"-internal-isystem\" \"/cxx\" \"-x\" \"hip\" \"/dev/null\"\n",
        );
        let (resource_dir, includes) = parse_dry_run(text).unwrap();
        assert_eq!(resource_dir, PathBuf::from("/r"));
        let rendered: Vec<String> = includes
            .iter()
            .map(|include| format!("{:?} {}", include.kind, include.path.display()))
            .collect();
        insta::assert_snapshot!(rendered.join("\n"), @r"
        System /cxx
        System /r/include
        ExternC /usr/include
        ");
    }

    #[test]
    fn explicit_clang_of_wrong_version_is_rejected() {
        // `true` exists everywhere and prints nothing: not a clang at all.
        let env = |name: &str| (name == "OXHIP_CLANG").then(|| OsString::from("/bin/true"));
        if !Path::new("/bin/true").is_file() {
            return;
        }
        let err = find_clang(&env).unwrap_err();
        assert!(matches!(err, FrontendError::NotClang { .. }), "{err}");
    }

    #[test]
    fn missing_clang_names_the_package() {
        let env = |name: &str| match name {
            "OXHIP_CLANG" => None,
            "PATH" => Some(OsString::from("/nonexistent-oxhip-dir")),
            _ => None,
        };
        match find_clang(&env) {
            // This machine has the Debian fallback installed.
            Ok(clang) => assert_eq!(clang.path, PathBuf::from(DEBIAN_CLANG)),
            Err(err) => assert!(err.to_string().contains("clang-22"), "{err}"),
        }
    }
}
