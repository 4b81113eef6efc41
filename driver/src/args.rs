//! Command line: argv → [`ArgList`] (through a clang-style option table) → [`Invocation`].
//!
//! Pure: no file system, no processes, no environment. Whatever must be discovered
//! (the GPUs present) is handed in by the caller through [`Context`].
//! After this module, no code inspects raw argv strings: later stages read only
//! the typed fields of [`Invocation`].

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::error::DriverError;
use crate::search::SearchPath;
use crate::targets::OffloadArch;

/// How an option takes its value, as in clang's `Options.td`.
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
    HipLink,
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

/// One entry of the option table.
#[derive(Debug)]
pub struct OptionDef {
    pub name: &'static str,
    pub kind: OptionKind,
    pub id: OptId,
    pub help: &'static str,
    /// An nvcc spelling: its presence puts the command in CUDA mode (see [`resolve`]).
    pub nvcc: bool,
}

const fn opt(name: &'static str, kind: OptionKind, id: OptId, help: &'static str) -> OptionDef {
    OptionDef {
        name,
        kind,
        id,
        help,
        nvcc: false,
    }
}

/// An option of nvcc's command line (nvcc's documentation, "NVCC Command Options").
const fn nv(name: &'static str, kind: OptionKind, id: OptId, help: &'static str) -> OptionDef {
    OptionDef {
        name,
        kind,
        id,
        help,
        nvcc: true,
    }
}

use OptionKind::{CommaJoined, Flag, Joined, JoinedOrSeparate, Separate};

/// The option table. Matching picks the longest name that fits (so `-Wl,` wins
/// over `-W`, `-MMD` over `-M`); an empty `help` hides the entry from `--help`.
pub static OPTIONS: &[OptionDef] = &[
    opt(
        "-c",
        Flag,
        OptId::Compile,
        "compile and assemble, do not link",
    ),
    opt(
        "-S",
        Flag,
        OptId::Assemble,
        "compile only; emit assembly (device: AMDGPU assembly or PTX)",
    ),
    opt(
        "-E",
        Flag,
        OptId::Preprocess,
        "preprocess only (host side unless --cuda-device-only)",
    ),
    opt(
        "-o",
        JoinedOrSeparate,
        OptId::Output,
        "write the output to <file> (`-` is stdout)",
    ),
    opt(
        "-O",
        Joined,
        OptId::Optimize,
        "optimization level: -O0 -O1 -O2 -O3 -Os -Oz (default -O3)",
    ),
    opt(
        "-g",
        Joined,
        OptId::Debug,
        "generate debug information: -g, -g2, -g3, -ggdb (full), -g1 or -gline-tables-only (line tables), -gdwarf-N (DWARF version N, 2 to 5), -g0 (none)",
    ),
    opt(
        "-I",
        JoinedOrSeparate,
        OptId::Include,
        "add <dir> to the include search path",
    ),
    opt(
        "-isystem",
        JoinedOrSeparate,
        OptId::ISystem,
        "add <dir> to the system include search path",
    ),
    opt(
        "-D",
        JoinedOrSeparate,
        OptId::Define,
        "define <macro>[=<value>]",
    ),
    opt("-U", JoinedOrSeparate, OptId::Undefine, "undefine <macro>"),
    opt(
        "-include",
        Separate,
        OptId::PreInclude,
        "include <file> before the source",
    ),
    opt(
        "-std=",
        Joined,
        OptId::Std,
        "language standard, e.g. -std=c++17",
    ),
    opt(
        "-x",
        JoinedOrSeparate,
        OptId::Language,
        "treat following inputs as hip|cu|cuda|c++|c|none",
    ),
    opt(
        "-W",
        Joined,
        OptId::Warning,
        "enable or disable a warning (passed to clang)",
    ),
    opt("-w", Flag, OptId::NoWarnings, "suppress all warnings"),
    opt(
        "-fPIC",
        Flag,
        OptId::Pic,
        "position-independent code (always on for host code)",
    ),
    opt("-fpic", Flag, OptId::Pic, ""),
    opt("-shared", Flag, OptId::Shared, "link a shared library"),
    opt(
        "-L",
        JoinedOrSeparate,
        OptId::LibDir,
        "add <dir> to the library search path",
    ),
    opt("-l", JoinedOrSeparate, OptId::Lib, "link library <name>"),
    opt(
        "-Wl,",
        CommaJoined,
        OptId::LinkerComma,
        "pass comma-separated arguments to the linker",
    ),
    opt(
        "-Xlinker",
        Separate,
        OptId::Xlinker,
        "pass <arg> to the linker",
    ),
    opt(
        "--offload-arch=",
        CommaJoined,
        OptId::OffloadArch,
        "GPU target(s): gfx942, gfx90a:xnack+, sm_90, native (repeatable, comma lists)",
    ),
    opt("--amdgpu-target=", CommaJoined, OptId::OffloadArch, ""),
    opt(
        "--cuda-device-only",
        Flag,
        OptId::DeviceOnly,
        "compile device code only (output: offload bundle, or one arch's assembly with -S)",
    ),
    opt("--genco", Flag, OptId::Genco, "same as --cuda-device-only"),
    opt(
        "--cuda-host-only",
        Flag,
        OptId::HostOnly,
        "compile host code only (no device code is embedded)",
    ),
    opt(
        "-###",
        Flag,
        OptId::PrintJobs,
        "print the jobs that would run, do not run them",
    ),
    opt(
        "-v",
        Flag,
        OptId::Verbose,
        "print the version, the installation and each job as it runs",
    ),
    opt(
        "-save-temps",
        Flag,
        OptId::SaveTemps,
        "keep every intermediate file next to the output",
    ),
    opt("-save-temps=", Joined, OptId::SaveTemps, ""),
    opt("--version", Flag, OptId::Version, "print the version"),
    opt("--help", Flag, OptId::Help, "print this help"),
    opt("-help", Flag, OptId::Help, ""),
    opt(
        "--print-phases",
        Flag,
        OptId::PrintPhases,
        "print the compilation graph, do not run it",
    ),
    opt("-ccc-print-phases", Flag, OptId::PrintPhases, ""),
    opt(
        "-M",
        Flag,
        OptId::DepsOnly,
        "write make dependencies (host side) instead of compiling",
    ),
    opt(
        "-MM",
        Flag,
        OptId::DepsOnlyUser,
        "like -M, without system headers",
    ),
    opt(
        "-MD",
        Flag,
        OptId::DepsFile,
        "write make dependencies while compiling",
    ),
    opt(
        "-MMD",
        Flag,
        OptId::DepsFileUser,
        "like -MD, without system headers",
    ),
    opt(
        "-MF",
        JoinedOrSeparate,
        OptId::DepsOutput,
        "dependency file name",
    ),
    opt(
        "-MT",
        JoinedOrSeparate,
        OptId::DepsTarget,
        "dependency target name",
    ),
    opt("-MQ", JoinedOrSeparate, OptId::DepsTarget, ""),
    opt(
        "-MP",
        Flag,
        OptId::DepsPhony,
        "add a phony target for each dependency",
    ),
    opt(
        "-fgpu-rdc",
        Flag,
        OptId::GpuRdc,
        "relocatable device code: kernels may call device functions of other files (docs/driver.md)",
    ),
    opt(
        "-fno-gpu-rdc",
        Flag,
        OptId::NoGpuRdc,
        "whole-program device code (the default)",
    ),
    opt(
        "-ffast-math",
        Flag,
        OptId::FastMath,
        "fast floating point on host and device",
    ),
    opt("-fno-fast-math", Flag, OptId::NoFastMath, ""),
    opt(
        "-fgpu-flush-denormals-to-zero",
        Flag,
        OptId::FlushDenormals,
        "flush f32 denormals to zero in device code",
    ),
    opt(
        "-fno-gpu-flush-denormals-to-zero",
        Flag,
        OptId::NoFlushDenormals,
        "",
    ),
    opt(
        "-fcuda-flush-denormals-to-zero",
        Flag,
        OptId::FlushDenormals,
        "",
    ),
    opt(
        "-fno-cuda-flush-denormals-to-zero",
        Flag,
        OptId::NoFlushDenormals,
        "",
    ),
    opt(
        "-fgpu-approx-transcendentals",
        Flag,
        OptId::ApproxTranscendentals,
        "sinf, expf, ... are their fast intrinsics in device code (implied by -ffast-math)",
    ),
    opt(
        "-fno-gpu-approx-transcendentals",
        Flag,
        OptId::NoApproxTranscendentals,
        "",
    ),
    opt(
        "-pthread",
        Flag,
        OptId::Pthread,
        "compile and link with POSIX threads",
    ),
    opt(
        "-rdynamic",
        Flag,
        OptId::Rdynamic,
        "export all symbols from the executable",
    ),
    opt(
        "-nogpulib",
        Flag,
        OptId::NoGpuLib,
        "do not link the device library",
    ),
    opt(
        "-nogpuinc",
        Flag,
        OptId::NoGpuInc,
        "do not include hip/hip_runtime.h before HIP and CUDA sources",
    ),
    opt("-nohipwrapperinc", Flag, OptId::NoGpuInc, ""),
    opt(
        "--hip-link",
        Flag,
        OptId::HipLink,
        "accepted for hipcc compatibility (linking always adds the runtime)",
    ),
    opt("--rtlib=", Joined, OptId::LinkDriverFlag, ""),
    opt("-unwindlib=", Joined, OptId::LinkDriverFlag, ""),
    opt("-static-libstdc++", Flag, OptId::LinkDriverFlag, ""),
    opt("-static-libgcc", Flag, OptId::LinkDriverFlag, ""),
    opt(
        "-print-libgcc-file-name",
        Flag,
        OptId::PrintClangInfo,
        "ask clang 22 (for CMake's hip-lang package)",
    ),
    opt(
        "-print-targets",
        Flag,
        OptId::PrintClangInfo,
        "ask clang 22 (CMake runs `-v -print-targets`)",
    ),
    opt("-print-resource-dir", Flag, OptId::PrintClangInfo, ""),
    opt(
        "-Xarch_host",
        Separate,
        OptId::XarchHost,
        "pass <arg> to the host compiles only (as clang reads it)",
    ),
    opt(
        "-Xarch_device",
        Separate,
        OptId::XarchDevice,
        "pass <arg> to the device compiles only (as clang reads it)",
    ),
    opt(
        "-Xclang",
        Separate,
        OptId::Xclang,
        "pass <arg> to every clang -cc1, host and device",
    ),
    opt(
        "-mllvm",
        Separate,
        OptId::Mllvm,
        "pass an LLVM option to every clang -cc1, host and device",
    ),
    opt(
        "--offload-compress",
        Flag,
        OptId::OffloadCompress,
        "compress the offload bundle (zstd, CCOB format 3)",
    ),
    opt("--no-offload-compress", Flag, OptId::NoOffloadCompress, ""),
    opt(
        "--offload-compression-level=",
        Joined,
        OptId::OffloadCompressionLevel,
        "zstd level for --offload-compress (default 3)",
    ),
    opt(
        "-fsanitize=",
        CommaJoined,
        OptId::Sanitize,
        "`address`, `undefined`: instrument host code and CPU-target kernels",
    ),
    opt("-fno-sanitize=", CommaJoined, OptId::NoSanitize, ""),
    // nvcc's command line (docs/driver.md, "nvcc's command line"). An option with a value
    // is spelled `-name=value` or `-name value`, so it has two entries.
    nv(
        "-arch=",
        Joined,
        OptId::GpuArchitecture,
        "nvcc: sm_XX, compute_XX, native, all, all-major (NVIDIA targets; combine with --offload-arch)",
    ),
    nv("-arch", Separate, OptId::GpuArchitecture, ""),
    nv("--gpu-architecture=", Joined, OptId::GpuArchitecture, ""),
    nv("--gpu-architecture", Separate, OptId::GpuArchitecture, ""),
    nv(
        "-code=",
        Joined,
        OptId::GpuCode,
        "nvcc: sm_XX/compute_XX images to embed (each is PTX for that SM)",
    ),
    nv("-code", Separate, OptId::GpuCode, ""),
    nv("--gpu-code=", Joined, OptId::GpuCode, ""),
    nv("--gpu-code", Separate, OptId::GpuCode, ""),
    nv(
        "-gencode=",
        Joined,
        OptId::GenerateCode,
        "nvcc: arch=compute_XX,code=sm_XX (repeatable)",
    ),
    nv("-gencode", Separate, OptId::GenerateCode, ""),
    nv("--generate-code=", Joined, OptId::GenerateCode, ""),
    nv("--generate-code", Separate, OptId::GenerateCode, ""),
    nv(
        "-Xcompiler",
        Separate,
        OptId::Xcompiler,
        "nvcc: comma-separated options for host code",
    ),
    nv("-Xcompiler=", Joined, OptId::Xcompiler, ""),
    nv("--compiler-options", Separate, OptId::Xcompiler, ""),
    nv("--compiler-options=", Joined, OptId::Xcompiler, ""),
    nv(
        "--linker-options",
        Separate,
        OptId::LinkerOptions,
        "nvcc: comma-separated linker arguments",
    ),
    nv("--linker-options=", Joined, OptId::LinkerOptions, ""),
    nv("-Xlinker=", Joined, OptId::LinkerOptions, ""),
    nv(
        "-rdc=",
        Joined,
        OptId::RelocatableDeviceCode,
        "nvcc: true|false, same as -fgpu-rdc/-fno-gpu-rdc",
    ),
    nv("-rdc", Separate, OptId::RelocatableDeviceCode, ""),
    nv("--relocatable-device-code=", Joined, OptId::RelocatableDeviceCode, ""),
    nv("--relocatable-device-code", Separate, OptId::RelocatableDeviceCode, ""),
    nv(
        "-dc",
        Flag,
        OptId::DeviceCompile,
        "nvcc: -c -fgpu-rdc",
    ),
    nv("--device-c", Flag, OptId::DeviceCompile, ""),
    nv("-dw", Flag, OptId::DeviceCompileWhole, ""),
    nv("--device-w", Flag, OptId::DeviceCompileWhole, ""),
    nv(
        "-lineinfo",
        Flag,
        OptId::LineInfo,
        "nvcc: line tables for device code",
    ),
    nv("--generate-line-info", Flag, OptId::LineInfo, ""),
    nv(
        "-G",
        Flag,
        OptId::DeviceDebug,
        "nvcc: debug information for device code, device code at -O0",
    ),
    nv("--device-debug", Flag, OptId::DeviceDebug, ""),
    nv(
        "-keep",
        Flag,
        OptId::Keep,
        "nvcc: same as -save-temps=cwd",
    ),
    nv("--keep", Flag, OptId::Keep, ""),
    nv("--save-temps", Flag, OptId::Keep, ""),
    nv(
        "-use_fast_math",
        Flag,
        OptId::UseFastMath,
        "nvcc: -ftz=true -prec-div=false -prec-sqrt=false -fmad=true, sinf etc. as __sinf etc. (device code)",
    ),
    nv("--use_fast_math", Flag, OptId::UseFastMath, ""),
    nv("-use-fast-math", Flag, OptId::UseFastMath, ""),
    nv("--use-fast-math", Flag, OptId::UseFastMath, ""),
    nv(
        "-ftz=",
        Joined,
        OptId::FlushToZero,
        "nvcc: true|false, same as -f[no-]gpu-flush-denormals-to-zero",
    ),
    nv("-ftz", Separate, OptId::FlushToZero, ""),
    nv("--ftz=", Joined, OptId::FlushToZero, ""),
    nv("--ftz", Separate, OptId::FlushToZero, ""),
    nv(
        "-prec-div=",
        Joined,
        OptId::PrecDiv,
        "nvcc: true|false, false: f32 division to 2 ulp (div.full; div.approx with --use_fast_math)",
    ),
    nv("-prec-div", Separate, OptId::PrecDiv, ""),
    nv("--prec-div=", Joined, OptId::PrecDiv, ""),
    nv("--prec-div", Separate, OptId::PrecDiv, ""),
    nv(
        "-prec-sqrt=",
        Joined,
        OptId::PrecSqrt,
        "nvcc: true|false, false: f32 square root approximate (sqrt.approx)",
    ),
    nv("-prec-sqrt", Separate, OptId::PrecSqrt, ""),
    nv("--prec-sqrt=", Joined, OptId::PrecSqrt, ""),
    nv("--prec-sqrt", Separate, OptId::PrecSqrt, ""),
    nv(
        "-fmad=",
        Joined,
        OptId::Fmad,
        "nvcc: true|false, false: no contraction of multiplies and adds in device code",
    ),
    nv("-fmad", Separate, OptId::Fmad, ""),
    nv("--fmad=", Joined, OptId::Fmad, ""),
    nv("--fmad", Separate, OptId::Fmad, ""),
    opt("-m64", Flag, OptId::Machine, ""),
    nv("--machine=", Joined, OptId::Machine, ""),
    nv("--machine", Separate, OptId::Machine, ""),
    nv("-machine", Separate, OptId::Machine, ""),
    nv(
        "--expt-relaxed-constexpr",
        Flag,
        OptId::NvccAlways,
        "nvcc: accepted; clang always treats constexpr functions as host and device",
    ),
    nv("-expt-relaxed-constexpr", Flag, OptId::NvccAlways, ""),
    nv(
        "--expt-extended-lambda",
        Flag,
        OptId::NvccAlways,
        "nvcc: accepted; clang always allows __device__ lambdas",
    ),
    nv("-expt-extended-lambda", Flag, OptId::NvccAlways, ""),
    nv("--extended-lambda", Flag, OptId::NvccAlways, ""),
    nv("-extended-lambda", Flag, OptId::NvccAlways, ""),
    nv(
        "-Wno-deprecated-gpu-targets",
        Flag,
        OptId::NvccAlways,
        "nvcc: accepted; oxhip does not warn about old targets",
    ),
    nv("--Wno-deprecated-gpu-targets", Flag, OptId::NvccAlways, ""),
    nv(
        "-ccbin",
        Separate,
        OptId::NvccAlways,
        "nvcc: accepted; host code is compiled and linked by clang 22",
    ),
    nv("-ccbin=", Joined, OptId::NvccAlways, ""),
    nv("--compiler-bindir", Separate, OptId::NvccAlways, ""),
    nv("--compiler-bindir=", Joined, OptId::NvccAlways, ""),
    nv(
        "-Xptxas",
        Separate,
        OptId::NvccNoEffect,
        "nvcc: accepted, no effect (oxhip runs no ptxas); also -Xnvlink, -Xfatbin, -Xcudafe",
    ),
    nv("-Xptxas=", Joined, OptId::NvccNoEffect, ""),
    nv("--ptxas-options", Separate, OptId::NvccNoEffect, ""),
    nv("--ptxas-options=", Joined, OptId::NvccNoEffect, ""),
    nv("-Xnvlink", Separate, OptId::NvccNoEffect, ""),
    nv("-Xnvlink=", Joined, OptId::NvccNoEffect, ""),
    nv("--nvlink-options", Separate, OptId::NvccNoEffect, ""),
    nv("--nvlink-options=", Joined, OptId::NvccNoEffect, ""),
    nv("-Xfatbin", Separate, OptId::NvccNoEffect, ""),
    nv("-Xfatbin=", Joined, OptId::NvccNoEffect, ""),
    nv("--fatbin-options", Separate, OptId::NvccNoEffect, ""),
    nv("--fatbin-options=", Joined, OptId::NvccNoEffect, ""),
    nv("-Xcudafe", Separate, OptId::NvccNoEffect, ""),
    nv("-Xcudafe=", Joined, OptId::NvccNoEffect, ""),
    nv(
        "-maxrregcount=",
        Joined,
        OptId::NvccNoEffect,
        "nvcc: accepted, no effect (the backends allocate registers)",
    ),
    nv("-maxrregcount", Separate, OptId::NvccNoEffect, ""),
    nv("--maxrregcount=", Joined, OptId::NvccNoEffect, ""),
    nv("--maxrregcount", Separate, OptId::NvccNoEffect, ""),
    nv("-res-usage", Flag, OptId::NvccNoEffect, ""),
    nv("--resource-usage", Flag, OptId::NvccNoEffect, ""),
    nv("-cudart", Separate, OptId::NvccNoEffect, ""),
    nv("-cudart=", Joined, OptId::NvccNoEffect, ""),
    nv("--cudart", Separate, OptId::NvccNoEffect, ""),
    nv("--cudart=", Joined, OptId::NvccNoEffect, ""),
    nv("-keep-dir", Separate, OptId::NvccNoEffect, ""),
    nv("--keep-dir", Separate, OptId::NvccNoEffect, ""),
    nv("--keep-dir=", Joined, OptId::NvccNoEffect, ""),
    nv("--threads", Separate, OptId::NvccNoEffect, ""),
    nv("--threads=", Joined, OptId::NvccNoEffect, ""),
    nv("-t", Separate, OptId::NvccNoEffect, ""),
    // nvcc's modes and outputs that oxhip does not produce: an error naming them (and,
    // for `-lib`, not `-l ib`).
    nv("-lib", Flag, OptId::NvccUnsupported, ""),
    nv("--lib", Flag, OptId::NvccUnsupported, ""),
    nv("-dlink", Flag, OptId::NvccUnsupported, ""),
    nv("--device-link", Flag, OptId::NvccUnsupported, ""),
    nv("-ptx", Flag, OptId::NvccUnsupported, ""),
    nv("--ptx", Flag, OptId::NvccUnsupported, ""),
    nv("-cubin", Flag, OptId::NvccUnsupported, ""),
    nv("--cubin", Flag, OptId::NvccUnsupported, ""),
    nv("-fatbin", Flag, OptId::NvccUnsupported, ""),
    nv("--fatbin", Flag, OptId::NvccUnsupported, ""),
    nv("-cuda", Flag, OptId::NvccUnsupported, ""),
    nv("--cuda", Flag, OptId::NvccUnsupported, ""),
    nv("-run", Flag, OptId::NvccUnsupported, ""),
    nv("--run", Flag, OptId::NvccUnsupported, ""),
    // nvcc's long spellings of options clang spells differently.
    nv("--output-file", Separate, OptId::Output, ""),
    nv("--output-file=", Joined, OptId::Output, ""),
    nv("--compile", Flag, OptId::Compile, ""),
    nv("--preprocess", Flag, OptId::Preprocess, ""),
    nv("--generate-dependencies", Flag, OptId::DepsOnly, ""),
    nv("--generate-nonsystem-dependencies", Flag, OptId::DepsOnlyUser, ""),
    nv("--generate-dependencies-with-compile", Flag, OptId::DepsFile, ""),
    nv("--generate-nonsystem-dependencies-with-compile", Flag, OptId::DepsFileUser, ""),
    nv("--dependency-output", Separate, OptId::DepsOutput, ""),
    nv("--dependency-output=", Joined, OptId::DepsOutput, ""),
    nv("--dependency-target-name", Separate, OptId::DepsTarget, ""),
    nv("--dependency-target-name=", Joined, OptId::DepsTarget, ""),
    nv("--generate-dependency-targets", Flag, OptId::DepsPhony, ""),
    nv("--optimize", Separate, OptId::Optimize, ""),
    nv("--optimize=", Joined, OptId::Optimize, ""),
    nv("--debug", Flag, OptId::Debug, ""),
    nv("--include-path", Separate, OptId::Include, ""),
    nv("--include-path=", Joined, OptId::Include, ""),
    nv("--system-include", Separate, OptId::ISystem, ""),
    nv("--system-include=", Joined, OptId::ISystem, ""),
    nv("--define-macro", Separate, OptId::Define, ""),
    nv("--define-macro=", Joined, OptId::Define, ""),
    nv("--undefine-macro", Separate, OptId::Undefine, ""),
    nv("--undefine-macro=", Joined, OptId::Undefine, ""),
    nv("--pre-include", Separate, OptId::PreInclude, ""),
    nv("--pre-include=", Joined, OptId::PreInclude, ""),
    nv("--library", Separate, OptId::Lib, ""),
    nv("--library=", Joined, OptId::Lib, ""),
    nv("--library-path", Separate, OptId::LibDir, ""),
    nv("--library-path=", Joined, OptId::LibDir, ""),
    nv("--x", Separate, OptId::Language, ""),
    nv("--x=", Joined, OptId::Language, ""),
    nv("--std", Separate, OptId::Std, ""),
    nv("--std=", Joined, OptId::Std, ""),
    nv("-std", Separate, OptId::Std, ""),
    nv("--shared", Flag, OptId::Shared, ""),
    nv("--disable-warnings", Flag, OptId::NoWarnings, ""),
    nv("--verbose", Flag, OptId::Verbose, ""),
    nv("--dryrun", Flag, OptId::PrintJobs, ""),
    nv("-dryrun", Flag, OptId::PrintJobs, ""),
    nv("-V", Flag, OptId::Version, ""),
];

/// Host-only pass-through: an unknown option starting with one of these goes to
/// the host compile unchanged (and is shown by `-v` and `-###`). Anything else
/// unknown is an error.
pub const HOST_PASSTHROUGH_PREFIXES: &[&str] = &["-f", "-m"];

/// Passed-through options that the device compiles get too: clang's path maps.
const PREFIX_MAP_FLAGS: &[&str] = &[
    "-ffile-prefix-map=",
    "-fmacro-prefix-map=",
    "-fdebug-prefix-map=",
    "-fcoverage-prefix-map=",
];

/// Unknown options that also go to the host compile unchanged, spelled exactly: the
/// preprocessor's dumps (`-E -dM` lists the macros the host compile of a source sees).
pub const HOST_PASSTHROUGH_FLAGS: &[&str] = &["-dM", "-dD", "-dI", "-dN"];

/// One parsed argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A known option and its values (none for a flag, several for comma lists).
    Opt {
        id: OptId,
        spelling: String,
        values: Vec<String>,
    },
    /// An unknown option passed through to the host compile.
    HostPassthrough(String),
    /// A positional argument.
    Input(String),
}

/// argv after table matching, in command-line order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArgList {
    pub args: Vec<Arg>,
}

/// Finds the table entry for `arg`: longest name first; a Flag must match whole.
fn lookup(arg: &str) -> Option<&'static OptionDef> {
    OPTIONS
        .iter()
        .filter(|def| match def.kind {
            Flag | Separate => arg == def.name,
            Joined | CommaJoined | JoinedOrSeparate => arg.starts_with(def.name),
        })
        .max_by_key(|def| def.name.len())
}

/// The arguments of a response file (`@file`), split as clang's GNU tokenizer splits them:
/// at unquoted white space; `'…'` and `"…"` group; a backslash takes the next character
/// literally, inside quotes too (CMake and ninja write such files for long command lines).
pub fn split_response_file(text: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut current = String::new();
    let mut started = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                started = true;
                if let Some(next) = chars.next() {
                    current.push(next);
                }
            }
            '\'' | '"' => {
                started = true;
                while let Some(inner) = chars.next() {
                    match inner {
                        _ if inner == c => break,
                        '\\' => {
                            if let Some(next) = chars.next() {
                                current.push(next);
                            }
                        }
                        _ => current.push(inner),
                    }
                }
            }
            _ if c.is_whitespace() => {
                if started {
                    args.push(std::mem::take(&mut current));
                    started = false;
                }
            }
            _ => {
                started = true;
                current.push(c);
            }
        }
    }
    if started {
        args.push(current);
    }
    args
}

impl ArgList {
    /// True when the command links (no `-c`, `-S`, `-E`, `-M`, `-MM`, `--cuda-device-only`,
    /// nvcc's `-dc`/`-dw`): hipcc's `HIPCC_LINK_FLAGS_APPEND` applies then.
    pub fn links(&self) -> bool {
        !self.args.iter().any(|arg| {
            matches!(
                arg,
                Arg::Opt {
                    id: OptId::Compile
                        | OptId::Assemble
                        | OptId::Preprocess
                        | OptId::DepsOnly
                        | OptId::DepsOnlyUser
                        | OptId::DeviceOnly
                        | OptId::Genco
                        | OptId::DeviceCompile
                        | OptId::DeviceCompileWhole,
                    ..
                }
            )
        })
    }
}

/// argv (without the program name) → [`ArgList`].
pub fn parse_arg_list(argv: &[String]) -> Result<ArgList, DriverError> {
    parse_args(argv, false)
}

/// Matches `argv` against the table. For the options of nvcc's `-Xcompiler`
/// (`host_compiler`), whatever the table does not know is a host pass-through, which
/// clang 22 judges (an option it does not know is an error naming it).
fn parse_args(argv: &[String], host_compiler: bool) -> Result<ArgList, DriverError> {
    let mut args = Vec::new();
    let mut index = 0;
    while index < argv.len() {
        let arg = &argv[index];
        index += 1;
        if host_compiler && (!arg.starts_with('-') || arg == "-") {
            args.push(Arg::HostPassthrough(arg.clone()));
            continue;
        }
        if !arg.starts_with('-') || arg == "-" {
            args.push(Arg::Input(arg.clone()));
            continue;
        }
        let Some(def) = lookup(arg) else {
            if host_compiler
                || HOST_PASSTHROUGH_PREFIXES
                    .iter()
                    .any(|prefix| arg.starts_with(prefix))
                || HOST_PASSTHROUGH_FLAGS.contains(&arg.as_str())
            {
                args.push(Arg::HostPassthrough(arg.clone()));
                continue;
            }
            return Err(DriverError::UnknownArgument { arg: arg.clone() });
        };
        let attached = &arg[def.name.len()..];
        let values = match def.kind {
            Flag => Vec::new(),
            Joined => vec![attached.to_owned()],
            CommaJoined => attached.split(',').map(str::to_owned).collect(),
            Separate => vec![take_next(argv, &mut index, def)?],
            JoinedOrSeparate if attached.is_empty() => vec![take_next(argv, &mut index, def)?],
            JoinedOrSeparate => vec![attached.to_owned()],
        };
        args.push(Arg::Opt {
            id: def.id,
            spelling: def.name.to_owned(),
            values,
        });
    }
    Ok(ArgList { args })
}

/// nvcc's `-Xcompiler a,b` (values split at commas and spaces, as nvcc hands them to
/// the host compiler) → the arguments they stand for. Warnings, optimisation and debug
/// options stay host-only (as with nvcc); the rest mean what they mean on the command
/// line (`-fPIC`, `-D`, `-I`, `-std=`, `-fopenmp`, `-pthread`).
fn expand_host_compiler_options(values: &[String]) -> Result<Vec<Arg>, DriverError> {
    let words: Vec<String> = values
        .iter()
        .flat_map(|value| value.split(|c: char| c == ',' || c.is_whitespace()))
        .filter(|word| !word.is_empty())
        .map(str::to_owned)
        .collect();
    let list = parse_args(&words, true)?;
    Ok(list
        .args
        .into_iter()
        .map(|arg| match arg {
            Arg::Opt {
                id: OptId::Warning | OptId::NoWarnings | OptId::Optimize | OptId::Debug,
                spelling,
                values,
            } => Arg::HostPassthrough(written_form(&spelling, &values)),
            other => other,
        })
        .collect())
}

/// True when the command line is nvcc's: an nvcc spelling, `-x cu`, or a CUDA input.
/// In CUDA mode, C and C++ inputs are host code of a CUDA program (translated, with the
/// runtime API available) and `-Xlinker` splits its value at commas, as nvcc does.
fn is_cuda_mode(args: &[Arg], hip_cu: &BTreeSet<String>) -> Result<bool, DriverError> {
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
        Arg::Opt { spelling, .. } => definition(spelling).is_some_and(|def| def.nvcc),
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
fn hip_programs_in_cu_files(
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

/// The table entry spelled exactly `spelling`.
fn definition(spelling: &str) -> Option<&'static OptionDef> {
    OPTIONS.iter().find(|def| def.name == spelling)
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

fn take_next(argv: &[String], index: &mut usize, def: &OptionDef) -> Result<String, DriverError> {
    let value = argv
        .get(*index)
        .cloned()
        .ok_or_else(|| DriverError::MissingValue {
            option: def.name.to_owned(),
        })?;
    *index += 1;
    Ok(value)
}

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
}

impl InputLang {
    /// The language clang compiles: CUDA reaches clang only after translation, a CUDA
    /// source as HIP and CUDA host code as C++ or C.
    pub fn clang_lang(self) -> frontend::Lang {
        match self {
            InputLang::Hip | InputLang::Cuda => frontend::Lang::Hip,
            InputLang::Cxx | InputLang::CudaCxx => frontend::Lang::Cxx,
            InputLang::C | InputLang::CudaC => frontend::Lang::C,
        }
    }

    pub fn is_offload(self) -> bool {
        matches!(self, InputLang::Hip | InputLang::Cuda)
    }

    pub fn name(self) -> &'static str {
        match self {
            InputLang::Hip => "hip",
            InputLang::Cuda => "cuda",
            InputLang::Cxx => "c++",
            InputLang::C => "c",
            InputLang::CudaCxx => "cuda-c++",
            InputLang::CudaC => "cuda-c",
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OffloadScope {
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveTemps {
    Off,
    /// Next to the output (`-save-temps`, `-save-temps=obj`).
    OutputDir,
    /// The current directory (`-save-temps=cwd`).
    Cwd,
}

/// How device code computes single-precision `/` (nvcc's `-prec-div`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum F32Division {
    /// Correctly rounded (`-prec-div=true`, the default).
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

/// The validated, resolved command line.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// `-fPIC` (or `-shared`): position-independent host code rather than PIE code.
    pub pic: bool,
    pub link_items: Vec<LinkItem>,
    /// Extra arguments for the clang link driver (`-pthread`, `-rdynamic`, `--rtlib=` …).
    pub link_driver_args: Vec<String>,
    /// Unknown `-f…`/`-m…` options, for host compiles only (with `-Xarch_host`'s, `-Xclang`'s
    /// and `-mllvm`'s arguments, as clang spells them).
    pub host_passthrough: Vec<String>,
    /// `-Xarch_device`'s, `-Xclang`'s and `-mllvm`'s arguments, for device compiles.
    pub device_passthrough: Vec<String>,
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
    /// nvcc `-prec-sqrt`: `false` lets device `sqrtf` be the approximate instruction (also
    /// under `-ffast-math`).
    pub prec_sqrt: bool,
    /// nvcc `-fmad`: `Some(false)` is `-ffp-contract=off` for device code, `Some(true)`
    /// `-ffp-contract=fast`; `None` keeps clang's default.
    pub fmad: Option<bool>,
    pub pthread: bool,
    pub link_devicelibs: bool,
    /// `-fsanitize=`: host code and CPU-target kernels (not GPU kernels) are instrumented,
    /// and the link adds the sanitizer runtimes.
    pub sanitizers: Sanitizers,
    /// `-fgpu-rdc`: relocatable device code; device bitcode goes into the host objects and
    /// is linked and compiled at the link.
    pub gpu_rdc: bool,
    /// `-nogpuinc`/`-nohipwrapperinc`: HIP and CUDA sources are not preceded by
    /// `hip/hip_runtime.h` (they include what they use themselves).
    pub no_runtime_header: bool,
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

/// What [`parse`] needs from outside the command line.
pub struct Context<'a> {
    /// The GPUs present (`gfx942`, `sm_90`, …); called only when needed
    /// (`--offload-arch=native`, or no `--offload-arch` with HIP inputs).
    pub detect_gpus: &'a dyn Fn() -> Vec<String>,
    /// `.cpp`/`.cc`/`.cxx`/`.C` inputs are HIP, as with hipcc (false with hipcc's
    /// `HIP_COMPILE_CXX_AS_HIP=0`); outside CUDA mode only.
    pub cxx_as_hip: bool,
    /// Whether a `.cu` input holds a HIP program rather than a CUDA one, given the `-I` and
    /// `-isystem` directories (it reads the file and the user headers it includes:
    /// `overlay::is_hip_program`); called once per `.cu` input without `-x`.
    pub hip_program: &'a dyn Fn(&Path, &SearchPath) -> bool,
}

/// The documented default when no `--offload-arch` is given and no GPU is found:
/// the current data-centre and workstation generations of both vendors.
pub const DEFAULT_OFFLOAD_ARCHS: &[&str] = &["gfx90a", "gfx942", "gfx1100", "sm_80", "sm_90"];

/// Language from a file name, or `None` for linker inputs.
fn lang_from_extension(path: &Path) -> Option<InputLang> {
    let extension = path.extension()?.to_str()?;
    match extension {
        "hip" => Some(InputLang::Hip),
        "cu" | "cuh" => Some(InputLang::Cuda),
        "cpp" | "cc" | "cxx" | "C" | "c++" | "cp" | "CPP" => Some(InputLang::Cxx),
        "c" => Some(InputLang::C),
        _ => None,
    }
}

/// Objects, archives and shared libraries, by name: never sources, whatever `-x` says.
fn is_linker_file(path: &Path) -> bool {
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
        "none" => Ok(None),
        other => Err(DriverError::UnknownLanguage {
            lang: other.to_owned(),
        }),
    }
}

/// One `-g…` option, as clang reads it: later ones refine or override earlier ones.
fn parse_debug(inv: &mut Invocation, value: &str) -> Result<(), DriverError> {
    match value {
        "0" => {
            inv.debug = false;
            inv.debug_line_tables_only = false;
        }
        "" | "2" | "3" | "gdb" | "gdb2" | "gdb3" | "full" => {
            inv.debug = true;
            inv.debug_line_tables_only = false;
        }
        "1" | "line-tables-only" | "mlt" | "gdb1" => {
            inv.debug = true;
            inv.debug_line_tables_only = true;
        }
        "dwarf" => inv.debug = true,
        other => {
            let version = other
                .strip_prefix("dwarf-")
                .and_then(|version| version.parse::<u8>().ok())
                .filter(|version| (2..=5).contains(version))
                .ok_or_else(|| DriverError::BadValue {
                    option: "-g".to_owned(),
                    value: other.to_owned(),
                })?;
            inv.debug = true;
            inv.dwarf_version = Some(version);
        }
    }
    Ok(())
}

fn parse_opt_level(value: &str) -> Result<OptLevel, DriverError> {
    match value {
        "0" => Ok(OptLevel::O0),
        "1" => Ok(OptLevel::O1),
        "" | "2" => Ok(OptLevel::O2),
        "3" | "4" | "fast" => Ok(OptLevel::O3),
        "s" => Ok(OptLevel::Os),
        "z" => Ok(OptLevel::Oz),
        other => Err(DriverError::BadOptLevel {
            level: other.to_owned(),
        }),
    }
}

/// argv (without the program name) → [`Invocation`].
pub fn parse(argv: &[String], ctx: &Context<'_>) -> Result<Invocation, DriverError> {
    let list = parse_arg_list(argv)?;
    resolve(&list, ctx)
}

/// [`ArgList`] → [`Invocation`]: applies defaults and checks combinations.
pub fn resolve(list: &ArgList, ctx: &Context<'_>) -> Result<Invocation, DriverError> {
    let mut inv = Invocation {
        inputs: Vec::new(),
        output: None,
        mode: Mode::Link,
        scope: OffloadScope::Both,
        offload_archs: Vec::new(),
        offload_archs_defaulted: false,
        opt_level: OptLevel::O3,
        debug: false,
        debug_line_tables_only: false,
        dwarf_version: None,
        device_debug: false,
        device_line_info: false,
        std: None,
        preprocessor: Vec::new(),
        warnings: Vec::new(),
        shared: false,
        links_shared_runtime: false,
        pic: false,
        link_items: Vec::new(),
        link_driver_args: Vec::new(),
        host_passthrough: Vec::new(),
        device_passthrough: Vec::new(),
        dependencies: Dependencies::default(),
        fast_math: false,
        use_fast_math: false,
        flush_denormals: false,
        approx_transcendentals: false,
        f32_division: F32Division::Ieee,
        prec_sqrt: true,
        fmad: None,
        pthread: false,
        link_devicelibs: true,
        sanitizers: Sanitizers::default(),
        no_runtime_header: false,
        gpu_rdc: false,
        offload_compression: None,
        print_jobs: false,
        print_phases: false,
        verbose: false,
        save_temps: SaveTemps::Off,
        help: false,
        version: false,
        warnings_found: Vec::new(),
    };
    let mut lang_override: Option<InputLang> = None;
    let mut arch_names: Vec<String> = Vec::new();
    let mut arch_spellings: Vec<String> = Vec::new();
    // Link-only arguments, remembered for the unused-argument warning.
    let mut link_only: Vec<String> = Vec::new();
    let mut modes: Vec<Mode> = Vec::new();
    let mut gpu_rdc = false;
    let mut compress = false;
    let mut compression_level = 3;
    // Device math: what was written, resolved against `--use_fast_math` and `-ffast-math`
    // after the loop (an explicit `-ftz=false` wins over `--use_fast_math` wherever it is).
    let mut flush_denormals: Option<bool> = None;
    let mut approx_transcendentals: Option<bool> = None;
    let mut prec_div: Option<bool> = None;
    let mut prec_sqrt: Option<bool> = None;
    let hip_cu = hip_programs_in_cu_files(&list.args, ctx)?;
    let cuda_mode = is_cuda_mode(&list.args, &hip_cu)?;
    // nvcc's -arch and -code (the last of each counts) and -gencode (each counts).
    let mut nvcc_arch: Option<Vec<String>> = None;
    let mut nvcc_code: Option<Vec<String>> = None;
    let mut nvcc_gencode: Vec<String> = Vec::new();
    let mut expanded = Vec::new();
    for arg in &list.args {
        match arg {
            Arg::Opt {
                id: OptId::Xcompiler,
                values,
                ..
            } => expanded.extend(expand_host_compiler_options(values)?),
            other => expanded.push(other.clone()),
        }
    }

    for arg in &expanded {
        let (id, spelling, values) = match arg {
            Arg::Input(name) => {
                if name == "-" {
                    return Err(DriverError::StdinInput);
                }
                let path = PathBuf::from(name);
                // `-x` names the language of sources; objects and libraries after it are still
                // linker inputs (`oxhip -x hip a.o b.o -o app` links, where clang would try to
                // compile the objects as HIP).
                let language = if is_linker_file(&path) {
                    None
                } else if hip_cu.contains(name) {
                    Some(InputLang::Hip)
                } else {
                    // hipcc compiles C++ sources as HIP (`-x c++` keeps them C++); in CUDA mode
                    // they are CUDA host code instead (below), as nvcc compiles them.
                    lang_override.or_else(|| {
                        lang_from_extension(&path).map(|lang| match lang {
                            InputLang::Cxx if ctx.cxx_as_hip && !cuda_mode => InputLang::Hip,
                            other => other,
                        })
                    })
                };
                let kind = match language {
                    Some(lang) => InputKind::Source(lang),
                    None => InputKind::Linker,
                };
                inv.links_shared_runtime |= path
                    .file_name()
                    .is_some_and(|name| name == "liboxhip_runtime.so");
                inv.link_items.push(LinkItem::Input(inv.inputs.len()));
                inv.inputs.push(Input { path, kind });
                continue;
            }
            Arg::HostPassthrough(text) => {
                // OpenMP host code needs the OpenMP runtime at link time, as with
                // clang and hipcc: the link driver gets the flag too.
                if text == "-fopenmp" || text.starts_with("-fopenmp=") {
                    inv.link_driver_args.push(text.clone());
                }
                // Path maps apply to `__FILE__` and debug information on both sides, so
                // that a reproducible build maps the device code's paths too.
                if PREFIX_MAP_FLAGS.iter().any(|flag| text.starts_with(flag)) {
                    inv.device_passthrough.push(text.clone());
                }
                inv.host_passthrough.push(text.clone());
                continue;
            }
            Arg::Opt {
                id,
                spelling,
                values,
            } => (*id, spelling.as_str(), values),
        };
        let value = values.first().map(String::as_str).unwrap_or("");
        let written = written_form(spelling, values);
        match id {
            OptId::Compile => modes.push(Mode::Object),
            OptId::Assemble => modes.push(Mode::Assembly),
            OptId::Preprocess => modes.push(Mode::Preprocess),
            OptId::DepsOnly | OptId::DepsOnlyUser => {
                modes.push(Mode::Dependencies);
                inv.dependencies.enabled = true;
                inv.dependencies.user_only = id == OptId::DepsOnlyUser;
            }
            OptId::DepsFile | OptId::DepsFileUser => {
                inv.dependencies.enabled = true;
                inv.dependencies.user_only = id == OptId::DepsFileUser;
            }
            OptId::DepsOutput => inv.dependencies.file = Some(PathBuf::from(value)),
            OptId::DepsTarget => inv.dependencies.targets.push(value.to_owned()),
            OptId::DepsPhony => inv.dependencies.phony = true,
            OptId::Output => inv.output = Some(PathBuf::from(value)),
            OptId::Optimize => inv.opt_level = parse_opt_level(value)?,
            OptId::Debug => parse_debug(&mut inv, value)?,
            OptId::Include => inv
                .preprocessor
                .push(PreprocessorArg::Include(PathBuf::from(value))),
            OptId::ISystem => inv
                .preprocessor
                .push(PreprocessorArg::ISystem(PathBuf::from(value))),
            OptId::Define => inv
                .preprocessor
                .push(PreprocessorArg::Define(value.to_owned())),
            OptId::Undefine => inv
                .preprocessor
                .push(PreprocessorArg::Undefine(value.to_owned())),
            OptId::PreInclude => inv
                .preprocessor
                .push(PreprocessorArg::PreInclude(PathBuf::from(value))),
            OptId::Std => inv.std = Some(value.to_owned()),
            OptId::Language => lang_override = lang_from_x(value)?,
            OptId::Warning => inv.warnings.push(format!("-W{value}")),
            OptId::NoWarnings => inv.warnings.push("-w".to_owned()),
            // Without it, host code is still position independent (PIE, Debian's default).
            OptId::Pic => inv.pic = true,
            OptId::Shared => {
                inv.shared = true;
                inv.pic = true;
                link_only.push(written.clone());
            }
            OptId::LibDir => {
                inv.link_items
                    .push(LinkItem::Arg(vec![format!("-L{value}")]));
                link_only.push(written.clone());
            }
            OptId::Lib => {
                inv.links_shared_runtime |=
                    value == "oxhip_runtime" || value == ":liboxhip_runtime.so";
                inv.link_items
                    .push(LinkItem::Arg(vec![format!("-l{value}")]));
                link_only.push(written.clone());
            }
            OptId::LinkerComma => {
                inv.link_items
                    .push(LinkItem::Arg(vec![format!("-Wl,{}", values.join(","))]));
                link_only.push(written.clone());
            }
            // nvcc splits -Xlinker's value at commas; clang passes it whole.
            OptId::Xlinker if cuda_mode => {
                for part in value.split(',').filter(|part| !part.is_empty()) {
                    inv.link_items
                        .push(LinkItem::Arg(vec!["-Xlinker".to_owned(), part.to_owned()]));
                }
                link_only.push(written.clone());
            }
            OptId::Xlinker => {
                inv.link_items
                    .push(LinkItem::Arg(vec!["-Xlinker".to_owned(), value.to_owned()]));
                link_only.push(written.clone());
            }
            OptId::LinkerOptions => {
                inv.link_items
                    .push(LinkItem::Arg(vec![format!("-Wl,{value}")]));
                link_only.push(written.clone());
            }
            OptId::Rdynamic => {
                inv.link_driver_args.push("-rdynamic".to_owned());
                link_only.push(written.clone());
            }
            OptId::LinkDriverFlag => {
                inv.link_driver_args.push(written.clone());
                link_only.push(written.clone());
            }
            OptId::Pthread => inv.pthread = true,
            OptId::OffloadArch => {
                // `--offload-arch=` or `--offload-arch=gfx942,` names no target where one was
                // meant: clang rejects it too.
                if values.is_empty() || values.iter().any(String::is_empty) {
                    return Err(DriverError::BadOffloadArch {
                        arch: written.clone(),
                        reason: "an empty target name; list targets separated by commas, \
                                 e.g. `--offload-arch=gfx942,sm_90,host`"
                            .to_owned(),
                    });
                }
                arch_spellings.push(written.clone());
                arch_names.extend(values.iter().cloned());
            }
            OptId::DeviceOnly | OptId::Genco => inv.scope = OffloadScope::DeviceOnly,
            OptId::HostOnly => inv.scope = OffloadScope::HostOnly,
            OptId::PrintJobs => inv.print_jobs = true,
            OptId::Verbose => inv.verbose = true,
            OptId::SaveTemps => {
                inv.save_temps = match value {
                    "" | "obj" => SaveTemps::OutputDir,
                    "cwd" => SaveTemps::Cwd,
                    other => {
                        return Err(DriverError::BadValue {
                            option: "-save-temps=".to_owned(),
                            value: other.to_owned(),
                        })
                    }
                }
            }
            OptId::Version => inv.version = true,
            OptId::Help => inv.help = true,
            OptId::PrintPhases => inv.print_phases = true,
            OptId::GpuRdc => gpu_rdc = true,
            OptId::NoGpuRdc => gpu_rdc = false,
            OptId::FastMath => inv.fast_math = true,
            OptId::NoFastMath => inv.fast_math = false,
            OptId::UseFastMath => inv.use_fast_math = true,
            OptId::FlushDenormals => flush_denormals = Some(true),
            OptId::NoFlushDenormals => flush_denormals = Some(false),
            OptId::ApproxTranscendentals => approx_transcendentals = Some(true),
            OptId::NoApproxTranscendentals => approx_transcendentals = Some(false),
            OptId::PrecDiv => prec_div = Some(parse_bool(spelling, value)?),
            OptId::PrecSqrt => prec_sqrt = Some(parse_bool(spelling, value)?),
            OptId::Fmad => inv.fmad = Some(parse_bool(spelling, value)?),
            OptId::NoGpuLib => inv.link_devicelibs = false,
            OptId::OffloadCompress => compress = true,
            OptId::NoOffloadCompress => compress = false,
            OptId::OffloadCompressionLevel => {
                compression_level = value.parse().map_err(|_| DriverError::BadValue {
                    option: "--offload-compression-level=".to_owned(),
                    value: value.to_owned(),
                })?;
            }
            OptId::Sanitize | OptId::NoSanitize => {
                for name in values {
                    let enabled = id == OptId::Sanitize;
                    match name.as_str() {
                        "address" => inv.sanitizers.address = enabled,
                        "undefined" => inv.sanitizers.undefined = enabled,
                        _ => {
                            return Err(DriverError::UnsupportedSanitizer {
                                option: spelling.to_owned(),
                                name: name.clone(),
                            })
                        }
                    }
                }
            }
            OptId::NoGpuInc => inv.no_runtime_header = true,
            OptId::HipLink | OptId::PrintClangInfo => {}
            OptId::XarchHost => inv.host_passthrough.push(value.to_owned()),
            OptId::XarchDevice => inv.device_passthrough.push(value.to_owned()),
            OptId::Xclang | OptId::Mllvm => {
                for side in [&mut inv.host_passthrough, &mut inv.device_passthrough] {
                    side.extend([spelling.to_owned(), value.to_owned()]);
                }
            }
            OptId::GpuArchitecture => nvcc_arch = Some(nvcc_arch_names(spelling, value)?),
            OptId::GpuCode => nvcc_code = Some(nvcc_arch_names(spelling, value)?),
            OptId::GenerateCode => nvcc_gencode.extend(gencode_names(spelling, value)?),
            // Expanded above.
            OptId::Xcompiler => {}
            OptId::RelocatableDeviceCode => gpu_rdc = parse_bool(spelling, value)?,
            OptId::DeviceCompile => {
                modes.push(Mode::Object);
                gpu_rdc = true;
            }
            OptId::DeviceCompileWhole => {
                modes.push(Mode::Object);
                gpu_rdc = false;
            }
            OptId::LineInfo => inv.device_line_info = true,
            OptId::DeviceDebug => inv.device_debug = true,
            OptId::Keep => inv.save_temps = SaveTemps::Cwd,
            OptId::FlushToZero => flush_denormals = Some(parse_bool(spelling, value)?),
            OptId::Machine => {
                if !values.is_empty() && value != "64" {
                    return Err(DriverError::BadValue {
                        option: spelling.to_owned(),
                        value: value.to_owned(),
                    });
                }
            }
            OptId::NvccAlways => {}
            OptId::NvccNoEffect => inv
                .warnings_found
                .push(ArgWarning::NvccNoEffect { arg: written }),
            OptId::NvccUnsupported => {
                return Err(DriverError::UnsupportedNvccOption {
                    option: spelling.to_owned(),
                    hint: nvcc_unsupported_hint(spelling),
                })
            }
        }
    }
    // `-code` names the images; without it `-arch` does (nvcc's shorthand
    // `-arch=sm_XX` is `-arch=compute_XX -code=sm_XX,compute_XX`).
    arch_names.extend(nvcc_code.or(nvcc_arch).unwrap_or_default());
    arch_names.extend(nvcc_gencode);
    if cuda_mode {
        for input in &mut inv.inputs {
            input.kind = match input.kind {
                InputKind::Source(InputLang::Cxx) => InputKind::Source(InputLang::CudaCxx),
                InputKind::Source(InputLang::C) => InputKind::Source(InputLang::CudaC),
                other => other,
            };
        }
    }

    if inv.help || inv.version {
        return Ok(inv);
    }
    // nvcc: `--use_fast_math` implies `--ftz=true --prec-div=false --prec-sqrt=false
    // --fmad=true` and the intrinsics for the single-precision functions. clang: `-ffast-math`
    // implies `-fgpu-approx-transcendentals`, and its `afn` flags make `/` and `sqrtf`
    // approximate, but it leaves denormals alone.
    let use_fast_math = inv.use_fast_math;
    inv.flush_denormals = flush_denormals.unwrap_or(use_fast_math);
    inv.approx_transcendentals = approx_transcendentals.unwrap_or(use_fast_math || inv.fast_math);
    // The CUDA guide's list for `--use_fast_math` maps `x/y` to `__fdividef(x,y)`
    // (`div.approx`); `-prec-div=false` alone is the full-range `div.full`.
    inv.f32_division = if prec_div.unwrap_or(!use_fast_math) {
        F32Division::Ieee
    } else if use_fast_math {
        F32Division::Approx
    } else {
        F32Division::Full
    };
    inv.prec_sqrt = prec_sqrt.unwrap_or(!(use_fast_math || inv.fast_math));
    if use_fast_math && inv.fmad.is_none() {
        inv.fmad = Some(true);
    }
    inv.gpu_rdc = gpu_rdc;
    inv.offload_compression = compress.then_some(compression_level);
    // Like clang, the last of -E/-M, -S, -c that "stops earliest" wins.
    inv.mode = [
        Mode::Dependencies,
        Mode::Preprocess,
        Mode::Assembly,
        Mode::Object,
    ]
    .into_iter()
    .find(|mode| modes.contains(mode))
    .unwrap_or(Mode::Link);
    if inv.inputs.is_empty() {
        return Err(DriverError::NoInputFiles);
    }
    if let Some(output) = &inv.output {
        if output != Path::new("-") && inv.inputs.iter().any(|input| &input.path == output) {
            return Err(DriverError::OutputIsInput {
                path: output.clone(),
            });
        }
    }

    let needs_archs = inv.has_offload_inputs() && inv.scope != OffloadScope::HostOnly;
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

    // Single-output checks, as clang: -o with several outputs is ambiguous.
    let source_count = inv
        .inputs
        .iter()
        .filter(|input| matches!(input.kind, InputKind::Source(_)))
        .count();
    let device_only = inv.scope == OffloadScope::DeviceOnly;
    if inv.mode != Mode::Link && inv.output.is_some() {
        if source_count > 1 {
            return Err(DriverError::OutputWithMultipleFiles);
        }
        if device_only
            && matches!(inv.mode, Mode::Assembly | Mode::Preprocess)
            && inv.offload_archs.len() > 1
        {
            return Err(DriverError::OutputWithMultipleFiles);
        }
    }

    if inv.mode != Mode::Link {
        inv.warnings_found
            .extend(link_only.into_iter().map(|arg| ArgWarning::Unused { arg }));
        for input in &inv.inputs {
            if input.kind == InputKind::Linker {
                inv.warnings_found.push(ArgWarning::LinkerInputUnused {
                    path: input.path.clone(),
                });
            }
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
    if !inv.has_offload_inputs() && !rdc_link && !cuda_mode && has_sources {
        inv.warnings_found.extend(
            arch_spellings
                .into_iter()
                .map(|arg| ArgWarning::NoOffloadInputs { arg }),
        );
    }
    Ok(inv)
}

fn written_form(spelling: &str, values: &[String]) -> String {
    match definition(spelling).map(|def| def.kind) {
        Some(Separate) => format!("{spelling} {}", values.join(",")),
        _ => format!("{spelling}{}", values.join(",")),
    }
}

/// nvcc's `true`/`false` values (`-rdc=true`, `-ftz=false`).
fn parse_bool(option: &str, value: &str) -> Result<bool, DriverError> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        other => Err(DriverError::BadValue {
            option: option.to_owned(),
            value: other.to_owned(),
        }),
    }
}

/// What to do instead of an nvcc mode oxhip does not have.
fn nvcc_unsupported_hint(spelling: &str) -> &'static str {
    match spelling.trim_start_matches('-') {
        "dlink" | "device-link" => {
            "link the objects with `oxhip -rdc=true` (or `-fgpu-rdc`): the device link happens there"
        }
        "lib" => {
            "make the archive with `ar rcs`; objects compiled with `-dc` keep their device code for an `-rdc=true` link"
        }
        "ptx" | "cubin" | "fatbin" => {
            "`--cuda-device-only -S --offload-arch=sm_XX` writes PTX; `--cuda-device-only` writes an offload bundle"
        }
        _ => "see docs/driver.md, \"nvcc's command line\"",
    }
}

/// The `--help` text, generated from the table.
pub fn help_text() -> String {
    let mut text = String::from(
        "OVERVIEW: oxhip, a HIP/CUDA compiler driver built on clang 22\n\nUSAGE: oxhip [options] file...\n\nOPTIONS:\n",
    );
    for def in OPTIONS.iter().filter(|def| !def.help.is_empty()) {
        let shown = match def.kind {
            Flag => def.name.to_owned(),
            Joined | CommaJoined => format!("{}<value>", def.name),
            Separate | JoinedOrSeparate => format!("{} <value>", def.name),
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

    fn check(argv: &[&str]) -> String {
        let argv: Vec<String> = argv.iter().map(|arg| (*arg).to_owned()).collect();
        match parse_arg_list(&argv) {
            Ok(list) => list
                .args
                .iter()
                .map(|arg| match arg {
                    Arg::Opt {
                        id,
                        spelling,
                        values,
                    } => format!("{id:?} {spelling} {values:?}"),
                    Arg::HostPassthrough(text) => format!("host {text}"),
                    Arg::Input(text) => format!("input {text}"),
                })
                .collect::<Vec<_>>()
                .join("\n"),
            Err(err) => format!("error: {err}"),
        }
    }

    #[test]
    fn flag_kind() {
        insta::assert_snapshot!(check(&["-c", "-shared", "-###"]), @r#"
        Compile -c []
        Shared -shared []
        PrintJobs -### []
        "#);
        // A flag with something glued to it is not that flag.
        insta::assert_snapshot!(check(&["-cfoo"]), @"error: unknown argument '-cfoo'");
    }

    #[test]
    fn joined_kind() {
        insta::assert_snapshot!(check(&["-O3", "-O", "-std=c++20", "-g", "-g0", "-Wall", "-Wno-unused"]), @r#"
        Optimize -O ["3"]
        Optimize -O [""]
        Std -std= ["c++20"]
        Debug -g [""]
        Debug -g ["0"]
        Warning -W ["all"]
        Warning -W ["no-unused"]
        "#);
    }

    #[test]
    fn separate_kind() {
        insta::assert_snapshot!(check(&["-include", "pre.h", "-Xlinker", "--gc-sections"]), @r#"
        PreInclude -include ["pre.h"]
        Xlinker -Xlinker ["--gc-sections"]
        "#);
        insta::assert_snapshot!(check(&["-Xlinker"]), @"error: argument to '-Xlinker' is missing (expected 1 value)");
    }

    #[test]
    fn joined_or_separate_kind() {
        insta::assert_snapshot!(check(&["-Idir", "-I", "dir2", "-o", "out", "-oout2", "-DX=1", "-D", "Y", "-MF", "d.d", "-x", "hip"]), @r#"
        Include -I ["dir"]
        Include -I ["dir2"]
        Output -o ["out"]
        Output -o ["out2"]
        Define -D ["X=1"]
        Define -D ["Y"]
        DepsOutput -MF ["d.d"]
        Language -x ["hip"]
        "#);
        insta::assert_snapshot!(check(&["-o"]), @"error: argument to '-o' is missing (expected 1 value)");
    }

    #[test]
    fn comma_joined_kind() {
        insta::assert_snapshot!(check(&["--offload-arch=gfx942,sm_90", "--offload-arch=gfx90a:xnack+", "-Wl,-rpath,/x"]), @r#"
        OffloadArch --offload-arch= ["gfx942", "sm_90"]
        OffloadArch --offload-arch= ["gfx90a:xnack+"]
        LinkerComma -Wl, ["-rpath", "/x"]
        "#);
    }

    #[test]
    fn longest_match_wins() {
        insta::assert_snapshot!(check(&["-MMD", "-MD", "-M", "-isystem/x", "-include", "h", "-Wl,a"]), @r#"
        DepsFileUser -MMD []
        DepsFile -MD []
        DepsOnly -M []
        ISystem -isystem ["/x"]
        PreInclude -include ["h"]
        LinkerComma -Wl, ["a"]
        "#);
    }

    #[test]
    fn passthrough_and_unknown() {
        insta::assert_snapshot!(check(&["-fno-exceptions", "-march=native", "a.hip", "-"]), @r#"
        host -fno-exceptions
        host -march=native
        input a.hip
        input -
        "#);
        insta::assert_snapshot!(check(&["--frobnicate"]), @"error: unknown argument '--frobnicate'");
    }

    fn resolve_text(argv: &str, detected: &[&str]) -> String {
        let argv: Vec<String> = argv.split_whitespace().map(str::to_owned).collect();
        let detect = || {
            detected
                .iter()
                .map(|name| (*name).to_owned())
                .collect::<Vec<_>>()
        };
        let ctx = Context {
            detect_gpus: &detect,
            cxx_as_hip: true,
            // No file is read: the inputs of these tests do not exist.
            hip_program: &|_, _| false,
        };
        match parse(&argv, &ctx) {
            Ok(inv) => {
                let archs: Vec<String> =
                    inv.offload_archs.iter().map(ToString::to_string).collect();
                let inputs: Vec<String> = inv
                    .inputs
                    .iter()
                    .map(|input| format!("{}={:?}", input.path.display(), input.kind))
                    .collect();
                format!(
                    "mode={:?} scope={:?} archs={} defaulted={} inputs={} warnings={:?}",
                    inv.mode,
                    inv.scope,
                    archs.join(","),
                    inv.offload_archs_defaulted,
                    inputs.join(" "),
                    inv.warnings_found
                )
            }
            Err(err) => format!("error: {err}"),
        }
    }

    #[test]
    fn stage_flags_pick_the_earliest_stop() {
        insta::assert_snapshot!(resolve_text("-c -S --offload-arch=gfx942 a.hip", &[]), @"mode=Assembly scope=Both archs=gfx942 defaulted=false inputs=a.hip=Source(Hip) warnings=[]");
        insta::assert_snapshot!(resolve_text("-E -c --offload-arch=gfx942 a.hip", &[]), @"mode=Preprocess scope=Both archs=gfx942 defaulted=false inputs=a.hip=Source(Hip) warnings=[]");
    }

    #[test]
    fn offload_archs_are_deduplicated_detected_or_defaulted() {
        insta::assert_snapshot!(resolve_text("--offload-arch=gfx942 --offload-arch=gfx942,sm_90 a.hip", &[]), @"mode=Link scope=Both archs=gfx942,sm_90 defaulted=false inputs=a.hip=Source(Hip) warnings=[]");
        insta::assert_snapshot!(resolve_text("a.hip", &["gfx1030"]), @"mode=Link scope=Both archs=gfx1030 defaulted=true inputs=a.hip=Source(Hip) warnings=[]");
        insta::assert_snapshot!(resolve_text("a.hip", &[]), @"mode=Link scope=Both archs=gfx90a,gfx942,gfx1100,sm_80,sm_90 defaulted=true inputs=a.hip=Source(Hip) warnings=[]");
        insta::assert_snapshot!(resolve_text("--offload-arch=native,sm_80 a.hip", &["sm_90", "gfx942"]), @"mode=Link scope=Both archs=sm_90,gfx942,sm_80 defaulted=false inputs=a.hip=Source(Hip) warnings=[]");
        insta::assert_snapshot!(resolve_text("--offload-arch=native a.hip", &[]), @"error: `--offload-arch=native` found no GPU");
        insta::assert_snapshot!(resolve_text("--cuda-host-only -c a.hip", &[]), @"mode=Object scope=HostOnly archs= defaulted=false inputs=a.hip=Source(Hip) warnings=[]");
    }

    #[test]
    fn languages_from_x_and_extensions() {
        insta::assert_snapshot!(resolve_text("-c --offload-arch=gfx942 k.cu a.cpp -x hip b.cpp -x none c.c d.o", &[]), @r#"mode=Object scope=Both archs=gfx942 defaulted=false inputs=k.cu=Source(Cuda) a.cpp=Source(CudaCxx) b.cpp=Source(Hip) c.c=Source(CudaC) d.o=Linker warnings=[LinkerInputUnused { path: "d.o" }]"#);
        insta::assert_snapshot!(resolve_text("-x fortran a.f", &[]), @"error: language not recognized: 'fortran'");
    }

    #[test]
    fn link_flags_without_link_are_unused() {
        insta::assert_snapshot!(resolve_text("-c -L/x -lm -Wl,-z,now --offload-arch=gfx942 a.hip", &[]), @r#"mode=Object scope=Both archs=gfx942 defaulted=false inputs=a.hip=Source(Hip) warnings=[Unused { arg: "-L/x" }, Unused { arg: "-lm" }, Unused { arg: "-Wl,-z,now" }]"#);
        insta::assert_snapshot!(resolve_text("--offload-arch=gfx942 -x c++ a.cpp", &[]), @r#"mode=Link scope=Both archs=gfx942 defaulted=false inputs=a.cpp=Source(Cxx) warnings=[NoOffloadInputs { arg: "--offload-arch=gfx942" }]"#);
        // A link of objects alone takes the targets without a word, as clang does (CMake gives
        // every HIP link its targets).
        insta::assert_snapshot!(resolve_text("--offload-arch=gfx942 a.o b.a", &[]), @"mode=Link scope=Both archs=gfx942 defaulted=false inputs=a.o=Linker b.a=Linker warnings=[]");
    }

    #[test]
    fn nvcc_spellings_match_the_table() {
        insta::assert_snapshot!(check(&["-arch=sm_60", "-arch", "sm_70", "--gpu-architecture", "compute_80", "-gencode", "arch=compute_90,code=sm_90", "-Xcompiler", "-Wall,-fPIC", "--output-file", "x", "-lineinfo", "-lib", "-maxrregcount=32", "-std", "c++17", "--std=c++14"]), @r#"
        GpuArchitecture -arch= ["sm_60"]
        GpuArchitecture -arch ["sm_70"]
        GpuArchitecture --gpu-architecture ["compute_80"]
        GenerateCode -gencode ["arch=compute_90,code=sm_90"]
        Xcompiler -Xcompiler ["-Wall,-fPIC"]
        Output --output-file ["x"]
        LineInfo -lineinfo []
        NvccUnsupported -lib []
        NvccNoEffect -maxrregcount= ["32"]
        Std -std ["c++17"]
        Std --std= ["c++14"]
        "#);
        insta::assert_snapshot!(check(&["--gpu-architecture"]), @"error: argument to '--gpu-architecture' is missing (expected 1 value)");
    }

    #[test]
    fn nvcc_architectures() {
        insta::assert_snapshot!(resolve_text("-arch=sm_60 k.cu", &[]), @"mode=Link scope=Both archs=sm_60 defaulted=false inputs=k.cu=Source(Cuda) warnings=[]");
        insta::assert_snapshot!(resolve_text("-arch sm_90a --offload-arch=gfx942,host k.cu", &[]), @"mode=Link scope=Both archs=gfx942,host,sm_90a defaulted=false inputs=k.cu=Source(Cuda) warnings=[]");
        insta::assert_snapshot!(resolve_text("--gpu-architecture=compute_70 k.cu", &[]), @"mode=Link scope=Both archs=sm_70 defaulted=false inputs=k.cu=Source(Cuda) warnings=[]");
        insta::assert_snapshot!(resolve_text("-arch=compute_60 -code=sm_70,compute_60 k.cu", &[]), @"mode=Link scope=Both archs=sm_70,sm_60 defaulted=false inputs=k.cu=Source(Cuda) warnings=[]");
        insta::assert_snapshot!(resolve_text("-gencode arch=compute_60,code=sm_60 -gencode=arch=compute_80,code=[sm_80,compute_80] --generate-code arch=compute_90,code=\"sm_90,compute_90\" k.cu", &[]), @"mode=Link scope=Both archs=sm_60,sm_80,sm_90 defaulted=false inputs=k.cu=Source(Cuda) warnings=[]");
        insta::assert_snapshot!(resolve_text("-gencode arch=compute_75 k.cu", &[]), @"mode=Link scope=Both archs=sm_75 defaulted=false inputs=k.cu=Source(Cuda) warnings=[]");
        insta::assert_snapshot!(resolve_text("-arch=native k.cu", &["sm_90"]), @"mode=Link scope=Both archs=sm_90 defaulted=false inputs=k.cu=Source(Cuda) warnings=[]");
        insta::assert_snapshot!(resolve_text("-arch=all k.cu", &[]), @"mode=Link scope=Both archs=sm_75,sm_80,sm_86,sm_87,sm_89,sm_90,sm_100,sm_103,sm_120,sm_121 defaulted=false inputs=k.cu=Source(Cuda) warnings=[]");
        insta::assert_snapshot!(resolve_text("-arch=all-major k.cu", &[]), @"mode=Link scope=Both archs=sm_80,sm_90,sm_100,sm_120 defaulted=false inputs=k.cu=Source(Cuda) warnings=[]");
        insta::assert_snapshot!(resolve_text("-arch=sm_100f k.cu", &[]), @"mode=Link scope=Both archs=sm_100 defaulted=false inputs=k.cu=Source(Cuda) warnings=[]");
        insta::assert_snapshot!(resolve_text("-arch=sm_35 k.cu", &[]), @"error: invalid offload arch 'sm_35': unknown NVIDIA architecture");
        insta::assert_snapshot!(resolve_text("-arch=gfx942 k.cu", &[]), @"error: invalid value 'gfx942' in '-arch='");
        insta::assert_snapshot!(resolve_text("-gencode code=sm_90 k.cu", &[]), @"error: invalid value 'code=sm_90' in '-gencode'");
        // A C++ file compiled with nvcc's flags is CUDA host code; -arch without a .cu is
        // not reported as unused (nvcc does not).
        insta::assert_snapshot!(resolve_text("-arch=sm_60 -c main.cpp", &[]), @"mode=Object scope=Both archs=sm_60 defaulted=false inputs=main.cpp=Source(CudaCxx) warnings=[]");
    }

    #[test]
    fn nvcc_modes_and_cuda_host_inputs() {
        insta::assert_snapshot!(resolve_text("-dc -arch=sm_90 k.cu", &[]), @"mode=Object scope=Both archs=sm_90 defaulted=false inputs=k.cu=Source(Cuda) warnings=[]");
        insta::assert_snapshot!(resolve_text("-x cu a.cpp b.c -x none c.cc", &[]), @"mode=Link scope=Both archs=gfx90a,gfx942,gfx1100,sm_80,sm_90 defaulted=true inputs=a.cpp=Source(Cuda) b.c=Source(Cuda) c.cc=Source(CudaCxx) warnings=[]");
        insta::assert_snapshot!(resolve_text("--offload-arch=gfx942 a.hip b.cpp c.c", &[]), @"mode=Link scope=Both archs=gfx942 defaulted=false inputs=a.hip=Source(Hip) b.cpp=Source(Hip) c.c=Source(C) warnings=[]");
        // hipcc compiles C++ sources as HIP; `-x c++` keeps them C++.
        insta::assert_snapshot!(resolve_text("--offload-arch=gfx942 -x c++ b.cpp -x none c.cc", &[]), @"mode=Link scope=Both archs=gfx942 defaulted=false inputs=b.cpp=Source(Cxx) c.cc=Source(Hip) warnings=[]");
        insta::assert_snapshot!(resolve_text("--offload-arch=gfx942 k.cu b.cpp c.c h.cuh", &[]), @"mode=Link scope=Both archs=gfx942 defaulted=false inputs=k.cu=Source(Cuda) b.cpp=Source(CudaCxx) c.c=Source(CudaC) h.cuh=Source(Cuda) warnings=[]");
        insta::assert_snapshot!(resolve_text("-arch=sm_90 -Xptxas -v -Xptxas=-O3 -maxrregcount 32 -c k.cu", &[]), @r#"mode=Object scope=Both archs=sm_90 defaulted=false inputs=k.cu=Source(Cuda) warnings=[NvccNoEffect { arg: "-Xptxas -v" }, NvccNoEffect { arg: "-Xptxas=-O3" }, NvccNoEffect { arg: "-maxrregcount 32" }]"#);
        insta::assert_snapshot!(resolve_text("-dlink a.o b.o", &[]), @"error: nvcc option '-dlink' is not supported");
        insta::assert_snapshot!(resolve_text("-rdc=maybe k.cu", &[]), @"error: invalid value 'maybe' in '-rdc='");
        insta::assert_snapshot!(resolve_text("--machine 32 k.cu", &[]), @"error: invalid value '32' in '--machine'");
        insta::assert_snapshot!(resolve_text("--frobnicate-gpu k.cu", &[]), @"error: unknown argument '--frobnicate-gpu'");
    }

    fn resolve_fields(argv: &str) -> String {
        let argv: Vec<String> = argv.split_whitespace().map(str::to_owned).collect();
        let ctx = Context {
            detect_gpus: &Vec::new,
            cxx_as_hip: true,
            // No file is read: the inputs of these tests do not exist.
            hip_program: &|_, _| false,
        };
        match parse(&argv, &ctx) {
            Ok(inv) => format!(
                "rdc={} debug={} line_tables={} device_debug={} device_line_info={} device_opt={:?} opt={:?} fast_math={} ftz={} save_temps={:?} std={:?} pic={} preprocessor={:?} warnings={:?} host={:?} link={:?}",
                inv.gpu_rdc,
                inv.debug,
                inv.debug_line_tables_only,
                inv.device_debug,
                inv.device_line_info,
                inv.device_opt_level(),
                inv.opt_level,
                inv.fast_math,
                inv.flush_denormals,
                inv.save_temps,
                inv.std,
                inv.pic,
                inv.preprocessor,
                inv.warnings,
                inv.host_passthrough,
                inv.link_items
                    .iter()
                    .filter_map(|item| match item {
                        LinkItem::Arg(args) => Some(args.join(" ")),
                        LinkItem::Input(_) => None,
                    })
                    .collect::<Vec<_>>(),
            ),
            Err(err) => format!("error: {err}"),
        }
    }

    #[test]
    fn nvcc_options_set_invocation_fields() {
        insta::assert_snapshot!(resolve_fields("-rdc=true -G -lineinfo --use_fast_math -ftz=true -keep --std c++17 k.cu"), @r#"rdc=true debug=false line_tables=false device_debug=true device_line_info=true device_opt=O0 opt=O3 fast_math=false ftz=true save_temps=Cwd std=Some("c++17") pic=false preprocessor=[] warnings=[] host=[] link=[]"#);
        insta::assert_snapshot!(resolve_fields("--relocatable-device-code false -dw --device-debug --optimize 2 --debug k.cu"), @r#"rdc=false debug=true line_tables=false device_debug=true device_line_info=false device_opt=O0 opt=O2 fast_math=false ftz=false save_temps=Off std=None pic=false preprocessor=[] warnings=[] host=[] link=[]"#);
        // -Xcompiler: warnings, -O and -g stay host-only; the rest mean what they mean.
        insta::assert_snapshot!(resolve_fields("-Xcompiler -Wall,-fPIC -Xcompiler=-O2,-g --compiler-options -fopenmp,-DX=1 -Xcompiler -Wextra,-march=native k.cu"), @r#"rdc=false debug=false line_tables=false device_debug=false device_line_info=false device_opt=O3 opt=O3 fast_math=false ftz=false save_temps=Off std=None pic=true preprocessor=[Define("X=1")] warnings=[] host=["-Wall", "-O2", "-g", "-fopenmp", "-Wextra", "-march=native"] link=[]"#);
        // nvcc splits -Xlinker at commas; clang (hipcc) passes it whole.
        insta::assert_snapshot!(resolve_fields("-Xlinker -rpath,/opt/lib --linker-options=-z,now -Xlinker=--as-needed k.cu"), @r#"rdc=false debug=false line_tables=false device_debug=false device_line_info=false device_opt=O3 opt=O3 fast_math=false ftz=false save_temps=Off std=None pic=false preprocessor=[] warnings=[] host=[] link=["-Xlinker -rpath", "-Xlinker /opt/lib", "-Wl,-z,now", "-Wl,--as-needed"]"#);
        insta::assert_snapshot!(resolve_fields("-Xlinker -rpath,/opt/lib a.hip"), @r#"rdc=false debug=false line_tables=false device_debug=false device_line_info=false device_opt=O3 opt=O3 fast_math=false ftz=false save_temps=Off std=None pic=false preprocessor=[] warnings=[] host=[] link=["-Xlinker -rpath,/opt/lib"]"#);
        insta::assert_snapshot!(resolve_fields("--include-path inc --define-macro A=1 --undefine-macro B --system-include sys --pre-include pre.h --library-path L --library m --library=z --expt-relaxed-constexpr --expt-extended-lambda --extended-lambda -Wno-deprecated-gpu-targets -m64 -ccbin g++ --compiler-bindir=/usr/bin k.cu"), @r#"rdc=false debug=false line_tables=false device_debug=false device_line_info=false device_opt=O3 opt=O3 fast_math=false ftz=false save_temps=Off std=None pic=false preprocessor=[Include("inc"), Define("A=1"), Undefine("B"), ISystem("sys"), PreInclude("pre.h")] warnings=[] host=[] link=["-LL", "-lm", "-lz"]"#);
    }

    fn device_math(argv: &str) -> String {
        let argv: Vec<String> = argv.split_whitespace().map(str::to_owned).collect();
        let ctx = Context {
            detect_gpus: &Vec::new,
            cxx_as_hip: true,
            // No file is read: the inputs of these tests do not exist.
            hip_program: &|_, _| false,
        };
        match parse(&argv, &ctx) {
            Ok(inv) => format!(
                "fast_math={} use_fast_math={} ftz={} approx={} div={:?} prec_sqrt={} fmad={:?} warnings={:?}",
                inv.fast_math,
                inv.use_fast_math,
                inv.flush_denormals,
                inv.approx_transcendentals,
                inv.f32_division,
                inv.prec_sqrt,
                inv.fmad,
                inv.warnings_found,
            ),
            Err(err) => format!("error: {err}"),
        }
    }

    // See: https://github.com/oxhip/oxhip/issues/10
    #[test]
    fn device_math_flags_resolve_as_nvcc_and_clang_do() {
        insta::assert_snapshot!(device_math("k.cu"), @"fast_math=false use_fast_math=false ftz=false approx=false div=Ieee prec_sqrt=true fmad=None warnings=[]");
        insta::assert_snapshot!(device_math("--use_fast_math k.cu"), @"fast_math=false use_fast_math=true ftz=true approx=true div=Approx prec_sqrt=false fmad=Some(true) warnings=[]");
        insta::assert_snapshot!(device_math("-use_fast_math -ftz=false --prec-div true -fmad=false k.cu"), @"fast_math=false use_fast_math=true ftz=false approx=true div=Ieee prec_sqrt=false fmad=Some(false) warnings=[]");
        insta::assert_snapshot!(device_math("-ftz=true -prec-div=false -prec-sqrt=false --fmad=true k.cu"), @"fast_math=false use_fast_math=false ftz=true approx=false div=Full prec_sqrt=false fmad=Some(true) warnings=[]");
        insta::assert_snapshot!(device_math("-prec-div=maybe k.cu"), @"error: invalid value 'maybe' in '-prec-div='");
        insta::assert_snapshot!(device_math("-ffast-math a.hip"), @"fast_math=true use_fast_math=false ftz=false approx=true div=Ieee prec_sqrt=false fmad=None warnings=[]");
        insta::assert_snapshot!(device_math("-ffast-math -fno-gpu-approx-transcendentals -fgpu-flush-denormals-to-zero a.hip"), @"fast_math=true use_fast_math=false ftz=true approx=false div=Ieee prec_sqrt=false fmad=None warnings=[]");
        insta::assert_snapshot!(device_math("-fgpu-approx-transcendentals -fcuda-flush-denormals-to-zero -fno-gpu-flush-denormals-to-zero a.hip"), @"fast_math=false use_fast_math=false ftz=false approx=true div=Ieee prec_sqrt=true fmad=None warnings=[]");
    }

    #[test]
    fn response_files_split_as_clang_does() {
        insta::assert_snapshot!(
            format!("{:?}", split_response_file("-c  'a b.hip' \"-DX=\\\"1\\\"\"\n-o\tout\\ 1.o ''\n")),
            @r#"["-c", "a b.hip", "-DX=\"1\"", "-o", "out 1.o", ""]"#
        );
    }

    #[test]
    fn bad_values() {
        insta::assert_snapshot!(resolve_text("-O5 a.hip", &[]), @"error: invalid optimization level '-O5'");
        insta::assert_snapshot!(resolve_text("--offload-arch=gfx942 -fgpu-rdc a.o b.o", &[]), @"mode=Link scope=Both archs=gfx942 defaulted=false inputs=a.o=Linker b.o=Linker warnings=[]");
        insta::assert_snapshot!(resolve_text("--offload-arch=gfx942 -o a.hip a.hip", &[]), @"error: output file 'a.hip' is also an input");
        insta::assert_snapshot!(resolve_text("--offload-arch=gfx942,sm_90 --cuda-device-only -S a.hip -o x.s", &[]), @"error: cannot specify -o when generating multiple output files");
        insta::assert_snapshot!(resolve_text("-c", &[]), @"error: no input files");
    }
}
