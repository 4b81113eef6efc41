//! The module layout ARCHITECTURE.md promises, checked from the sources. These are text
//! checks, not compiler ones: they read the files, comments and `#[cfg(test)]` tests left
//! out, and look for the paths and `use` declarations that name a module.
//!
//! - **driver:** the modules that turn a command line into jobs (`args`, `plan`, `bind` and
//!   what they use) touch no file system, process or environment and import only one
//!   another; facts about the world reach `args` through `args::Context` (the GPUs present,
//!   whether a `.cu` file holds a HIP program), and `execute` and `overlay` are where the
//!   driver acts. No two of the driver's modules import each other, directly or around a
//!   circle.
//! - **runtime:** `runtime/src/api.rs` keeps only the shim every area of the C API shares
//!   (`call`, the reset gate, `non_null`, the handle types) and declares the areas. It uses
//!   nothing from them: the areas use the shim, so anything an area defined and the shim
//!   used would make the areas depend on each other through it. The modules of
//!   `runtime/src/api/` import each other without a circle (issue 27).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Which modules each module imports.
type Imports = BTreeMap<String, BTreeSet<String>>;

/// `<crate>/src/<rest>` in this workspace.
fn src(krate: &str, rest: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(krate)
        .join("src")
        .join(rest)
}

/// `text` without its comments.
fn without_comments(text: &str) -> String {
    text.lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A source's code: everything before its `#[cfg(test)]` tests, without comments.
fn code_of(text: &str) -> String {
    without_comments(text.split("#[cfg(test)]").next().unwrap_or_default())
}

/// The code of the file at `path` (see [`code_of`]).
fn code_at(path: &Path) -> String {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|err| panic!("reading {}: {err}", path.display()));
    code_of(&text)
}

/// The modules with a file in `dir`, by name, sorted.
fn modules_in(dir: &Path) -> Vec<String> {
    let mut modules: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|err| panic!("listing {}: {err}", dir.display()))
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            name.strip_suffix(".rs").map(str::to_owned)
        })
        .collect();
    modules.sort();
    modules
}

fn identifier(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `code` holds the path `path` as a whole name (`crate::cc1` is not `crate::cc1x`).
fn has_path(code: &str, path: &str) -> bool {
    code.match_indices(path)
        .any(|(at, _)| !code[at + path.len()..].starts_with(identifier))
}

/// A circle of imports in `graph` (its modules, the first again at the end), if any.
fn find_circle(graph: &Imports) -> Option<Vec<String>> {
    // Depth-first search; a module met again while still on the path closes a circle.
    fn visit(
        module: &str,
        graph: &Imports,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|it| it == module) {
            let mut circle = path[at..].to_vec();
            circle.push(module.to_owned());
            return Some(circle);
        }
        if !done.insert(module.to_owned()) {
            return None;
        }
        path.push(module.to_owned());
        for next in graph.get(module).into_iter().flatten() {
            if let Some(circle) = visit(next, graph, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|module| visit(module, graph, &mut Vec::new(), &mut done))
}

#[test]
fn a_circle_is_found() {
    let graph = |edges: &[(&str, &str)]| -> Imports {
        let mut graph = Imports::new();
        for (from, to) in edges {
            graph
                .entry((*from).to_owned())
                .or_default()
                .insert((*to).to_owned());
            graph.entry((*to).to_owned()).or_default();
        }
        graph
    };
    let circle = find_circle(&graph(&[("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")]));
    assert_eq!(
        circle.map(|it| it.join(" -> ")),
        Some("a -> b -> c -> a".into())
    );
    assert_eq!(
        find_circle(&graph(&[("a", "b"), ("b", "c"), ("a", "c")])),
        None
    );
}

mod driver {
    use super::*;

    /// The pure modules: each may import only these.
    const PURE: &[&str] = &[
        "args",
        "plan",
        "bind",
        "compile",
        "targets",
        "search",
        "cuda_headers",
        "toolchain",
        "error",
        "pch",
        "sides",
    ];

    /// What reaching outside the process looks like in Rust source.
    const IMPURE: &[&str] = &[
        "std::fs",
        "std::env",
        "std::process",
        "std::net",
        "std::io::stdin",
        "std::thread",
        "File::",
        "OpenOptions",
        ".is_file()",
        ".is_dir()",
        ".exists()",
        "read_dir(",
        "current_dir(",
        "canonicalize(",
        "Command::",
        "tempfile",
        "libc::",
        "crate::execute",
        "crate::overlay",
        "crate::internal",
    ];

    /// A module's code: `src/<module>.rs` and its submodules in `src/<module>/`.
    fn code(module: &str) -> String {
        let mut paths = vec![src("driver", &format!("{module}.rs"))];
        if let Ok(entries) = std::fs::read_dir(src("driver", module)) {
            let mut submodules: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
            submodules.sort();
            paths.extend(
                submodules
                    .into_iter()
                    .filter(|path| path.extension().is_some_and(|e| e == "rs")),
            );
        }
        paths
            .iter()
            .map(|path| code_at(path))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The driver's modules (`lib.rs` and `main.rs` excepted: they use them all).
    fn modules() -> Vec<String> {
        modules_in(&src("driver", ""))
            .into_iter()
            .filter(|name| name != "lib" && name != "main")
            .collect()
    }

    /// The modules `module` names as `crate::<module>`.
    fn imports(module: &str, all: &[String]) -> BTreeSet<String> {
        let code = code(module);
        all.iter()
            .filter(|other| *other != module && has_path(&code, &format!("crate::{other}")))
            .cloned()
            .collect()
    }

    #[test]
    fn the_modules_that_build_jobs_are_pure() {
        let all = modules();
        for module in PURE {
            assert!(
                all.iter().any(|it| it == module),
                "{module}.rs is listed as pure but does not exist"
            );
            let code = code(module);
            for marker in IMPURE {
                assert!(
                    !code.contains(marker),
                    "driver/src/{module}.rs is pure (ARCHITECTURE.md) but uses `{marker}`: \
                     hand the fact in through `args::Context` or do it in `execute`"
                );
            }
            for import in imports(module, &all) {
                assert!(
                    PURE.contains(&import.as_str()),
                    "driver/src/{module}.rs is pure but imports `crate::{import}`, which is not"
                );
            }
        }
    }

    #[test]
    fn the_modules_import_each_other_without_a_circle() {
        let all = modules();
        let graph: Imports = all
            .iter()
            .map(|module| (module.clone(), imports(module, &all)))
            .collect();
        if let Some(circle) = find_circle(&graph) {
            panic!(
                "the driver's modules import in a circle: {}",
                circle.join(" -> ")
            );
        }
    }

    /// The checks can fail: a pure module that read a file, and an import, are found.
    #[test]
    fn the_checks_see_what_they_look_for() {
        let offending = "fn f() { let _ = std::fs::read(\"x\"); }";
        assert!(IMPURE.iter().any(|marker| offending.contains(marker)));
        assert!(!code("args").is_empty());
        assert!(imports("bind", &modules()).contains("args"));
    }
}

mod runtime {
    use super::*;

    /// The API areas, `runtime/src/api/<area>.rs`.
    const AREAS: [&str; 11] = [
        "device",
        "error",
        "event",
        "graph",
        "launch",
        "memory",
        "module",
        "occupancy",
        "pool",
        "stream",
        "unsupported",
    ];

    /// What in `source` names an area: a `use` declaration naming one, or a path through
    /// one (`device::forget(..)`). `crate::error` is the crate's error types, not the
    /// `error` area.
    fn area_mentions(source: &str) -> Vec<String> {
        let code = without_comments(source);
        let mut mentions = Vec::new();
        for (start, _) in code.match_indices("use ") {
            let line_start = code[..start].rfind('\n').map_or(0, |at| at + 1);
            if !matches!(code[line_start..start].trim(), "" | "pub" | "pub(crate)") {
                continue;
            }
            let end = code[start..].find(';').map_or(code.len(), |at| start + at);
            let declaration = &code[start..end];
            if AREAS.iter().any(|area| names(declaration, area, false)) {
                mentions.push(declaration.split_whitespace().collect::<Vec<_>>().join(" "));
            }
        }
        for area in AREAS {
            if names(&code, area, true) {
                mentions.push(format!("a path through `{area}`"));
            }
        }
        mentions
    }

    /// Whether `code` holds `area` as a whole name (not after `crate::`), followed by `::`
    /// when `path` is set.
    fn names(code: &str, area: &str, path: bool) -> bool {
        code.match_indices(area).any(|(at, _)| {
            let (before, after) = (&code[..at], &code[at + area.len()..]);
            !before.ends_with(identifier)
                && !after.starts_with(identifier)
                && !before.ends_with("crate::")
                && (!path || after.starts_with("::"))
        })
    }

    #[test]
    fn api_rs_uses_nothing_from_the_areas() {
        let path = src("runtime", "api.rs");
        let source = std::fs::read_to_string(&path).expect("runtime/src/api.rs is readable");
        assert_eq!(area_mentions(&source), Vec::<String>::new());
    }

    #[test]
    fn the_check_finds_uses_and_paths() {
        let cases = [
            ("use crate::api::device::hipInit;", true),
            ("use super::stream::{create, destroy};", true),
            ("use crate::api::{\n    call,\n    pool,\n};", true),
            ("pub use self::memory::*;", true),
            ("fn f() { graph::forget_device(0); }", true),
            (
                "pub mod device;\nuse crate::error::{HipError, RuntimeError};",
                false,
            ),
            (
                "if let Err(error) = &result { error.code(); } // device::forget",
                false,
            ),
        ];
        for (source, found) in cases {
            assert_eq!(!area_mentions(source).is_empty(), found, "{source}");
        }
    }

    /// The modules under `runtime/src/api/` and the ones each names (`crate::api::x`,
    /// `super::x`, or inside a `use crate::api::{…}` list).
    fn api_imports() -> Imports {
        let dir = src("runtime", "api");
        let modules = modules_in(&dir);
        modules
            .iter()
            .map(|module| {
                let code = code_at(&dir.join(format!("{module}.rs")));
                // The names inside `use crate::api::{…}` and `use super::{…}` lists.
                let mut listed = String::new();
                for prefix in ["use crate::api::{", "use super::{"] {
                    for (at, _) in code.match_indices(prefix) {
                        let rest = &code[at + prefix.len()..];
                        listed.push_str(&rest[..rest.find('}').unwrap_or(rest.len())]);
                        listed.push(',');
                    }
                }
                let uses: BTreeSet<String> = modules
                    .iter()
                    .filter(|other| *other != module)
                    .filter(|other| {
                        let by_path = ["crate::api::", "super::"]
                            .iter()
                            .any(|prefix| has_path(&code, &format!("{prefix}{other}")));
                        let by_list = listed
                            .split(',')
                            .any(|item| item.trim().split("::").next() == Some(other.as_str()));
                        by_path || by_list
                    })
                    .cloned()
                    .collect();
                (module.clone(), uses)
            })
            .collect()
    }

    /// No two modules of the C API use each other, directly or around a circle: each area
    /// depends on the helpers and on the areas below it only.
    #[test]
    fn the_api_modules_import_each_other_without_a_circle() {
        let graph = api_imports();
        assert!(
            graph.len() > 15,
            "too few modules found: {:?}",
            graph.keys()
        );
        assert!(
            graph["memory"].contains("ops"),
            "the import scan found nothing"
        );
        if let Some(circle) = find_circle(&graph) {
            panic!(
                "runtime/src/api imports in a circle: {}",
                circle.join(" -> ")
            );
        }
    }
}
