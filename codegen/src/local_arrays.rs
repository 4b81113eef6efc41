//! NVPTX: a function that is given a pointer into a caller's small local array is inlined
//! into that caller, whatever its size.
//!
//! A thread's small arrays (`double P[64]`) become registers only where every access has a
//! constant index after unrolling, which SROA then splits. When the loops over such an array
//! sit in a helper the array is passed to (`MM_l(l_T, l_P, l_TP)`), LLVM optimises the helper
//! first, unrolling its loops, and then finds it too large to inline: the arrays stay in local
//! memory, read and written by address in every loop. nvcc inlines such helpers; AMDGPU's
//! cost model gives a call with a private-array argument a bonus for the same reason
//! (`amdgpu-inline-arg-alloca-cost`), and NVPTX's has none. HeCBench's `kalman` (8x8 matrices
//! of doubles, products in a helper) ran its kernel at 1.13x nvcc's time with the arrays in
//! local memory and at 0.61x with the helpers inlined and unrolled (H200, 2026-11-30,
//! docs/compat.md).
//!
//! Two changes, before the optimisation pipeline (the code is still as clang wrote it, every
//! local variable in memory):
//! - The call gets LLVM's `alwaysinline` as a call-site attribute, which the inliner honours
//!   in its usual bottom-up order: the helper is simplified (its loops unrolled) before it
//!   joins the caller, and the caller's SROA then splits the arrays. A helper marked
//!   `noinline` (`__noinline__`), a declaration and a call of the caller itself are left
//!   alone.
//! - A loop whose counter indexes such an array, in the function that holds it or in a helper
//!   given it, gets `llvm.loop.unroll.full`, as `#pragma unroll` would: it is unrolled whole
//!   where its trip count is a constant (up to LLVM's limit for pragmas), else left as it is.
//!   LLVM's own full-unroll threshold for NVPTX (1000, [`crate::NVPTX_FULL_UNROLL_THRESHOLD`])
//!   is too low for `kalman`'s 8x8x8 product, and raising it for every loop made other
//!   programs slower (`cooling` 1.12x, `cmembench` 1.09x of their own time at 1500); AMDGPU's
//!   cost model raises it only for loops over private arrays (`amdgpu-unroll-threshold-private`),
//!   which this does for NVPTX. A loop that already has unroll metadata (a user's pragma) keeps
//!   it. A loop's counter is the local variable its latch (the block that branches back,
//!   carrying clang's `llvm.loop`) stores to; an index depends on the variables whose loads it
//!   is computed from.

use std::collections::HashSet;

use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::context::{AsContextRef, Context};
use inkwell::llvm_sys::core::{
    LLVMAddCallSiteAttribute, LLVMGetAllocatedType, LLVMGetArrayLength2, LLVMGetBasicBlockParent,
    LLVMGetCalledValue, LLVMGetInstructionOpcode, LLVMGetInstructionParent,
    LLVMGetMDKindIDInContext, LLVMGetMetadata, LLVMGetNumArgOperands, LLVMGetNumOperands,
    LLVMGetOperand, LLVMGetParam, LLVMGetTypeKind, LLVMIsAAllocaInst, LLVMIsAFunction,
    LLVMIsAInstruction, LLVMIsALoadInst, LLVMIsDeclaration, LLVMMDNodeInContext2,
    LLVMMDStringInContext2, LLVMMetadataAsValue, LLVMSetMetadata, LLVMValueAsMetadata,
};
use inkwell::llvm_sys::debuginfo::{LLVMMetadataReplaceAllUsesWith, LLVMTemporaryMDNode};
use inkwell::llvm_sys::prelude::{LLVMContextRef, LLVMMetadataRef, LLVMValueRef};
use inkwell::llvm_sys::target::LLVMABISizeOfType;
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};
use inkwell::module::Module;
use inkwell::targets::TargetData;
use inkwell::values::{AsValueRef, FunctionValue, InstructionOpcode};

use crate::cpu_regions::users;
use crate::internalize::{md_operands, md_string};

/// Arrays of at most this many bytes count (AMDGPU's cut-off for its unrolling bonus is 960):
/// larger ones would not fit a thread's registers anyway.
pub(crate) const MAX_ARRAY_BYTES: u64 = 1024;

/// Marks the calls that pass a pointer into a small local array `alwaysinline`, and the loops
/// whose counters index such arrays for full unrolling. A helper that passes such a pointer
/// it was given on to another helper has that call marked too.
pub(crate) fn inline_array_arguments(module: &Module<'_>, context: &Context) {
    let data = TargetData::create(&module.get_data_layout().as_str().to_string_lossy());
    let always_inline =
        context.create_enum_attribute(Attribute::get_named_enum_kind_id("alwaysinline"), 0);
    let no_inline = Attribute::get_named_enum_kind_id("noinline");
    // Pointers known to lead into small arrays: the arrays, then the parameters of the
    // helpers they reach, round after round.
    let mut roots: Vec<LLVMValueRef> = Vec::new();
    // Static allocas, which clang puts in the entry block (SROA splits no other).
    for block in module
        .get_functions()
        .filter_map(|function| function.get_first_basic_block())
    {
        for instruction in block.get_instructions() {
            if instruction.get_opcode() == InstructionOpcode::Alloca
                && is_small_array(instruction.as_value_ref(), &data)
            {
                roots.push(instruction.as_value_ref());
            }
        }
    }
    let mut seen: HashSet<LLVMValueRef> = roots.iter().copied().collect();
    // The array-indexing GEPs found, for the loops.
    let mut indexing: Vec<LLVMValueRef> = Vec::new();
    while let Some(root) = roots.pop() {
        let (derived, calls) = derived_from(root);
        indexing.extend(derived.into_iter().filter(|value| {
            // SAFETY: `value` is an instruction of the live module.
            let opcode = unsafe { LLVMGetInstructionOpcode(*value) };
            opcode == LLVMOpcode::LLVMGetElementPtr
        }));
        for (call, argument) in calls {
            // SAFETY: `call` is a call instruction of the live module; its called operand and
            // its parent function are values of that module.
            let (callee, caller) = unsafe {
                (
                    LLVMGetCalledValue(call),
                    LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)),
                )
            };
            // SAFETY: as above; a called value that is not a function (an indirect call)
            // yields null.
            if unsafe { LLVMIsAFunction(callee) }.is_null()
                || unsafe { LLVMIsDeclaration(callee) } != 0
                || callee == caller
            {
                continue;
            }
            // SAFETY: `callee` is a defined function of the module.
            let helper = unsafe { FunctionValue::new(callee) }.expect("a function");
            if helper.get_intrinsic_id() != 0
                || helper
                    .get_enum_attribute(AttributeLoc::Function, no_inline)
                    .is_some()
            {
                continue;
            }
            // SAFETY: `call` is a call instruction; the attribute belongs to `context`, the
            // module's context. A call reached again gets the same attribute again: no change.
            unsafe {
                LLVMAddCallSiteAttribute(
                    call,
                    inkwell::llvm_sys::LLVMAttributeFunctionIndex,
                    always_inline.as_mut_ptr(),
                );
            }
            // SAFETY: `argument` is below the callee's parameter count (checked in
            // `derived_from` against the call's own argument count, which matches it for a
            // direct call of a function that is not variadic; extra variadic arguments have
            // no parameter and are skipped here).
            if argument < helper.count_params() {
                let parameter = unsafe { LLVMGetParam(callee, argument) };
                if seen.insert(parameter) {
                    roots.push(parameter);
                }
            }
        }
    }
    unroll_indexing_loops(context, &indexing);
}

/// Gives `llvm.loop.unroll.full` to each loop whose counter one of the `indexing` GEPs'
/// variable indices is computed from.
fn unroll_indexing_loops(context: &Context, indexing: &[LLVMValueRef]) {
    let mut counters: HashSet<LLVMValueRef> = HashSet::new();
    let mut functions: HashSet<LLVMValueRef> = HashSet::new();
    for &gep in indexing {
        // SAFETY: `gep` is a GEP instruction; operands past the pointer are its indices.
        unsafe {
            functions.insert(LLVMGetBasicBlockParent(LLVMGetInstructionParent(gep)));
            for index in 1..LLVMGetNumOperands(gep) as u32 {
                counters.extend(variables_read(LLVMGetOperand(gep, index)));
            }
        }
    }
    if counters.is_empty() {
        return;
    }
    let raw = context.as_ctx_ref();
    // SAFETY: the kind names are plain ASCII of the given lengths.
    let loop_kind = unsafe { LLVMGetMDKindIDInContext(raw, c"llvm.loop".as_ptr(), 9) };
    for &function in &functions {
        // SAFETY: `function` is a defined function of the live module.
        let Some(function) = (unsafe { FunctionValue::new(function) }) else {
            continue;
        };
        for block in function.get_basic_blocks() {
            let Some(latch) = block.get_terminator() else {
                continue;
            };
            // SAFETY: reads metadata of a live instruction.
            let loop_id = unsafe { LLVMGetMetadata(latch.as_value_ref(), loop_kind) };
            if loop_id.is_null() {
                continue;
            }
            let stores_counter = block.get_instructions().any(|instruction| {
                instruction.get_opcode() == InstructionOpcode::Store
                    // SAFETY: a store's operand 1 is its address.
                    && counters.contains(&unsafe { LLVMGetOperand(instruction.as_value_ref(), 1) })
            });
            if stores_counter {
                add_full_unroll(raw, latch.as_value_ref(), loop_kind, loop_id);
            }
        }
    }
}

/// The local variables (allocas) whose loads `index` is computed from, through arithmetic
/// and conversions (at most 64 values visited).
fn variables_read(index: LLVMValueRef) -> Vec<LLVMValueRef> {
    let mut found = Vec::new();
    let mut pending = vec![index];
    let mut visited: HashSet<LLVMValueRef> = HashSet::new();
    while let Some(value) = pending.pop() {
        if visited.len() >= 64 || !visited.insert(value) {
            continue;
        }
        // SAFETY: `value` is a value of the live module; only instructions are looked into.
        unsafe {
            if LLVMIsAInstruction(value).is_null() {
                continue;
            }
            match LLVMGetInstructionOpcode(value) {
                LLVMOpcode::LLVMLoad => {
                    let place = LLVMGetOperand(value, 0);
                    if !LLVMIsAAllocaInst(place).is_null() {
                        found.push(place);
                    }
                }
                LLVMOpcode::LLVMAdd
                | LLVMOpcode::LLVMSub
                | LLVMOpcode::LLVMMul
                | LLVMOpcode::LLVMShl
                | LLVMOpcode::LLVMLShr
                | LLVMOpcode::LLVMAShr
                | LLVMOpcode::LLVMAnd
                | LLVMOpcode::LLVMOr
                | LLVMOpcode::LLVMXor
                | LLVMOpcode::LLVMUDiv
                | LLVMOpcode::LLVMSDiv
                | LLVMOpcode::LLVMURem
                | LLVMOpcode::LLVMSRem
                | LLVMOpcode::LLVMSExt
                | LLVMOpcode::LLVMZExt
                | LLVMOpcode::LLVMTrunc => {
                    for operand in 0..LLVMGetNumOperands(value) as u32 {
                        pending.push(LLVMGetOperand(value, operand));
                    }
                }
                _ => {}
            }
        }
    }
    found
}

/// Replaces the loop identifier `loop_id` of `latch` by one with `llvm.loop.unroll.full`
/// added, unless it already says how to unroll.
fn add_full_unroll(
    context: LLVMContextRef,
    latch: LLVMValueRef,
    loop_kind: u32,
    loop_id: LLVMValueRef,
) {
    // SAFETY: `loop_id` is an MDNode (clang's `distinct !{!self, ...}`) of `context`; its
    // operands are MDNodes (loop properties).
    unsafe {
        let mut kept: Vec<LLVMMetadataRef> = Vec::new();
        for operand in md_operands(loop_id).into_iter().skip(1) {
            if operand.is_null() {
                continue;
            }
            if says_how_to_unroll(operand) {
                return;
            }
            kept.push(LLVMValueAsMetadata(operand));
        }
        let name = "llvm.loop.unroll.full";
        let text = LLVMMDStringInContext2(context, name.as_ptr().cast(), name.len());
        let mut full = [text];
        kept.push(LLVMMDNodeInContext2(context, full.as_mut_ptr(), 1));
        // The identifier's first operand is itself: made through a temporary node.
        let temporary = LLVMTemporaryMDNode(context, std::ptr::null_mut(), 0);
        let mut all = vec![temporary];
        all.extend(kept);
        let node = LLVMMDNodeInContext2(context, all.as_mut_ptr(), all.len());
        LLVMMetadataReplaceAllUsesWith(temporary, node);
        LLVMSetMetadata(latch, loop_kind, LLVMMetadataAsValue(context, node));
    }
}

/// Whether a loop property (`!{!"llvm.loop.unroll.…", …}`) is about unrolling.
fn says_how_to_unroll(property: LLVMValueRef) -> bool {
    // SAFETY: `property` is a metadata node of a live context.
    unsafe { md_operands(property).first() }
        .and_then(|&first| unsafe { md_string(first) })
        .is_some_and(|text| text.starts_with(b"llvm.loop.unroll."))
}

/// Whether `alloca` holds an array of two or more elements in at most [`MAX_ARRAY_BYTES`].
fn is_small_array(alloca: LLVMValueRef, data: &TargetData) -> bool {
    // SAFETY: `alloca` is an alloca instruction of a live module; its allocated type is a
    // type of the same context.
    unsafe {
        let kind = LLVMGetAllocatedType(alloca);
        if LLVMGetTypeKind(kind) != LLVMTypeKind::LLVMArrayTypeKind || LLVMGetArrayLength2(kind) < 2
        {
            return false;
        }
        LLVMABISizeOfType(data.as_mut_ptr(), kind) <= MAX_ARRAY_BYTES
    }
}

/// A call and the position of an argument that points into a small array.
type ArrayArgument = (LLVMValueRef, u32);

/// The values derived from `root` (through address computations and casts, or stored into
/// a local variable and loaded back, as unoptimised code keeps a parameter), and the direct
/// calls that receive one of them, with the argument's position.
fn derived_from(root: LLVMValueRef) -> (Vec<LLVMValueRef>, Vec<ArrayArgument>) {
    let mut found = Vec::new();
    let mut pending = vec![root];
    let mut visited: HashSet<LLVMValueRef> = HashSet::new();
    while let Some(value) = pending.pop() {
        if !visited.insert(value) {
            continue;
        }
        for user in users(value) {
            // SAFETY: `user` uses `value` in the live module; only instructions are read.
            if unsafe { LLVMIsAInstruction(user) }.is_null() {
                continue;
            }
            // SAFETY: as above.
            match unsafe { LLVMGetInstructionOpcode(user) } {
                // The pointer operand, not an index that happens to be `value`.
                // SAFETY: these instructions have operand 0.
                LLVMOpcode::LLVMGetElementPtr
                | LLVMOpcode::LLVMBitCast
                | LLVMOpcode::LLVMAddrSpaceCast
                    if unsafe { LLVMGetOperand(user, 0) } == value =>
                {
                    pending.push(user);
                }
                LLVMOpcode::LLVMStore => {
                    // `value` stored (operand 0) into a local variable (operand 1): its loads.
                    // SAFETY: a store has two operands.
                    let (stored, place) =
                        unsafe { (LLVMGetOperand(user, 0), LLVMGetOperand(user, 1)) };
                    // SAFETY: `place` is a value of the module.
                    let is_local = !unsafe { LLVMIsAAllocaInst(place) }.is_null();
                    if stored == value && is_local {
                        for load in users(place) {
                            // SAFETY: users of a live value.
                            if !unsafe { LLVMIsALoadInst(load) }.is_null() {
                                pending.push(load);
                            }
                        }
                    }
                }
                LLVMOpcode::LLVMCall => {
                    // SAFETY: a call's argument operands come first, then the callee.
                    let count = unsafe { LLVMGetNumArgOperands(user) };
                    for index in 0..count {
                        // SAFETY: `index` is below the argument count.
                        if unsafe { LLVMGetOperand(user, index) } == value {
                            found.push((user, index));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    visited.remove(&root);
    (visited.into_iter().collect(), found)
}
