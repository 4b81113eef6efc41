//! LLVM target machines for our three target kinds.
//!
//! LLVM's target registry is process-global, so it is initialised exactly once; target machines
//! are per compile and never shared between threads.

use std::sync::Once;

use inkwell::targets::{
    CodeModel, InitializationConfig, RelocMode, Target as LlvmTarget, TargetMachine, TargetTriple,
};
use inkwell::OptimizationLevel;

use crate::{processors, CodegenError, OptLevel, Target};

/// The newest PTX ISA that the CUDA 13.0 driver accepts (hip-abi.md §0.11).
const NEWEST_PTX_ISA: u32 = 90;

static INITIALISE: Once = Once::new();

fn initialise_targets() {
    INITIALISE.call_once(|| {
        let config = InitializationConfig {
            asm_parser: true,
            asm_printer: true,
            base: true,
            disassembler: false,
            info: true,
            machine_code: true,
        };
        LlvmTarget::initialize_amd_gpu(&config);
        LlvmTarget::initialize_nvptx(&config);
        LlvmTarget::initialize_x86(&config);
        // NVPTX with the layout the front end and the device library's bitcode are built
        // with (`frontend::NVPTX_SHORT_POINTERS`, whose last flag is this LLVM option).
        // LLVM takes it only as a command-line option; this process parses it once.
        parse_llvm_options(&[frontend::NVPTX_SHORT_POINTERS[2].to_owned()]);
    });
}

/// Parses LLVM command-line options into this process's option set (process-wide: every later
/// compile of the process sees them; none: nothing). Each must be an option LLVM 22 knows, or
/// LLVM prints an error and exits. A flag with a NUL byte is left out (no command line can
/// hold one).
fn parse_llvm_options(flags: &[String]) {
    let options: Vec<std::ffi::CString> = flags
        .iter()
        .filter_map(|flag| std::ffi::CString::new(flag.as_str()).ok())
        .collect();
    if options.is_empty() {
        return;
    }
    let mut arguments = vec![c"oxhip-codegen".as_ptr()];
    arguments.extend(options.iter().map(|option| option.as_ptr()));
    // SAFETY: NUL-terminated strings that outlive the call; no overview text.
    unsafe {
        inkwell::llvm_sys::support::LLVMParseCommandLineOptions(
            i32::try_from(arguments.len()).unwrap_or(i32::MAX),
            arguments.as_ptr(),
            std::ptr::null(),
        );
    }
}

/// LLVM's loop-unroll partial threshold for NVPTX code at `-O2`/`-O3`, where NVPTX's own is a
/// quarter of the full-unroll threshold (75 at `-O3`). At 75, loops with a runtime trip count
/// and a body of more than a few dozen instructions stay rolled; nvcc unrolls such loops, and
/// HeCBench's `layout` SoA kernel took 245 µs against nvcc's 137 (139 with this value;
/// docs/compat.md). LLVM reads it only as a process-wide command-line option, and a process
/// compiles several targets at once, so the driver runs NVPTX code generation at those levels
/// in a process of its own that calls [`set_process_llvm_options`] first.
pub const NVPTX_PARTIAL_UNROLL_THRESHOLD: u32 = 300;

/// LLVM's full-unroll threshold for NVPTX code at `-O2`/`-O3` (LLVM's own is 300 at `-O3`;
/// AMDGPU's is higher and unrolls more). Loops over a thread's small arrays then unroll
/// whole, their indices become constants and the arrays' elements registers or fixed stack
/// slots, as nvcc's code has them: HeCBench's `kalman` (a batched Kalman filter over 8x8
/// matrices in thread-local arrays) took 3,294 ms against nvcc's 2,045 and 2,416 with this
/// value (best of two whole runs on an H200, 2026-11-29); the four other programs of ten
/// whose code it changes moved within the noise of identical builds (docs/compat.md).
/// `lit/driver/nvptx-full-unroll.hip`.
pub const NVPTX_FULL_UNROLL_THRESHOLD: u32 = 1000;

/// Loop strength reduction keeps its rewrite of a loop only where its own cost model rates
/// it cheaper than the loop as it was (LLVM's default for RISC-V alone). NVPTX's cost model
/// rates 64-bit arithmetic like 32-bit, so LSR folded a loop's 32-bit counter into a 64-bit
/// one and made its `i % 3` a 64-bit `mul.hi`, which NVIDIA GPUs emulate: HeCBench's
/// `concurrentKernels` took 1,087 ms against nvcc's 768, and 615 ms with this option (best
/// of three whole runs on an H200, 2026-11-29; docs/compat.md). `lit/driver/nvptx-lsr.cu`.
pub const NVPTX_LSR_DROP_SOLUTION: &str = "-lsr-drop-solution";

/// Loop strength reduction is off in CPU code (`Target::Host`, above `-O0`). In the group
/// entry points of split kernels (`cpu_regions`), whose loops over the work-items address a
/// column of the frames per value kept across a barrier, LSR made an induction variable of
/// each column: it took 30% of the back end's time and its rewrite made the code larger, not
/// faster. The library test programs, release driver, `llc-22 -O3 -time-passes` on the
/// optimised module (2026-12-02): `tests/programs/thrust_algorithms.hip`'s CPU image went from
/// 16.9 to 11.4 s of code generation (`.text` 1,052,629 to 851,852 bytes),
/// `hipcub_segsort.hip`'s from 20.9 to 13.5 s (1,082,079 to 1,023,319 bytes). Run time on the
/// lent H200 machine's Xeon, on and off: the six kernels of `benches/cpu_target` (one thread,
/// five alternating rounds) and HeCBench's `distort`, `adam`, `collision` and `bspline-vgh`
/// on the CPU device stayed within the spread of their rounds (docs/cpu-target.md, "Compile
/// time", has the figures). x86's addressing modes take a base, an index and an offset, so the
/// loops lose little without it. `lit/driver/host-lsr.hip`.
pub const HOST_NO_LSR: &str = "-disable-lsr";

/// The LLVM options oxhip sets for a code generation process of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tuning {
    /// None: the process compiles with LLVM's defaults (and the user's `-mllvm` options).
    None,
    /// NVPTX code at `-O2`/`-O3`: [`NVPTX_PARTIAL_UNROLL_THRESHOLD`],
    /// [`NVPTX_FULL_UNROLL_THRESHOLD`], [`NVPTX_LSR_DROP_SOLUTION`].
    Nvptx,
    /// CPU code above `-O0`: [`HOST_NO_LSR`].
    Host,
}

static PROCESS_OPTIONS: Once = Once::new();

/// Sets this process's LLVM options, once, before it generates code: those of `tuning`, then
/// the user's `-mllvm` options (`user`), which win over oxhip's where both name one option.
/// Call it only in a process that compiles one job: it changes every later compile of the
/// process, whatever its target. An option LLVM 22 does not know ends the process with LLVM's
/// message (clang, which got the same `-mllvm` options first, refuses them before this runs).
pub fn set_process_llvm_options(tuning: Tuning, user: &[String]) {
    initialise_targets();
    PROCESS_OPTIONS.call_once(|| {
        let name = |flag: &str| {
            flag.trim_start_matches('-')
                .split('=')
                .next()
                .unwrap_or_default()
                .to_owned()
        };
        let named: Vec<String> = user.iter().map(|flag| name(flag)).collect();
        let mut flags: Vec<String> = Vec::new();
        let tuned = match tuning {
            Tuning::None => Vec::new(),
            Tuning::Nvptx => vec![
                format!("-unroll-partial-threshold={NVPTX_PARTIAL_UNROLL_THRESHOLD}"),
                format!("-unroll-threshold={NVPTX_FULL_UNROLL_THRESHOLD}"),
                NVPTX_LSR_DROP_SOLUTION.to_owned(),
            ],
            Tuning::Host => vec![HOST_NO_LSR.to_owned()],
        };
        for flag in tuned {
            if !named.contains(&name(&flag)) {
                flags.push(flag);
            }
        }
        // The pointer layout option was parsed when the targets were initialised, and an
        // option may occur once: the user's copy of it is dropped (oxhip's device libraries
        // need its value).
        let layout = name(frontend::NVPTX_SHORT_POINTERS[2]);
        flags.extend(user.iter().filter(|flag| name(flag) != layout).cloned());
        parse_llvm_options(&flags);
    });
}

/// The LLVM triple a target compiles for.
pub(crate) fn triple(target: &Target) -> &str {
    match target {
        Target::Amdgcn { .. } => "amdgcn-amd-amdhsa",
        Target::Nvptx { .. } => "nvptx64-nvidia-cuda",
        Target::Host { triple } => triple,
    }
}

/// The processor and feature string the target machine (and imported library code) gets.
pub(crate) fn cpu_and_features(target: &Target) -> (String, String) {
    match target {
        Target::Amdgcn { cpu, features } => (cpu.clone(), features.clone()),
        Target::Nvptx {
            sm,
            arch_specific,
            ptx_isa,
        } => (
            format!("sm_{sm}{}", if *arch_specific { "a" } else { "" }),
            format!("+ptx{ptx_isa}"),
        ),
        Target::Host { .. } => ("generic".to_owned(), String::new()),
    }
}

/// The device library for `target`'s family.
pub(crate) fn device_library(target: &Target) -> &'static [u8] {
    devicelibs::bitcode(match target {
        Target::Amdgcn { .. } => devicelibs::Family::Amdgcn,
        Target::Nvptx { .. } => devicelibs::Family::Nvptx,
        Target::Host { .. } => devicelibs::Family::Host,
    })
}

/// Refuses what LLVM would only warn about on stderr before failing fatally later.
fn validate(target: &Target) -> Result<(), CodegenError> {
    match target {
        Target::Amdgcn { cpu, features } => {
            if !processors::is_amdgpu_processor(cpu) {
                return Err(CodegenError::UnknownProcessor {
                    processor: cpu.clone(),
                });
            }
            for feature in features.split(',').map(str::trim).filter(|f| !f.is_empty()) {
                let name = feature
                    .strip_prefix('+')
                    .or_else(|| feature.strip_prefix('-'));
                if !name.is_some_and(|name| processors::AMDGPU_FEATURES.contains(&name)) {
                    return Err(CodegenError::UnknownFeature {
                        feature: feature.to_owned(),
                    });
                }
            }
            Ok(())
        }
        Target::Nvptx {
            sm,
            arch_specific,
            ptx_isa,
        } => {
            let processor = format!("sm_{sm}{}", if *arch_specific { "a" } else { "" });
            let minimum = processors::minimum_ptx_isa(*sm, *arch_specific).ok_or(
                CodegenError::UnknownProcessor {
                    processor: processor.clone(),
                },
            )?;
            if *ptx_isa > NEWEST_PTX_ISA {
                return Err(CodegenError::PtxIsaTooNew { ptx_isa: *ptx_isa });
            }
            if *ptx_isa < minimum {
                return Err(CodegenError::PtxIsaTooOld {
                    processor,
                    ptx_isa: *ptx_isa,
                    minimum,
                });
            }
            Ok(())
        }
        Target::Host { .. } => Ok(()),
    }
}

pub(crate) fn machine(
    target: &Target,
    opt_level: OptLevel,
    description: &str,
) -> Result<TargetMachine, CodegenError> {
    validate(target)?;
    initialise_targets();
    let triple = TargetTriple::create(triple(target));
    let llvm_target =
        LlvmTarget::from_triple(&triple).map_err(|message| CodegenError::TargetMachine {
            target: description.to_owned(),
            message: message.to_string(),
        })?;
    let level = match opt_level {
        OptLevel::O0 => OptimizationLevel::None,
        OptLevel::O1 => OptimizationLevel::Less,
        OptLevel::O2 | OptLevel::Os | OptLevel::Oz => OptimizationLevel::Default,
        OptLevel::O3 => OptimizationLevel::Aggressive,
    };
    let (cpu, features) = cpu_and_features(target);
    llvm_target
        .create_target_machine(
            &triple,
            &cpu,
            &features,
            level,
            RelocMode::PIC,
            CodeModel::Default,
        )
        .ok_or_else(|| CodegenError::TargetMachine {
            target: description.to_owned(),
            message: format!("cannot create one for processor `{cpu}` with features `{features}`"),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ptx_isa_above_nine_is_refused() {
        let target = Target::Nvptx {
            sm: 90,
            arch_specific: false,
            ptx_isa: 91,
        };
        let error = machine(&target, OptLevel::O2, "sm_90").err();
        insta::assert_snapshot!(
            error.map(|error| error.to_string()).unwrap_or_default(),
            @"PTX ISA 9.1 is newer than 9.0, the newest the CUDA driver accepts"
        );
    }

    fn refusal(target: Target) -> String {
        match machine(&target, OptLevel::O2, "test") {
            Ok(_) => "accepted".to_owned(),
            Err(error) => error.to_string(),
        }
    }

    #[test]
    fn wrong_targets_are_refused() {
        let amdgcn = |cpu: &str, features: &str| Target::Amdgcn {
            cpu: cpu.to_owned(),
            features: features.to_owned(),
        };
        let nvptx = |sm, arch_specific, ptx_isa| Target::Nvptx {
            sm,
            arch_specific,
            ptx_isa,
        };
        let results = [
            refusal(amdgcn("gfx942", "+xnack,-sramecc")),
            refusal(amdgcn("gfx9999", "")),
            refusal(amdgcn("gfx90a", "+xnack,+bogus")),
            refusal(amdgcn("gfx90a", "xnack")),
            refusal(nvptx(90, false, 78)),
            refusal(nvptx(90, true, 78)),
            refusal(nvptx(100, false, 78)),
            refusal(nvptx(35, false, 78)),
        ];
        insta::assert_snapshot!(results.join("\n"), @r#"
            accepted
            unsupported processor `gfx9999`
            unknown AMDGPU feature `+bogus`: expected `+name` or `-name` with a feature of LLVM 22
            unknown AMDGPU feature `xnack`: expected `+name` or `-name` with a feature of LLVM 22
            accepted
            PTX ISA 7.8 is too old for `sm_90a`, which needs at least 8.0
            PTX ISA 7.8 is too old for `sm_100`, which needs at least 8.6
            unsupported processor `sm_35`
            "#);
    }

    #[test]
    fn nvptx_machine_gets_ptx_feature() {
        let target = Target::Nvptx {
            sm: 90,
            arch_specific: true,
            ptx_isa: 80,
        };
        let machine = machine(&target, OptLevel::O2, "sm_90a");
        let Ok(machine) = machine else {
            panic!("no machine: {:?}", machine.err());
        };
        assert_eq!(machine.get_cpu().to_string(), "sm_90a");
        assert_eq!(machine.get_feature_string().to_string_lossy(), "+ptx80");
    }
}
