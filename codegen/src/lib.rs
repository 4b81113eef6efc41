//! `codegen`: the in-process LLVM back end.
//!
//! [`compile`] takes the unoptimised bitcode that clang's device (or host) compile wrote,
//! links it (and, on request, our device library the way `-mlink-builtin-bitcode` does),
//! resolves NVVM reflect queries, internalises everything the host cannot see, optimises once
//! with the new pass manager and lowers the result: an AMDGPU relocatable ELF object (the driver
//! runs `ld.lld` on it, not this crate), PTX text, bitcode or textual IR.
//!
//! Bytes in, bytes out: no inkwell or LLVM type appears in the public API, this crate spawns no
//! processes and touches no files.
//! Each call builds and drops its own LLVM context, so calls for different targets may run on
//! several threads at once.

pub mod cpu;
mod cpu_denormals;
mod cpu_lockstep;
mod cpu_masked_stores;
mod cpu_params;
mod cpu_recompute;
mod cpu_region_copies;
mod cpu_regions;
mod cpu_rows;
#[cfg(test)]
mod cpu_tests;
mod cpu_variants;
mod cpu_warp_loops;
mod cpu_warp_runs;
mod inline_asm;
mod internalize;
mod limits;
mod link;
mod llvm_diagnostics;
mod local_arrays;
mod precision;
mod processors;
mod reflect;
mod target;
#[cfg(test)]
mod tests;

use std::collections::HashSet;
use std::fmt;

use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::context::Context;
use inkwell::module::Module;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{FileType, TargetMachine};

pub use inline_asm::{locate as locate_inline_asm, SourceLine};
pub use llvm_diagnostics::install_fatal_error_handler;
pub use target::{
    set_process_llvm_options, Tuning, HOST_NO_LSR, NVPTX_FULL_UNROLL_THRESHOLD,
    NVPTX_LSR_DROP_SOLUTION, NVPTX_PARTIAL_UNROLL_THRESHOLD,
};

/// The machine one compile lowers to.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Target {
    /// `amdgcn-amd-amdhsa`; `cpu` is a processor (`gfx942`), `features` an LLVM feature string
    /// such as `+xnack,-sramecc` (may be empty).
    Amdgcn { cpu: String, features: String },
    /// `nvptx64-nvidia-cuda`; `sm` is the compute capability times ten (90 for `sm_90`),
    /// `arch_specific` selects `sm_90a`, and `ptx_isa` the PTX ISA version times ten (78 for 7.8).
    Nvptx {
        sm: u32,
        arch_specific: bool,
        ptx_isa: u32,
    },
    /// A CPU target, for offloading to the host; `triple` such as `x86_64-unknown-linux-gnu`.
    Host { triple: String },
}

/// The optimisation pipeline, as in clang's `-O` flags (the frontend crate's definition).
pub use frontend::OptLevel;

/// What [`compile`] returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Emit {
    /// A relocatable ELF object (AMDGPU, host); NVPTX has none.
    Object,
    /// Target assembly; for NVPTX this is the PTX text.
    Assembly,
    /// Optimised LLVM bitcode.
    Bitcode,
    /// Optimised LLVM IR as text.
    LlvmIr,
}

impl fmt::Display for Emit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Emit::Object => "an object file",
            Emit::Assembly => "assembly",
            Emit::Bitcode => "bitcode",
            Emit::LlvmIr => "LLVM IR",
        })
    }
}

/// Everything one compile needs; no `Default`, so the caller chooses each value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Options {
    pub target: Target,
    pub opt_level: OptLevel,
    pub emit: Emit,
    /// Link `devicelibs::bitcode` for the target's family, keeping only what the inputs use.
    pub link_devicelibs: bool,
    /// Fast device math (`-ffast-math`): the ROCm device library's `__oclc_finite_only_opt`
    /// and `__oclc_unsafe_math_opt` are 1.
    pub fast_math: bool,
    /// Flush single-precision denormals: NVVM reflect answers `__CUDA_FTZ` with 1, and kernels
    /// of [`Target::Host`] run with the x86 MXCSR's FTZ and DAZ bits set. (The GPUs flush where
    /// the functions carry `"denormal-fp-math-f32"="preserve-sign"`, which clang writes.)
    pub flush_denormals: bool,
    /// nvcc's `-prec-div`: how the inputs' single-precision `/` is computed. Divisions already
    /// marked `afn` (clang's `-ffast-math`) are approximate whatever this says.
    pub f32_division: F32Division,
    /// nvcc's `-prec-sqrt`: `false` makes the inputs' `llvm.sqrt.f32` approximate, and NVVM
    /// reflect answer `__CUDA_PREC_SQRT` with 0.
    pub prec_sqrt: bool,
    /// [`Target::Host`] only: run LLVM's AddressSanitizer pass after the optimisation pipeline.
    /// It instruments the functions clang marked `sanitize_address` (`-fsanitize=address`), and
    /// the image then calls `__asan_*` functions that the executable must export.
    pub sanitize_address: bool,
}

/// How single-precision division is computed on the GPUs (nvcc's `-prec-div`). The CPU
/// target divides correctly rounded whatever is asked, which meets every bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum F32Division {
    /// Correctly rounded: LLVM's `fdiv`.
    Ieee,
    /// 2 ulp over the whole range: PTX `div.full.f32`; on AMDGPU the `!fpmath` 2.5 sequence
    /// clang uses for `-fno-hip-fp32-correctly-rounded-divide-sqrt`.
    Full,
    /// 2 ulp while the divisor is in [2^-126, 2^126] (`__fdividef`): `afn`, PTX
    /// `div.approx.f32`, AMDGPU's reciprocal times the dividend.
    Approx,
}

/// Why a compile failed.
#[derive(Debug, thiserror::Error)]
pub enum CodegenError {
    #[error("no bitcode to compile")]
    NoInputs,
    #[error("cannot read bitcode input {index}: {message}")]
    Parse { index: usize, message: String },
    #[error("cannot read the device library for {target}: {message}")]
    DeviceLibs { target: String, message: String },
    #[error("bitcode input {index} is for `{found}`, but the target is `{expected}`")]
    TripleMismatch {
        index: usize,
        expected: String,
        found: String,
    },
    #[error("cannot link bitcode for {target}: {message}")]
    Link { target: String, message: String },
    #[error("PTX ISA {major}.{minor} is newer than 9.0, the newest the CUDA driver accepts", major = ptx_isa / 10, minor = ptx_isa % 10)]
    PtxIsaTooNew { ptx_isa: u32 },
    #[error("PTX ISA {major}.{minor} is too old for `{processor}`, which needs at least {}.{}", minimum / 10, minimum % 10, major = ptx_isa / 10, minor = ptx_isa % 10)]
    PtxIsaTooOld {
        processor: String,
        ptx_isa: u32,
        minimum: u32,
    },
    #[error("unsupported processor `{processor}`")]
    UnknownProcessor { processor: String },
    #[error(
        "unknown AMDGPU feature `{feature}`: expected `+name` or `-name` with a feature of LLVM 22"
    )]
    UnknownFeature { feature: String },
    #[error("LLVM has no target machine for {target}: {message}")]
    TargetMachine { target: String, message: String },
    #[error("`{function}` is called with an argument that is not a constant string")]
    Reflect { function: String },
    #[error("optimising for {target} failed: {message}")]
    Optimize { target: String, message: String },
    #[error("invalid LLVM module for {target}: {message}")]
    Verify { target: String, message: String },
    #[error("cannot emit {emit} for {target}")]
    UnsupportedEmit { target: String, emit: Emit },
    /// Inline assembly the target's assembler (or, for PTX, the ISA's instruction list) does
    /// not know: usually assembly for another vendor's GPU that no `#if` keeps out.
    #[error("inline assembly `{statement}` is not valid for {target}")]
    InlineAsm {
        target: String,
        statement: String,
        /// Where the statement is, when the module had line information.
        location: Option<SourceLine>,
    },
    #[error("kernel `{kernel}` takes {bytes} bytes of parameters, more than the {limit} that {target} allows{hint}")]
    KernelParamsTooLarge {
        target: String,
        kernel: String,
        bytes: u64,
        limit: u64,
        hint: &'static str,
    },
    #[error("the `__constant__` variables of this translation unit take {bytes} bytes, more than the {limit} of constant memory that {target} has (largest: {largest})")]
    ConstantMemoryTooLarge {
        target: String,
        bytes: u64,
        limit: u64,
        largest: String,
    },
    #[error("LLVM failed while compiling for {target}: {}", messages.join("; "))]
    Backend {
        target: String,
        messages: Vec<String>,
    },
}

/// A short name for `target` in messages: a target ID (`gfx90a:sramecc-:xnack+`), `sm_90a`,
/// or the host triple.
pub fn target_description(target: &Target) -> String {
    match target {
        Target::Amdgcn { cpu, features } => {
            // Target-ID spelling (hip-abi.md §2.3): `name+`/`name-`, sorted, after the processor.
            let mut parts: Vec<String> = features
                .split(',')
                .filter_map(|feature| {
                    let feature = feature.trim();
                    let (sign, name) = feature.split_at_checked(1)?;
                    (!name.is_empty()).then(|| format!("{name}{sign}"))
                })
                .collect();
            parts.sort();
            let mut description = cpu.clone();
            for part in parts {
                description.push(':');
                description.push_str(&part);
            }
            description
        }
        Target::Nvptx {
            sm, arch_specific, ..
        } => format!("sm_{sm}{}", if *arch_specific { "a" } else { "" }),
        Target::Host { triple } => triple.clone(),
    }
}

/// Links `inputs` (bitcode modules) for `options.target`, optimises and emits them.
pub fn compile(inputs: &[&[u8]], options: &Options) -> Result<Vec<u8>, CodegenError> {
    compile_with_library(inputs, options, target::device_library(&options.target))
}

/// [`compile`], with `library` as the device library.
fn compile_with_library(
    inputs: &[&[u8]],
    options: &Options,
    library: &[u8],
) -> Result<Vec<u8>, CodegenError> {
    let description = target_description(&options.target);
    let _current = llvm_diagnostics::CurrentTarget::enter(&description);
    if inputs.is_empty() {
        return Err(CodegenError::NoInputs);
    }
    if matches!(options.target, Target::Nvptx { .. }) && options.emit == Emit::Object {
        return Err(CodegenError::UnsupportedEmit {
            target: description,
            emit: options.emit,
        });
    }
    let machine = target::machine(&options.target, options.opt_level, &description)?;

    // Dropped after the context (locals drop in reverse order), which holds a pointer to it.
    let collector = llvm_diagnostics::Collector::default();
    let context = Context::create();
    collector.attach(&context);

    let module = link::parse_and_link(&context, inputs, &machine, &description, &collector)?;
    // Before the device library joins: its functions keep their own precision (`__fdiv_rn`
    // and `__fsqrt_rn` are there for that reason).
    precision::relax(&module, &context, options);
    if options.link_devicelibs {
        link::link_builtin(&module, library, options, &description, &collector)?;
    }
    if let Target::Nvptx { sm, .. } = options.target {
        reflect::replace(
            &module,
            &reflect::Answers {
                ftz: options.flush_denormals,
                arch: sm * 10,
                prec_sqrt: options.prec_sqrt,
            },
        )?;
    }
    internalize::internalize(&module, matches!(options.target, Target::Host { .. }));
    if matches!(options.target, Target::Nvptx { .. }) {
        ptx_valid_names(&module);
        limits::bound_hip_kernels(&module, &context);
        if matches!(options.opt_level, OptLevel::O2 | OptLevel::O3) {
            local_arrays::inline_array_arguments(&module, &context);
        }
    }
    if matches!(options.target, Target::Host { .. }) {
        let sanitize_address = options.sanitize_address;
        let (uninstrumented, inlined_already) = if sanitize_address {
            (
                functions_with_attribute(&module, "sanitize_address", false),
                functions_with_attribute(&module, "alwaysinline", true),
            )
        } else {
            (HashSet::new(), HashSet::new())
        };
        cpu::lower(
            &module,
            &context,
            &machine,
            options.flush_denormals,
            &description,
        )?;
        if sanitize_address {
            prepare_for_sanitizer(&module, &context, &uninstrumented, &inlined_already);
        } else if options.opt_level != OptLevel::O0 {
            cpu_rows::keep_coordinates_private(&module, &machine, &description)?;
            cpu::anchor_shared_base(&module, &context);
        }
    }
    verify(&module, &description)?;
    // Images only (assembly and IR show the baseline code), and not at -O0 (debugging) or
    // under ASan (whose reports should name one copy of each function).
    if matches!(options.target, Target::Host { .. })
        && options.emit == Emit::Object
        && options.opt_level != OptLevel::O0
        && !options.sanitize_address
    {
        cpu_variants::add(&module, &context, &description)?;
    }

    let pipeline = match options.opt_level {
        OptLevel::O0 => "default<O0>",
        OptLevel::O1 => "default<O1>",
        OptLevel::O2 => "default<O2>",
        OptLevel::O3 => "default<O3>",
        OptLevel::Os => "default<Os>",
        OptLevel::Oz => "default<Oz>",
    };
    module
        .run_passes(pipeline, &machine, pass_options(options.opt_level))
        .map_err(|message| CodegenError::Optimize {
            target: description.clone(),
            message: message.to_string(),
        })?;
    // As clang does, the sanitizer runs on optimised code (its `OptimizerLastEP`), so that it
    // checks the accesses that remain; `use-after-scope` matches clang's default.
    if options.sanitize_address && matches!(options.target, Target::Host { .. }) {
        run_pipeline(&module, "asan<use-after-scope>", &machine, &description)?;
    }
    // As the x86-64-v3 copy: images only, not at -O0 or under ASan.
    if matches!(options.target, Target::Host { .. })
        && options.emit == Emit::Object
        && options.opt_level != OptLevel::O0
        && !options.sanitize_address
    {
        cpu_masked_stores::add_tested_copies(&module, &context, &machine, &description)?;
    }
    collector.check(&description)?;
    verify(&module, &description)?;
    if matches!(options.target, Target::Nvptx { .. }) {
        inline_asm::check_ptx(&module, &description)?;
    }
    let machine = match options.target {
        Target::Nvptx {
            sm,
            arch_specific,
            ptx_isa,
        } => {
            let needs = limits::check_nvptx(&module, &machine.get_target_data(), sm, &description)?;
            if needs.large_params && ptx_isa < limits::LARGE_PARAMS_PTX_ISA {
                let ptx_isa = limits::LARGE_PARAMS_PTX_ISA;
                limits::set_ptx_isa(&module, &context, ptx_isa);
                let target = Target::Nvptx {
                    sm,
                    arch_specific,
                    ptx_isa,
                };
                target::machine(&target, options.opt_level, &description)?
            } else {
                machine
            }
        }
        _ => machine,
    };

    let output = match options.emit {
        Emit::Bitcode => module.write_bitcode_to_memory().as_slice().to_vec(),
        Emit::LlvmIr => module.print_to_string().to_bytes().to_vec(),
        Emit::Object | Emit::Assembly => {
            let file_type = if options.emit == Emit::Object {
                FileType::Object
            } else {
                FileType::Assembly
            };
            let buffer = machine
                .write_to_memory_buffer(&module, file_type)
                .map_err(|message| {
                    let mut messages = collector.take();
                    messages.push(message.to_string());
                    inline_asm::from_backend_messages(&module, &messages, &description).unwrap_or(
                        CodegenError::Backend {
                            target: description.clone(),
                            messages,
                        },
                    )
                })?;
            buffer.as_slice().to_vec()
        }
    };
    let messages = collector.take();
    if !messages.is_empty() {
        return Err(
            inline_asm::from_backend_messages(&module, &messages, &description).unwrap_or(
                CodegenError::Backend {
                    target: description.clone(),
                    messages,
                },
            ),
        );
    }
    Ok(output)
}

/// PTX identifiers cannot contain `.`: the kernels and variables that stay visible (the
/// `.intern.<cuid>` and `.static.<cuid>` names clang gives static ones under `-fgpu-rdc`) get
/// each `.` replaced by `_$_`, as LLVM's NVPTX backend renames the local ones. The runtime's
/// CUDA backend applies the same rule to the registered names it looks up.
fn ptx_valid_names(module: &Module<'_>) {
    let clean = |name: &str| name.replace('.', "_$_");
    for function in module.get_functions() {
        let name = function.get_name().to_string_lossy().into_owned();
        if name.contains('.') && !name.starts_with("llvm.") && function.count_basic_blocks() > 0 {
            function.as_global_value().set_name(&clean(&name));
        }
    }
    for global in module.get_globals() {
        let name = global.get_name().to_string_lossy().into_owned();
        if name.contains('.') && !name.starts_with("llvm.") && global.get_initializer().is_some() {
            global.set_name(&clean(&name));
        }
    }
}

/// The names of the functions defined in `module` that have (`present`) or lack the function
/// attribute `name`.
fn functions_with_attribute(module: &Module<'_>, name: &str, present: bool) -> HashSet<String> {
    let kind = Attribute::get_named_enum_kind_id(name);
    module
        .get_functions()
        .filter(|function| function.count_basic_blocks() > 0)
        .filter(|function| {
            function
                .get_enum_attribute(AttributeLoc::Function, kind)
                .is_some()
                == present
        })
        .map(|function| function.get_name().to_string_lossy().into_owned())
        .collect()
}

/// Readies what `cpu::lower` made for the AddressSanitizer pass.
///
/// The functions it generated (entry points, row and group loops, regions) get
/// `sanitize_address`, so that they are instrumented too; `uninstrumented` (the device
/// library's functions and those the source exempts with `no_sanitize("address")`, which clang
/// left unmarked) stays as it is.
/// The kernels and regions it made `alwaysinline` (those not in `inlined_already`) become
/// `noinline`: the generated functions have no debug-info subprogram, so code inlined into them
/// loses its source lines, and a report must name the kernel's line.
fn prepare_for_sanitizer(
    module: &Module<'_>,
    context: &Context,
    uninstrumented: &HashSet<String>,
    inlined_already: &HashSet<String>,
) {
    let sanitize_address = Attribute::get_named_enum_kind_id("sanitize_address");
    let always_inline = Attribute::get_named_enum_kind_id("alwaysinline");
    let noinline = Attribute::get_named_enum_kind_id("noinline");
    for function in module.get_functions() {
        if function.count_basic_blocks() == 0 {
            continue;
        }
        let name = function.get_name().to_string_lossy().into_owned();
        if !uninstrumented.contains(&name)
            && function
                .get_enum_attribute(AttributeLoc::Function, sanitize_address)
                .is_none()
        {
            function.add_attribute(
                AttributeLoc::Function,
                context.create_enum_attribute(sanitize_address, 0),
            );
        }
        if !inlined_already.contains(&name)
            && function
                .get_enum_attribute(AttributeLoc::Function, always_inline)
                .is_some()
        {
            function.remove_enum_attribute(AttributeLoc::Function, always_inline);
            function.add_attribute(
                AttributeLoc::Function,
                context.create_enum_attribute(noinline, 0),
            );
        }
    }
}

fn verify(module: &Module<'_>, description: &str) -> Result<(), CodegenError> {
    module.verify().map_err(|message| CodegenError::Verify {
        target: description.to_owned(),
        message: message.to_string().trim_end().to_owned(),
    })
}

/// The pipeline tuning clang's driver chooses for each level: loop vectorisation at O2, O3 and
/// Os; SLP vectorisation also at Oz; unrolling from O2 (`-Os`/`-Oz` count as 2).
fn pass_options(opt_level: OptLevel) -> PassBuilderOptions {
    let options = PassBuilderOptions::create();
    let loop_vectorize = opt_level.vectorizes_loops();
    let slp_vectorize = opt_level.vectorizes_slp();
    options.set_loop_vectorization(loop_vectorize);
    options.set_loop_interleaving(loop_vectorize);
    options.set_loop_slp_vectorization(slp_vectorize);
    options.set_loop_unrolling(!matches!(opt_level, OptLevel::O0 | OptLevel::O1));
    options
}

/// Runs a new-pass-manager `pipeline` (`default<O2>`, `globaldce`) on `module`.
pub(crate) fn run_pipeline(
    module: &Module<'_>,
    pipeline: &str,
    machine: &TargetMachine,
    description: &str,
) -> Result<(), CodegenError> {
    module
        .run_passes(pipeline, machine, PassBuilderOptions::create())
        .map_err(|message| CodegenError::Optimize {
            target: description.to_owned(),
            message: message.to_string(),
        })
}
