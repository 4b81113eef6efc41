//! Whole-program translation of CUDA sources (`oxhip -cc1hipify`).
//!
//! A CUDA translation unit is more than its `.cu` file: the project's own headers
//! (`.h`, `.cuh`, an `#include "kernels.cu"`) use the CUDA API as well. The hipify job
//! translates the source and every user file it reaches through `#include`, writes the
//! translations into a directory of its own, and writes a clang virtual file system
//! overlay (`-ivfsoverlay`) that puts each translation in place of its original.
//! clang then compiles the original path: diagnostics, `__FILE__`, `-M` dependencies and
//! debug information name the user's files and lines (the overlay does not expose the
//! translations' names), and nothing is written next to the user's files.
//!
//! Which files are "user files": the include scan is lexical (every `#include` line,
//! whatever conditional it sits in; a file that is not found is skipped) and resolves
//! `"…"` in the including file's directory, then the `-iquote` and `-I` directories, and
//! `<…>` in the `-I` directories. Files in `-isystem` directories, in the HIP header
//! directory and under `hip/` are never translated. Translating a header that the
//! preprocessor then skips costs nothing but time.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Component, Path, PathBuf};

use crate::error::DriverError;
use crate::search::SearchPath;

/// One file of the program, read as clang will read it (8-bit files byte for byte:
/// `hipify::Source`).
fn read_source(path: &Path) -> Result<hipify::Source, DriverError> {
    let bytes = std::fs::read(path).map_err(|err| io_error("reading", path, &err))?;
    Ok(hipify::Source::decode(bytes))
}

/// Translates `input` and the user files it includes; writes the translations into
/// `<output>.sources/` and the overlay that maps the originals onto them to `output`.
/// Findings go to `stderr` as warnings, each naming its file.
pub(crate) fn translate_program(
    input: &Path,
    output: &Path,
    search: &SearchPath,
    stderr: &mut Vec<u8>,
) -> Result<(), DriverError> {
    let cwd = std::env::current_dir().map_err(|err| io_error("reading", Path::new("."), &err))?;
    let absolute = |path: &Path| normalize(&cwd.join(path));
    let resolver = Resolver::new(&cwd, search);

    let sources_dir = {
        let mut name = output.as_os_str().to_owned();
        name.push(".sources");
        PathBuf::from(name)
    };
    std::fs::create_dir_all(&sources_dir)
        .map_err(|err| io_error("creating", &sources_dir, &err))?;

    let mut map = diagnostics::SourceMap::new();
    let mut seen = BTreeSet::new();
    let mut queue = VecDeque::from([absolute(input)]);
    // Original path → its translation, for the overlay.
    let mut replaced: BTreeMap<PathBuf, PathBuf> = BTreeMap::new();
    seen.insert(absolute(input));
    while let Some(path) = queue.pop_front() {
        let source = read_source(&path)?;
        let file = map.add(path.display().to_string(), source.text.clone());
        let options = hipify::Options {
            file,
            add_runtime_include: false,
            // CUDA's guards and version macros: the compile or oxhip's headers define
            // them where CUDA's headers would (`cuda_headers`), so they stay as written.
            whitelist: crate::cuda_headers::untranslated(),
            ..hipify::Options::for_compiler()
        };
        let translation = hipify::translate(&source.text, &options);
        for finding in translation.findings.iter().filter(|f| reported(f)) {
            stderr.extend(map.render(&finding.to_diagnostic()).into_bytes());
        }
        for (quoted, name) in includes(&translation.text) {
            if name.starts_with("hip/") {
                continue;
            }
            let Some(found) = resolver.user_file(&path, quoted, &name) else {
                continue;
            };
            if seen.insert(found.clone()) {
                queue.push_back(found);
            }
        }
        if translation.text != source.text {
            let stem = path
                .file_name()
                .map(|name| name.to_string_lossy().into_owned())
                .unwrap_or_default();
            let written = sources_dir.join(format!("{}-{stem}", replaced.len()));
            std::fs::write(&written, source.encode(&translation.text))
                .map_err(|err| io_error("writing", &written, &err))?;
            replaced.insert(path, absolute(&written));
        }
    }
    std::fs::write(output, overlay_yaml(&replaced)).map_err(|err| io_error("writing", output, &err))
}

/// Finds the user files that `#include` lines name, as the translation does.
struct Resolver {
    quote: Vec<PathBuf>,
    angled: Vec<PathBuf>,
    system: Vec<PathBuf>,
}

impl Resolver {
    /// The search path, made absolute against `cwd`.
    fn new(cwd: &Path, search: &SearchPath) -> Resolver {
        let absolute =
            |dirs: &[PathBuf]| dirs.iter().map(|dir| normalize(&cwd.join(dir))).collect();
        Resolver {
            quote: absolute(&search.quote),
            angled: absolute(&search.angled),
            system: absolute(&search.system),
        }
    }

    /// The user file that `#include "name"` (`quoted`) or `#include <name>` in `includer`
    /// reaches, or `None` when it is not found or is a system header: `"…"` in the
    /// including file's directory, then the `-iquote` and `-I` directories; `<…>` in the
    /// `-I` directories.
    fn user_file(&self, includer: &Path, quoted: bool, name: &str) -> Option<PathBuf> {
        if Path::new(name).is_absolute() {
            return None;
        }
        let directory = includer.parent().unwrap_or(Path::new("/"));
        let mut candidates: Vec<&Path> = Vec::new();
        if quoted {
            candidates.push(directory);
            candidates.extend(self.quote.iter().map(PathBuf::as_path));
        }
        candidates.extend(self.angled.iter().map(PathBuf::as_path));
        let found = candidates
            .iter()
            .map(|dir| normalize(&dir.join(name)))
            .find(|candidate| candidate.is_file())?;
        (!self.system.iter().any(|dir| found.starts_with(dir))).then_some(found)
    }
}

/// At most this many files are read to tell a HIP program from a CUDA one.
const LANGUAGE_SCAN_LIMIT: usize = 256;

/// Whether a `.cu` source holds a HIP program, as hipcc (which compiles `.cu` files as HIP)
/// would be given: the source or a user file it includes includes a HIP header (`hip/…`,
/// or a ROCm library's), and none includes a CUDA header (`cuda_runtime.h`, `cublas_v2.h`,
/// `cooperative_groups.h`, …). Such a source is compiled as HIP: not translated, and
/// without the macros of CUDA's headers and nvcc (`__CUDACC_VER_MAJOR__`), whose
/// presence sends portable code down its nvcc-only paths. The scan is the translation's
/// (lexical, user files only); a file that cannot be read counts as neither.
pub(crate) fn is_hip_program(input: &Path, search: &SearchPath) -> bool {
    let Ok(cwd) = std::env::current_dir() else {
        return false;
    };
    let resolver = Resolver::new(&cwd, search);
    let start = normalize(&cwd.join(input));
    let mut seen = BTreeSet::from([start.clone()]);
    let mut queue = VecDeque::from([start]);
    let mut hip = false;
    while let Some(path) = queue.pop_front() {
        let Ok(source) = read_source(&path) else {
            continue;
        };
        for (quoted, name) in includes(&source.text) {
            if let Some(found) = resolver.user_file(&path, quoted, &name) {
                if seen.len() < LANGUAGE_SCAN_LIMIT && seen.insert(found.clone()) {
                    queue.push_back(found);
                }
                continue;
            }
            match header_vendor(&name) {
                Some(Vendor::Cuda) => return false,
                Some(Vendor::Hip) => hip = true,
                None => {}
            }
        }
    }
    hip
}

#[derive(Debug, PartialEq, Eq)]
enum Vendor {
    Hip,
    Cuda,
}

/// Which vendor's SDK a system header belongs to, by its name; `None` for the C and C++
/// libraries and everything shared (Thrust, which both have).
fn header_vendor(name: &str) -> Option<Vendor> {
    let first = name.split('/').next().unwrap_or(name);
    let stem = first.split('.').next().unwrap_or(first);
    const HIP: &[&str] = &[
        "hip",
        "hipcub",
        "hiprand",
        "hipblas",
        "hipblaslt",
        "hipfft",
        "hipsparse",
        "hipsolver",
        "hipdnn",
        "rocblas",
        "rocprim",
        "rocrand",
        "rocfft",
        "rocsparse",
        "rocthrust",
        "miopen",
    ];
    const CUDA: &[&str] = &[
        "cub",
        "cublas",
        "cublasLt",
        "cublas_v2",
        "cufft",
        "curand",
        "curand_kernel",
        "cusparse",
        "cusolverDn",
        "cusolverSp",
        "cudnn",
        "cooperative_groups",
        "nvToolsExt",
        "nvtx3",
        "mma",
        "cuComplex",
        "nvrtc",
        "nvml",
        "device_launch_parameters",
        "sm_20_atomic_functions",
        "sm_60_atomic_functions",
        "vector_types",
        "nvfunctional",
        "cutlass",
        "cute",
    ];
    if HIP.contains(&stem) || (first.starts_with("hip_") && name.contains('/')) {
        Some(Vendor::Hip)
    } else if stem.starts_with("cuda") || CUDA.contains(&stem) {
        Some(Vendor::Cuda)
    } else {
        None
    }
}

/// Whether a compile reports a finding. A compile gives no warning that nvcc would not
/// give for the same code, except where the translation cannot be faithful: an API HIP
/// lacks (which then fails to compile, and the warning says why), an experimental one,
/// a launch left as written; and CUDA's own deprecations. Portability advice (warp width,
/// lane masks, APIs that behave differently on AMD GPUs) is `oxhipify`'s to give.
fn reported(finding: &hipify::Finding) -> bool {
    matches!(
        finding.code(),
        "unsupported-api"
            | "experimental-api"
            | "deprecated-api"
            | "removed-api"
            | "launch-not-rewritten"
    )
}

/// The `#include` directives of a text: (quoted, name) in order. Lexical: comments are
/// skipped, conditionals are not evaluated, `#include MACRO` is ignored.
fn includes(text: &str) -> Vec<(bool, String)> {
    let mut found = Vec::new();
    let mut in_comment = false;
    for line in text.lines() {
        let mut rest = line.trim_start();
        if in_comment {
            match rest.find("*/") {
                Some(end) => {
                    in_comment = false;
                    rest = rest[end + 2..].trim_start();
                }
                None => continue,
            }
        }
        if let Some(start) = rest.rfind("/*") {
            if !rest[start..].contains("*/") {
                in_comment = true;
            }
        }
        let Some(directive) = rest.strip_prefix('#') else {
            continue;
        };
        let directive = directive.trim_start();
        let Some(operand) = directive
            .strip_prefix("include_next")
            .or_else(|| directive.strip_prefix("include"))
        else {
            continue;
        };
        let operand = operand.trim_start();
        let (quoted, close) = match operand.chars().next() {
            Some('"') => (true, '"'),
            Some('<') => (false, '>'),
            _ => continue,
        };
        if let Some(end) = operand[1..].find(close) {
            found.push((quoted, operand[1..1 + end].to_owned()));
        }
    }
    found
}

/// `path` without `.` and `..` components, as clang's virtual file system compares them.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// The overlay in clang's YAML format (written as JSON, which the parser accepts). The
/// originals' names stay the names clang reports (`use-external-names: false`).
fn overlay_yaml(replaced: &BTreeMap<PathBuf, PathBuf>) -> String {
    let mut by_dir: BTreeMap<&Path, Vec<(&PathBuf, &PathBuf)>> = BTreeMap::new();
    for (original, translation) in replaced {
        by_dir
            .entry(original.parent().unwrap_or(Path::new("/")))
            .or_default()
            .push((original, translation));
    }
    let roots: Vec<String> = by_dir
        .iter()
        .map(|(dir, files)| {
            let contents: Vec<String> = files
                .iter()
                .map(|(original, translation)| {
                    let name = original
                        .file_name()
                        .map(|name| name.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    format!(
                        "{{\"type\": \"file\", \"name\": {}, \"external-contents\": {}}}",
                        json_string(&name),
                        json_string(&translation.display().to_string())
                    )
                })
                .collect();
            format!(
                "{{\"type\": \"directory\", \"name\": {}, \"contents\": [\n    {}\n  ]}}",
                json_string(&dir.display().to_string()),
                contents.join(",\n    ")
            )
        })
        .collect();
    format!(
        "{{\"version\": 0, \"case-sensitive\": true, \"use-external-names\": false, \"roots\": [\n  {}\n]}}\n",
        roots.join(",\n  ")
    )
}

fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn io_error(doing: &str, path: &Path, err: &std::io::Error) -> DriverError {
    DriverError::Io {
        message: format!("{doing} `{}`: {err}", path.display()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn includes_are_found_outside_comments() {
        let text = "#include \"a.h\"\n  # include <b/c.h>\n// #include \"no.h\"\n\
                    /* #include \"no2.h\"\n #include \"no3.h\" */\n#include MACRO\n#include_next \"d.h\"\n";
        assert_eq!(
            includes(text),
            [
                (true, "a.h".to_owned()),
                (false, "b/c.h".to_owned()),
                (true, "d.h".to_owned())
            ]
        );
    }

    #[test]
    fn header_vendors() {
        assert_eq!(header_vendor("hip/hip_runtime.h"), Some(Vendor::Hip));
        assert_eq!(header_vendor("hipcub/hipcub.hpp"), Some(Vendor::Hip));
        assert_eq!(header_vendor("cuda_runtime.h"), Some(Vendor::Cuda));
        assert_eq!(header_vendor("cuda/std/complex"), Some(Vendor::Cuda));
        assert_eq!(
            header_vendor("cooperative_groups/reduce.h"),
            Some(Vendor::Cuda)
        );
        assert_eq!(header_vendor("cub/cub.cuh"), Some(Vendor::Cuda));
        assert_eq!(header_vendor("thrust/sort.h"), None);
        assert_eq!(header_vendor("stdio.h"), None);
        assert_eq!(header_vendor("chrono"), None);
    }

    #[test]
    fn hip_programs_in_cu_files() {
        let dir = std::env::temp_dir().join(format!("oxhip-hip-cu-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("inc")).unwrap();
        // A CUDA-named user header of a HIP program is the user's, not CUDA's.
        std::fs::write(
            dir.join("inc/cuda_compat.h"),
            "#include <hip/hip_runtime.h>\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("hip.cu"),
            "#include <chrono>\n#include \"cuda_compat.h\"\n",
        )
        .unwrap();
        std::fs::write(dir.join("cuda.cu"), "#include <cuda_runtime.h>\n").unwrap();
        std::fs::write(
            dir.join("both.cu"),
            "#include \"cuda_compat.h\"\n#include <cublas_v2.h>\n",
        )
        .unwrap();
        std::fs::write(dir.join("neither.cu"), "#include <stdio.h>\n").unwrap();
        let search = SearchPath {
            angled: vec![dir.join("inc")],
            ..SearchPath::default()
        };
        assert!(is_hip_program(&dir.join("hip.cu"), &search));
        assert!(!is_hip_program(&dir.join("hip.cu"), &SearchPath::default()));
        assert!(!is_hip_program(&dir.join("cuda.cu"), &search));
        assert!(!is_hip_program(&dir.join("both.cu"), &search));
        assert!(!is_hip_program(&dir.join("neither.cu"), &search));
        assert!(!is_hip_program(&dir.join("missing.cu"), &search));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn normalize_removes_dots() {
        assert_eq!(normalize(Path::new("/a/./b/../c.h")), Path::new("/a/c.h"));
    }

    #[test]
    fn search_path_round_trips() {
        let search = SearchPath {
            quote: vec!["q".into()],
            angled: vec!["i1".into(), "i2".into()],
            system: vec!["/s".into()],
        };
        let args: Vec<String> = search
            .to_args()
            .iter()
            .map(|arg| arg.to_string_lossy().into_owned())
            .chain(["-o".to_owned(), "x.yaml".to_owned(), "in.cu".to_owned()])
            .collect();
        let (parsed, rest) = SearchPath::from_args(&args);
        assert_eq!(parsed, search);
        assert_eq!(rest, ["-o", "x.yaml", "in.cu"]);
    }

    #[test]
    fn overlay_names_are_json_strings() {
        let mut replaced = BTreeMap::new();
        replaced.insert(PathBuf::from("/p/a \"b\".cu"), PathBuf::from("/t/0-a.cu"));
        let yaml = overlay_yaml(&replaced);
        assert!(yaml.contains("\"name\": \"/p\""), "{yaml}");
        assert!(yaml.contains("\"name\": \"a \\\"b\\\".cu\""), "{yaml}");
        assert!(yaml.contains("\"use-external-names\": false"), "{yaml}");
    }
}
