//! What the command line means, once read: [`Invocation`] and the types of its fields.

use std::path::PathBuf;

use crate::targets::OffloadArch;

/// The language of an input as the command line decides it (`-x`, the extension, nvcc's
/// CUDA mode): what clang compiles (`frontend::Lang`, [`InputLang::clang_lang`]) and
/// whether the input is CUDA that oxhip translates first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputLang {
    Hip,
    /// CUDA source: translated to HIP in memory (`hipify`), then compiled as HIP.
    Cuda,
    Cxx,
    C,
    /// C++ host code of a CUDA program (a `.cpp` in CUDA mode, as nvcc compiles it):
    /// translated like a `.cu`, then compiled as C++ with the runtime API available.
    CudaCxx,
    /// C host code of a CUDA program (a `.c` in CUDA mode).
    CudaC,
    /// Preprocessed C++ (`.ii`, `-x c++-cpp-output`): compiled as plain host C++, as clang
    /// does; a HIP source's `-E` output holds its host side only and does not compile so.
    CxxPreprocessed,
    /// Preprocessed C (`.i`, `-x cpp-output`).
    CPreprocessed,
    /// A HIP or CUDA source's `-E` output (`.hipi`, `.cui`, `-x hip-cpp-output`,
    /// `-x cuda-cpp-output`): every side's preprocessed text in one text bundle, or one
    /// side's text alone. Each side compiles its own entry (docs/driver.md, "Preprocessed
    /// HIP input"), as clang compiles a `.hipi`; what sccache's distributed mode sends to
    /// its build servers.
    HipPreprocessed,
}

impl InputLang {
    /// The language clang compiles: CUDA reaches clang only after translation, a CUDA
    /// source as HIP and CUDA host code as C++ or C.
    pub fn clang_lang(self) -> frontend::Lang {
        match self {
            InputLang::Hip | InputLang::Cuda | InputLang::HipPreprocessed => frontend::Lang::Hip,
            InputLang::Cxx | InputLang::CudaCxx | InputLang::CxxPreprocessed => frontend::Lang::Cxx,
            InputLang::C | InputLang::CudaC | InputLang::CPreprocessed => frontend::Lang::C,
        }
    }

    pub fn is_offload(self) -> bool {
        matches!(
            self,
            InputLang::Hip | InputLang::Cuda | InputLang::HipPreprocessed
        )
    }

    /// Text past the preprocessor: compiled without it (clang's `-x …-cpp-output`).
    pub fn is_preprocessed(self) -> bool {
        matches!(
            self,
            InputLang::CPreprocessed | InputLang::CxxPreprocessed | InputLang::HipPreprocessed
        )
    }

    pub fn name(self) -> &'static str {
        match self {
            InputLang::Hip => "hip",
            InputLang::Cuda => "cuda",
            InputLang::Cxx => "c++",
            InputLang::C => "c",
            InputLang::CudaCxx => "cuda-c++",
            InputLang::CudaC => "cuda-c",
            InputLang::CxxPreprocessed => "c++-cpp-output",
            InputLang::CPreprocessed => "cpp-output",
            InputLang::HipPreprocessed => "hip-cpp-output",
        }
    }
}

/// What an input file is, from `-x` or its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    Source(InputLang),
    /// `.o`, `.a`, `.so` and anything unrecognised: handed to the linker.
    Linker,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    pub path: PathBuf,
    pub kind: InputKind,
}

/// What the command produces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    #[default]
    Link,
    /// `-c`
    Object,
    /// `-S`
    Assembly,
    /// `-E`
    Preprocess,
    /// `-M` / `-MM`
    Dependencies,
}

/// Which sides of a HIP source are compiled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OffloadScope {
    #[default]
    Both,
    DeviceOnly,
    HostOnly,
}

/// `-O<n>` (the frontend crate's definition).
pub use frontend::OptLevel;

/// Preprocessor and warning arguments, in command-line order (order matters for
/// `-D`/`-U` pairs and include search).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PreprocessorArg {
    Define(String),
    Undefine(String),
    Include(PathBuf),
    ISystem(PathBuf),
    PreInclude(PathBuf),
}

/// Arguments for the final link, in command-line order relative to the inputs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkItem {
    /// The n-th entry of [`Invocation::inputs`] (its object, once compiled).
    Input(usize),
    /// Given to the clang link driver as is (`-L…`, `-l…`, `-Wl,…`, `-Xlinker …`).
    Arg(Vec<String>),
}

/// `-M` family, passed to the host compile.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dependencies {
    /// `-MD`/`-MMD` (or `-M`/`-MM`): write a dependency file.
    pub enabled: bool,
    /// `-MM`/`-MMD`: leave system headers out.
    pub user_only: bool,
    pub file: Option<PathBuf>,
    pub targets: Vec<String>,
    pub phony: bool,
}

/// Where `-save-temps` keeps intermediates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SaveTemps {
    #[default]
    Off,
    /// Next to the output (`-save-temps`, `-save-temps=obj`).
    OutputDir,
    /// The current directory (`-save-temps=cwd`).
    Cwd,
}

/// How device code computes single-precision `/` (nvcc's `-prec-div`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum F32Division {
    /// Correctly rounded (`-prec-div=true`, the default).
    #[default]
    Ieee,
    /// Within 2 ulp over the whole range (`-prec-div=false`: PTX `div.full`).
    Full,
    /// Within 2 ulp while the divisor is in [2^-126, 2^126] (`--use_fast_math`: `__fdividef`).
    Approx,
}

/// A warning found while resolving the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgWarning {
    /// The argument has no effect in this mode (clang: `-Wunused-command-line-argument`).
    Unused { arg: String },
    /// A linker input while not linking.
    LinkerInputUnused { path: PathBuf },
    /// Offload options given but no input needs device code.
    NoOffloadInputs { arg: String },
    /// An nvcc option oxhip accepts but that changes nothing (`-Xptxas -v`).
    NvccNoEffect { arg: String },
}

/// The validated, resolved command line. Its default is what an empty command line means
/// (link, both sides, `-O3`, …): the interpretation changes what the options say.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Invocation {
    pub inputs: Vec<Input>,
    pub output: Option<PathBuf>,
    pub mode: Mode,
    pub scope: OffloadScope,
    /// Canonical, deduplicated, in first-seen order.
    pub offload_archs: Vec<OffloadArch>,
    /// True when the archs came from detection or the default list, not the user.
    pub offload_archs_defaulted: bool,
    pub opt_level: OptLevel,
    pub debug: bool,
    /// `-g1`, `-gline-tables-only`: line tables, no variables or types.
    pub debug_line_tables_only: bool,
    /// `-gdwarf-N`: the DWARF version (5 otherwise).
    pub dwarf_version: Option<u8>,
    /// nvcc's `-G`: device code gets full debug information and is compiled at `-O0`.
    pub device_debug: bool,
    /// nvcc's `-lineinfo`: device code gets line tables (host code as `-g` says).
    pub device_line_info: bool,
    pub std: Option<String>,
    pub preprocessor: Vec<PreprocessorArg>,
    /// `-W…` and `-w`, as written, passed to every compile.
    pub warnings: Vec<String>,
    pub shared: bool,
    /// The link names the shared runtime (`-loxhip_runtime`, `-l:liboxhip_runtime.so`, or the
    /// file, as CMake's `hip::amdhip64` does): it takes the static runtime's place.
    pub links_shared_runtime: bool,
    /// An executable links the shared runtime, `liboxhip_runtime.so`, with a run path to its
    /// directory (`-use-sharedlib`, nvcc's `-cudart=shared`), not the static one.
    pub shared_runtime: bool,
    /// `-fPIC` (or `-shared`): position-independent host code rather than PIE code.
    pub pic: bool,
    pub link_items: Vec<LinkItem>,
    /// Extra arguments for the clang link driver (`-pthread`, `-rdynamic`, `--rtlib=` …).
    pub link_driver_args: Vec<String>,
    /// Unknown `-f…`/`-m…` options, for host compiles only (with `-Xarch_host`'s, `-Xclang`'s
    /// and `-mllvm`'s arguments, as clang spells them).
    pub host_passthrough: Vec<String>,
    /// `-dM`: `-E` lists the macros of the host compile instead of its text, and no device
    /// side follows them.
    pub macros_only: bool,
    /// `-Xarch_device`'s, `-Xclang`'s and `-mllvm`'s arguments, for device compiles.
    pub device_passthrough: Vec<String>,
    /// `-mllvm`'s arguments alone, in order: oxhip's device code generation (the optimisation
    /// pipeline and the backends, which run in oxhip rather than in clang) takes them too.
    pub llvm_options: Vec<String>,
    pub dependencies: Dependencies,
    /// `-ffast-math`: clang's fast-math flags on host and device compiles.
    pub fast_math: bool,
    /// nvcc's `--use_fast_math` (device code only): `__USE_FAST_MATH__` is defined, and it sets
    /// the defaults of the four fields below and of `approx_transcendentals`.
    pub use_fast_math: bool,
    /// `-fgpu-flush-denormals-to-zero`, nvcc `-ftz`: single-precision denormals flush in device
    /// code.
    pub flush_denormals: bool,
    /// `-fgpu-approx-transcendentals` (implied by `-ffast-math` and `--use_fast_math`): device
    /// `sinf`, `expf`, `powf`, … are `__sinf`, `__expf`, `__powf`, ….
    pub approx_transcendentals: bool,
    /// nvcc `-prec-div`: how single-precision `/` is computed in device code.
    pub f32_division: F32Division,
    /// nvcc `-prec-sqrt=false` (also `-ffast-math`): device `sqrtf` may be the approximate
    /// instruction.
    pub approx_sqrt: bool,
    /// nvcc `-fmad`: `Some(false)` is `-ffp-contract=off` for device code, `Some(true)`
    /// `-ffp-contract=fast`; `None` keeps clang's default.
    pub fmad: Option<bool>,
    pub pthread: bool,
    /// `-nogpulib`: the device library is not linked.
    pub no_gpu_lib: bool,
    /// `-fsanitize=`: host code and CPU-target kernels (not GPU kernels) are instrumented,
    /// and the link adds the sanitizer runtimes.
    pub sanitizers: Sanitizers,
    /// `-fgpu-rdc`: relocatable device code; device bitcode goes into the host objects and
    /// is linked and compiled at the link.
    pub gpu_rdc: bool,
    /// `-nogpuinc`/`-nohipwrapperinc`: HIP and CUDA sources are not preceded by
    /// `hip/hip_runtime.h` (they include what they use themselves).
    pub no_runtime_header: bool,
    /// `--no-pch`: the prelude is not read from the PCH cache (docs/compile-time.md).
    pub no_pch: bool,
    /// `--offload-compress`: the zstd level for the bundle (`None`: flat bundle).
    pub offload_compression: Option<i32>,
    pub print_jobs: bool,
    pub print_phases: bool,
    pub verbose: bool,
    pub save_temps: SaveTemps,
    pub help: bool,
    pub version: bool,
    pub warnings_found: Vec<ArgWarning>,
}

/// The sanitizers `-fsanitize=` turned on (the last of `-fsanitize=`/`-fno-sanitize=` wins).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sanitizers {
    /// `address`: AddressSanitizer.
    pub address: bool,
    /// `undefined`: the UndefinedBehaviorSanitizer checks clang's `-fsanitize=undefined` selects.
    pub undefined: bool,
}

impl Sanitizers {
    pub fn any(&self) -> bool {
        self.address || self.undefined
    }

    /// The `-fsanitize=` value for the clang link driver (`address,undefined`), if any.
    pub fn link_flag(&self) -> Option<String> {
        let mut names = Vec::new();
        if self.address {
            names.push("address");
        }
        if self.undefined {
            names.push("undefined");
        }
        (!names.is_empty()).then(|| format!("-fsanitize={}", names.join(",")))
    }
}

impl Invocation {
    /// The optimisation level of device compiles and code generation: `-O0` with `-G`.
    pub fn device_opt_level(&self) -> OptLevel {
        if self.device_debug {
            OptLevel::O0
        } else {
            self.opt_level
        }
    }

    /// True when any input has device code to compile.
    pub fn has_offload_inputs(&self) -> bool {
        self.inputs
            .iter()
            .any(|input| matches!(input.kind, InputKind::Source(lang) if lang.is_offload()))
    }
}
