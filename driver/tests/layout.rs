//! The driver's module layout, checked from its sources (ARCHITECTURE.md, `driver`):
//! the modules that turn a command line into jobs (`args`, `plan`, `bind` and what they
//! use) touch no file system, process or environment, and import only one another; and no
//! two of the driver's modules import each other, directly or around a circle.
//!
//! Facts about the world reach `args` through `args::Context` (the GPUs present, whether a
//! `.cu` file holds a HIP program); `execute` and `overlay` are where the driver acts.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

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

/// A module's code (`src/<module>.rs` and its submodules in `src/<module>/`) without
/// comments and without `#[cfg(test)]` tests.
fn code(module: &str) -> String {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = vec![src.join(format!("{module}.rs"))];
    if let Ok(entries) = std::fs::read_dir(src.join(module)) {
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
        .map(|path| {
            let text = std::fs::read_to_string(path)
                .unwrap_or_else(|err| panic!("reading {}: {err}", path.display()));
            let text = text
                .split("#[cfg(test)]")
                .next()
                .unwrap_or_default()
                .to_owned();
            text.lines()
                .map(|line| line.split("//").next().unwrap_or_default())
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The driver's modules, by file name (`lib.rs` and `main.rs` excepted: they use them all).
fn modules() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut modules: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|err| panic!("listing {}: {err}", dir.display()))
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            name.strip_suffix(".rs").map(str::to_owned)
        })
        .filter(|name| name != "lib" && name != "main")
        .collect();
    modules.sort();
    modules
}

/// The modules `module` names as `crate::<module>`.
fn imports(module: &str, all: &[String]) -> BTreeSet<String> {
    let code = code(module);
    all.iter()
        .filter(|other| *other != module)
        .filter(|other| {
            let path = format!("crate::{other}");
            code.match_indices(&path).any(|(at, _)| {
                // `crate::cc1` must not match `crate::cc1x`.
                !code[at + path.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
            })
        })
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
    let graph: BTreeMap<String, BTreeSet<String>> = all
        .iter()
        .map(|module| (module.clone(), imports(module, &all)))
        .collect();
    // Depth-first search; a module met again while still on the path closes a circle.
    fn visit(
        module: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|it| it == module) {
            let mut circle = path[at..].to_vec();
            circle.push(module.to_owned());
            return Some(circle);
        }
        if done.contains(module) {
            return None;
        }
        path.push(module.to_owned());
        for next in graph.get(module).into_iter().flatten() {
            if let Some(circle) = visit(next, graph, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        done.insert(module.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    for module in &all {
        if let Some(circle) = visit(module, &graph, &mut Vec::new(), &mut done) {
            panic!(
                "the driver's modules import in a circle: {}",
                circle.join(" -> ")
            );
        }
    }
}

/// The checks can fail: a pure module that read a file, and a circle, are found.
#[test]
fn the_checks_see_what_they_look_for() {
    let offending = "fn f() { let _ = std::fs::read(\"x\"); }";
    assert!(IMPURE.iter().any(|marker| offending.contains(marker)));
    assert!(!code("args").is_empty());
    assert!(imports("bind", &modules()).contains("args"));
}
