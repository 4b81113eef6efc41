//! The include guards and version macros of CUDA's headers, which helper headers test before
//! defining their error checks (`#ifdef __DRIVER_TYPES_H__`), through the built `oxhip` and
//! `oxhipify` (docs/driver.md, "CUDA sources"; docs/hipify.md):
//!
//! - every guard of `driver::cuda_headers::GUARDS` is defined in a CUDA compile exactly
//!   where CUDA's headers would define it (always, or once the source includes the header),
//!   and the translation `oxhipify` writes of a test of it is true in a HIP compile exactly
//!   when the CUDA test is;
//! - `tests/cuda_guards/` (a program whose helpers exist only under those guards) builds
//!   and runs on the CPU device as CUDA, and after `oxhipify` as HIP.
//!
//! Needs the workspace built first (`cargo build --workspace`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use driver::cuda_headers::{Defined, GUARDS, NESTED, VERSIONS};
use tests::{built_binary, oxhip_binary, repo_root};

fn oxhipify_binary() -> PathBuf {
    built_binary("oxhipify").unwrap_or_else(|| {
        panic!(
            "build the workspace first: `cargo build --workspace` (no target/<profile>/oxhipify)"
        )
    })
}

/// Runs `program` with `args` in `dir`; panics with its stderr when it fails.
fn run(program: &Path, args: &[&str], dir: &Path) -> Output {
    let output = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|err| panic!("running {}: {err}", program.display()));
    assert!(
        output.status.success(),
        "{} {args:?} failed:\n{}{}",
        program.display(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// The guards `oxhipify` leaves as written, because HIP has no counterpart (docs/hipify.md,
/// "Header guards"); it translates every other one.
const LEFT_AS_WRITTEN: &[&str] = &[
    "_COOPERATIVE_GROUPS_REDUCE_H",
    "_COOPERATIVE_GROUPS_SCAN_H",
    "_COOPERATIVE_GROUPS_MEMCPY_ASYNC",
    "__CUDA_SURFACE_TYPES_H__",
    "__cuda_cuda_h__",
    "__cuda_occupancy_h__",
    "_CUDA_PIPELINE_H_",
    "_CUDA_AWBARRIER_H_",
];

/// A source that includes `header` (if any) and then marks each guard of [`GUARDS`] that
/// is defined with a token of its own, `oxhip_guard_<index>`, and each version macro that
/// has its CUDA value with `oxhip_version_<index>`.
fn probe(header: Option<&str>) -> String {
    let mut text = String::new();
    if let Some(header) = header {
        text.push_str(&format!("#include <{header}>\n"));
    }
    for (index, guard) in GUARDS.iter().enumerate() {
        text.push_str(&format!(
            "#ifdef {}\noxhip_guard_{index}\n#endif\n",
            guard.name
        ));
    }
    for (index, version) in VERSIONS.iter().enumerate() {
        text.push_str(&format!(
            "#if {} == {}\noxhip_version_{index}\n#endif\n",
            version.name, version.value
        ));
    }
    text
}

/// The indices marked with `prefix` in preprocessed `text`.
fn marked(text: &str, prefix: &str) -> BTreeSet<usize> {
    text.split_whitespace()
        .filter_map(|word| word.strip_prefix(prefix))
        .filter_map(|index| index.parse().ok())
        .collect()
}

/// The guards (by index) a CUDA compile should see after including `header`: those
/// defined always, and those of every HIP header that stands in for a CUDA header the
/// source reaches (the header and those CUDA's includes: `NESTED`). A HIP header defines
/// the guards of every CUDA header it stands in for.
fn expected(header: Option<&str>) -> BTreeSet<usize> {
    let reached: Vec<&str> = header
        .into_iter()
        .chain(
            NESTED
                .iter()
                .filter(|(name, _)| Some(*name) == header)
                .flat_map(|(_, includes)| includes.iter().copied()),
        )
        .collect();
    let hip_headers: BTreeSet<&str> = GUARDS
        .iter()
        .filter(|guard| reached.contains(&guard.header))
        .filter_map(|guard| match guard.oxhip {
            Defined::WithHeader(hip) => Some(hip),
            _ => None,
        })
        .collect();
    GUARDS
        .iter()
        .enumerate()
        .filter(|(_, guard)| match guard.oxhip {
            Defined::Always => true,
            Defined::WithHeader(hip) => hip_headers.contains(hip),
            Defined::Never(_) => false,
        })
        .map(|(index, _)| index)
        .collect()
}

fn names(indices: &BTreeSet<usize>) -> Vec<&'static str> {
    indices.iter().map(|index| GUARDS[*index].name).collect()
}

#[test]
fn guards_are_defined_where_cuda_defines_them_and_translate_faithfully() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    // No include (nothing beyond what every CUDA compile has), each header a source
    // includes that oxhip stands in for, and cuda.h (whose guard stays undefined).
    let mut headers: Vec<Option<&str>> = vec![None, Some("cuda.h")];
    headers.extend(
        GUARDS
            .iter()
            .filter(|guard| guard.includable() && matches!(guard.oxhip, Defined::WithHeader(_)))
            .map(|guard| Some(guard.header)),
    );
    for header in headers {
        let label = header.unwrap_or("nothing");
        std::fs::write(dir.join("probe.cu"), probe(header)).unwrap();
        let cuda = run(
            &oxhip_binary(),
            &[
                "-E",
                "--cuda-host-only",
                "--offload-arch=host",
                "probe.cu",
                "-o",
                "probe.cu.i",
            ],
            dir,
        );
        assert!(cuda.stderr.is_empty(), "{label}: {cuda:?}");
        let preprocessed = std::fs::read_to_string(dir.join("probe.cu.i")).unwrap();
        let in_cuda = marked(&preprocessed, "oxhip_guard_");
        // The version macros keep CUDA's values: the compile's translation leaves them.
        assert_eq!(
            marked(&preprocessed, "oxhip_version_").len(),
            VERSIONS.len(),
            "{label}: version macros"
        );
        let want = expected(header);
        assert_eq!(
            names(&in_cuda),
            names(&want),
            "guards defined in a CUDA compile after including {label}"
        );

        // oxhipify's translation, compiled as HIP by oxhip: a translated test is true
        // exactly when the CUDA one is; a guard HIP has no counterpart for stays as
        // written and is false.
        run(
            &oxhipify_binary(),
            &["--quiet-warnings", "probe.cu", "-o", "probe.hip"],
            dir,
        );
        let translated = std::fs::read_to_string(dir.join("probe.hip")).unwrap();
        let untranslated: BTreeSet<usize> = GUARDS
            .iter()
            .enumerate()
            .filter(|(_, guard)| translated.contains(&format!("#ifdef {}\n", guard.name)))
            .map(|(index, _)| index)
            .collect();
        let mut left = names(&untranslated);
        left.sort_unstable();
        let mut want_left = LEFT_AS_WRITTEN.to_vec();
        want_left.sort_unstable();
        assert_eq!(left, want_left, "guards oxhipify leaves as written");
        run(
            &oxhip_binary(),
            &[
                "-E",
                "--cuda-host-only",
                "--offload-arch=host",
                "probe.hip",
                "-o",
                "probe.hip.i",
            ],
            dir,
        );
        let in_hip = marked(
            &std::fs::read_to_string(dir.join("probe.hip.i")).unwrap(),
            "oxhip_guard_",
        );
        let mut want_hip: BTreeSet<usize> = in_cuda.difference(&untranslated).copied().collect();
        // CUDA's cuda_bf16.h includes cuda_fp16.h; HIP's hip_bf16.h does not include
        // hip_fp16.h, and oxhip's HIP headers follow HIP's (only a CUDA compile brings it).
        if header == Some("cuda_bf16.h") {
            want_hip.retain(|index| !GUARDS[*index].name.starts_with("__CUDA_FP16_"));
        }
        assert_eq!(
            names(&in_hip),
            names(&want_hip),
            "translated guards defined in a HIP compile after including {label}'s translation"
        );
    }
}

/// Builds `source` (with `-Iinclude`) in `dir` for the CPU target and runs it; the run must
/// print `PASSED`.
fn build_and_run(source: &str, dir: &Path) {
    run(
        &oxhip_binary(),
        &[
            "-O1",
            "--offload-arch=host",
            "-Iinclude",
            source,
            "-o",
            "app",
        ],
        dir,
    );
    let output = Command::new("timeout")
        .arg("120")
        .arg(dir.join("app"))
        .env("OXHIP_VISIBLE_DEVICES", "cpu")
        .output()
        .unwrap_or_else(|err| panic!("running the program: {err}"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && stdout.contains("PASSED"),
        "{source}: {:?}\n{stdout}{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A copy of `tests/cuda_guards/` in a temporary directory.
fn program_copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let program = repo_root().join("tests/cuda_guards");
    std::fs::create_dir_all(dir.path().join("include")).unwrap();
    for file in ["main.cu", "include/helper_checks.h"] {
        std::fs::copy(program.join(file), dir.path().join(file)).unwrap();
    }
    dir
}

#[test]
fn sample_style_helpers_exist_in_a_cuda_compile() {
    // See: issue 24 (16 of 18 sample programs lost checkCudaErrors and findCudaDevice).
    let dir = program_copy();
    build_and_run("main.cu", dir.path());
}

#[test]
fn sample_style_helpers_exist_after_oxhipify() {
    let dir = program_copy();
    let translated = tempfile::tempdir().unwrap();
    let out = translated.path();
    let out_arg = out.display().to_string();
    run(
        &oxhipify_binary(),
        &["--quiet-warnings", "--o-dir", &out_arg, "."],
        dir.path(),
    );
    let helper = std::fs::read_to_string(out.join("include/helper_checks.h")).unwrap();
    // The translated helper tests HIP's guards; cuda.h's stays, and is never defined.
    for hip in [
        "#ifdef HIP_INCLUDE_HIP_DRIVER_TYPES_H",
        "#ifdef HIP_INCLUDE_HIP_HIP_VECTOR_TYPES_H",
        "#ifdef HIP_INCLUDE_HIP_HIP_RUNTIME_H",
        "#ifdef HIP_INCLUDE_HIP_HIP_FP16_H",
        "#ifdef HIP_INCLUDE_HIP_HIP_COOPERATIVE_GROUP_H",
        "#ifdef __cuda_cuda_h__",
    ] {
        assert!(helper.contains(hip), "{hip} in\n{helper}");
    }
    std::fs::rename(out.join("main.cu"), out.join("main.hip")).unwrap();
    build_and_run("main.hip", out);
}
