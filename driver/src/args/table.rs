//! The option table: every option oxhip knows, one line each, with all its spellings
//! (clang's, hipcc's and nvcc's), how each takes its value, and its help.
//!
//! Matching follows clang's `Options.td`: each spelling has a kind, and the longest
//! spelling that fits an argument wins (so `-Wl,` beats `-W`, `-MMD` beats `-M`). An nvcc
//! spelling puts the command in CUDA mode (`language::is_cuda_mode`).

/// How a spelling takes its value, as in clang's `Options.td`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `-c`: the name alone, nothing attached.
    Flag,
    /// `-O2`, `-std=c++17`: the value is glued to the name (and may be empty).
    Joined,
    /// `-include foo.h`: the value is the next argument.
    Separate,
    /// `-Idir` or `-I dir`.
    JoinedOrSeparate,
    /// `-Wl,a,b`, `--offload-arch=a,b`: glued, split on commas.
    CommaJoined,
    /// nvcc's `-name=value` or `-name value` (the spelling is `-name=` or `-name`).
    EqualsOrSeparate,
}

/// What an option means; each table entry names one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptId {
    Compile,
    Assemble,
    Preprocess,
    Output,
    Optimize,
    Debug,
    Include,
    ISystem,
    Define,
    Undefine,
    PreInclude,
    Std,
    Language,
    Warning,
    NoWarnings,
    Pic,
    Shared,
    LibDir,
    Lib,
    LinkerComma,
    Xlinker,
    OffloadArch,
    DeviceOnly,
    Genco,
    HostOnly,
    PrintJobs,
    Verbose,
    SaveTemps,
    Version,
    Help,
    PrintPhases,
    DepsOnly,
    DepsOnlyUser,
    DepsFile,
    DepsFileUser,
    DepsOutput,
    DepsTarget,
    DepsPhony,
    GpuRdc,
    NoGpuRdc,
    FastMath,
    NoFastMath,
    FlushDenormals,
    NoFlushDenormals,
    /// `-fgpu-approx-transcendentals`: `sinf`, `expf`, … are the fast intrinsics in device code.
    ApproxTranscendentals,
    NoApproxTranscendentals,
    Pthread,
    Rdynamic,
    NoGpuLib,
    NoGpuInc,
    /// `--no-pch`: `hip/hip_runtime.h` is included as text, not from oxhip's PCH cache.
    NoPch,
    HipLink,
    /// hipcc's `-use-sharedlib`: an executable links the shared runtime.
    UseSharedLib,
    /// hipcc's `-use-staticlib`: an executable links the static runtime (the default).
    UseStaticLib,
    /// nvcc's `-cudart=static|shared|none`: which runtime an executable links.
    Cudart,
    LinkDriverFlag,
    /// `-print-…` questions answered by clang itself (CMake asks them).
    PrintClangInfo,
    /// `-Xarch_host <arg>`: an argument for the host compiles only.
    XarchHost,
    /// `-Xarch_device <arg>`: an argument for the device compiles only.
    XarchDevice,
    /// `-Xclang <arg>`: an argument for every `-cc1` (host and device).
    Xclang,
    /// `-mllvm <arg>`: an LLVM option for every `-cc1` (host and device).
    Mllvm,
    OffloadCompress,
    NoOffloadCompress,
    OffloadCompressionLevel,
    Sanitize,
    NoSanitize,
    /// nvcc `-arch`: `sm_XX`, `compute_XX`, `native`, `all`, `all-major`.
    GpuArchitecture,
    /// nvcc `-code`: the images to embed (`sm_XX`, `compute_XX`).
    GpuCode,
    /// nvcc `-gencode arch=…,code=…`.
    GenerateCode,
    /// nvcc `-Xcompiler a,b`: options for the host compiler.
    Xcompiler,
    /// nvcc `--linker-options a,b`: like `-Wl,a,b`.
    LinkerOptions,
    /// nvcc `-rdc=true|false`.
    RelocatableDeviceCode,
    /// nvcc `-dc`: `-c -rdc=true`.
    DeviceCompile,
    /// nvcc `-dw`: `-c -rdc=false`.
    DeviceCompileWhole,
    /// nvcc `-lineinfo`: line tables for device code.
    LineInfo,
    /// nvcc `-G`: debug information for device code, device optimisation off.
    DeviceDebug,
    /// nvcc `-keep`: keep intermediates in the current directory.
    Keep,
    /// nvcc `-ftz=true|false`.
    FlushToZero,
    /// nvcc `--use_fast_math`: `-ftz=true -prec-div=false -prec-sqrt=false -fmad=true` and the
    /// single-precision functions mapped to their intrinsics, device code only.
    UseFastMath,
    /// nvcc `-prec-div=true|false`.
    PrecDiv,
    /// nvcc `-prec-sqrt=true|false`.
    PrecSqrt,
    /// nvcc `-fmad=true|false`.
    Fmad,
    /// nvcc `-m64`, `--machine=64`.
    Machine,
    /// Accepted nvcc options whose meaning oxhip already has (`--expt-relaxed-constexpr`).
    NvccAlways,
    /// Accepted nvcc options that change nothing in oxhip; a warning says so.
    NvccNoEffect,
    /// nvcc options oxhip does not implement; an error names them.
    NvccUnsupported,
}

/// One spelling of an option.
#[derive(Debug)]
pub struct Spelling {
    /// As written, with its `=` for the joined kinds (`-std=`); without it for
    /// [`OptionKind::EqualsOrSeparate`] (`-arch`, which also matches `-arch=`).
    pub name: &'static str,
    pub kind: OptionKind,
    /// An nvcc spelling: its presence puts the command in CUDA mode.
    pub nvcc: bool,
}

/// One option: what it means, its help, and its spellings (the first is the one `--help`
/// shows).
#[derive(Debug)]
pub struct OptionDef {
    pub id: OptId,
    pub help: &'static str,
    pub spellings: &'static [Spelling],
}

const fn o(id: OptId, help: &'static str, spellings: &'static [Spelling]) -> OptionDef {
    OptionDef {
        id,
        help,
        spellings,
    }
}

/// A spelling of clang or hipcc.
const fn c(name: &'static str, kind: OptionKind) -> Spelling {
    Spelling {
        name,
        kind,
        nvcc: false,
    }
}

/// A spelling of nvcc (nvcc's documentation, "NVCC Command Options").
const fn n(name: &'static str, kind: OptionKind) -> Spelling {
    Spelling {
        name,
        kind,
        nvcc: true,
    }
}

use OptionKind::{
    CommaJoined, EqualsOrSeparate as Eqs, Flag, Joined, JoinedOrSeparate as JoS, Separate,
};

/// The option table.
#[rustfmt::skip]
pub static OPTIONS: &[OptionDef] = &[
    // What the command produces.
    o(OptId::Compile, "compile and assemble, do not link", &[c("-c", Flag), n("--compile", Flag)]),
    o(OptId::Assemble, "compile only; emit assembly (device: AMDGPU assembly or PTX)", &[c("-S", Flag)]),
    o(OptId::Preprocess, "preprocess only (host side unless --cuda-device-only)", &[c("-E", Flag), n("--preprocess", Flag)]),
    o(OptId::Output, "write the output to <file> (`-` is stdout)", &[c("-o", JoS), n("--output-file", Eqs)]),
    o(OptId::DeviceOnly, "compile device code only (output: offload bundle, or one arch's assembly with -S)", &[c("--cuda-device-only", Flag)]),
    o(OptId::Genco, "same as --cuda-device-only", &[c("--genco", Flag)]),
    o(OptId::HostOnly, "compile host code only (no device code is embedded)", &[c("--cuda-host-only", Flag)]),
    o(OptId::DepsOnly, "write make dependencies (host side) instead of compiling", &[c("-M", Flag), n("--generate-dependencies", Flag)]),
    o(OptId::DepsOnlyUser, "like -M, without system headers", &[c("-MM", Flag), n("--generate-nonsystem-dependencies", Flag)]),
    o(OptId::DepsFile, "write make dependencies while compiling", &[c("-MD", Flag), n("--generate-dependencies-with-compile", Flag)]),
    o(OptId::DepsFileUser, "like -MD, without system headers", &[c("-MMD", Flag), n("--generate-nonsystem-dependencies-with-compile", Flag)]),
    o(OptId::DepsOutput, "dependency file name", &[c("-MF", JoS), n("--dependency-output", Eqs)]),
    o(OptId::DepsTarget, "dependency target name", &[c("-MT", JoS), c("-MQ", JoS), n("--dependency-target-name", Eqs)]),
    o(OptId::DepsPhony, "add a phony target for each dependency", &[c("-MP", Flag), n("--generate-dependency-targets", Flag)]),
    o(OptId::SaveTemps, "keep every intermediate file next to the output (=cwd: in the current directory)", &[c("-save-temps", Flag), c("-save-temps=", Joined)]),
    o(OptId::Keep, "nvcc: same as -save-temps=cwd", &[n("-keep", Flag), n("--keep", Flag), n("--save-temps", Flag)]),
    o(OptId::OffloadCompress, "compress the offload bundle (zstd, CCOB format 3; the default, except for --cuda-device-only)", &[c("--offload-compress", Flag)]),
    o(OptId::NoOffloadCompress, "do not compress the offload bundle (the default with --cuda-device-only)", &[c("--no-offload-compress", Flag)]),
    o(OptId::OffloadCompressionLevel, "zstd level for --offload-compress (default 3)", &[c("--offload-compression-level=", Joined)]),
    o(OptId::PrintJobs, "print the jobs that would run, do not run them", &[c("-###", Flag), n("--dryrun", Flag), n("-dryrun", Flag)]),
    o(OptId::PrintPhases, "print the compilation graph, do not run it", &[c("--print-phases", Flag), c("-ccc-print-phases", Flag)]),
    o(OptId::Verbose, "print the version, the installation and each job as it runs", &[c("-v", Flag), n("--verbose", Flag)]),
    o(OptId::Version, "print the version", &[c("--version", Flag), n("-V", Flag)]),
    o(OptId::Help, "print this help", &[c("--help", Flag), c("-help", Flag)]),
    o(OptId::PrintClangInfo, "ask clang 22 (for CMake's hip-lang package)", &[c("-print-libgcc-file-name", Flag)]),
    o(OptId::PrintClangInfo, "ask clang 22 (CMake runs `-v -print-targets`)", &[c("-print-targets", Flag), c("-print-resource-dir", Flag)]),
    o(OptId::PrintClangInfo, "ask clang 22 where a tool or a file is (build systems, libtool, sccache's toolchain packager)", &[c("-print-prog-name=", Joined), c("--print-prog-name=", Joined), c("-print-file-name=", Joined), c("--print-file-name=", Joined), c("-print-search-dirs", Flag), c("--print-search-dirs", Flag), c("-print-runtime-dir", Flag)]),
    o(OptId::PrintClangInfo, "ask clang 22 for the host's target and version, as hipcc answers them", &[c("-dumpmachine", Flag), c("-dumpversion", Flag), c("-print-target-triple", Flag), c("-print-effective-triple", Flag), c("-print-multi-directory", Flag), c("-print-multi-lib", Flag)]),
    // Code generation and debugging.
    o(OptId::Optimize, "optimization level: -O0 -O1 -O2 -O3 -Os -Oz (default -O3)", &[c("-O", Joined), n("--optimize", Eqs)]),
    o(OptId::Debug, "generate debug information: -g, -g2, -g3, -ggdb (full), -g1 or -gline-tables-only (line tables), -gdwarf-N (DWARF version N, 2 to 5), -g0 (none)", &[c("-g", Joined), n("--debug", Flag)]),
    o(OptId::LineInfo, "nvcc: line tables for device code", &[n("-lineinfo", Flag), n("--generate-line-info", Flag)]),
    o(OptId::DeviceDebug, "nvcc: debug information for device code, device code at -O0", &[n("-G", Flag), n("--device-debug", Flag)]),
    o(OptId::Pic, "position-independent code (always on for host code)", &[c("-fPIC", Flag), c("-fpic", Flag)]),
    o(OptId::Sanitize, "`address`, `undefined`: instrument host code and CPU-target kernels", &[c("-fsanitize=", CommaJoined)]),
    o(OptId::NoSanitize, "turn a sanitizer of -fsanitize= off again", &[c("-fno-sanitize=", CommaJoined)]),
    // Offload targets and device code.
    o(OptId::OffloadArch, "GPU target(s): gfx942, gfx90a:xnack+, sm_90, native (repeatable, comma lists)", &[c("--offload-arch=", CommaJoined), c("--amdgpu-target=", CommaJoined)]),
    o(OptId::GpuArchitecture, "nvcc: sm_XX, compute_XX, native, all, all-major (NVIDIA targets; combine with --offload-arch)", &[n("-arch", Eqs), n("--gpu-architecture", Eqs)]),
    o(OptId::GpuCode, "nvcc: sm_XX/compute_XX images to embed (each is PTX for that SM)", &[n("-code", Eqs), n("--gpu-code", Eqs)]),
    o(OptId::GenerateCode, "nvcc: arch=compute_XX,code=sm_XX (repeatable)", &[n("-gencode", Eqs), n("--generate-code", Eqs)]),
    o(OptId::GpuRdc, "relocatable device code: kernels may call device functions of other files (docs/driver.md)", &[c("-fgpu-rdc", Flag)]),
    o(OptId::NoGpuRdc, "whole-program device code (the default)", &[c("-fno-gpu-rdc", Flag)]),
    o(OptId::RelocatableDeviceCode, "nvcc: true|false, same as -fgpu-rdc/-fno-gpu-rdc", &[n("-rdc", Eqs), n("--relocatable-device-code", Eqs)]),
    o(OptId::DeviceCompile, "nvcc: -c -fgpu-rdc", &[n("-dc", Flag), n("--device-c", Flag)]),
    o(OptId::DeviceCompileWhole, "nvcc: -c -fno-gpu-rdc", &[n("-dw", Flag), n("--device-w", Flag)]),
    o(OptId::NoGpuLib, "do not link the device library", &[c("-nogpulib", Flag)]),
    o(OptId::NoGpuInc, "do not include hip/hip_runtime.h before HIP and CUDA sources", &[c("-nogpuinc", Flag), c("-nohipwrapperinc", Flag)]),
    o(OptId::NoPch, "read hip/hip_runtime.h as text, not from the precompiled header cache (as OXHIP_PCH=0)", &[c("--no-pch", Flag)]),
    o(OptId::Machine, "nvcc: 64 (the only size oxhip compiles for)", &[c("-m64", Flag), n("--machine", Eqs)]),
    o(OptId::Machine, "nvcc: same as --machine", &[n("-machine", Separate)]),
    // Floating point.
    o(OptId::FastMath, "fast floating point on host and device", &[c("-ffast-math", Flag)]),
    o(OptId::NoFastMath, "IEEE floating point (the default)", &[c("-fno-fast-math", Flag)]),
    o(OptId::UseFastMath, "nvcc: -ftz=true -prec-div=false -prec-sqrt=false -fmad=true, sinf etc. as __sinf etc. (device code)", &[n("-use_fast_math", Flag), n("--use_fast_math", Flag), n("-use-fast-math", Flag), n("--use-fast-math", Flag)]),
    o(OptId::FlushDenormals, "flush f32 denormals to zero in device code", &[c("-fgpu-flush-denormals-to-zero", Flag), c("-fcuda-flush-denormals-to-zero", Flag)]),
    o(OptId::NoFlushDenormals, "keep f32 denormals in device code (the default)", &[c("-fno-gpu-flush-denormals-to-zero", Flag), c("-fno-cuda-flush-denormals-to-zero", Flag)]),
    o(OptId::FlushToZero, "nvcc: true|false, same as -f[no-]gpu-flush-denormals-to-zero", &[n("-ftz", Eqs), n("--ftz", Eqs)]),
    o(OptId::ApproxTranscendentals, "sinf, expf, ... are their fast intrinsics in device code (implied by -ffast-math)", &[c("-fgpu-approx-transcendentals", Flag)]),
    o(OptId::NoApproxTranscendentals, "sinf, expf, ... are the accurate functions (the default without -ffast-math)", &[c("-fno-gpu-approx-transcendentals", Flag)]),
    o(OptId::PrecDiv, "nvcc: true|false, false: f32 division to 2 ulp (div.full; div.approx with --use_fast_math)", &[n("-prec-div", Eqs), n("--prec-div", Eqs)]),
    o(OptId::PrecSqrt, "nvcc: true|false, false: f32 square root approximate (sqrt.approx)", &[n("-prec-sqrt", Eqs), n("--prec-sqrt", Eqs)]),
    o(OptId::Fmad, "nvcc: true|false, false: no contraction of multiplies and adds in device code", &[n("-fmad", Eqs), n("--fmad", Eqs)]),
    // The language and the preprocessor.
    o(OptId::Language, "treat following inputs as hip|cu|cuda|c++|c|none", &[c("-x", JoS), n("--x", Eqs)]),
    o(OptId::Std, "language standard, e.g. -std=c++17", &[c("-std=", Joined), n("--std", Eqs)]),
    o(OptId::Std, "nvcc: same as -std=", &[n("-std", Separate)]),
    o(OptId::Include, "add <dir> to the include search path", &[c("-I", JoS), n("--include-path", Eqs)]),
    o(OptId::ISystem, "add <dir> to the system include search path", &[c("-isystem", JoS), n("--system-include", Eqs)]),
    o(OptId::Define, "define <macro>[=<value>]", &[c("-D", JoS), n("--define-macro", Eqs)]),
    o(OptId::Undefine, "undefine <macro>", &[c("-U", JoS), n("--undefine-macro", Eqs)]),
    o(OptId::PreInclude, "include <file> before the source", &[c("-include", Separate), n("--pre-include", Eqs)]),
    o(OptId::Warning, "enable or disable a warning (passed to clang)", &[c("-W", Joined)]),
    o(OptId::NoWarnings, "suppress all warnings", &[c("-w", Flag), n("--disable-warnings", Flag)]),
    // Arguments for one compiler or the other.
    o(OptId::XarchHost, "pass <arg> to the host compiles only (as clang reads it)", &[c("-Xarch_host", Separate)]),
    o(OptId::XarchDevice, "pass <arg> to the device compiles only (as clang reads it)", &[c("-Xarch_device", Separate)]),
    o(OptId::Xclang, "pass <arg> to every clang -cc1, host and device", &[c("-Xclang", Separate)]),
    o(OptId::Mllvm, "pass an LLVM option to every clang -cc1, host and device", &[c("-mllvm", Separate)]),
    o(OptId::Xcompiler, "nvcc: comma-separated options for host code", &[n("-Xcompiler", Eqs), n("--compiler-options", Eqs)]),
    // The link.
    o(OptId::Shared, "link a shared library", &[c("-shared", Flag), n("--shared", Flag)]),
    o(OptId::LibDir, "add <dir> to the library search path", &[c("-L", JoS), n("--library-path", Eqs)]),
    o(OptId::Lib, "link library <name>", &[c("-l", JoS), n("--library", Eqs)]),
    o(OptId::LinkerComma, "pass comma-separated arguments to the linker", &[c("-Wl,", CommaJoined)]),
    o(OptId::Xlinker, "pass <arg> to the linker", &[c("-Xlinker", Separate)]),
    o(OptId::LinkerOptions, "nvcc: comma-separated linker arguments", &[n("--linker-options", Eqs), n("-Xlinker=", Joined)]),
    o(OptId::Pthread, "compile and link with POSIX threads", &[c("-pthread", Flag)]),
    o(OptId::Rdynamic, "export all symbols from the executable", &[c("-rdynamic", Flag)]),
    o(OptId::HipLink, "accepted for hipcc compatibility (linking always adds the runtime)", &[c("--hip-link", Flag)]),
    o(OptId::UseSharedLib, "link an executable with the shared runtime, liboxhip_runtime.so (default: the static one)", &[c("-use-sharedlib", Flag)]),
    o(OptId::UseStaticLib, "link an executable with the static runtime, liboxhip_runtime.a (the default)", &[c("-use-staticlib", Flag)]),
    o(OptId::Cudart, "nvcc: static|shared, the runtime an executable links (-use-staticlib, -use-sharedlib); none: no effect", &[n("-cudart", Eqs), n("--cudart", Eqs)]),
    o(OptId::LinkDriverFlag, "given to the clang link driver as clang reads it", &[c("--rtlib=", Joined), c("-unwindlib=", Joined), c("-static-libstdc++", Flag), c("-static-libgcc", Flag), c("-fuse-ld=", Joined), c("--ld-path=", Joined)]),
    // nvcc options that oxhip accepts: some mean what oxhip always does, some change
    // nothing (a warning says so), and nvcc's modes oxhip does not have are an error.
    o(OptId::NvccAlways, "nvcc: accepted; clang always treats constexpr functions as host and device", &[n("--expt-relaxed-constexpr", Flag), n("-expt-relaxed-constexpr", Flag)]),
    o(OptId::NvccAlways, "nvcc: accepted; clang always allows __device__ lambdas", &[n("--expt-extended-lambda", Flag), n("-expt-extended-lambda", Flag), n("--extended-lambda", Flag), n("-extended-lambda", Flag)]),
    o(OptId::NvccAlways, "nvcc: accepted; oxhip does not warn about old targets", &[n("-Wno-deprecated-gpu-targets", Flag), n("--Wno-deprecated-gpu-targets", Flag)]),
    o(OptId::NvccAlways, "nvcc: accepted; host code is compiled and linked by clang 22", &[n("-ccbin", Eqs), n("--compiler-bindir", Eqs)]),
    o(OptId::NvccNoEffect, "nvcc: accepted, no effect (oxhip runs no ptxas); also -Xnvlink, -Xfatbin, -Xcudafe", &[n("-Xptxas", Eqs), n("--ptxas-options", Eqs), n("-Xnvlink", Eqs), n("--nvlink-options", Eqs), n("-Xfatbin", Eqs), n("--fatbin-options", Eqs), n("-Xcudafe", Eqs)]),
    o(OptId::NvccNoEffect, "nvcc: accepted, no effect (the backends allocate registers)", &[n("-maxrregcount", Eqs), n("--maxrregcount", Eqs)]),
    o(OptId::NvccNoEffect, "nvcc: accepted, no effect (the register report is ptxas's)", &[n("-res-usage", Flag), n("--resource-usage", Flag)]),
    o(OptId::NvccNoEffect, "nvcc: accepted, no effect (-save-temps=cwd keeps intermediates)", &[n("-keep-dir", Separate), n("--keep-dir", Eqs)]),
    o(OptId::NvccNoEffect, "nvcc: accepted, no effect (oxhip runs its jobs in parallel anyway)", &[n("--threads", Eqs), n("-t", Separate)]),
    o(OptId::NvccUnsupported, "nvcc's modes that oxhip does not have: an error says what to do instead", &[n("-lib", Flag), n("--lib", Flag), n("-dlink", Flag), n("--device-link", Flag), n("-ptx", Flag), n("--ptx", Flag), n("-cubin", Flag), n("--cubin", Flag), n("-fatbin", Flag), n("--fatbin", Flag), n("-cuda", Flag), n("--cuda", Flag), n("-run", Flag), n("--run", Flag)]),
];

/// Host-only pass-through: an unknown option starting with one of these goes to
/// the host compile unchanged (and is shown by `-v` and `-###`). Anything else
/// unknown is an error.
pub(super) const HOST_PASSTHROUGH_PREFIXES: &[&str] = &["-f", "-m"];

/// Passed-through options that the device compiles get too: clang's path maps.
pub(super) const PREFIX_MAP_FLAGS: &[&str] = &[
    "-ffile-prefix-map=",
    "-fmacro-prefix-map=",
    "-fdebug-prefix-map=",
    "-fcoverage-prefix-map=",
];

/// Unknown options that also go to the host compile unchanged, spelled exactly: the
/// preprocessor's dumps (`-E -dM` lists the macros the host compile of a source sees) and
/// its output options (`-P`: no line markers, as sccache asks for; `-C`, `-CC`: comments kept).
pub(super) const HOST_PASSTHROUGH_FLAGS: &[&str] = &["-dM", "-dD", "-dI", "-dN", "-P", "-C", "-CC"];

/// What an argument matched: the table line, the spelling as it is recorded (`-std=`,
/// `-arch` for `-arch sm_90`, `-arch=` for `-arch=sm_90`), and how its value is taken
/// (whether the spelling is nvcc's: [`spelling`]).
pub(super) struct Match {
    pub(super) def: &'static OptionDef,
    pub(super) spelling: String,
    pub(super) kind: OptionKind,
}

/// Finds the table line for `arg`: the longest spelling that fits; a flag, and the separate
/// form of a spelling, must match whole.
pub(super) fn lookup(arg: &str) -> Option<Match> {
    let mut best: Option<(usize, Match)> = None;
    for def in OPTIONS {
        for spelling in def.spellings {
            let name = spelling.name;
            let found = match spelling.kind {
                Flag | Separate => (arg == name).then(|| (name.to_owned(), spelling.kind)),
                Joined | CommaJoined | JoS => arg
                    .starts_with(name)
                    .then(|| (name.to_owned(), spelling.kind)),
                Eqs if arg == name => Some((name.to_owned(), Separate)),
                Eqs => {
                    let joined = format!("{name}=");
                    arg.starts_with(&joined).then_some((joined, Joined))
                }
            };
            if let Some((matched, kind)) = found {
                if best
                    .as_ref()
                    .is_none_or(|(length, _)| matched.len() > *length)
                {
                    let found = Match {
                        def,
                        spelling: matched,
                        kind,
                    };
                    best = Some((found.spelling.len(), found));
                }
            }
        }
    }
    best.map(|(_, found)| found)
}

/// How the recorded `spelling` (as [`lookup`] records it) took its value, and whether it is
/// nvcc's.
pub(super) fn spelling(recorded: &str) -> Option<(OptionKind, bool)> {
    OPTIONS
        .iter()
        .flat_map(|def| def.spellings)
        .find_map(|spelling| {
            let name = spelling.name;
            match spelling.kind {
                Eqs if recorded == name => Some((Separate, spelling.nvcc)),
                Eqs if recorded.strip_suffix('=') == Some(name) => Some((Joined, spelling.nvcc)),
                Eqs => None,
                kind => (recorded == name).then_some((kind, spelling.nvcc)),
            }
        })
}

/// The `--help` text, generated from the table: each option by its first spelling.
pub fn help_text() -> String {
    let mut text = String::from(
        "OVERVIEW: oxhip, a HIP/CUDA compiler driver built on clang 22\n\nUSAGE: oxhip [options] file...\n\nOPTIONS:\n",
    );
    for def in OPTIONS {
        let first = &def.spellings[0];
        let shown = match first.kind {
            Flag => first.name.to_owned(),
            Joined | CommaJoined => format!("{}<value>", first.name),
            Separate | JoS | Eqs => format!("{} <value>", first.name),
        };
        text.push_str(&format!("  {shown:<34} {}\n", def.help));
    }
    text.push_str(
        "\nUnknown -f… and -m… options are passed to the host compile. See docs/driver.md.\n",
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every option has help, every spelling is the table's only one, and each spelling
    /// finds its own line.
    #[test]
    fn the_table_is_consistent() {
        let mut seen = std::collections::BTreeSet::new();
        for def in OPTIONS {
            assert!(!def.help.is_empty(), "{:?} has no help", def.id);
            assert!(!def.spellings.is_empty(), "{:?} has no spelling", def.id);
            for spelling in def.spellings {
                assert!(
                    seen.insert(spelling.name),
                    "{} is in the table twice",
                    spelling.name
                );
                let arg = match spelling.kind {
                    Flag | Separate | Eqs => spelling.name.to_owned(),
                    Joined | CommaJoined | JoS => format!("{}x", spelling.name),
                };
                let found = lookup(&arg).unwrap_or_else(|| panic!("{arg} matches nothing"));
                assert!(
                    std::ptr::eq(found.def, def),
                    "{arg} matches {:?}",
                    found.def.id
                );
            }
        }
    }
}
