//! Command line: argv → [`ArgList`] (through the option table, `table`) → [`Invocation`].
//!
//! Pure: no file system, no processes, no environment. Whatever must be discovered
//! (the GPUs present, whether a `.cu` file holds a HIP program) is handed in by the caller
//! through [`Context`]. After this module, no code inspects raw argv strings: later stages
//! read only the typed fields of [`Invocation`].
//!
//! The interpretation is split by concern, each module reading the options it owns (and
//! claiming them, as clang's driver does): `outputs` (what the command produces), `targets`
//! (offload targets and device code), `math` (floating point), `language` (the inputs'
//! language and the preprocessor) and `link`. An option nothing claimed had no effect and
//! is reported as unused.

mod invocation;
mod language;
mod link;
mod math;
mod outputs;
mod parse;
mod table;
mod targets;

pub use invocation::*;
pub use parse::{parse_arg_list, split_response_file, Arg, ArgList};
pub use table::{help_text, OptId, OptionDef, OptionKind, Spelling, OPTIONS};
pub use targets::{DEFAULT_OFFLOAD_ARCHS, NVCC_ALL_ARCHS, NVCC_ALL_MAJOR_ARCHS};

use std::path::Path;

use crate::error::DriverError;
use crate::search::SearchPath;
use parse::Args;

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
    /// The offload targets whose sides a HIP source's `-E` output holds (`gfx942`,
    /// `sm_90`, `host`), in order; `None` when it cannot be read or is no text bundle.
    /// Called for preprocessed HIP inputs without `--offload-arch`, and for preprocessed
    /// C and C++ inputs (`.ii`, `.i`), which are HIP when they are such a bundle.
    pub preprocessed_targets: &'a dyn Fn(&Path) -> Option<Vec<String>>,
}

/// argv (without the program name) → [`Invocation`].
pub fn parse(argv: &[String], ctx: &Context<'_>) -> Result<Invocation, DriverError> {
    let list = parse_arg_list(argv)?;
    resolve(&list, ctx)
}

/// [`ArgList`] → [`Invocation`]: each concern reads its options, then the defaults and the
/// checks that need them all.
pub fn resolve(list: &ArgList, ctx: &Context<'_>) -> Result<Invocation, DriverError> {
    let mut inv = Invocation::default();
    // nvcc's spellings decide CUDA mode as written, before `-Xcompiler` is expanded.
    let hip_cu = language::hip_programs_in_cu_files(&list.args, ctx)?;
    let cuda_mode = language::is_cuda_mode(&list.args, &hip_cu)?;
    let args = Args::new(list)?;
    language::read(&args, ctx, cuda_mode, &hip_cu, &mut inv)?;
    outputs::read(&args, &mut inv)?;
    let written_targets = targets::read(&args, &mut inv)?;
    math::read(&args, &mut inv)?;
    link::read(&args, cuda_mode, &mut inv)?;
    if inv.help || inv.version {
        return Ok(inv);
    }
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
    let target_warnings = targets::resolve(written_targets, ctx, cuda_mode, &mut inv)?;
    check_single_output(&inv)?;
    inv.warnings_found
        .extend(args.unclaimed().map(|arg| ArgWarning::Unused { arg }));
    if inv.mode != Mode::Link {
        for input in &inv.inputs {
            if input.kind == InputKind::Linker {
                inv.warnings_found.push(ArgWarning::LinkerInputUnused {
                    path: input.path.clone(),
                });
            }
        }
    }
    inv.warnings_found.extend(target_warnings);
    Ok(inv)
}

/// As clang: `-o` with several outputs is ambiguous.
fn check_single_output(inv: &Invocation) -> Result<(), DriverError> {
    if inv.mode == Mode::Link || inv.output.is_none() {
        return Ok(());
    }
    let sources = inv
        .inputs
        .iter()
        .filter(|input| matches!(input.kind, InputKind::Source(_)))
        .count();
    let one_arch_output = inv.scope == OffloadScope::DeviceOnly
        && matches!(inv.mode, Mode::Assembly | Mode::Preprocess);
    if sources > 1 || (one_arch_output && inv.offload_archs.len() > 1) {
        return Err(DriverError::OutputWithMultipleFiles);
    }
    Ok(())
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
            // No file is read: the inputs of these tests do not exist; those named
            // `bundle.*` stand for a HIP source's `-E` output for gfx942 and sm_90.
            hip_program: &|_, _| false,
            preprocessed_targets: &|path| {
                path.file_stem()
                    .is_some_and(|stem| stem == "bundle")
                    .then(|| vec!["gfx942".to_owned(), "sm_90".to_owned()])
            },
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
    fn a_hip_sources_e_output_is_hip_and_names_its_targets() {
        insta::assert_snapshot!(resolve_text("-c bundle.hipi", &["gfx1030"]), @"mode=Object scope=Both archs=gfx942,sm_90 defaulted=false inputs=bundle.hipi=Source(HipPreprocessed) warnings=[]");
        insta::assert_snapshot!(resolve_text("-c bundle.ii", &[]), @"mode=Object scope=Both archs=gfx942,sm_90 defaulted=false inputs=bundle.ii=Source(HipPreprocessed) warnings=[]");
        insta::assert_snapshot!(resolve_text("-c -x c++-cpp-output bundle.txt", &[]), @"mode=Object scope=Both archs=gfx942,sm_90 defaulted=false inputs=bundle.txt=Source(HipPreprocessed) warnings=[]");
        insta::assert_snapshot!(resolve_text("-c --offload-arch=sm_80 -x hip-cpp-output bundle.hip", &[]), @"mode=Object scope=Both archs=sm_80 defaulted=false inputs=bundle.hip=Source(HipPreprocessed) warnings=[]");
        insta::assert_snapshot!(resolve_text("-c plain.ii", &[]), @"mode=Object scope=Both archs= defaulted=false inputs=plain.ii=Source(CxxPreprocessed) warnings=[]");
        insta::assert_snapshot!(resolve_text("-c other.hipi", &[]), @"mode=Object scope=Both archs=gfx90a,gfx942,gfx1100,sm_80,sm_90 defaulted=true inputs=other.hipi=Source(HipPreprocessed) warnings=[]");
        insta::assert_snapshot!(resolve_text("-c bundle.hipi a.hip", &["gfx1030"]), @"mode=Object scope=Both archs=gfx1030 defaulted=true inputs=bundle.hipi=Source(HipPreprocessed) a.hip=Source(Hip) warnings=[]");
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
            preprocessed_targets: &|_| None,
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
            preprocessed_targets: &|_| None,
        };
        match parse(&argv, &ctx) {
            Ok(inv) => format!(
                "fast_math={} use_fast_math={} ftz={} approx={} div={:?} prec_sqrt={} fmad={:?} warnings={:?}",
                inv.fast_math,
                inv.use_fast_math,
                inv.flush_denormals,
                inv.approx_transcendentals,
                inv.f32_division,
                !inv.approx_sqrt,
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
