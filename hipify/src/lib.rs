//! `hipify`: CUDA → HIP source translation, as a library (`translate`) and the `oxhipify`
//! binary.
//!
//! Two layers (docs/hipify.md explains them):
//! - `lexer`: a C++ tokenizer that knows comments, literals, raw strings, preprocessor
//!   directives and header names. Every rewrite is a splice at token boundaries, so text
//!   outside rewritten tokens is kept byte for byte, and nothing inside a comment or literal
//!   is ever touched. It sees every `#if` branch and every macro body.
//! - `syntax`: tree-sitter-cpp, parsed on demand for files that contain a call whose
//!   translation depends on its arguments (overloads, symbol and kernel arguments); the
//!   token-level view is the fallback inside macro bodies and where the tree has errors.
//!
//! Mapping data lives in `data/*.tsv` and is compiled into a static hash table by `build.rs`.
//! The library never prints and never touches the file system; the binary does both.

mod calls;
mod conditionals;
pub mod docs;
mod finding;
mod headers;
mod lexer;
#[cfg(test)]
mod properties;
mod stats;
mod syntax;
mod table;
mod translate;

pub use finding::{Finding, FindingKind};
pub use stats::{render_stats, render_stats_csv, RefCount, Stats};
pub use table::{entries, lookup, Entry, Group};
pub use translate::translate;

use std::collections::BTreeSet;

use diagnostics::FileId;

/// A source file's text as [`translate`] takes it. Sources in Latin-1 or another 8-bit
/// encoding are common in older CUDA code: one that is not UTF-8 is read one byte to one
/// character, and [`Source::encode`] writes it back the same way, so its comments and
/// literals keep their bytes (translations add ASCII only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    pub text: String,
    /// Read one byte to one character (not UTF-8).
    pub eight_bit: bool,
}

impl Source {
    pub fn decode(bytes: Vec<u8>) -> Source {
        match String::from_utf8(bytes) {
            Ok(text) => Source {
                text,
                eight_bit: false,
            },
            Err(err) => Source {
                text: err
                    .into_bytes()
                    .iter()
                    .map(|&byte| char::from(byte))
                    .collect(),
                eight_bit: true,
            },
        }
    }

    /// `text` (this source or its translation) as bytes in this source's encoding.
    pub fn encode(&self, text: &str) -> Vec<u8> {
        if self.eight_bit {
            // Every character came from one byte or from a translation's ASCII.
            text.chars()
                .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
                .collect()
        } else {
            text.as_bytes().to_vec()
        }
    }
}

/// How `<<<…>>>` kernel launches are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LaunchSyntax {
    /// Kept as `<<<…>>>` (valid HIP).
    Chevrons,
    /// Rewritten to `hipLaunchKernelGGL(kernel, dim3(grid), dim3(block), shmem, stream, args…)`.
    HipLaunchKernelGgl,
}

/// Translation settings. No `Default`: callers choose, or start from a named preset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Use rocBLAS/rocRAND/rocFFT/rocSPARSE/rocSOLVER names instead of hip* ones.
    pub roc: bool,
    /// Use MIOpen names for cuDNN.
    pub miopen: bool,
    /// Translate to HIP APIs that HIP marks experimental.
    pub experimental: bool,
    /// With `roc`: keep `hipDataType` names for CUDA library data types.
    pub use_hip_data_types: bool,
    /// How kernel launches are written.
    pub launch_syntax: LaunchSyntax,
    /// Insert `#include <hip/hip_runtime.h>` into files that use the HIP runtime without it.
    pub add_runtime_include: bool,
    /// The text is a CUDA source by its file name (`.cu`, `.cuh`): it gets the runtime
    /// include even if it names nothing of CUDA, as every file hipify-clang translates does.
    /// Other files get it only when they use CUDA, so that plain C++ files of a tree stay
    /// plain C++.
    pub cuda_source: bool,
    /// Rename CUDA names that stand alone in string literals (`"cudaMalloc failed"`), as
    /// hipify-clang does.
    pub string_literals: bool,
    /// Rename Caffe2's CUDA names (`CUDAContext`, `cuda_stream`, …), as hipify-clang does.
    /// Off for the compiler, where Caffe2's own headers are not translated.
    pub caffe2: bool,
    /// Rewrite `h.x`/`h.y` of a `half2` variable `h` to `reinterpret_cast<half&>(h.x)`, as
    /// hipify-clang does unless given `--no-undocumented-features`.
    pub half2_members: bool,
    /// Leave the `#if` branches a preprocessor would skip untouched, as hipify-clang's
    /// `--skip-excluded-preprocessor-conditional-blocks` does, as far as the file itself tells
    /// (its own macros and constants; `conditionals`).
    pub skip_excluded_blocks: bool,
    /// `-D NAME` and `-D NAME=VALUE` of the command line, for `skip_excluded_blocks`.
    pub defines: Vec<String>,
    /// Identifiers left unchanged whatever the tables say (`--whitelist`).
    pub whitelist: BTreeSet<String>,
    /// The file id findings point into.
    pub file: FileId,
}

impl Options {
    /// What `oxhipify` does without flags: HIP names, launches kept, runtime include added.
    pub fn standard() -> Options {
        Options {
            roc: false,
            miopen: false,
            experimental: false,
            use_hip_data_types: false,
            launch_syntax: LaunchSyntax::Chevrons,
            add_runtime_include: true,
            cuda_source: false,
            string_literals: true,
            half2_members: true,
            caffe2: true,
            skip_excluded_blocks: false,
            defines: Vec::new(),
            whitelist: BTreeSet::new(),
            file: FileId::SINGLE,
        }
    }

    /// What `oxhip` uses to compile a `.cu` file as HIP in memory: the standard translation,
    /// except that string literals keep their text, so the program prints what it prints
    /// when built with nvcc. clang compiles `<<<…>>>` directly, so launches are kept, and
    /// oxhip's `__half2` members are `__half` already, so `half2` members are kept too;
    /// Caffe2's names stay, as its headers (which declare them) are not translated.
    pub fn for_compiler() -> Options {
        Options {
            string_literals: false,
            half2_members: false,
            caffe2: false,
            ..Options::standard()
        }
    }
}

/// The result of translating one text: everything that could be translated was, and the
/// rest is reported in `findings`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Translation {
    /// The translated text.
    pub text: String,
    /// Warnings, in source order.
    pub findings: Vec<Finding>,
    /// Converted and unconverted references.
    pub stats: Stats,
}

/// Fuzzing entry point (`fuzz/`): lexes `text` and checks the tokens' invariants (in
/// order, inside the text, on character boundaries). Not part of the API.
#[doc(hidden)]
pub fn fuzz_lex(text: &str) {
    let lexed = lexer::lex(text);
    let mut previous_end = 0;
    for token in &lexed.tokens {
        assert!(token.start <= token.end && token.end <= text.len());
        assert!(token.start >= previous_end, "tokens overlap");
        assert!(text.is_char_boundary(token.start) && text.is_char_boundary(token.end));
        previous_end = token.end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compiler_preset_keeps_launches_and_adds_the_runtime() {
        let translation = translate(
            "__global__ void k() {}\nvoid f() { k<<<1, 1>>>(); cudaDeviceSynchronize(); }\n",
            &Options::for_compiler(),
        );
        insta::assert_snapshot!(translation.text, @r"
        #include <hip/hip_runtime.h>
        __global__ void k() {}
        void f() { k<<<1, 1>>>(); hipDeviceSynchronize(); }
        ");
        assert!(translation.findings.is_empty());
        assert_eq!(translation.stats.converted_count(), 2);
    }

    /// A helper header in the style CUDA samples copy: its tests of CUDA's guards become
    /// tests of the guards of the HIP headers that stand in for those CUDA headers, which
    /// HIP's own headers (and oxhip's) define. The header itself names nothing else of
    /// CUDA, so it gets no runtime include.
    #[test]
    fn header_guards_become_hip_guards() {
        let text = "#ifdef __DRIVER_TYPES_H__\n\
                    #if defined(__CUDA_RUNTIME_H__) && CUDART_VERSION >= 12000\n\
                    #ifndef __CUDA_FP16_H__\n\
                    #if defined(_COOPERATIVE_GROUPS_H_) || defined(__VECTOR_TYPES_H__)\n\
                    #ifdef __MATH_CONSTANTS_H__\n\
                    #if CUDA_VERSION < 11000 || !defined(__HOST_DEFINES_H__)\n";
        let translation = translate(text, &Options::standard());
        assert_eq!(
            translation.text,
            "#ifdef HIP_INCLUDE_HIP_DRIVER_TYPES_H\n\
             #if defined(HIP_INCLUDE_HIP_HIP_RUNTIME_H) && 12000 /* CUDART_VERSION */ >= 12000\n\
             #ifndef HIP_INCLUDE_HIP_HIP_FP16_H\n\
             #if defined(HIP_INCLUDE_HIP_HIP_COOPERATIVE_GROUP_H) || defined(HIP_INCLUDE_HIP_HIP_VECTOR_TYPES_H)\n\
             #ifdef HIP_MATH_CONSTANTS_H\n\
             #if 12000 /* CUDA_VERSION */ < 11000 || !defined(HIP_INCLUDE_HIP_HIP_RUNTIME_H)\n"
        );
        assert!(
            translation.findings.is_empty(),
            "{:?}",
            translation.findings
        );
        assert_eq!(translation.stats.converted_count(), 9);
    }

    /// Chevrons written apart (`k << <grid, block>> > (…)`, as some editors format CUDA),
    /// which nvcc accepts and clang does not, are written together; shifts are left alone.
    #[test]
    fn spaced_launch_chevrons_are_joined() {
        let text =
            "__global__ void k(int*);\nvoid f(int* d) {\n  k << <2, dim3(4, 8) >> > (d);\n  \
                    k<< <1, 1>>>(d);\n  int x = 1 << 3, y = (x >> 1) > 2;\n}\n";
        let translation = translate(text, &Options::standard());
        assert!(translation.text.ends_with(
            "  k <<<2, dim3(4, 8) >>> (d);\n  k<<<1, 1>>>(d);\n  int x = 1 << 3, y = (x >> 1) > 2;\n}\n"
        ), "{}", translation.text);
    }

    /// CUDA's version macros compare as CUDA 12.0, the runtime level HIP 6 provides
    /// (HIP_VERSION counts differently: `HIP_VERSION >= 12080` holds for every HIP, and
    /// selected CUDA 12.8's `__nv_atomic_load_n` in HeCBench's atomicCAS); a test of whether
    /// one is defined becomes a test of HIP_VERSION.
    #[test]
    fn version_comparisons_keep_cudas_macros() {
        let text =
            "#if CUDART_VERSION >= 12080\n#elif defined(CUDART_VERSION) || defined CUDA_VERSION\n\
                    #endif\n#ifdef CUDART_VERSION\n#endif\n";
        let translation = translate(text, &Options::standard());
        assert_eq!(
            translation.text,
            "#if 12000 /* CUDART_VERSION */ >= 12080\n#elif defined(HIP_VERSION) || defined HIP_VERSION\n\
             #endif\n#ifdef HIP_VERSION\n#endif\n"
        );
        assert!(
            translation.findings.is_empty(),
            "{:?}",
            translation.findings
        );
    }

    /// Guards HIP has no counterpart for stay, without a finding: `__cuda_cuda_h__` is left
    /// undefined on purpose (`CUresult` and `cudaError_t` are both `hipError_t`, and a
    /// helper's two overloads would clash), and so are the separate cooperative groups
    /// headers', which HIP 6 does not have.
    #[test]
    fn guards_without_a_hip_counterpart_stay() {
        let text = "#ifdef __cuda_cuda_h__\n#ifdef _COOPERATIVE_GROUPS_REDUCE_H\n\
                    #ifdef _CUDA_PIPELINE_H_\n#ifdef __cuda_occupancy_h__\n";
        let translation = translate(text, &Options::standard());
        assert_eq!(translation.text, text);
        assert!(
            translation.findings.is_empty(),
            "{:?}",
            translation.findings
        );
    }

    /// oxhip's own compile defines CUDA's guards and versions itself and keeps them.
    #[test]
    fn the_compiler_keeps_whitelisted_guards() {
        let options = Options {
            whitelist: ["__DRIVER_TYPES_H__", "CUDART_VERSION"]
                .map(str::to_owned)
                .into(),
            ..Options::for_compiler()
        };
        let text = "#if defined(__DRIVER_TYPES_H__) && CUDART_VERSION >= 12000\n#endif\n";
        assert_eq!(translate(text, &options).text, text);
    }

    /// A header that tests a guard and uses CUDA gets the runtime include as before; one
    /// that only tests guards does not.
    #[test]
    fn only_using_cuda_brings_the_runtime_include() {
        let guard_only = "#ifdef __CUDA_RUNTIME_H__\nint ready();\n#endif\n";
        assert_eq!(
            translate(guard_only, &Options::standard()).text,
            "#ifdef HIP_INCLUDE_HIP_HIP_RUNTIME_H\nint ready();\n#endif\n"
        );
        let using = "#ifdef __CUDA_RUNTIME_H__\ncudaError_t ready();\n#endif\n";
        assert_eq!(
            translate(using, &Options::standard()).text,
            "\n#include <hip/hip_runtime.h>\n#ifdef HIP_INCLUDE_HIP_HIP_RUNTIME_H\nhipError_t ready();\n#endif\n"
        );
    }
}
