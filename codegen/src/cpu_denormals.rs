//! `-fgpu-flush-denormals-to-zero` (nvcc `-ftz=true`, `--use_fast_math`) on the CPU target:
//! the image's entry points run with the x86 MXCSR's flush-to-zero and denormals-are-zero bits
//! set, and put the thread's own MXCSR back when the last of them returns.
//!
//! The GPUs flush only single precision; MXCSR has one pair of bits for SSE and AVX, so on the
//! CPU target doubles flush too (x87 `long double` does not). Other host architectures are
//! left alone (FIXME(#10): AArch64's FPCR.FZ).
//!
//! Work-items that run as fibers interleave on one thread, each entering before another
//! returns, so the thread's MXCSR is saved by the first entry point to start (a thread-local
//! depth count) and restored by the last to return; and after every call into the runtime
//! (a barrier, where other code may have run) the bits are set again. A work-item whose fiber
//! is dropped after a failed `assert` never returns, so that thread keeps flushing; the
//! context is unusable by then anyway (`hipErrorAssert` from every later synchronisation).

use inkwell::context::Context;
use inkwell::module::{Linkage, Module};
use inkwell::values::{BasicValueEnum, FunctionValue, InstructionOpcode, IntValue, PointerValue};
use inkwell::{AddressSpace, IntPredicate, ThreadLocalMode};

use crate::CodegenError;

/// MXCSR's flush-to-zero (bit 15) and denormals-are-zero (bit 6).
const FLUSH_BITS: u64 = 0x8040;
/// Sets the bits (called on entry and after each runtime call).
pub(crate) const SET: &str = "__oxhip_cpu_flush_set";
const ENTER: &str = "__oxhip_cpu_flush_enter";
const LEAVE: &str = "__oxhip_cpu_flush_leave";
const DEPTH: &str = "__oxhip_cpu_flush_depth";
const SAVED: &str = "__oxhip_cpu_flush_saved";

/// Defines `__oxhip_cpu_flush_set`, `_enter` and `_leave`, and the two thread-locals the last
/// two keep.
pub(crate) fn define<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    description: &str,
) -> Result<(), CodegenError> {
    let fail = |error: inkwell::builder::BuilderError| crate::cpu::build_error(description, &error);
    let i32_type = context.i32_type();
    let void_type = context.void_type();
    let pointer = context.ptr_type(AddressSpace::default());
    let csr_type = void_type.fn_type(&[pointer.into()], false);
    let stmxcsr = module
        .get_function("llvm.x86.sse.stmxcsr")
        .unwrap_or_else(|| module.add_function("llvm.x86.sse.stmxcsr", csr_type, None));
    let ldmxcsr = module
        .get_function("llvm.x86.sse.ldmxcsr")
        .unwrap_or_else(|| module.add_function("llvm.x86.sse.ldmxcsr", csr_type, None));
    let thread_local = |name: &str| {
        let global = module.add_global(i32_type, None, name);
        global.set_initializer(&i32_type.const_zero());
        global.set_linkage(Linkage::Internal);
        global.set_thread_local_mode(Some(ThreadLocalMode::LocalDynamicTLSModel));
        global
    };
    let depth = thread_local(DEPTH);
    let saved = thread_local(SAVED);
    let builder = context.create_builder();
    let helper = |name: &str| {
        let function = module.add_function(name, void_type.fn_type(&[], false), None);
        function.set_linkage(Linkage::Internal);
        let block = context.append_basic_block(function, "entry");
        builder.position_at_end(block);
        function
    };
    // Each helper reads MXCSR into a stack slot and loads its new value back from there.
    let read = || -> Result<(PointerValue<'ctx>, IntValue<'ctx>), CodegenError> {
        let slot = builder.build_alloca(i32_type, "mxcsr").map_err(fail)?;
        builder
            .build_call(stmxcsr, &[slot.into()], "")
            .map_err(fail)?;
        let current = builder
            .build_load(i32_type, slot, "current")
            .map_err(fail)?
            .into_int_value();
        Ok((slot, current))
    };
    let write = |slot: PointerValue<'ctx>, value: BasicValueEnum<'ctx>| {
        builder.build_store(slot, value).map_err(fail)?;
        builder
            .build_call(ldmxcsr, &[slot.into()], "")
            .map_err(fail)?;
        builder.build_return(None).map_err(fail)?;
        Ok::<(), CodegenError>(())
    };

    // set: mxcsr |= FLUSH_BITS
    helper(SET);
    let (slot, current) = read()?;
    let flushing = builder
        .build_or(current, i32_type.const_int(FLUSH_BITS, false), "flushing")
        .map_err(fail)?;
    write(slot, flushing.into())?;

    // enter: if depth == 0 { saved = mxcsr } depth += 1; set()
    helper(ENTER);
    let (slot, current) = read()?;
    let old_depth = builder
        .build_load(i32_type, depth.as_pointer_value(), "depth")
        .map_err(fail)?
        .into_int_value();
    let old_saved = builder
        .build_load(i32_type, saved.as_pointer_value(), "saved")
        .map_err(fail)?
        .into_int_value();
    let first = builder
        .build_int_compare(IntPredicate::EQ, old_depth, i32_type.const_zero(), "first")
        .map_err(fail)?;
    let new_saved = builder
        .build_select(first, current, old_saved, "new_saved")
        .map_err(fail)?;
    builder
        .build_store(saved.as_pointer_value(), new_saved)
        .map_err(fail)?;
    let new_depth = builder
        .build_int_add(old_depth, i32_type.const_int(1, false), "new_depth")
        .map_err(fail)?;
    builder
        .build_store(depth.as_pointer_value(), new_depth)
        .map_err(fail)?;
    let flushing = builder
        .build_or(current, i32_type.const_int(FLUSH_BITS, false), "flushing")
        .map_err(fail)?;
    write(slot, flushing.into())?;

    // leave: depth -= 1; if depth == 0 { mxcsr = saved }
    helper(LEAVE);
    let (slot, current) = read()?;
    let old_depth = builder
        .build_load(i32_type, depth.as_pointer_value(), "depth")
        .map_err(fail)?
        .into_int_value();
    let new_depth = builder
        .build_int_sub(old_depth, i32_type.const_int(1, false), "new_depth")
        .map_err(fail)?;
    builder
        .build_store(depth.as_pointer_value(), new_depth)
        .map_err(fail)?;
    let old_saved = builder
        .build_load(i32_type, saved.as_pointer_value(), "saved")
        .map_err(fail)?
        .into_int_value();
    let last = builder
        .build_int_compare(IntPredicate::EQ, new_depth, i32_type.const_zero(), "last")
        .map_err(fail)?;
    let restored = builder
        .build_select(last, old_saved, current, "restored")
        .map_err(fail)?;
    write(slot, restored)?;
    Ok(())
}

/// Brackets `entry_point` (an entry, row or group function the runtime calls) with the
/// helpers: enter at its start, leave before each `ret`.
pub(crate) fn bracket<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    entry_point: FunctionValue<'ctx>,
    description: &str,
) -> Result<(), CodegenError> {
    let fail = |error: inkwell::builder::BuilderError| crate::cpu::build_error(description, &error);
    let (Some(enter), Some(leave)) = (module.get_function(ENTER), module.get_function(LEAVE))
    else {
        return Ok(());
    };
    let builder = context.create_builder();
    let Some(first) = entry_point
        .get_first_basic_block()
        .and_then(|block| block.get_first_instruction())
    else {
        return Ok(());
    };
    let returns: Vec<_> = entry_point
        .get_basic_blocks()
        .into_iter()
        .filter_map(|block| block.get_terminator())
        .filter(|terminator| terminator.get_opcode() == InstructionOpcode::Return)
        .collect();
    builder.position_before(&first);
    builder.build_call(enter, &[], "").map_err(fail)?;
    for ret in returns {
        builder.position_before(&ret);
        builder.build_call(leave, &[], "").map_err(fail)?;
    }
    Ok(())
}
