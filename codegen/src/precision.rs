//! nvcc's `-prec-div=false` and `-prec-sqrt=false` on the inputs' single-precision `/` and
//! `llvm.sqrt.f32`, before the device library is linked.
//!
//! clang has no such flags for CUDA, so we relax the instructions it wrote: on NVPTX a
//! division becomes `llvm.nvvm.div.full` (PTX `div.full.f32`, 2 ulp over the whole range) or
//! takes `afn` (`div.approx.f32`, `__fdividef`'s 2 ulp while the divisor is in
//! [2^-126, 2^126]), and a square root takes `afn` (`sqrt.approx.f32`); on AMDGPU both take the
//! `!fpmath !{float 2.5}` that clang writes for `-fno-hip-fp32-correctly-rounded-divide-sqrt`
//! (AMDGPUCodeGenPrepare then uses the reciprocal and square root instructions, scaled for the
//! whole range), or `afn` for `__fdividef`'s division. The `.ftz` forms follow from the
//! functions' `"denormal-fp-math-f32"` attribute, as for every other instruction.
//!
//! It does not touch the CPU target (correctly rounded results meet every bound), doubles, or
//! the device library, whose functions keep their own precision: `__fdiv_rn` and
//! `__fsqrt_rn` live there so that they stay correctly rounded under these flags.

use inkwell::context::Context;
use inkwell::module::Module;
use inkwell::types::{AnyTypeEnum, BasicTypeEnum};
use inkwell::values::{
    AsValueRef, BasicValueEnum, FastMathFlags, InstructionOpcode, InstructionValue,
};

use crate::{F32Division, Options, Target};

/// The accuracy, in ulps, that `!fpmath` promises AMDGPU's lowering may use.
const RELAXED_ULPS: f64 = 2.5;

/// Relaxes the module's single-precision divisions and square roots as `options` allow.
pub(crate) fn relax<'ctx>(module: &Module<'ctx>, context: &'ctx Context, options: &Options) {
    let gpu = match options.target {
        Target::Nvptx { .. } => Gpu::Nvptx,
        Target::Amdgcn { .. } => Gpu::Amdgcn,
        Target::Host { .. } => return,
    };
    if options.f32_division == F32Division::Ieee && options.prec_sqrt {
        return;
    }
    let mut divisions = Vec::new();
    let mut square_roots = Vec::new();
    for function in module.get_functions() {
        for block in function.get_basic_blocks() {
            for instruction in block.get_instructions() {
                if instruction.get_opcode() == InstructionOpcode::FDiv
                    && is_f32(context, instruction.get_type())
                {
                    divisions.push(instruction);
                } else if instruction.get_opcode() == InstructionOpcode::Call
                    && is_f32_sqrt(instruction)
                {
                    square_roots.push(instruction);
                }
            }
        }
    }
    let fpmath = context.get_kind_id("fpmath");
    let relaxed = context.metadata_node(&[context.f32_type().const_float(RELAXED_ULPS).into()]);
    let set_relaxed = |instruction: InstructionValue<'ctx>| {
        // An fdiv or a call of llvm.sqrt.f32 takes metadata.
        let _ = instruction.set_metadata(relaxed, fpmath);
    };
    let add_afn = |instruction: InstructionValue<'ctx>| {
        if let Ok(flags) = instruction.get_fast_math_flags() {
            let _ = instruction.set_fast_math_flags(flags | FastMathFlags::ApproxFunc);
        }
    };
    if !options.prec_sqrt {
        for square_root in square_roots {
            match gpu {
                Gpu::Nvptx => add_afn(square_root),
                Gpu::Amdgcn => set_relaxed(square_root),
            }
        }
    }
    for division in divisions {
        let approximate_already = division
            .get_fast_math_flags()
            .is_ok_and(|flags| flags.contains(FastMathFlags::ApproxFunc));
        if approximate_already {
            continue;
        }
        match (options.f32_division, gpu) {
            (F32Division::Ieee, _) => {}
            (F32Division::Approx, _) => add_afn(division),
            (F32Division::Full, Gpu::Amdgcn) => set_relaxed(division),
            (F32Division::Full, Gpu::Nvptx) => {
                if !divides_by_power_of_two(division) {
                    replace_with_div_full(module, context, division, options.flush_denormals);
                }
            }
        }
    }
}

#[derive(Clone, Copy)]
enum Gpu {
    Nvptx,
    Amdgcn,
}

fn is_f32(context: &Context, value_type: AnyTypeEnum<'_>) -> bool {
    match value_type {
        AnyTypeEnum::FloatType(float_type) => float_type == context.f32_type(),
        AnyTypeEnum::VectorType(vector_type) => {
            vector_type.get_element_type() == BasicTypeEnum::FloatType(context.f32_type())
        }
        _ => false,
    }
}

fn is_f32_sqrt(call: InstructionValue<'_>) -> bool {
    let Some(callee) = call
        .get_operand(call.get_num_operands().saturating_sub(1))
        .and_then(|operand| operand.value())
    else {
        return false;
    };
    let BasicValueEnum::PointerValue(pointer) = callee else {
        return false;
    };
    let name = pointer.get_name().to_string_lossy();
    name == "llvm.sqrt.f32" || (name.starts_with("llvm.sqrt.v") && name.ends_with("f32"))
}

/// A division by ±2^k, which the optimiser turns into an exact multiplication; `div.full`
/// would only be slower.
fn divides_by_power_of_two(division: InstructionValue<'_>) -> bool {
    let Some(BasicValueEnum::FloatValue(divisor)) =
        division.get_operand(1).and_then(|operand| operand.value())
    else {
        return false;
    };
    divisor.get_constant().is_some_and(|(value, _)| {
        let magnitude = value.abs();
        magnitude.is_normal() && magnitude.log2().fract() == 0.0
    })
}

/// Replaces a scalar `fdiv float` with a call of `llvm.nvvm.div.full` (`.ftz` when flushing).
fn replace_with_div_full<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    division: InstructionValue<'ctx>,
    flush_denormals: bool,
) {
    let f32_type = context.f32_type();
    if division.get_type() != AnyTypeEnum::FloatType(f32_type) {
        return;
    }
    let (Some(dividend), Some(divisor)) = (
        division.get_operand(0).and_then(|operand| operand.value()),
        division.get_operand(1).and_then(|operand| operand.value()),
    ) else {
        return;
    };
    let name = if flush_denormals {
        "llvm.nvvm.div.full.ftz"
    } else {
        "llvm.nvvm.div.full"
    };
    let intrinsic = module.get_function(name).unwrap_or_else(|| {
        let function_type = f32_type.fn_type(&[f32_type.into(), f32_type.into()], false);
        module.add_function(name, function_type, None)
    });
    let builder = context.create_builder();
    builder.position_before(&division);
    let Ok(call) = builder.build_call(intrinsic, &[dividend.into(), divisor.into()], "") else {
        return;
    };
    // SAFETY: both are live values of the same type (float) in this module; the division has
    // no other owner and is erased right after its uses move to the call.
    unsafe {
        inkwell::llvm_sys::core::LLVMReplaceAllUsesWith(
            division.as_value_ref(),
            call.as_value_ref(),
        );
    }
    division.erase_from_basic_block();
}
