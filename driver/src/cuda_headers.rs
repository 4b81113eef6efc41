//! What CUDA sources see of CUDA's headers when oxhip compiles them: the version macros
//! and the header guards (docs/driver.md, "CUDA sources"). The compile defines the
//! macros that nvcc's sources always see (`bind`), oxhip's HIP headers define the guards
//! of the CUDA headers they stand in for when the source includes them (under
//! `__OXHIP_CUDA_SOURCE__`), and the translation leaves all of these names alone
//! (`overlay`). Data only: no file system, no processes.
//!
//! The facts are CUDA 12.6's (`cuda2hip.tsv` goes up to 12.6): preprocessing
//! `cuda_runtime.h`, which nvcc includes first in every `.cu`, and each header after it
//! (the test `guards_rederived_from_cuda_headers` does it again where `OXHIP_CUDA_INCLUDE`
//! names a CUDA include directory). What oxhipify writes for each guard is hipify's table
//! (`hipify/data/cuda2hip-extra.tsv`, section "Header guards and version macros").

use std::collections::BTreeSet;

/// A CUDA header's include guard and what oxhip does with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Guard {
    /// The macro (`__DRIVER_TYPES_H__`).
    pub name: &'static str,
    /// The CUDA header whose guard it is, as an `#include` names it.
    pub header: &'static str,
    /// Whether `cuda_runtime.h` includes the header, so that nvcc's sources always see the
    /// guard (a fact of CUDA 12.6).
    pub pre_included: bool,
    /// Where oxhip defines it.
    pub oxhip: Defined,
}

impl Guard {
    /// Whether a source can include the guard's header on its own (CUDA's `.hpp` files are
    /// the second halves of their `.h` files and refuse it).
    pub fn includable(&self) -> bool {
        !self.header.ends_with(".hpp")
    }
}

/// Where a CUDA compile of oxhip defines a guard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Defined {
    /// In every CUDA compile (`-D`), before the source's first line: the guards of the
    /// headers `cuda_runtime.h` includes.
    Always,
    /// By this oxhip HIP header, which the translation writes for the CUDA header, and
    /// which defines the guard when `__OXHIP_CUDA_SOURCE__` is defined: the guard appears
    /// where the source includes the CUDA header.
    WithHeader(&'static str),
    /// Nowhere, for the reason given.
    Never(&'static str),
}

const NO_TEXTURES: &str = "oxhip has no textures or surfaces yet: code under the guard uses them";

const fn always(name: &'static str, header: &'static str) -> Guard {
    Guard {
        name,
        header,
        pre_included: true,
        oxhip: Defined::Always,
    }
}

const fn no_textures(name: &'static str, header: &'static str) -> Guard {
    Guard {
        name,
        header,
        pre_included: true,
        oxhip: Defined::Never(NO_TEXTURES),
    }
}

const fn with(name: &'static str, header: &'static str, hip_header: &'static str) -> Guard {
    Guard {
        name,
        header,
        pre_included: false,
        oxhip: Defined::WithHeader(hip_header),
    }
}

const fn never(name: &'static str, header: &'static str, why: &'static str) -> Guard {
    Guard {
        name,
        header,
        pre_included: false,
        oxhip: Defined::Never(why),
    }
}

const COOPERATIVE_GROUPS: &str = "hip/hip_cooperative_groups.h";

/// Every include guard of CUDA 12.6's runtime headers (those `cuda_runtime.h` includes)
/// and of the headers a source includes itself that oxhip has a counterpart for, or that
/// helper headers are known to test.
///
/// A `.hpp` is the second half of its `.h` (CUDA refuses it on its own), and its guard comes
/// with the `.h`'s.
///
/// The guards of `cooperative_groups/reduce.h`, `scan.h` and `memcpy_async.h` come with
/// `hip/hip_cooperative_groups.h`, which the translation writes for all four headers and
/// which declares what all four declare: a guard says its declarations are there (code
/// tests it to avoid declaring them again), so all four are defined together.
pub const GUARDS: &[Guard] = &[
    always("__CUDA_RUNTIME_H__", "cuda_runtime.h"),
    always("__CUDA_RUNTIME_API_H__", "cuda_runtime_api.h"),
    always("__CUDA_DEVICE_RUNTIME_API_H__", "cuda_device_runtime_api.h"),
    always("__DRIVER_TYPES_H__", "driver_types.h"),
    always("__DRIVER_FUNCTIONS_H__", "driver_functions.h"),
    always("__VECTOR_TYPES_H__", "vector_types.h"),
    always("__VECTOR_FUNCTIONS_H__", "vector_functions.h"),
    always("__VECTOR_FUNCTIONS_HPP__", "vector_functions.hpp"),
    always("__LIBRARY_TYPES_H__", "library_types.h"),
    always("__DEVICE_TYPES_H__", "device_types.h"),
    always(
        "__DEVICE_LAUNCH_PARAMETERS_H__",
        "device_launch_parameters.h",
    ),
    always("__HOST_CONFIG_H__", "crt/host_config.h"),
    always("__HOST_DEFINES_H__", "crt/host_defines.h"),
    always("__COMMON_FUNCTIONS_H__", "crt/common_functions.h"),
    always("__DEVICE_FUNCTIONS_H__", "crt/device_functions.h"),
    always("__DEVICE_FUNCTIONS_HPP__", "crt/device_functions.hpp"),
    always(
        "__DEVICE_DOUBLE_FUNCTIONS_H__",
        "crt/device_double_functions.h",
    ),
    always(
        "__DEVICE_DOUBLE_FUNCTIONS_HPP__",
        "crt/device_double_functions.hpp",
    ),
    always("__MATH_FUNCTIONS_H__", "crt/math_functions.h"),
    always("__MATH_FUNCTIONS_HPP__", "crt/math_functions.hpp"),
    always("__DEVICE_ATOMIC_FUNCTIONS_H__", "device_atomic_functions.h"),
    always("__SM_20_ATOMIC_FUNCTIONS_H__", "sm_20_atomic_functions.h"),
    always("__SM_20_INTRINSICS_H__", "sm_20_intrinsics.h"),
    always("__SM_30_INTRINSICS_H__", "sm_30_intrinsics.h"),
    always("__SM_32_ATOMIC_FUNCTIONS_H__", "sm_32_atomic_functions.h"),
    always("__SM_32_INTRINSICS_H__", "sm_32_intrinsics.h"),
    always("__SM_35_ATOMIC_FUNCTIONS_H__", "sm_35_atomic_functions.h"),
    always("__SM_35_INTRINSICS_H__", "sm_35_intrinsics.h"),
    always("__SM_60_ATOMIC_FUNCTIONS_H__", "sm_60_atomic_functions.h"),
    always("__SM_61_INTRINSICS_H__", "sm_61_intrinsics.h"),
    always("__SM_70_RT_H__", "crt/sm_70_rt.h"),
    always("__SM_80_RT_H__", "crt/sm_80_rt.h"),
    always("__SM_90_RT_H__", "crt/sm_90_rt.h"),
    no_textures("__CHANNEL_DESCRIPTOR_H__", "channel_descriptor.h"),
    no_textures("__TEXTURE_TYPES_H__", "texture_types.h"),
    no_textures("__SURFACE_TYPES_H__", "surface_types.h"),
    no_textures(
        "__TEXTURE_INDIRECT_FUNCTIONS_H__",
        "texture_indirect_functions.h",
    ),
    no_textures(
        "__SURFACE_INDIRECT_FUNCTIONS_H__",
        "surface_indirect_functions.h",
    ),
    with("__CUDA_FP16_H__", "cuda_fp16.h", "hip/hip_fp16.h"),
    with("__CUDA_FP16_HPP__", "cuda_fp16.hpp", "hip/hip_fp16.h"),
    with("__CUDA_BF16_H__", "cuda_bf16.h", "hip/hip_bf16.h"),
    with("__CUDA_BF16_HPP__", "cuda_bf16.hpp", "hip/hip_bf16.h"),
    with("__CUDA_FP8_H__", "cuda_fp8.h", "hip/hip_fp8.h"),
    with("__CUDA_FP8_HPP__", "cuda_fp8.hpp", "hip/hip_fp8.h"),
    with(
        "_COOPERATIVE_GROUPS_H_",
        "cooperative_groups.h",
        COOPERATIVE_GROUPS,
    ),
    with(
        "_COOPERATIVE_GROUPS_REDUCE_H",
        "cooperative_groups/reduce.h",
        COOPERATIVE_GROUPS,
    ),
    with(
        "_COOPERATIVE_GROUPS_SCAN_H",
        "cooperative_groups/scan.h",
        COOPERATIVE_GROUPS,
    ),
    with(
        "_COOPERATIVE_GROUPS_MEMCPY_ASYNC",
        "cooperative_groups/memcpy_async.h",
        COOPERATIVE_GROUPS,
    ),
    with("CU_COMPLEX_H_", "cuComplex.h", "hip/hip_complex.h"),
    with(
        "__MATH_CONSTANTS_H__",
        "math_constants.h",
        "hip/hip_math_constants.h",
    ),
    never(
        "__CUDA_TEXTURE_TYPES_H__",
        "cuda_texture_types.h",
        NO_TEXTURES,
    ),
    never(
        "__CUDA_SURFACE_TYPES_H__",
        "cuda_surface_types.h",
        NO_TEXTURES,
    ),
    never(
        "__cuda_cuda_h__",
        "cuda.h",
        "`CUresult` and `cudaError_t` both become `hipError_t`: helpers that overload on \
         both (`#ifdef __cuda_cuda_h__` beside `#ifdef __DRIVER_TYPES_H__`) would define \
         the same function twice",
    ),
    never(
        "__cuda_occupancy_h__",
        "cuda_occupancy.h",
        "oxhip has no counterpart of the header (HIP has none either)",
    ),
    never(
        "_CUDA_PIPELINE_H_",
        "cuda_pipeline.h",
        "oxhip has no counterpart of the header's `__pipeline_*` primitives",
    ),
    never(
        "_CUDA_AWBARRIER_H_",
        "cuda_awbarrier.h",
        "oxhip has no counterpart of the header's `__awbarrier_*` primitives",
    ),
];

/// The CUDA headers (of [`GUARDS`], not pre-included) that include others of them, as
/// CUDA 12.6's do: including the first defines the others' guards too.
pub const NESTED: &[(&str, &[&str])] = &[
    ("cuda_fp16.h", &["cuda_fp16.hpp"]),
    (
        "cuda_bf16.h",
        &["cuda_bf16.hpp", "cuda_fp16.h", "cuda_fp16.hpp"],
    ),
    (
        "cuda_fp8.h",
        &[
            "cuda_fp8.hpp",
            "cuda_bf16.h",
            "cuda_bf16.hpp",
            "cuda_fp16.h",
            "cuda_fp16.hpp",
        ],
    ),
    ("cooperative_groups/reduce.h", &["cooperative_groups.h"]),
    ("cooperative_groups/scan.h", &["cooperative_groups.h"]),
    (
        "cooperative_groups/memcpy_async.h",
        &[
            "cooperative_groups.h",
            "cuda_pipeline.h",
            "cuda_awbarrier.h",
        ],
    ),
    ("cuda_pipeline.h", &["cuda_awbarrier.h"]),
];

/// A version macro of CUDA's headers or nvcc, and the value every CUDA compile gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Version {
    pub name: &'static str,
    pub value: &'static str,
    /// Where CUDA defines it: a header, or `nvcc`.
    pub source: &'static str,
}

/// The version macros of the CUDA 12.6 API, whose names oxhip translates, so that version
/// tests (`#if CUDART_VERSION >= 9000`) take the modern API. `CUDA_VERSION` belongs to
/// `cuda.h`, which is not pre-included; it is defined always all the same, as code tests
/// it without including `cuda.h` when it means the toolkit's version.
pub const VERSIONS: &[Version] = &[
    Version {
        name: "CUDART_VERSION",
        value: "12060",
        source: "cuda_runtime_api.h",
    },
    Version {
        name: "CUDA_VERSION",
        value: "12060",
        source: "cuda.h",
    },
    Version {
        name: "__CUDACC_VER_MAJOR__",
        value: "12",
        source: "nvcc",
    },
    Version {
        name: "__CUDACC_VER_MINOR__",
        value: "6",
        source: "nvcc",
    },
    Version {
        name: "__CUDACC_VER_BUILD__",
        value: "0",
        source: "nvcc",
    },
];

/// What every CUDA compile defines (`-D` operands): the guards defined [`Defined::Always`]
/// and the [`VERSIONS`].
pub fn defines() -> Vec<String> {
    GUARDS
        .iter()
        .filter(|guard| guard.oxhip == Defined::Always)
        .map(|guard| guard.name.to_owned())
        .chain(
            VERSIONS
                .iter()
                .map(|version| format!("{}={}", version.name, version.value)),
        )
        .collect()
}

/// The names the translation of a CUDA compile leaves as written: every guard (the
/// compile or oxhip's headers define the CUDA names, or nothing does, as with nvcc) and
/// every version macro. oxhipify, whose output HIP's own headers compile, writes HIP's
/// guards and `HIP_VERSION` instead.
pub fn untranslated() -> BTreeSet<String> {
    GUARDS
        .iter()
        .map(|guard| guard.name)
        .chain(VERSIONS.iter().map(|version| version.name))
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::collections::BTreeMap;
    use std::path::Path;
    use std::process::Command;

    /// The guards `cuda_runtime.h` of CUDA 12.6 defines (host side, `__CUDACC__`), sorted:
    /// what `guards_rederived_from_cuda_headers` derives from the headers.
    const CUDA_12_6_RUNTIME_GUARDS: &str = "__CHANNEL_DESCRIPTOR_H__ __COMMON_FUNCTIONS_H__ \
        __CUDA_DEVICE_RUNTIME_API_H__ __CUDA_RUNTIME_API_H__ __CUDA_RUNTIME_H__ \
        __DEVICE_ATOMIC_FUNCTIONS_H__ __DEVICE_DOUBLE_FUNCTIONS_HPP__ \
        __DEVICE_DOUBLE_FUNCTIONS_H__ __DEVICE_FUNCTIONS_HPP__ __DEVICE_FUNCTIONS_H__ \
        __DEVICE_LAUNCH_PARAMETERS_H__ __DEVICE_TYPES_H__ __DRIVER_FUNCTIONS_H__ \
        __DRIVER_TYPES_H__ __HOST_CONFIG_H__ __HOST_DEFINES_H__ __LIBRARY_TYPES_H__ \
        __MATH_FUNCTIONS_HPP__ __MATH_FUNCTIONS_H__ __SM_20_ATOMIC_FUNCTIONS_H__ \
        __SM_20_INTRINSICS_H__ __SM_30_INTRINSICS_H__ __SM_32_ATOMIC_FUNCTIONS_H__ \
        __SM_32_INTRINSICS_H__ __SM_35_ATOMIC_FUNCTIONS_H__ __SM_35_INTRINSICS_H__ \
        __SM_60_ATOMIC_FUNCTIONS_H__ __SM_61_INTRINSICS_H__ __SM_70_RT_H__ __SM_80_RT_H__ \
        __SM_90_RT_H__ __SURFACE_INDIRECT_FUNCTIONS_H__ __SURFACE_TYPES_H__ \
        __TEXTURE_INDIRECT_FUNCTIONS_H__ __TEXTURE_TYPES_H__ __VECTOR_FUNCTIONS_HPP__ \
        __VECTOR_FUNCTIONS_H__ __VECTOR_TYPES_H__";

    fn sorted<'a>(names: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
        let mut names: Vec<&str> = names.collect();
        names.sort_unstable();
        names
    }

    #[test]
    fn pre_included_guards_are_cuda_runtime_h_s() {
        let table = sorted(
            GUARDS
                .iter()
                .filter(|guard| guard.pre_included)
                .map(|guard| guard.name),
        );
        assert_eq!(
            table,
            CUDA_12_6_RUNTIME_GUARDS
                .split_whitespace()
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn the_table_is_consistent() {
        let mut names = BTreeSet::new();
        let mut headers = BTreeSet::new();
        for guard in GUARDS {
            assert!(names.insert(guard.name), "{} twice", guard.name);
            assert!(headers.insert(guard.header), "{} twice", guard.header);
            match guard.oxhip {
                // What nvcc's sources always see is defined always, or not at all.
                Defined::Always => assert!(guard.pre_included, "{}", guard.name),
                Defined::WithHeader(hip) => {
                    assert!(!guard.pre_included, "{}", guard.name);
                    assert!(hip.starts_with("hip/"), "{hip}");
                }
                Defined::Never(why) => assert!(!why.is_empty()),
            }
        }
        for (header, includes) in NESTED {
            for name in std::iter::once(header).chain(includes.iter()) {
                let guard = GUARDS.iter().find(|guard| guard.header == *name);
                assert!(
                    guard.is_some_and(|guard| !guard.pre_included),
                    "{name} in NESTED"
                );
            }
        }
        let versions: Vec<&str> = VERSIONS.iter().map(|version| version.name).collect();
        assert!(versions.iter().all(|name| !names.contains(name)));
    }

    #[test]
    fn every_compile_defines_the_pre_included_guards_and_the_versions() {
        let defines = defines();
        assert!(defines.contains(&"__CUDA_RUNTIME_H__".to_owned()));
        assert!(defines.contains(&"__DRIVER_TYPES_H__".to_owned()));
        assert!(defines.contains(&"CUDART_VERSION=12060".to_owned()));
        assert!(defines.contains(&"__CUDACC_VER_MAJOR__=12".to_owned()));
        // Not the textures', not the on-demand headers', not cuda.h's.
        for absent in ["__TEXTURE_TYPES_H__", "__CUDA_FP16_H__", "__cuda_cuda_h__"] {
            assert!(!defines.iter().any(|it| it == absent), "{absent}");
        }
        assert_eq!(defines.len(), 33 + VERSIONS.len());
    }

    /// Each guard oxhip leaves to a HIP header is one the translation of the CUDA header
    /// reaches: the compiler's translation writes that header for the CUDA one.
    #[test]
    fn on_demand_guards_come_with_the_translated_header() {
        for guard in GUARDS.iter().filter(|guard| guard.includable()) {
            let Defined::WithHeader(hip) = guard.oxhip else {
                continue;
            };
            let source = format!("#include <{}>\n", guard.header);
            // As the compile's translation (`overlay`) runs it.
            let options = hipify::Options {
                add_runtime_include: false,
                ..hipify::Options::for_compiler()
            };
            let translation = hipify::translate(&source, &options);
            assert_eq!(
                translation.text,
                format!("#include <{hip}>\n"),
                "{}",
                guard.header
            );
        }
    }

    /// Every guard and version macro hipify's table translates is one this table knows, so
    /// the compile's translation leaves it (its whitelist is [`untranslated`]); and each of
    /// this table's names that hipify translates is one of its guard rows.
    #[test]
    fn the_compile_keeps_every_name_hipify_would_translate() {
        let kept = untranslated();
        for entry in hipify::entries().iter().filter(|entry| entry.is_guard()) {
            assert!(
                kept.contains(entry.cuda),
                "{} is not in the table",
                entry.cuda
            );
        }
        for name in &kept {
            if let Some(entry) = hipify::lookup(name) {
                assert!(entry.is_guard(), "{name}");
            }
        }
        let text: String = kept
            .iter()
            .map(|name| format!("#if defined({name}) || {name} > 0\n#endif\n"))
            .collect();
        let options = hipify::Options {
            add_runtime_include: false,
            whitelist: kept,
            ..hipify::Options::for_compiler()
        };
        let translation = hipify::translate(&text, &options);
        assert_eq!(translation.text, text);
        assert!(translation.findings.is_empty());
    }

    /// The guards of the header and of every header it includes.
    fn cuda_closure(header: &str) -> BTreeSet<&'static str> {
        let nested = NESTED
            .iter()
            .find(|(name, _)| *name == header)
            .map_or(&[][..], |(_, includes)| *includes);
        GUARDS
            .iter()
            .filter(|guard| guard.header == header || nested.contains(&guard.header))
            .map(|guard| guard.name)
            .collect()
    }

    /// The macros with empty bodies that the headers in `dir` define (and do not undefine
    /// again) when a host compile includes `includes`, by name.
    fn empty_macros(dir: &Path, includes: &[&str]) -> BTreeSet<String> {
        let source: String = includes
            .iter()
            .map(|header| format!("#include <{header}>\n"))
            .collect();
        let temp = tempfile::tempdir().unwrap();
        let file = temp.path().join("guards.cpp");
        std::fs::write(&file, source).unwrap();
        let output = Command::new("clang++-22")
            .args(["-std=c++17", "-E", "-dD", "-x", "c++"])
            .args(["-D__CUDACC__", "-D__NV_NO_HOST_COMPILER_CHECK=1", "-I"])
            .arg(dir)
            .arg(&file)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let text = String::from_utf8_lossy(&output.stdout);
        let mut in_cuda = false;
        let mut macros: BTreeMap<String, bool> = BTreeMap::new();
        for line in text.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["#", number, file, ..] if number.parse::<u32>().is_ok() => {
                    in_cuda = Path::new(file.trim_matches('"')).starts_with(dir);
                }
                ["#define", name] if in_cuda => {
                    macros.insert((*name).to_owned(), true);
                }
                ["#undef", name] => {
                    macros.remove(*name);
                }
                _ => {}
            }
        }
        macros.into_keys().collect()
    }

    /// A name shaped as CUDA's headers shape their guards (`__X_H__`, `_X_H_`, `X_HPP__`,
    /// `__x_h__`).
    fn guard_shaped(name: &str) -> bool {
        let trimmed = name.trim_end_matches('_');
        trimmed.ends_with("_H") || trimmed.ends_with("_HPP") || trimmed.ends_with("_h")
    }

    /// Derives the table's CUDA facts again from CUDA's own headers, when
    /// `OXHIP_CUDA_INCLUDE` names their directory (for example the `include` directory of
    /// NVIDIA's `nvidia-cuda-runtime-cu12` and `nvidia-cuda-nvcc-cu12` wheels, unpacked
    /// together); without it the test has nothing to compare and passes.
    #[test]
    fn guards_rederived_from_cuda_headers() {
        let Some(dir) = std::env::var_os("OXHIP_CUDA_INCLUDE") else {
            return;
        };
        let dir = std::fs::canonicalize(dir).unwrap();
        let runtime = empty_macros(&dir, &["cuda_runtime.h"]);
        let runtime_guards: Vec<&str> = runtime
            .iter()
            .map(String::as_str)
            .filter(|name| guard_shaped(name))
            .collect();
        assert_eq!(
            runtime_guards,
            CUDA_12_6_RUNTIME_GUARDS
                .split_whitespace()
                .collect::<Vec<_>>()
        );
        let names: BTreeSet<&str> = GUARDS.iter().map(|guard| guard.name).collect();
        for guard in GUARDS
            .iter()
            .filter(|guard| !guard.pre_included && guard.includable())
        {
            let with = empty_macros(&dir, &["cuda_runtime.h", guard.header]);
            let added: BTreeSet<&str> = with
                .iter()
                .map(String::as_str)
                .filter(|name| !runtime.contains(*name) && names.contains(name))
                .collect();
            assert_eq!(added, cuda_closure(guard.header), "{}", guard.header);
        }
    }
}
