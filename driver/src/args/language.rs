//! The language of the inputs and what the compiles of both sides are told about it:
//! `-x` and the extensions, nvcc's CUDA mode, `-std=`, the preprocessor's options,
//! warnings, and the arguments meant for one compiler (`-Xarch_host`, `-Xclang`, unknown
//! `-f…`/`-m…` options). Also the nvcc options oxhip accepts for what they say about the
//! toolchain (`-m64`, `--expt-relaxed-constexpr`, `-Xptxas`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::parse::{Arg, Args};
use super::table::{self, OptId, PREFIX_MAP_FLAGS};
use super::{ArgWarning, Context, Input, InputKind, InputLang, Invocation, PreprocessorArg};
use crate::error::DriverError;
use crate::search::SearchPath;

/// Reads the inputs and the language options into `inv`; `cuda_mode` and `hip_cu` as
/// [`is_cuda_mode`] and [`hip_programs_in_cu_files`] found them.
pub(super) fn read(
    args: &Args,
    ctx: &Context<'_>,
    cuda_mode: bool,
    hip_cu: &BTreeSet<String>,
    inv: &mut Invocation,
) -> Result<(), DriverError> {
    // `-x` applies to the inputs after it: both are read in command-line order.
    let mut lang_override: Option<InputLang> = None;
    for arg in args.all() {
        match arg {
            Arg::Opt {
                id: OptId::Language,
                values,
                ..
            } => lang_override = lang_from_x(values.first().map_or("", String::as_str))?,
            Arg::Input(name) => {
                inv.inputs
                    .push(input(name, lang_override, ctx, cuda_mode, hip_cu)?)
            }
            Arg::HostPassthrough(text) => {
                // (`-fopenmp` also goes to the link: `link::read`.)
                // Path maps apply to `__FILE__` and debug information on both sides, so
                // that a reproducible build maps the device code's paths too.
                if PREFIX_MAP_FLAGS.iter().any(|flag| text.starts_with(flag)) {
                    inv.device_passthrough.push(text.clone());
                }
                // The device sides of `-E` are written in the form the host side is (`-P`
                // for sccache's path-free hash).
                if matches!(text.as_str(), "-P" | "-C" | "-CC") {
                    inv.device_passthrough.push(text.clone());
                }
                if text == "-dM" {
                    inv.macros_only = true;
                }
                inv.host_passthrough.push(text.clone());
            }
            Arg::Opt { .. } => {}
        }
    }
    args.has(&[OptId::Language]);
    for opt in args.read(&[
        OptId::Include,
        OptId::ISystem,
        OptId::Define,
        OptId::Undefine,
        OptId::PreInclude,
    ]) {
        let value = opt.value();
        inv.preprocessor.push(match opt.id {
            OptId::Include => PreprocessorArg::Include(PathBuf::from(value)),
            OptId::ISystem => PreprocessorArg::ISystem(PathBuf::from(value)),
            OptId::Define => PreprocessorArg::Define(value.to_owned()),
            OptId::Undefine => PreprocessorArg::Undefine(value.to_owned()),
            _ => PreprocessorArg::PreInclude(PathBuf::from(value)),
        });
    }
    for opt in args.read(&[OptId::Std]) {
        inv.std = Some(opt.value().to_owned());
    }
    for opt in args.read(&[OptId::Warning, OptId::NoWarnings]) {
        inv.warnings.push(match opt.id {
            OptId::Warning => format!("-W{}", opt.value()),
            _ => "-w".to_owned(),
        });
    }
    for opt in args.read(&[
        OptId::XarchHost,
        OptId::XarchDevice,
        OptId::Xclang,
        OptId::Mllvm,
    ]) {
        let value = opt.value().to_owned();
        match opt.id {
            OptId::XarchHost => inv.host_passthrough.push(value),
            OptId::XarchDevice => inv.device_passthrough.push(value),
            _ => {
                if opt.id == OptId::Mllvm {
                    inv.llvm_options.push(value.clone());
                }
                for side in [&mut inv.host_passthrough, &mut inv.device_passthrough] {
                    side.extend([opt.spelling.to_owned(), value.clone()]);
                }
            }
        }
    }
    inv.no_runtime_header = args.has(&[OptId::NoGpuInc]);
    inv.no_pch = args.has(&[OptId::NoPch]);
    for opt in args.read(&[OptId::Machine]) {
        if !opt.values.is_empty() && opt.value() != "64" {
            return Err(DriverError::BadValue {
                option: opt.spelling.to_owned(),
                value: opt.value().to_owned(),
            });
        }
    }
    args.has(&[OptId::NvccAlways]);
    for opt in args.read(&[OptId::NvccNoEffect]) {
        inv.warnings_found
            .push(ArgWarning::NvccNoEffect { arg: opt.written() });
    }
    if cuda_mode {
        for input in &mut inv.inputs {
            input.kind = match input.kind {
                InputKind::Source(InputLang::Cxx) => InputKind::Source(InputLang::CudaCxx),
                InputKind::Source(InputLang::C) => InputKind::Source(InputLang::CudaC),
                other => other,
            };
        }
    }
    Ok(())
}

/// One input: a source in its language, or a linker input.
fn input(
    name: &str,
    lang_override: Option<InputLang>,
    ctx: &Context<'_>,
    cuda_mode: bool,
    hip_cu: &BTreeSet<String>,
) -> Result<Input, DriverError> {
    if name == "-" {
        return Err(DriverError::StdinInput);
    }
    let path = PathBuf::from(name);
    // `-x` names the language of sources; objects and libraries after it are still linker
    // inputs (`oxhip -x hip a.o b.o -o app` links, where clang would try to compile the
    // objects as HIP).
    let language = if is_linker_file(&path) {
        None
    } else if hip_cu.contains(name) {
        Some(InputLang::Hip)
    } else {
        // hipcc compiles C++ sources as HIP (`-x c++` keeps them C++); in CUDA mode they are
        // CUDA host code instead (see `read`), as nvcc compiles them.
        lang_override.or_else(|| {
            lang_from_extension(&path).map(|lang| match lang {
                InputLang::Cxx if ctx.cxx_as_hip && !cuda_mode => InputLang::Hip,
                other => other,
            })
        })
    };
    // A `.ii` (or `-x c++-cpp-output`) that is a HIP source's `-E` output, every side in one
    // text bundle, compiles as HIP: distcc preprocesses a hipcc-style HIP `.cpp` into one and
    // compiles it on another machine under that name.
    let language = match language {
        Some(InputLang::CxxPreprocessed | InputLang::CPreprocessed)
            if (ctx.preprocessed_targets)(&path).is_some() =>
        {
            Some(InputLang::HipPreprocessed)
        }
        other => other,
    };
    let kind = match language {
        Some(lang) => InputKind::Source(lang),
        None => InputKind::Linker,
    };
    Ok(Input { path, kind })
}

/// True when the command line is nvcc's: an nvcc spelling, `-x cu`, or a CUDA input.
/// In CUDA mode, C and C++ inputs are host code of a CUDA program (translated, with the
/// runtime API available) and `-Xlinker` splits its value at commas, as nvcc does.
pub(super) fn is_cuda_mode(args: &[Arg], hip_cu: &BTreeSet<String>) -> Result<bool, DriverError> {
    let nvcc_option = args.iter().any(|arg| match arg {
        Arg::Opt {
            id: OptId::Language,
            values,
            ..
        } => {
            lang_from_x(values.first().map_or("", String::as_str))
                .ok()
                .flatten()
                == Some(InputLang::Cuda)
        }
        Arg::Opt { spelling, .. } => table::spelling(spelling).is_some_and(|(_, nvcc)| nvcc),
        _ => false,
    });
    Ok(nvcc_option
        || source_inputs(args)?
            .into_iter()
            .any(|(name, _, language)| language == Some(InputLang::Cuda) && !hip_cu.contains(name)))
}

/// Each input that is not an object or library: its name, the `-x` language in effect
/// there, and its language (`-x`'s, or its extension's).
type SourceInput<'a> = (&'a String, Option<InputLang>, Option<InputLang>);

fn source_inputs(args: &[Arg]) -> Result<Vec<SourceInput<'_>>, DriverError> {
    let mut lang_override = None;
    let mut inputs = Vec::new();
    for arg in args {
        match arg {
            Arg::Opt {
                id: OptId::Language,
                values,
                ..
            } => lang_override = lang_from_x(values.first().map_or("", String::as_str))?,
            Arg::Input(name) if !is_linker_file(Path::new(name)) => inputs.push((
                name,
                lang_override,
                lang_override.or_else(|| lang_from_extension(Path::new(name))),
            )),
            _ => {}
        }
    }
    Ok(inputs)
}

/// The `.cu` inputs (by extension, not `-x cu`) that hold HIP programs (the context's
/// `hip_program`): hipcc compiles `.cu` files as HIP, and HIP projects name their sources
/// so. They are HIP inputs, and do not put the command in CUDA mode.
pub(super) fn hip_programs_in_cu_files(
    args: &[Arg],
    ctx: &Context<'_>,
) -> Result<BTreeSet<String>, DriverError> {
    let mut search = SearchPath::default();
    for arg in args {
        if let Arg::Opt { id, values, .. } = arg {
            match (id, values.first()) {
                (OptId::Include, Some(dir)) => search.angled.push(PathBuf::from(dir)),
                (OptId::ISystem, Some(dir)) => search.system.push(PathBuf::from(dir)),
                _ => {}
            }
        }
    }
    Ok(source_inputs(args)?
        .into_iter()
        .filter(|(name, lang_override, language)| {
            lang_override.is_none()
                && *language == Some(InputLang::Cuda)
                && (ctx.hip_program)(Path::new(name.as_str()), &search)
        })
        .map(|(name, _, _)| name.clone())
        .collect())
}

/// Language from a file name, or `None` for linker inputs.
fn lang_from_extension(path: &Path) -> Option<InputLang> {
    let extension = path.extension()?.to_str()?;
    match extension {
        "hip" => Some(InputLang::Hip),
        "cu" | "cuh" => Some(InputLang::Cuda),
        "cpp" | "cc" | "cxx" | "C" | "c++" | "cp" | "CPP" => Some(InputLang::Cxx),
        "c" => Some(InputLang::C),
        "ii" => Some(InputLang::CxxPreprocessed),
        "i" => Some(InputLang::CPreprocessed),
        // clang's names for the `-E` output of a HIP and of a CUDA source.
        "hipi" | "cui" => Some(InputLang::HipPreprocessed),
        _ => None,
    }
}

/// Objects, archives and shared libraries, by name: never sources, whatever `-x` says.
pub(super) fn is_linker_file(path: &Path) -> bool {
    let Some(name) = path.file_name().and_then(|name| name.to_str()) else {
        return false;
    };
    let shared = name.ends_with(".so") || name.contains(".so.");
    shared
        || [".o", ".obj", ".a", ".lo", ".dylib"]
            .iter()
            .any(|ext| name.ends_with(ext))
}

fn lang_from_x(value: &str) -> Result<Option<InputLang>, DriverError> {
    match value {
        "hip" => Ok(Some(InputLang::Hip)),
        // CUDA sources are translated to HIP and compiled as HIP (the HIP registration ABI).
        "cu" | "cuda" => Ok(Some(InputLang::Cuda)),
        "c++" | "cxx" => Ok(Some(InputLang::Cxx)),
        "c" => Ok(Some(InputLang::C)),
        "c++-cpp-output" => Ok(Some(InputLang::CxxPreprocessed)),
        "cpp-output" => Ok(Some(InputLang::CPreprocessed)),
        // oxhip's `-E` of a HIP or CUDA source gives the same text either way.
        "hip-cpp-output" | "cuda-cpp-output" => Ok(Some(InputLang::HipPreprocessed)),
        "none" => Ok(None),
        other => Err(DriverError::UnknownLanguage {
            lang: other.to_owned(),
        }),
    }
}
