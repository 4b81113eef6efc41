//! `runtime/src/api.rs` keeps only the shim every area of the C API shares (`call`, the
//! reset gate, `non_null`, the handle types) and declares the areas. It must use nothing
//! from them: the areas use the shim, so anything an area defined and the shim used would
//! make the areas depend on each other through it (issue 27).
//! A text check, not a compiler one: it reads the file and looks for `use` declarations
//! that name an area and for paths through one.

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

/// What in `source` names an area: a `use` declaration naming one, or a path through one
/// (`device::forget(..)`). `crate::error` is the crate's error types, not the `error` area.
fn area_mentions(source: &str) -> Vec<String> {
    let code = source
        .lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n");
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

/// Whether `code` holds `area` as a whole name (not after `crate::`), followed by `::` when
/// `path` is set.
fn names(code: &str, area: &str, path: bool) -> bool {
    let identifier = |c: char| c.is_alphanumeric() || c == '_';
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
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/api.rs");
    let source = std::fs::read_to_string(path).expect("runtime/src/api.rs is readable");
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
/// `super::x`, or inside a `use crate::api::{…}` list), tests and comments left out.
fn api_imports() -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/api");
    let modules: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|err| panic!("listing {}: {err}", dir.display()))
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            name.strip_suffix(".rs").map(str::to_owned)
        })
        .collect();
    let identifier = |c: char| c.is_alphanumeric() || c == '_';
    modules
        .iter()
        .map(|module| {
            let path = dir.join(format!("{module}.rs"));
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|err| panic!("reading {}: {err}", path.display()));
            let text = text.split("#[cfg(test)]").next().unwrap_or_default();
            let code: String = text
                .lines()
                .map(|line| line.split("//").next().unwrap_or_default())
                .collect::<Vec<_>>()
                .join("\n");
            // The names inside `use crate::api::{…}` and `use super::{…}` lists.
            let mut listed = String::new();
            for prefix in ["use crate::api::{", "use super::{"] {
                for (at, _) in code.match_indices(prefix) {
                    let rest = &code[at + prefix.len()..];
                    listed.push_str(&rest[..rest.find('}').unwrap_or(rest.len())]);
                    listed.push(',');
                }
            }
            let uses: std::collections::BTreeSet<String> = modules
                .iter()
                .filter(|other| *other != module)
                .filter(|other| {
                    let by_path = ["crate::api::", "super::"].iter().any(|prefix| {
                        let path = format!("{prefix}{other}");
                        code.match_indices(&path)
                            .any(|(at, _)| !code[at + path.len()..].starts_with(identifier))
                    });
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

/// No two modules of the C API use each other, directly or around a circle (issue 27):
/// each area depends on the helpers and on the areas below it only.
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
    let mut done = std::collections::BTreeSet::new();
    fn visit(
        module: &str,
        graph: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut std::collections::BTreeSet<String>,
    ) {
        if let Some(at) = path.iter().position(|it| it == module) {
            let mut circle = path[at..].to_vec();
            circle.push(module.to_owned());
            panic!(
                "runtime/src/api imports in a circle: {}",
                circle.join(" -> ")
            );
        }
        if !done.insert(module.to_owned()) {
            return;
        }
        path.push(module.to_owned());
        for next in graph.get(module).into_iter().flatten() {
            visit(next, graph, path, done);
        }
        path.pop();
    }
    for module in graph.keys() {
        visit(module, &graph, &mut Vec::new(), &mut done);
    }
}
