//! One function per resume state of a split kernel (`K.regions.<state>`), holding only the
//! code that state's region can reach, for the loops of the group function that run one
//! state for every work-item.
//!
//! Those loops used to inline the whole `K.regions` function with a constant state and leave
//! it to LLVM to fold the switch on the state away. Inlining copies every region into every
//! loop before anything is folded, so the work grew with states times instructions, and
//! kernels split at warp exchanges, which have many states once their warp loops are
//! unrolled, got a loop per state only under a small budget (`block_scan` of
//! benches/cpu_target, 13 states, ran its phases through the generic loop, a `switch` per
//! work-item). A copy of one state keeps the entry block (allocas and frame slots), that
//! state's copy-in block, the blocks reachable from its resume point without crossing a stop,
//! the exit (whose `phi` keeps the incoming values of those blocks) and that state's copy-out
//! block; the entry and the exit branch straight to the state's blocks instead of switching.
//! The copies together are about as large as `K.regions` itself.
//!
//! A copy is made with the C API's `LLVMInstructionClone` and remapped operand by operand;
//! `phi`s are rebuilt, keeping the incoming blocks that are copied too. Where the code uses a
//! value of `K.regions` that is not copied (it never should: `reg2mem` leaves no value used
//! outside its block but allocas of the entry block), the copy is dropped and the loop
//! inlines `K.regions` as before.

use std::collections::{HashMap, HashSet};

use inkwell::attributes::AttributeLoc;
use inkwell::context::Context;
use inkwell::module::{Linkage, Module};
use inkwell::values::{AsValueRef, FunctionValue};

use inkwell::llvm_sys::core::{
    LLVMAddIncoming, LLVMAppendBasicBlockInContext, LLVMBasicBlockAsValue, LLVMBuildBr,
    LLVMBuildPhi, LLVMCountIncoming, LLVMCreateBuilderInContext, LLVMDisposeBuilder,
    LLVMGetBasicBlockParent, LLVMGetFirstBasicBlock, LLVMGetFirstUse, LLVMGetIncomingBlock,
    LLVMGetIncomingValue, LLVMGetInstructionParent, LLVMGetLastInstruction, LLVMGetNumOperands,
    LLVMGetOperand, LLVMGetParamParent, LLVMGetPreviousInstruction, LLVMInsertIntoBuilder,
    LLVMInstructionClone, LLVMInstructionEraseFromParent, LLVMIsAArgument, LLVMIsAInstruction,
    LLVMPositionBuilderAtEnd, LLVMSetOperand, LLVMTypeOf, LLVMValueAsBasicBlock,
    LLVMValueIsBasicBlock,
};
use inkwell::llvm_sys::prelude::{LLVMBasicBlockRef, LLVMValueRef};
use inkwell::llvm_sys::LLVMOpcode;

use crate::cpu_regions::opcode;

/// What the copy of one state keeps of `K.regions` (see the module documentation).
#[derive(Debug, Clone)]
pub(crate) struct StateBlocks {
    /// Every block the copy keeps: the entry, the state's copy-in block, its region, the
    /// exit, the state's copy-out block and the block that returns.
    pub(crate) blocks: HashSet<LLVMBasicBlockRef>,
    /// Where the copy's entry goes instead of its switch on the state.
    pub(crate) copy_in: LLVMBasicBlockRef,
    /// Where the copy's exit goes instead of its switch on the state.
    pub(crate) copy_out: LLVMBasicBlockRef,
}

/// The blocks of `K.regions` that every copy keeps, and the copies' parts of it.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    pub(crate) entry: LLVMBasicBlockRef,
    pub(crate) exit: LLVMBasicBlockRef,
    /// By state.
    pub(crate) states: HashMap<u32, StateBlocks>,
}

/// `K.regions.<state>`: the copy of `regions` that runs `state` alone, or `None` when the code
/// of that state uses a value the copy does not have (the caller then uses `regions`).
pub(crate) fn copy_state<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    regions: FunctionValue<'ctx>,
    layout: &Layout,
    state: u32,
) -> Option<FunctionValue<'ctx>> {
    let part = layout.states.get(&state)?;
    let name = format!("{}.{state}", regions.get_name().to_string_lossy());
    let copy = module.add_function(&name, regions.get_type(), Some(Linkage::Internal));
    for attribute in regions.attributes(AttributeLoc::Function) {
        copy.add_attribute(AttributeLoc::Function, attribute);
    }
    for attribute in regions.attributes(AttributeLoc::Return) {
        copy.add_attribute(AttributeLoc::Return, attribute);
    }
    for index in 0..regions.count_params() {
        for attribute in regions.attributes(AttributeLoc::Param(index)) {
            copy.add_attribute(AttributeLoc::Param(index), attribute);
        }
    }
    // SAFETY: both functions are live and of the same type; every value built goes into
    // `copy`, which is deleted again when the copy fails.
    let done = unsafe { fill(context, regions, copy, layout, part) };
    if done {
        Some(copy)
    } else {
        // SAFETY: `copy` was just added and nothing refers to it.
        unsafe { copy.delete() };
        None
    }
}

/// Fills `copy` (see [`copy_state`]); false when a value of `regions` is missing.
///
/// # Safety
/// `regions` and `copy` must be live functions of the same type, `copy` empty.
unsafe fn fill(
    context: &Context,
    regions: FunctionValue<'_>,
    copy: FunctionValue<'_>,
    layout: &Layout,
    part: &StateBlocks,
) -> bool {
    // SAFETY: every value touched belongs to `regions` or `copy` (the caller's promise), or
    // was just built into `copy`.
    unsafe {
        let old_function = regions.as_value_ref();
        let mut map: HashMap<LLVMValueRef, LLVMValueRef> = HashMap::new();
        for (old, new) in regions.get_param_iter().zip(copy.get_param_iter()) {
            map.insert(old.as_value_ref(), new.as_value_ref());
        }
        let mut blocks = Vec::new();
        for block in regions.get_basic_blocks() {
            let old = block.as_mut_ptr();
            if !part.blocks.contains(&old) {
                continue;
            }
            let name = block.get_name().to_owned();
            let new =
                LLVMAppendBasicBlockInContext(context.raw(), copy.as_value_ref(), name.as_ptr());
            map.insert(LLVMBasicBlockAsValue(old), LLVMBasicBlockAsValue(new));
            blocks.push((old, new));
        }
        let builder = LLVMCreateBuilderInContext(context.raw());
        let mut cloned = Vec::new();
        let mut phis = Vec::new();
        for (old, new) in &blocks {
            LLVMPositionBuilderAtEnd(builder, *new);
            let mut instruction = inkwell::llvm_sys::core::LLVMGetFirstInstruction(*old);
            while !instruction.is_null() {
                let next = inkwell::llvm_sys::core::LLVMGetNextInstruction(instruction);
                let is_terminator = next.is_null();
                if is_terminator && (*old == layout.entry || *old == layout.exit) {
                    let target = if *old == layout.entry {
                        part.copy_in
                    } else {
                        part.copy_out
                    };
                    let Some(target) = map.get(&LLVMBasicBlockAsValue(target)) else {
                        LLVMDisposeBuilder(builder);
                        return false;
                    };
                    LLVMBuildBr(builder, LLVMValueAsBasicBlock(*target));
                } else if opcode(instruction) == LLVMOpcode::LLVMPHI {
                    let phi = LLVMBuildPhi(builder, LLVMTypeOf(instruction), c"".as_ptr());
                    map.insert(instruction, phi);
                    phis.push((instruction, phi));
                } else {
                    let clone = LLVMInstructionClone(instruction);
                    LLVMInsertIntoBuilder(builder, clone);
                    map.insert(instruction, clone);
                    cloned.push(clone);
                }
                instruction = next;
            }
        }
        LLVMDisposeBuilder(builder);
        let belongs = |value: LLVMValueRef| -> bool {
            if LLVMValueIsBasicBlock(value) != 0 {
                return LLVMGetBasicBlockParent(LLVMValueAsBasicBlock(value)) == old_function;
            }
            if !LLVMIsAInstruction(value).is_null() {
                return LLVMGetBasicBlockParent(LLVMGetInstructionParent(value)) == old_function;
            }
            if !LLVMIsAArgument(value).is_null() {
                return LLVMGetParamParent(value) == old_function;
            }
            false
        };
        for clone in cloned {
            for index in 0..LLVMGetNumOperands(clone).max(0) as u32 {
                let operand = LLVMGetOperand(clone, index);
                if operand.is_null() {
                    continue;
                }
                match map.get(&operand) {
                    Some(new) => LLVMSetOperand(clone, index, *new),
                    None if belongs(operand) => return false,
                    None => {}
                }
            }
        }
        for (old, new) in phis {
            for index in 0..LLVMCountIncoming(old) {
                let block = LLVMGetIncomingBlock(old, index);
                let Some(new_block) = map.get(&LLVMBasicBlockAsValue(block)) else {
                    continue;
                };
                let mut value = LLVMGetIncomingValue(old, index);
                match map.get(&value) {
                    Some(mapped) => value = *mapped,
                    None if belongs(value) => return false,
                    None => {}
                }
                let mut values = [value];
                let mut blocks = [LLVMValueAsBasicBlock(*new_block)];
                LLVMAddIncoming(new, values.as_mut_ptr(), blocks.as_mut_ptr(), 1);
            }
        }
        // The entry computes every frame slot's address and holds every alloca; drop what
        // this state's code does not use, so that the copy is as small as its state. One pass
        // from the end: an instruction's operands in the entry come before it, so erasing it
        // first leaves them unused in turn. Every operand was remapped above, so the copy
        // refers to no value of `regions`.
        let entry = LLVMGetFirstBasicBlock(copy.as_value_ref());
        let mut instruction = LLVMGetLastInstruction(entry);
        while !instruction.is_null() {
            let previous = LLVMGetPreviousInstruction(instruction);
            let pure = matches!(
                opcode(instruction),
                LLVMOpcode::LLVMAlloca
                    | LLVMOpcode::LLVMGetElementPtr
                    | LLVMOpcode::LLVMMul
                    | LLVMOpcode::LLVMAdd
                    | LLVMOpcode::LLVMBitCast
            );
            if pure && LLVMGetFirstUse(instruction).is_null() {
                LLVMInstructionEraseFromParent(instruction);
            }
            instruction = previous;
        }
        true
    }
}
