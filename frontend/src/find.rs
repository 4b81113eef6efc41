//! Finding clang 22 and asking it, once, for the system include directories.
//!
//! This is the only module of `frontend` that runs processes: `find_clang` runs the
//! candidate's `--version` and one `-###` dry run.
//! It does not read the process environment itself; the caller passes a lookup function.
//!
//! The two runs cost about 60 ms of CPU (each loads clang's shared libraries), paid by
//! every `oxhip` command, compile or link. [`find_clang_cached`] keeps their answer in a
//! small file per candidate, named after what the answer depends on: the candidate's path
//! and executable (its target, size, time and inode), the directory beside it (clang's
//! configuration files), the GCC installations clang's driver looks through (`/usr/lib/gcc`,
//! `/usr/lib64/gcc` and their triples, `/usr/include/c++`), the environment variables its
//! driver reads, and oxhip's version. Installing or removing a compiler or a C++ library
//! changes one of those; a resource directory that is gone is a miss too.

use std::ffi::OsString;
use std::fmt::Write as _;
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
    find_clang_cached(env, None)
}

/// [`find_clang`], keeping each candidate's answers in `cache` (a directory, made if
/// missing; see the module's documentation): a candidate found there is not run. Without a
/// usable directory it runs the candidates, as `find_clang` does.
pub fn find_clang_cached(
    env: &dyn Fn(&str) -> Option<OsString>,
    cache: Option<&Path>,
) -> Result<Clang, FrontendError> {
    let cached = |path: &Path| -> (Option<Clang>, Option<Stored>) {
        let Some(stored) = cache.and_then(|dir| Stored::new(dir, path, env)) else {
            return (None, None);
        };
        (stored.load(path), Some(stored))
    };
    let remember = |stored: Option<Stored>, clang: Result<Clang, FrontendError>| {
        if let (Some(stored), Ok(clang)) = (stored, &clang) {
            stored.save(clang);
        }
        clang
    };
    // A candidate on `PATH` or the fallback: `None` when it is not clang 22, which is skipped,
    // not an error (Debian installs several side by side).
    let try_candidate = |candidate: PathBuf| -> Option<Result<Clang, FrontendError>> {
        let (hit, stored) = cached(&candidate);
        if let Some(clang) = hit {
            return Some(Ok(clang));
        }
        let version = clang_version(&candidate).ok()?;
        (major_of(&version) == Some(CLANG_MAJOR))
            .then(|| remember(stored, discover(candidate, version)))
    };
    if let Some(explicit) = env("OXHIP_CLANG").filter(|value| !value.is_empty()) {
        let path = PathBuf::from(explicit);
        let (hit, stored) = cached(&path);
        if let Some(clang) = hit {
            return Ok(clang);
        }
        let version = clang_version(&path)?;
        if major_of(&version) != Some(CLANG_MAJOR) {
            return Err(FrontendError::WrongVersion {
                path,
                found: version,
            });
        }
        return remember(stored, discover(path, version));
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
            if let Some(found) = try_candidate(candidate) {
                return found;
            }
        }
    }
    let fallback = PathBuf::from(DEBIAN_CLANG);
    if fallback.is_file() {
        tried.push(fallback.clone());
        if let Some(found) = try_candidate(fallback) {
            return found;
        }
    } else {
        tried.push(fallback);
    }
    Err(FrontendError::ClangNotFound { tried })
}

/// Directories whose entries decide which C++ library and GCC installation clang's driver
/// picks; their own times and those of their subdirectories (the triples under
/// `/usr/lib/gcc`) change when a version is installed or removed.
const INSTALLATION_DIRS: &[&str] = &[
    "/usr/lib/gcc",
    "/usr/lib64/gcc",
    "/usr/lib/gcc-cross",
    "/usr/include/c++",
    "/etc/clang",
];

/// Environment variables clang's driver reads that could change its `-###` line.
const DRIVER_VARIABLES: &[&str] = &[
    "CCC_OVERRIDE_OPTIONS",
    "COMPILER_PATH",
    "GCC_EXEC_PREFIX",
    "CLANG_NO_DEFAULT_CONFIG",
    "SDKROOT",
];

/// One candidate's entry in the probe cache: the file and the identity it must hold.
struct Stored {
    file: PathBuf,
    identity: String,
}

impl Stored {
    /// `None` when the candidate's identity cannot be read (it is missing, say), a name in
    /// it is not UTF-8 or holds a line break, or the directory cannot be made.
    fn new(dir: &Path, path: &Path, env: &dyn Fn(&str) -> Option<OsString>) -> Option<Stored> {
        let mut identity = format!(
            "oxhip {} clang probe 1\ncandidate {}\n",
            env!("CARGO_PKG_VERSION"),
            one_line(path.to_str()?)?
        );
        let target = std::fs::canonicalize(path).ok()?;
        stamp(&mut identity, &target)?;
        if let Some(parent) = target.parent() {
            stamp(&mut identity, parent)?;
        }
        for root in INSTALLATION_DIRS {
            let root = Path::new(root);
            if stamp(&mut identity, root).is_none() {
                continue;
            }
            let mut children: Vec<PathBuf> = std::fs::read_dir(root)
                .ok()?
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|child| child.is_dir())
                .collect();
            children.sort();
            for child in children {
                stamp(&mut identity, &child)?;
            }
        }
        for name in DRIVER_VARIABLES {
            if let Some(value) = env(name) {
                let _ = writeln!(identity, "env {name}={}", one_line(value.to_str()?)?);
            }
        }
        std::fs::create_dir_all(dir).ok()?;
        let file = dir.join(format!("{:016x}.txt", fnv1a(identity.as_bytes())));
        Some(Stored { file, identity })
    }

    /// The cached answer, if the file holds this identity and clang's resource directory
    /// still exists.
    fn load(&self, path: &Path) -> Option<Clang> {
        let text = std::fs::read_to_string(&self.file).ok()?;
        let answer = text.strip_prefix(self.identity.as_str())?;
        let mut version = None;
        let mut resource_dir = None;
        let mut system_includes = Vec::new();
        for line in answer.lines() {
            let (field, value) = line.split_once(' ')?;
            match field {
                "version" => version = Some(value.to_owned()),
                "resource-dir" => resource_dir = Some(PathBuf::from(value)),
                "system" | "externc" => system_includes.push(SystemInclude {
                    kind: if field == "system" {
                        IncludeKind::System
                    } else {
                        IncludeKind::ExternC
                    },
                    path: PathBuf::from(value),
                }),
                _ => return None,
            }
        }
        let version = version.filter(|version| major_of(version) == Some(CLANG_MAJOR))?;
        // clang lists include directories that need not exist (`/usr/local/include`); the
        // installations' stamps are what notice a C++ library come or go.
        let resource_dir = resource_dir.filter(|dir| dir.is_dir())?;
        Some(Clang {
            path: path.to_owned(),
            version,
            resource_dir,
            system_includes,
        })
    }

    /// Writes the answer beside the file and renames it into place, so that a reader sees
    /// the whole file or none. Failures leave no cache entry, nothing else.
    fn save(&self, clang: &Clang) {
        let mut text = self.identity.clone();
        let _ = writeln!(text, "version {}", clang.version);
        let Some(resource_dir) = clang.resource_dir.to_str().and_then(one_line) else {
            return;
        };
        let _ = writeln!(text, "resource-dir {resource_dir}");
        for include in &clang.system_includes {
            let Some(path) = include.path.to_str().and_then(one_line) else {
                return;
            };
            let field = match include.kind {
                IncludeKind::System => "system",
                IncludeKind::ExternC => "externc",
            };
            let _ = writeln!(text, "{field} {path}");
        }
        let temporary = self
            .file
            .with_extension(format!("{}.tmp", std::process::id()));
        if std::fs::write(&temporary, text).is_err()
            || std::fs::rename(&temporary, &self.file).is_err()
        {
            let _ = std::fs::remove_file(&temporary);
        }
    }
}

/// Appends `path`'s size, modification time and inode to `identity`; `None` when it
/// cannot be read.
fn stamp(identity: &mut String, path: &Path) -> Option<()> {
    use std::os::unix::fs::MetadataExt as _;
    let metadata = std::fs::metadata(path).ok()?;
    let _ = writeln!(
        identity,
        "stamp {} {} {}.{:09} {} {}",
        one_line(path.to_str()?)?,
        metadata.len(),
        metadata.mtime(),
        metadata.mtime_nsec(),
        metadata.dev(),
        metadata.ino()
    );
    Some(())
}

/// `text` if it holds no line break (the cache file is one field a line).
fn one_line(text: &str) -> Option<&str> {
    (!text.contains(['\n', '\r'])).then_some(text)
}

/// FNV-1a, 64 bits: the cache file's name (the file holds the whole identity, which is
/// what is compared).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(*byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
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

    /// A stand-in clang (`bin/clang`) that answers `--version` and `-###` as clang 22 does
    /// and counts its runs in `runs` (outside `bin`, whose time is part of the identity).
    fn counting_clang(dir: &Path, resource_dir: &Path) -> PathBuf {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::create_dir(dir.join("bin")).unwrap();
        let path = dir.join("bin/clang");
        let script = format!(
            "#!/bin/sh\necho run >> '{runs}'\n\
             case \"$1\" in --version) echo 'Debian clang version 22.1.8 (1)' ;;\n\
             *) echo ' \"/c/clang\" \"-cc1\" \"-resource-dir\" \"{resource}\" \
             \"-internal-isystem\" \"/cxx\" \"-internal-externc-isystem\" \"/usr/include\"' >&2 ;;\n\
             esac\n",
            runs = dir.join("runs").display(),
            resource = resource_dir.display(),
        );
        std::fs::write(&path, script).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    fn runs(dir: &Path) -> usize {
        std::fs::read_to_string(dir.join("runs"))
            .map(|text| text.lines().count())
            .unwrap_or(0)
    }

    #[test]
    fn cached_answers_skip_the_runs_until_clang_changes() {
        let dir = tempfile::tempdir().unwrap();
        let resource = dir.path().join("resource");
        std::fs::create_dir(&resource).unwrap();
        let clang = counting_clang(dir.path(), &resource);
        let cache = dir.path().join("cache");
        let override_options = std::cell::RefCell::new(None::<OsString>);
        let env = |name: &str| match name {
            "OXHIP_CLANG" => Some(clang.clone().into_os_string()),
            "CCC_OVERRIDE_OPTIONS" => override_options.borrow().clone(),
            _ => None,
        };
        let first = find_clang_cached(&env, Some(&cache)).unwrap();
        assert_eq!(runs(dir.path()), 2, "--version and -### the first time");
        assert_eq!(first.version, "22.1.8");
        assert_eq!(first.resource_dir, resource);
        assert_eq!(first.system_includes.len(), 2);
        // Found in the cache: no run, the same answer.
        assert_eq!(find_clang_cached(&env, Some(&cache)).unwrap(), first);
        assert_eq!(runs(dir.path()), 2);
        // Without the cache it runs again.
        assert_eq!(find_clang(&env).unwrap(), first);
        assert_eq!(runs(dir.path()), 4);
        // A variable clang's driver reads: a new entry.
        *override_options.borrow_mut() = Some(OsString::from("+-v"));
        find_clang_cached(&env, Some(&cache)).unwrap();
        assert_eq!(runs(dir.path()), 6);
        find_clang_cached(&env, Some(&cache)).unwrap();
        assert_eq!(runs(dir.path()), 6);
        *override_options.borrow_mut() = None;
        // Another executable at the same path (a new size): asked again.
        let mut script = std::fs::read_to_string(&clang).unwrap();
        script.push_str("# upgraded\n");
        std::fs::write(&clang, script).unwrap();
        find_clang_cached(&env, Some(&cache)).unwrap();
        assert_eq!(runs(dir.path()), 8);
        find_clang_cached(&env, Some(&cache)).unwrap();
        assert_eq!(runs(dir.path()), 8);
        // A damaged entry is a miss, and is written again.
        for entry in std::fs::read_dir(&cache).unwrap() {
            std::fs::write(entry.unwrap().path(), "oxhip 0 clang probe 1\ngarbage").unwrap();
        }
        assert_eq!(find_clang_cached(&env, Some(&cache)).unwrap(), first);
        assert_eq!(runs(dir.path()), 10);
        find_clang_cached(&env, Some(&cache)).unwrap();
        assert_eq!(runs(dir.path()), 10);
        // The resource directory gone: a miss.
        std::fs::remove_dir(&resource).unwrap();
        find_clang_cached(&env, Some(&cache)).unwrap();
        assert_eq!(runs(dir.path()), 12);
        // A cache that cannot be a directory: found without it.
        let blocked = dir.path().join("blocked");
        std::fs::write(&blocked, "").unwrap();
        find_clang_cached(&env, Some(&blocked.join("clang"))).unwrap();
        assert_eq!(runs(dir.path()), 14);
    }

    #[test]
    fn a_cached_clang_of_another_version_is_not_taken() {
        let dir = tempfile::tempdir().unwrap();
        let resource = dir.path().join("resource");
        std::fs::create_dir(&resource).unwrap();
        let clang = counting_clang(dir.path(), &resource);
        let cache = dir.path().join("cache");
        let env = |name: &str| (name == "OXHIP_CLANG").then(|| clang.clone().into_os_string());
        find_clang_cached(&env, Some(&cache)).unwrap();
        for entry in std::fs::read_dir(&cache).unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            std::fs::write(&path, text.replace("version 22.1.8", "version 21.1.0")).unwrap();
        }
        assert_eq!(
            find_clang_cached(&env, Some(&cache)).unwrap().version,
            "22.1.8"
        );
        assert_eq!(runs(dir.path()), 4);
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
