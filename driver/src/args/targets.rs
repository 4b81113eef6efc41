//! Offload targets and device code: `--offload-arch` and nvcc's `-arch`, `-code` and
//! `-gencode`, relocatable device code (`-fgpu-rdc`, nvcc's `-rdc`, `-dc`, `-dw`), the
//! device library (`-nogpulib`), and the targets a command without any gets (the GPUs
//! present, else [`DEFAULT_OFFLOAD_ARCHS`]).

use super::parse::{parse_bool, Args};
use super::table::OptId;
use super::{ArgWarning, Context, InputKind, InputLang, Invocation, Mode, OffloadScope};
use crate::error::DriverError;
use crate::targets::OffloadArch;

/// The documented default when no `--offload-arch` is given and no GPU is found:
/// the current data-centre and workstation generations of both vendors.
pub const DEFAULT_OFFLOAD_ARCHS: &[&str] = &["gfx90a", "gfx942", "gfx1100", "sm_80", "sm_90"];

/// The targets as written, before `native` and the defaults are resolved.
pub(super) struct Written {
    names: Vec<String>,
    /// Each `--offload-arch=` as written, for the warning that no input needs them.
    spellings: Vec<String>,
}

/// Reads the target and device-code options: `inv.gpu_rdc` and `inv.no_gpu_lib` now, the
/// targets as written for [`resolve`].
pub(super) fn read(args: &Args, inv: &mut Invocation) -> Result<Written, DriverError> {
    let mut written = Written {
        names: Vec::new(),
        spellings: Vec::new(),
    };
    // nvcc's -arch and -code (the last of each counts) and -gencode (each counts).
    let mut nvcc_arch: Option<Vec<String>> = None;
    let mut nvcc_code: Option<Vec<String>> = None;
    let mut nvcc_gencode: Vec<String> = Vec::new();
    for opt in args.read(&[
        OptId::OffloadArch,
        OptId::GpuArchitecture,
        OptId::GpuCode,
        OptId::GenerateCode,
    ]) {
        match opt.id {
            OptId::OffloadArch => {
                // `--offload-arch=` or `--offload-arch=gfx942,` names no target where one
                // was meant: clang rejects it too.
                if opt.values.is_empty() || opt.values.iter().any(String::is_empty) {
                    return Err(DriverError::BadOffloadArch {
                        arch: opt.written(),
                        reason: "an empty target name; list targets separated by commas, \
                                 e.g. `--offload-arch=gfx942,sm_90,host`"
                            .to_owned(),
                    });
                }
                written.spellings.push(opt.written());
                written.names.extend(opt.values.iter().cloned());
            }
            OptId::GpuArchitecture => nvcc_arch = Some(nvcc_arch_names(opt.spelling, opt.value())?),
            OptId::GpuCode => nvcc_code = Some(nvcc_arch_names(opt.spelling, opt.value())?),
            _ => nvcc_gencode.extend(gencode_names(opt.spelling, opt.value())?),
        }
    }
    // `-code` names the images; without it `-arch` does (nvcc's shorthand
    // `-arch=sm_XX` is `-arch=compute_XX -code=sm_XX,compute_XX`).
    written
        .names
        .extend(nvcc_code.or(nvcc_arch).unwrap_or_default());
    written.names.extend(nvcc_gencode);
    for opt in args.read(&[
        OptId::GpuRdc,
        OptId::NoGpuRdc,
        OptId::RelocatableDeviceCode,
        OptId::DeviceCompile,
        OptId::DeviceCompileWhole,
    ]) {
        inv.gpu_rdc = match opt.id {
            OptId::RelocatableDeviceCode => parse_bool(opt.spelling, opt.value())?,
            id => matches!(id, OptId::GpuRdc | OptId::DeviceCompile),
        };
    }
    inv.no_gpu_lib = args.has(&[OptId::NoGpuLib]);
    Ok(written)
}

/// The offload targets of `inv` (whose inputs, mode and scope are known): what was
/// written, with `native` the GPUs present; when nothing was written and an input has
/// device code, the GPUs present, else [`DEFAULT_OFFLOAD_ARCHS`]. Returns the warnings that
/// the written targets serve no input.
pub(super) fn resolve(
    written: Written,
    ctx: &Context<'_>,
    cuda_mode: bool,
    inv: &mut Invocation,
) -> Result<Vec<ArgWarning>, DriverError> {
    let mut arch_names = written.names;
    let needs_archs = inv.has_offload_inputs() && inv.scope != OffloadScope::HostOnly;
    // A HIP source's `-E` output compiles for the targets it was preprocessed for, not for
    // whatever GPUs the compiling machine has (a build server of sccache's distributed mode).
    if arch_names.is_empty() && needs_archs {
        if let Some(names) = preprocessed_targets(inv, ctx) {
            arch_names = names;
        }
    }
    if arch_names.iter().any(|name| name == "native") || (arch_names.is_empty() && needs_archs) {
        let detected = (ctx.detect_gpus)();
        let user_gave_native = arch_names.iter().any(|name| name == "native");
        if user_gave_native && detected.is_empty() {
            return Err(DriverError::NoNativeGpu);
        }
        if arch_names.is_empty() {
            inv.offload_archs_defaulted = true;
            if detected.is_empty() {
                arch_names = DEFAULT_OFFLOAD_ARCHS
                    .iter()
                    .map(|name| (*name).to_owned())
                    .collect();
            } else {
                arch_names = detected;
            }
        } else {
            arch_names = arch_names
                .into_iter()
                .flat_map(|name| {
                    if name == "native" {
                        detected.clone()
                    } else {
                        vec![name]
                    }
                })
                .collect();
        }
    }
    for name in &arch_names {
        let arch = OffloadArch::parse(name).map_err(|reason| DriverError::BadOffloadArch {
            arch: name.clone(),
            reason,
        })?;
        if !inv.offload_archs.contains(&arch) {
            inv.offload_archs.push(arch);
        }
    }
    // An `-fgpu-rdc` link compiles the objects' device code for these targets.
    let rdc_link = inv.gpu_rdc && inv.mode == Mode::Link;
    // nvcc takes its targets with any input, the host code and the link of a CUDA program
    // included: in CUDA mode they are not worth a warning.
    // Nor is a link of objects alone (CMake gives a HIP link its targets), as clang does not
    // warn about one.
    let has_sources = inv
        .inputs
        .iter()
        .any(|input| matches!(input.kind, InputKind::Source(_)));
    let mut warnings = Vec::new();
    if !inv.has_offload_inputs() && !rdc_link && !cuda_mode && has_sources {
        warnings.extend(
            written
                .spellings
                .into_iter()
                .map(|arg| ArgWarning::NoOffloadInputs { arg }),
        );
    }
    Ok(warnings)
}

/// The targets of the `-E` outputs among the inputs, when every offload input is one and
/// each names at least one target (the union, in order of appearance).
fn preprocessed_targets(inv: &Invocation, ctx: &Context<'_>) -> Option<Vec<String>> {
    let mut names: Vec<String> = Vec::new();
    for input in &inv.inputs {
        match input.kind {
            InputKind::Source(InputLang::HipPreprocessed) => {
                let found =
                    (ctx.preprocessed_targets)(&input.path).filter(|found| !found.is_empty())?;
                for name in found {
                    if !names.contains(&name) {
                        names.push(name);
                    }
                }
            }
            InputKind::Source(lang) if lang.is_offload() => return None,
            _ => {}
        }
    }
    (!names.is_empty()).then_some(names)
}

/// nvcc's `all`: every real architecture of CUDA 13 that LLVM 22 compiles for.
pub const NVCC_ALL_ARCHS: &[&str] = &[
    "sm_75", "sm_80", "sm_86", "sm_87", "sm_89", "sm_90", "sm_100", "sm_103", "sm_120", "sm_121",
];
/// nvcc's `all-major`: the `.0` architectures among [`NVCC_ALL_ARCHS`].
pub const NVCC_ALL_MAJOR_ARCHS: &[&str] = &["sm_80", "sm_90", "sm_100", "sm_120"];

/// One nvcc architecture list (`-arch`, `-code`, or one side of `-gencode`) → the
/// `--offload-arch` names it stands for. `compute_XX` (PTX for XX) and `sm_XX` (code for
/// XX) are both PTX for `sm_XX`, which the driver JIT-compiles for newer GPUs; the `f`
/// (family) suffix is the base architecture.
fn nvcc_arch_names(option: &str, value: &str) -> Result<Vec<String>, DriverError> {
    let mut names = Vec::new();
    for item in value
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
    {
        match item {
            "native" => names.push("native".to_owned()),
            "all" => names.extend(NVCC_ALL_ARCHS.iter().map(|name| (*name).to_owned())),
            "all-major" => names.extend(NVCC_ALL_MAJOR_ARCHS.iter().map(|name| (*name).to_owned())),
            _ => {
                let number = item
                    .strip_prefix("sm_")
                    .or_else(|| item.strip_prefix("compute_"))
                    .filter(|number| number.starts_with(|c: char| c.is_ascii_digit()))
                    .ok_or_else(|| DriverError::BadValue {
                        option: option.to_owned(),
                        value: item.to_owned(),
                    })?;
                let number = number.strip_suffix('f').unwrap_or(number);
                names.push(format!("sm_{number}"));
            }
        }
    }
    Ok(names)
}

/// `-gencode arch=compute_XX,code=[sm_XX,compute_XX]` → the `--offload-arch` names of
/// its `code` list (of `arch` when there is no `code`).
fn gencode_names(option: &str, value: &str) -> Result<Vec<String>, DriverError> {
    let bad = || DriverError::BadValue {
        option: option.to_owned(),
        value: value.to_owned(),
    };
    let text: String = value
        .chars()
        .filter(|c| !matches!(c, '"' | '\'' | '[' | ']'))
        .collect();
    let (arch, code) = match text.find("code=") {
        Some(at) => (text[..at].trim_end_matches(','), Some(&text[at + 5..])),
        None => (text.as_str(), None),
    };
    let arch = arch.strip_prefix("arch=").ok_or_else(bad)?;
    let names = nvcc_arch_names(option, code.unwrap_or(arch))?;
    nvcc_arch_names(option, arch)?;
    if names.is_empty() {
        return Err(bad());
    }
    Ok(names)
}
