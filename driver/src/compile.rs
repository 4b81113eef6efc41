//! One compile job of the driver: the request `bind` makes for a source and a side (host or
//! one offload target), turned into `frontend::CompileOptions` and from there into the
//! clang `-cc1` argument vector (`frontend::cc1_args`, which owns clang's command line).
//!
//! Pure: builds argument vectors only.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::args::{InputLang, Invocation, OptLevel, PreprocessorArg, Sanitizers};
use crate::plan::Side;
use crate::targets::OffloadArch;
use crate::toolchain::Toolchain;

/// What a cc1 job writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CompileOutput {
    Bitcode,
    Object,
    Assembly,
    Preprocessed,
    DependencyOnly,
}

/// One `-cc1` compile of a HIP/CUDA source.
#[derive(Clone, Debug)]
pub(crate) struct CompileRequest {
    pub(crate) lang: InputLang,
    pub(crate) side: Side,
    /// For the host side: the device triple clang's HIP mode pairs it with.
    pub(crate) aux_triple: String,
    pub(crate) gpubinary: Option<PathBuf>,
    pub(crate) cuid: String,
    /// The name clang gives the source (`-main-file-name`) when it is not `input`'s.
    pub(crate) main_file: Option<PathBuf>,
    pub(crate) output: CompileOutput,
    pub(crate) dependencies: Option<frontend::DependencyOptions>,
    /// Extra cc1 arguments (host pass-through).
    pub(crate) extra: Vec<String>,
}

fn device_target(arch: &OffloadArch) -> frontend::DeviceTarget {
    match arch {
        OffloadArch::Amdgcn {
            processor,
            features,
        } => frontend::DeviceTarget::Amdgcn {
            cpu: processor.clone(),
            features: features.clone(),
        },
        OffloadArch::Nvptx { sm, arch_specific } => frontend::DeviceTarget::Nvptx {
            sm: *sm,
            arch_specific: *arch_specific,
        },
        OffloadArch::Host => frontend::DeviceTarget::Host,
    }
}

/// The checks clang 22's driver expands `-fsanitize=undefined` to on x86-64 Linux.
const UBSAN_CHECKS: &[&str] = &[
    "alignment",
    "array-bounds",
    "bool",
    "builtin",
    "enum",
    "float-cast-overflow",
    "function",
    "integer-divide-by-zero",
    "nonnull-attribute",
    "null",
    "pointer-overflow",
    "return",
    "returns-nonnull-attribute",
    "shift-base",
    "shift-exponent",
    "signed-integer-overflow",
    "unreachable",
    "vla-bound",
];

/// What clang 22's driver passes to `-cc1` for `-fsanitize=` (as `clang++-22 -### -c` shows):
/// the same for the host compile and for the CPU target's device compile.
fn sanitizer_cc1_args(toolchain: &Toolchain, sanitizers: Sanitizers) -> Vec<OsString> {
    if !sanitizers.any() {
        return Vec::new();
    }
    let mut names: Vec<&str> = Vec::new();
    if sanitizers.address {
        names.push("address");
    }
    if sanitizers.undefined {
        names.extend(UBSAN_CHECKS);
    }
    let mut args: Vec<OsString> = vec![format!("-fsanitize={}", names.join(",")).into()];
    if sanitizers.undefined {
        // Everything but `return` and `unreachable` continues after the report.
        let recover: Vec<&str> = UBSAN_CHECKS
            .iter()
            .copied()
            .filter(|check| !matches!(*check, "return" | "unreachable"))
            .collect();
        args.push(format!("-fsanitize-recover={}", recover.join(",")).into());
        args.push(format!("-fsanitize-merge={}", UBSAN_CHECKS.join(",")).into());
    }
    if sanitizers.address {
        let mut ignorelist = OsString::from("-fsanitize-system-ignorelist=");
        ignorelist.push(
            toolchain
                .clang
                .resource_dir
                .join("share/asan_ignorelist.txt"),
        );
        args.push(ignorelist);
    }
    args.push("-fno-sanitize-memory-param-retval".into());
    if sanitizers.address {
        args.extend(
            [
                "-fsanitize-address-use-after-scope",
                "-fsanitize-address-globals-dead-stripping",
                "-fno-assume-sane-operator-new",
            ]
            .map(OsString::from),
        );
    } else {
        args.push("-fno-sanitize-address-use-odr-indicator".into());
    }
    args
}

/// The `-cc1 …` arguments (after the clang path) for `request`.
pub(crate) fn compile_args(
    toolchain: &Toolchain,
    invocation: &Invocation,
    request: &CompileRequest,
    input: &Path,
    output: &Path,
) -> Vec<OsString> {
    let lang = request.lang.clang_lang();
    let device = matches!(request.side, Side::Device(_));
    // nvcc's -G and -lineinfo are about device code only.
    let (opt_level, debug, debug_line_tables_only) = if device && invocation.device_debug {
        (OptLevel::O0, true, false)
    } else if device && invocation.device_line_info && !invocation.debug {
        (invocation.opt_level, true, true)
    } else {
        (
            invocation.opt_level,
            invocation.debug,
            invocation.debug_line_tables_only,
        )
    };
    let side = match &request.side {
        Side::Host => frontend::Side::Host {
            aux_triple: request.aux_triple.clone(),
            gpubinary: request.gpubinary.clone(),
            cuid: request.cuid.clone(),
        },
        Side::Device(arch) => frontend::Side::Device {
            target: device_target(arch),
            cuid: request.cuid.clone(),
        },
    };
    let output_kind = match request.output {
        CompileOutput::Bitcode => frontend::Output::Bitcode,
        CompileOutput::Object => frontend::Output::Object,
        CompileOutput::Assembly => frontend::Output::Assembly,
        CompileOutput::Preprocessed => frontend::Output::Preprocessed,
        CompileOutput::DependencyOnly => frontend::Output::DependencyOnly,
    };
    let mut preprocessor = Vec::new();
    // Preprocessed text already holds what `-D`, `-I` and `-include` gave its preprocessing;
    // a second `-include` would define everything twice.
    let preprocessed = request.lang.is_preprocessed();
    let user_preprocessor: &[PreprocessorArg] = if preprocessed {
        &[]
    } else {
        &invocation.preprocessor
    };
    for arg in user_preprocessor {
        preprocessor.push(match arg {
            PreprocessorArg::Define(text) => frontend::PreprocessorArg::Define(text.clone()),
            PreprocessorArg::Undefine(text) => frontend::PreprocessorArg::Undefine(text.clone()),
            PreprocessorArg::Include(path) => frontend::PreprocessorArg::Include(path.clone()),
            PreprocessorArg::ISystem(path) => frontend::PreprocessorArg::ISystem(path.clone()),
            PreprocessorArg::PreInclude(path) => {
                frontend::PreprocessorArg::PreInclude(path.clone())
            }
        });
    }
    if invocation.use_fast_math {
        // nvcc defines it, and CUDA code tests it to choose tolerances or paths.
        preprocessor.push(frontend::PreprocessorArg::Define(
            "__USE_FAST_MATH__=1".to_owned(),
        ));
    }
    let mut extra_cc1: Vec<OsString> = Vec::new();
    if invocation.fast_math {
        // What clang's driver passes to -cc1 for -ffast-math.
        extra_cc1.extend(
            [
                "-menable-no-infs",
                "-menable-no-nans",
                "-fapprox-func",
                "-funsafe-math-optimizations",
                "-fno-signed-zeros",
                "-mreassociate",
                "-freciprocal-math",
                "-ffp-contract=fast",
                "-ffast-math",
                "-ffinite-math-only",
            ]
            .map(OsString::from),
        );
    }
    if invocation.flush_denormals && device {
        extra_cc1.push("-fdenormal-fp-math-f32=preserve-sign,preserve-sign".into());
    }
    // Defines `__CLANG_GPU_APPROX_TRANSCENDENTALS__`, on which our math header maps `sinf`,
    // `expf`, … to `__sinf`, `__expf`, … (clang's driver passes it for `-ffast-math` too).
    if invocation.approx_transcendentals && device {
        extra_cc1.push("-fgpu-approx-transcendentals".into());
    }
    // nvcc's `-fmad`: after `-ffast-math`'s `-ffp-contract=fast`, so that `-fmad=false` wins.
    match invocation.fmad {
        Some(fmad) if device => extra_cc1.push(
            if fmad {
                "-ffp-contract=fast"
            } else {
                "-ffp-contract=off"
            }
            .into(),
        ),
        _ => {}
    }
    // GPU kernels are not instrumented: clang 22 has no AddressSanitizer for nvptx, and its
    // amdgcn one needs ROCm's device runtime.
    if matches!(request.side, Side::Host | Side::Device(OffloadArch::Host)) {
        extra_cc1.extend(sanitizer_cc1_args(toolchain, invocation.sanitizers));
    }
    if invocation.gpu_rdc && matches!(request.lang, InputLang::Hip | InputLang::Cuda) {
        extra_cc1.push("-fgpu-rdc".into());
    }
    extra_cc1.extend(request.extra.iter().map(OsString::from));
    let options = frontend::CompileOptions {
        lang,
        side,
        output: output_kind,
        opt_level,
        debug,
        debug_line_tables_only,
        dwarf_version: invocation.dwarf_version,
        pic: invocation.pic,
        std: invocation.std.clone(),
        preprocessor,
        warnings: invocation.warnings.clone(),
        dependencies: request.dependencies.clone(),
        hip_include_dir: toolchain.hip_include_dir.clone(),
        runtime_header: !invocation.no_runtime_header,
        preprocessed,
        main_file_name: request
            .main_file
            .as_ref()
            .and_then(|path| path.file_name())
            .map(ToOwned::to_owned),
        extra_cc1,
    };
    frontend::cc1_args(&toolchain.clang, &options, input, output)
}
