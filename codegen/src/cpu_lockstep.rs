//! Lockstep points for warp-synchronous code on the CPU target.
//!
//! Much CUDA and HIP code written before `__syncwarp` existed lets the lanes of a warp
//! exchange values through shared memory with nothing between the steps but `volatile`
//! or `__threadfence_block()`:
//!
//! ```c
//! s[i] = v;  __threadfence_block();
//! s[i] += s[i - 1];  __threadfence_block();
//! s[i] += s[i - 2];  ...
//! ```
//!
//! It relies on a warp's lanes running in lockstep: every lane's loads of one statement
//! happen before any lane's store. GPUs do that in practice; the CPU device, which runs a
//! group's work-items one after another, gave wrong results (HeCBench `bscan`, `fpdc`).
//!
//! `__threadfence_block()` calls `__oxhip_cpu_step` on this target (`hip/oxhip/cpu.h`). In
//! every function that holds a `volatile` load or store or calls `__oxhip_cpu_step`, and in
//! every function calling such a function, a call to `__oxhip_cpu_step` is put before each
//! `volatile` access and each store to a `__shared__` variable. Stores to global memory get
//! none: lanes that loop a different number of times between two steps (one byte written per
//! loop, say) would otherwise fall out of step, where a GPU reconverges them.
//! (`__threadfence()` is only a fence: the pattern needs no more than the block's scope.)
//! Functions calling the step reach a cross-work-item operation, so their kernels run
//! as fibers; the runtime's step suspends the calling fiber once, and the scheduler resumes the
//! group's fibers round-robin in order, so every work-item does its accesses of one step
//! before any does those of the next: the loads of `s[i] += s[i - 1]` (before the step put
//! at its store) all happen before the stores. Spin loops on a `volatile` flag set by another
//! work-item of the group make progress for the same reason.

use std::collections::{HashMap, HashSet};

use inkwell::context::Context;
use inkwell::module::Module;
use inkwell::values::{AsValueRef, FunctionValue, GlobalValue, InstructionValue};

use inkwell::llvm_sys::core::{
    LLVMGetCalledValue, LLVMGetConstOpcode, LLVMGetOperand, LLVMGetVolatile, LLVMIsAConstantExpr,
    LLVMIsAFunction, LLVMIsAGetElementPtrInst, LLVMIsAGlobalVariable,
};
use inkwell::llvm_sys::prelude::LLVMValueRef;
use inkwell::llvm_sys::LLVMOpcode;

use crate::cpu;
use crate::cpu_regions::{instructions, opcode};

/// The lockstep operation's name (slot 32 of `struct __oxhip_cpu_ops`).
pub(crate) const STEP: &str = "__oxhip_cpu_step";

/// Puts the lockstep points into every function that needs them.
pub(crate) fn insert<'ctx>(module: &Module<'ctx>, context: &'ctx Context) {
    let functions: Vec<FunctionValue<'ctx>> = module
        .get_functions()
        .filter(|function| function.count_basic_blocks() > 0)
        .filter(|function| !function.get_name().to_bytes().starts_with(b"__oxhip_cpu_"))
        .collect();
    let step_type = context.void_type().fn_type(&[], false);
    let declared = module.get_function(STEP).map(|step| step.as_value_ref());
    // Functions that synchronise through memory themselves, then their callers.
    let mut marked: HashSet<LLVMValueRef> = HashSet::new();
    let mut callers: HashMap<LLVMValueRef, Vec<LLVMValueRef>> = HashMap::new();
    for function in &functions {
        let raw = function.as_value_ref();
        for instruction in instructions(raw) {
            if volatile(instruction) {
                marked.insert(raw);
            } else if let Some(called) = direct_callee(instruction) {
                if Some(called) == declared {
                    marked.insert(raw);
                }
                callers.entry(called).or_default().push(raw);
            }
        }
    }
    let mut work: Vec<LLVMValueRef> = marked.iter().copied().collect();
    while let Some(function) = work.pop() {
        for caller in callers.get(&function).into_iter().flatten() {
            if marked.insert(*caller) {
                work.push(*caller);
            }
        }
    }
    if marked.is_empty() {
        return;
    }
    let step = module
        .get_function(STEP)
        .unwrap_or_else(|| module.add_function(STEP, step_type, None));
    let builder = context.create_builder();
    for function in functions
        .iter()
        .filter(|f| marked.contains(&f.as_value_ref()))
    {
        for point in
            instructions(function.as_value_ref()).filter(|instruction| needs_step(*instruction))
        {
            // SAFETY: `point` is an instruction of the live module.
            let point = unsafe { InstructionValue::new(point) };
            builder.position_before(&point);
            builder
                .build_call(step, &[], "")
                .expect("a call of a void function without arguments builds");
        }
    }
}

fn volatile(instruction: LLVMValueRef) -> bool {
    matches!(opcode(instruction), LLVMOpcode::LLVMLoad | LLVMOpcode::LLVMStore)
        // SAFETY: `instruction` is a load or store of the live module.
        && unsafe { LLVMGetVolatile(instruction) != 0 }
}

/// The function a direct call calls.
fn direct_callee(instruction: LLVMValueRef) -> Option<LLVMValueRef> {
    if !matches!(
        opcode(instruction),
        LLVMOpcode::LLVMCall | LLVMOpcode::LLVMInvoke
    ) {
        return None;
    }
    // SAFETY: `instruction` is a call of the live module.
    let called = unsafe { LLVMGetCalledValue(instruction) };
    // SAFETY: `called` is a value of the live module.
    (!unsafe { LLVMIsAFunction(called) }.is_null()).then_some(called)
}

fn needs_step(instruction: LLVMValueRef) -> bool {
    if volatile(instruction) {
        return true;
    }
    // A store to shared memory, which the other work-items of the group read.
    // SAFETY: operand 1 of a store is its address.
    opcode(instruction) == LLVMOpcode::LLVMStore
        && shared(unsafe { LLVMGetOperand(instruction, 1) })
}

/// Whether `pointer` is into a `__shared__` variable (`cpu::is_shared_variable`).
fn shared(mut pointer: LLVMValueRef) -> bool {
    // SAFETY: walks the operands of values of the live module; a global variable is wrapped
    // as one.
    unsafe {
        while !LLVMIsAGetElementPtrInst(pointer).is_null()
            || (!LLVMIsAConstantExpr(pointer).is_null()
                && LLVMGetConstOpcode(pointer) == LLVMOpcode::LLVMGetElementPtr)
        {
            pointer = LLVMGetOperand(pointer, 0);
        }
        !LLVMIsAGlobalVariable(pointer).is_null()
            && cpu::is_shared_variable(GlobalValue::new(pointer))
    }
}
