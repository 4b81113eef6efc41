//! Builds `clang -cc1` argument vectors for device (amdgcn, nvptx64) and host compiles.
//!
//! Pure: no file system, no processes, no environment. The lines follow what
//! `clang-22 -### -x hip` passes, with three deliberate differences: device jobs stop
//! at unoptimised bitcode (`-disable-llvm-optzns`, `codegen` optimises once), clang's
//! HIP wrapper headers and ROCm device libraries are never used (our
//! `hip_include_dir` comes first instead), and amdgcn uses code object version 5.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::{Clang, IncludeKind};

/// The host triple of every host compile and of the device jobs' `-aux-triple`.
pub const HOST_TRIPLE: &str = "x86_64-unknown-linux-gnu";

/// The source language given to clang with `-x`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    Hip,
    /// CUDA semantics (`-x cuda`): host code calls the `__cuda*` registration ABI.
    Cuda,
    Cxx,
    C,
}

/// What a device compile targets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeviceTarget {
    /// `cpu` is the processor (`gfx942`); `features` the target-ID features in the
    /// order given (`("xnack", true)` is `xnack+`).
    Amdgcn {
        cpu: String,
        features: Vec<(String, bool)>,
    },
    /// `sm` is 90 for `sm_90`; `arch_specific` adds the `a` (`sm_90a`).
    Nvptx { sm: u32, arch_specific: bool },
    /// The host itself as the "device": the compile is an ordinary host compile.
    Host,
}

impl DeviceTarget {
    /// The LLVM triple of this target.
    pub fn triple(&self) -> &'static str {
        match self {
            DeviceTarget::Amdgcn { .. } => "amdgcn-amd-amdhsa",
            DeviceTarget::Nvptx { .. } => "nvptx64-nvidia-cuda",
            DeviceTarget::Host => HOST_TRIPLE,
        }
    }
}

/// Which half of a HIP translation unit a job compiles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Side {
    /// `aux_triple` is the triple of one of the device targets (it decides the
    /// predefined macros of the other side); `gpubinary` is the offload bundle to embed;
    /// `cuid` must equal the device jobs' (empty: none is passed).
    Host {
        aux_triple: String,
        gpubinary: Option<PathBuf>,
        cuid: String,
    },
    Device {
        target: DeviceTarget,
        cuid: String,
    },
}

/// What the job writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// LLVM bitcode (device jobs: unoptimised).
    Bitcode,
    /// An object file (host); device jobs write unoptimised bitcode instead, which
    /// `codegen` turns into an object.
    Object,
    /// Host: assembly (`-S`). Device: unoptimised textual LLVM IR.
    Assembly,
    /// `-E`
    Preprocessed,
    /// `-M`/`-MM`: preprocess only to write the dependency file (`-Eonly`).
    DependencyOnly,
}

/// Optimisation level: `-O<n>`, the project's one definition (the driver reads it from the
/// command line, `codegen` runs its pipeline). Device jobs only record it in the IR
/// (function attributes such as `optnone` at `-O0`); `codegen` runs the pipeline.
///
/// The default is `-O3`, what oxhip (as hipcc) compiles with when the command line names
/// no level.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum OptLevel {
    O0,
    O1,
    O2,
    #[default]
    O3,
    Os,
    Oz,
}

impl OptLevel {
    /// The option that asks for this level: `-O2`.
    pub fn flag(self) -> &'static str {
        match self {
            OptLevel::O0 => "-O0",
            OptLevel::O1 => "-O1",
            OptLevel::O2 => "-O2",
            OptLevel::O3 => "-O3",
            OptLevel::Os => "-Os",
            OptLevel::Oz => "-Oz",
        }
    }

    /// Whether code at this level goes through the loop vectorizer: clang's driver's rule
    /// (`-O2`, `-O3`, `-Os`), which oxhip's host `-cc1` lines and device code generation keep.
    pub fn vectorizes_loops(self) -> bool {
        matches!(self, OptLevel::O2 | OptLevel::O3 | OptLevel::Os)
    }

    /// The same for the SLP vectorizer: those levels and `-Oz`.
    pub fn vectorizes_slp(self) -> bool {
        self.vectorizes_loops() || self == OptLevel::Oz
    }
}

/// One of the ordered preprocessor arguments (their relative order is significant for
/// `-D`/`-U` and among include directories).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PreprocessorArg {
    /// `-D NAME` or `-D NAME=VALUE`
    Define(String),
    /// `-U NAME`
    Undefine(String),
    /// `-I DIR`
    Include(PathBuf),
    /// `-isystem DIR`
    ISystem(PathBuf),
    /// `-iquote DIR`
    IQuote(PathBuf),
    /// `-idirafter DIR`
    IDirAfter(PathBuf),
    /// `-include FILE`
    PreInclude(PathBuf),
}

/// Dependency-file generation (`-MD`, `-MMD`, `-M`, `-MM`, `-MF`, `-MT`/`-MQ`, `-MP`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DependencyOptions {
    /// Where to write the rules (`-MF`); `-` is standard output.
    pub file: PathBuf,
    /// Rule targets, already quoted for make where `-MQ` asked for it.
    pub targets: Vec<String>,
    /// `false` for `-MM`/`-MMD` (leave out system headers).
    pub system_headers: bool,
    /// `-MP`: a phony target per header.
    pub phony_targets: bool,
}

/// Everything a `-cc1` line depends on besides the clang installation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompileOptions {
    pub lang: Lang,
    pub side: Side,
    pub output: Output,
    pub opt_level: OptLevel,
    /// `-g`
    pub debug: bool,
    /// With `debug`: line tables only (`-g1`, `-gline-tables-only`).
    pub debug_line_tables_only: bool,
    /// With `debug`: the DWARF version (`-gdwarf-N`); 5 when absent.
    pub dwarf_version: Option<u8>,
    /// Host only: `-fPIC` when true; otherwise position-independent executable code,
    /// which is what Debian's clang and gcc produce by default. Device code is always
    /// PIC (amdgcn) or static (nvptx), whatever this says.
    pub pic: bool,
    /// `-std=` value (`c++17`), or clang's default.
    pub std: Option<String>,
    pub preprocessor: Vec<PreprocessorArg>,
    /// Warning flags as given, in order: `-Wall`, `-Wno-unused`, `-Werror=foo`, `-w`,
    /// `-pedantic`.
    pub warnings: Vec<String>,
    /// `-M`-family dependency output; `None` with [`Output::DependencyOnly`] writes the
    /// rules to the output path with the target `<input stem>.o`.
    pub dependencies: Option<DependencyOptions>,
    /// The directory holding `hip/hip_runtime.h` (our `runtime/include`).
    pub hip_include_dir: PathBuf,
    /// HIP and CUDA compiles: include `hip/hip_runtime.h` before the source, as clang's
    /// HIP mode does (false with `-nogpuinc`), so that a source that includes nothing
    /// can use the HIP language and API, and the headers come first whatever the
    /// source includes.
    pub runtime_header: bool,
    /// The input is past the preprocessor (`-x hip-cpp-output`, `c++-cpp-output`,
    /// `cpp-output`): one side's text of an `-E` output, which already holds the runtime
    /// header, so `runtime_header` is not added either.
    pub preprocessed: bool,
    /// clang's name for the source (`-main-file-name`, which names the static initialisers);
    /// `None`: `input`'s file name.
    pub main_file_name: Option<OsString>,
    /// Appended verbatim before `-o` (`-fgpu-rdc`, `-ffast-math`'s cc1 flags, `-Xclang` arguments).
    pub extra_cc1: Vec<OsString>,
}

/// The NVPTX data layout of every oxhip compile, as `-cc1` flags: 32-bit pointers for shared,
/// constant and local memory, as nvcc's PTX has (LLVM's default is 64-bit in every space,
/// which put a 64-bit conversion, shift and add before each shared access: hipCUB's scan
/// kernel, 1,592 SASS instructions against 1,472; docs/libraries.md). The last is also the
/// LLVM option that `codegen` parses for its target machines, and `devicelibs` builds its
/// NVPTX bitcode with these flags, so that all three agree on the layout.
pub const NVPTX_SHORT_POINTERS: [&str; 3] = ["-fcuda-short-ptr", "-mllvm", "--nvptx-short-ptr"];

/// The PTX ISA of the nvptx line (as `+ptxNN` with NN = major×10+minor): the lowest
/// LLVM 22 accepts for `sm` (checked with `llc-22 -mattr=+ptxNN`), but never below 6.3,
/// because the headers use `activemask` (PTX 6.2) and CUDA 10's 6.3 runs on every driver
/// that supports sm_70. Unknown newer processors get 90, the newest ISA we allow.
pub fn min_ptx_version(sm: u32, arch_specific: bool) -> u32 {
    match (sm, arch_specific) {
        (0..=75, _) => 63,
        (80, _) => 70,
        (86, _) => 71,
        (87, _) => 74,
        (89, _) | (90, false) => 78,
        (90, true) => 80,
        (100 | 101, _) => 86,
        (120, _) => 87,
        (103 | 121, _) => 88,
        _ => 90,
    }
}

/// The arguments after the clang executable, starting with `-cc1`, that compile
/// `input` to `output` as `options` say.
pub fn cc1_args(
    clang: &Clang,
    options: &CompileOptions,
    input: &Path,
    output: &Path,
) -> Vec<OsString> {
    let mut line = Line::default();
    let offload = matches!(options.lang, Lang::Hip | Lang::Cuda);
    // C/C++ inputs are plain host compiles. A HIP device job for the host target is clang's
    // device mode with the host triple (the CPU offload target, `--offload-arch=host`).
    let device = match &options.side {
        Side::Device { target, .. } if offload => Some(target),
        _ => None,
    };
    let cuid = match &options.side {
        Side::Host { cuid, .. } | Side::Device { cuid, .. } => cuid.as_str(),
    };

    line.push("-cc1");
    line.push("-triple");
    line.push(device.map_or(HOST_TRIPLE, DeviceTarget::triple));
    if offload {
        line.push("-aux-triple");
        match (&options.side, device) {
            (Side::Host { aux_triple, .. }, _) => line.push(aux_triple.as_str()),
            (_, _) => line.push(HOST_TRIPLE),
        }
    }
    line.push(options.opt_level.flag());
    if matches!(device, Some(DeviceTarget::Amdgcn { .. })) {
        line.push("-Werror=atomic-alignment");
    }
    match (options.output, device.is_some()) {
        (Output::Preprocessed, _) => line.push("-E"),
        (Output::DependencyOnly, _) => line.push("-Eonly"),
        (Output::Bitcode | Output::Object, true) => {
            line.push("-emit-llvm-bc");
            line.push("-disable-llvm-optzns");
        }
        (Output::Assembly, true) => {
            line.push("-emit-llvm");
            line.push("-disable-llvm-optzns");
        }
        (Output::Bitcode, false) => line.push("-emit-llvm-bc"),
        (Output::Object, false) => line.push("-emit-obj"),
        (Output::Assembly, false) => line.push("-S"),
    }
    // The vectorizers, as clang's driver enables them by optimisation level (`-cc1` alone
    // runs neither): the host side's code is optimised here; the devices' by oxhip's code
    // generation, by the same rule. `-fno-vectorize` and `-fno-slp-vectorize` take them out
    // again (`HostFlags`).
    if device.is_none()
        && matches!(
            options.output,
            Output::Bitcode | Output::Object | Output::Assembly
        )
    {
        if options.opt_level.vectorizes_loops() {
            line.push("-vectorize-loops");
        }
        if options.opt_level.vectorizes_slp() {
            line.push("-vectorize-slp");
        }
    }
    line.push("-disable-free");
    line.push("-clear-ast-before-backend");
    // The CPU target keeps value names: codegen reads clang's `.coerce0`/`.coerce1` argument
    // names to map split aggregates back to the kernel's parameters (`codegen::cpu`).
    if !options.debug && device != Some(&DeviceTarget::Host) {
        line.push("-discard-value-names");
    }
    line.push("-main-file-name");
    line.push(options.main_file_name.clone().unwrap_or_else(|| {
        input
            .file_name()
            .map_or_else(|| input.as_os_str().to_owned(), ToOwned::to_owned)
    }));

    let frame_pointer = if options.opt_level == OptLevel::O0 {
        "-mframe-pointer=all"
    } else {
        "-mframe-pointer=none"
    };
    match device {
        Some(DeviceTarget::Amdgcn { cpu, features }) => {
            line.extend(["-mrelocation-model", "pic", "-pic-level", "2"]);
            line.push("-fhalf-no-semantic-interposition");
            line.push(frame_pointer);
            line.push("-fno-rounding-math");
            line.push("-mconstructor-aliases");
            line.extend(["-aux-target-cpu", "x86-64"]);
            line.push("-fcuda-is-device");
            line.push("-fno-threadsafe-statics");
            line.push("-fvisibility=hidden");
            line.push("-fapply-global-visibility-to-externs");
            line.push("-target-cpu");
            line.push(cpu.as_str());
            // clang orders target-ID features alphabetically; so do we, so that the
            // same target ID always gives the same line.
            let mut sorted: Vec<&(String, bool)> = features.iter().collect();
            sorted.sort();
            for (name, enabled) in sorted {
                line.push("-target-feature");
                line.push(format!("{}{name}", if *enabled { '+' } else { '-' }));
            }
            // Generic processors (gfx9-4-generic, ...) exist from code object version 6 on;
            // the rest stay at 5, which ROCm 5.x loaders read too.
            line.push(if cpu.ends_with("-generic") {
                "-mcode-object-version=6"
            } else {
                "-mcode-object-version=5"
            });
        }
        Some(DeviceTarget::Nvptx { sm, arch_specific }) => {
            line.extend(["-mrelocation-model", "static"]);
            line.push("-mframe-pointer=all");
            line.push("-fno-rounding-math");
            line.extend(["-aux-target-cpu", "x86-64"]);
            line.push("-fcuda-is-device");
            line.push("-fno-threadsafe-statics");
            line.push("-target-cpu");
            line.push(format!("sm_{sm}{}", if *arch_specific { "a" } else { "" }));
            line.push("-target-feature");
            line.push(format!("+ptx{}", min_ptx_version(*sm, *arch_specific)));
            line.extend(NVPTX_SHORT_POINTERS);
        }
        Some(DeviceTarget::Host) => {
            line.extend(["-mrelocation-model", "pic", "-pic-level", "2"]);
            line.push(frame_pointer);
            line.push("-fno-rounding-math");
            line.push("-mconstructor-aliases");
            line.extend(["-aux-target-cpu", "x86-64"]);
            line.push("-fcuda-is-device");
            line.push("-fno-threadsafe-statics");
            line.push("-funwind-tables=2");
            line.extend(["-target-cpu", "x86-64", "-tune-cpu", "generic"]);
        }
        None => {
            line.extend(["-mrelocation-model", "pic", "-pic-level", "2"]);
            if !options.pic {
                line.push("-pic-is-pie");
            }
            line.push(frame_pointer);
            line.push("-fmath-errno");
            line.push("-fno-rounding-math");
            line.push("-mconstructor-aliases");
            line.push("-funwind-tables=2");
            line.extend(["-target-cpu", "x86-64", "-tune-cpu", "generic"]);
        }
    }
    if options.debug {
        line.push(if options.debug_line_tables_only {
            "-debug-info-kind=line-tables-only"
        } else {
            "-debug-info-kind=constructor"
        });
        line.push(match options.dwarf_version.unwrap_or(5) {
            2 => "-dwarf-version=2",
            3 => "-dwarf-version=3",
            4 => "-dwarf-version=4",
            _ => "-dwarf-version=5",
        });
    }
    line.extend(["-debugger-tuning=gdb"]);
    line.push("-resource-dir");
    line.push(clang.resource_dir.as_os_str());

    let dependencies = options.dependencies.clone().or_else(|| {
        // `-M` without `-MF`/`-MT`: rules to the output, target named after the input.
        (options.output == Output::DependencyOnly).then(|| DependencyOptions {
            file: output.to_owned(),
            targets: vec![Path::new(input.file_stem().unwrap_or_default())
                .with_extension("o")
                .display()
                .to_string()],
            system_headers: true,
            phony_targets: false,
        })
    });
    if let Some(dependencies) = &dependencies {
        line.push("-dependency-file");
        line.push(dependencies.file.as_os_str());
        for target in &dependencies.targets {
            line.push("-MT");
            line.push(target.as_str());
        }
        if dependencies.system_headers {
            line.push("-sys-header-deps");
        }
        if dependencies.phony_targets {
            line.push("-MP");
        }
    }
    if options.output == Output::DependencyOnly {
        line.push("-w");
    }

    if offload && options.runtime_header && !options.preprocessed {
        line.push("-include");
        line.push("hip/hip_runtime.h");
    }
    for arg in &options.preprocessor {
        let (flag, value) = match arg {
            PreprocessorArg::Define(text) => ("-D", OsString::from(text)),
            PreprocessorArg::Undefine(text) => ("-U", OsString::from(text)),
            PreprocessorArg::Include(dir) => ("-I", dir.as_os_str().to_owned()),
            PreprocessorArg::ISystem(dir) => ("-isystem", dir.as_os_str().to_owned()),
            PreprocessorArg::IQuote(dir) => ("-iquote", dir.as_os_str().to_owned()),
            PreprocessorArg::IDirAfter(dir) => ("-idirafter", dir.as_os_str().to_owned()),
            PreprocessorArg::PreInclude(file) => ("-include", file.as_os_str().to_owned()),
        };
        line.push(flag);
        line.push(value);
    }
    line.extend(options.warnings.iter().map(OsString::from));
    // Our headers first, then clang's and the system's, in the order clang uses.
    line.push("-internal-isystem");
    line.push(options.hip_include_dir.as_os_str());
    for include in &clang.system_includes {
        line.push(match include.kind {
            IncludeKind::System => "-internal-isystem",
            IncludeKind::ExternC => "-internal-externc-isystem",
        });
        line.push(include.path.as_os_str());
    }
    if let Some(std) = &options.std {
        line.push(format!("-std={std}"));
    }
    if matches!(options.lang, Lang::Cxx | Lang::Hip | Lang::Cuda) {
        line.push("-fdeprecated-macro");
    }
    if device.is_some() {
        line.push("-fno-autolink");
    }
    line.extend(["-ferror-limit", "19"]);
    if options.lang == Lang::Hip {
        line.push("-fhip-new-launch-api");
    }
    if offload {
        line.push("--no-offloadlib");
    }
    line.push("-fgnuc-version=4.2.1");
    if options.lang != Lang::C {
        line.push("-fskip-odr-check-in-gmf");
        line.push("-fcxx-exceptions");
        line.push("-fexceptions");
    }
    if offload {
        if let Side::Host {
            gpubinary: Some(bundle),
            ..
        } = &options.side
        {
            line.push("-fcuda-include-gpubinary");
            line.push(bundle.as_os_str());
        }
        if !cuid.is_empty() {
            line.push(format!("-cuid={cuid}"));
        }
        line.push("-fcuda-allow-variadic-functions");
    }
    if device.is_none() && options.output == Output::Object {
        line.push("-faddrsig");
    }
    if device.is_none() {
        line.push("-fdwarf2-cfi-asm");
    }
    line.extend(options.extra_cc1.iter().cloned());
    if options.output != Output::DependencyOnly {
        line.push("-o");
        line.push(output.as_os_str());
    }
    line.push("-x");
    line.push(match (options.lang, options.preprocessed) {
        (Lang::Hip, false) => "hip",
        (Lang::Hip, true) => "hip-cpp-output",
        (Lang::Cuda, false) => "cuda",
        (Lang::Cuda, true) => "cuda-cpp-output",
        (Lang::Cxx, false) => "c++",
        (Lang::Cxx, true) => "c++-cpp-output",
        (Lang::C, false) => "c",
        (Lang::C, true) => "cpp-output",
    });
    line.push(input.as_os_str());
    line.0
}

/// An argument vector under construction.
#[derive(Default)]
struct Line(Vec<OsString>);

impl Line {
    fn push(&mut self, arg: impl Into<OsString>) {
        self.0.push(arg.into());
    }

    fn extend<T: Into<OsString>>(&mut self, args: impl IntoIterator<Item = T>) {
        self.0.extend(args.into_iter().map(Into::into));
    }
}
