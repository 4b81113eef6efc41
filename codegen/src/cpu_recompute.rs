//! Values a work-item can compute again anywhere, recomputed where they are used instead of
//! kept in its frame (issue 26 item 6).
//!
//! Before `cpu_regions` demotes a split kernel's values to allocas, every value used outside
//! its block gets a frame slot once the kernel is split at its stops: a column per value in
//! the group's frames, stored by the phase that computes it and loaded by every later phase
//! that uses it. For a value computed only from the work-item's coordinates (the record that
//! `__oxhip_cpu_item` points at, constant while the work-item lives), the kernel's
//! parameters and constants, that column is worse than useless: the global index
//! `i = blockIdx.x * blockDim.x + threadIdx.x`, loaded from a column, makes the later
//! phase's `out[i] = …` a store through a loaded index, which the loop vectoriser can only
//! scatter, and AVX2 has no scatter, so the whole phase's loop stays scalar. Recomputed in
//! the later phase, `i` is the loop's induction variable again (the group entry point keeps
//! the coordinates in registers, `cpu_rows`), the store is contiguous and the loop vectorises:
//! a `while (__any_sync(…))` loop over 1 Mi ints ran 2.3 times faster (docs/cpu-target.md).
//!
//! [`recompute`] clones such a value's expression (at most [`LIMIT`] instructions: integer
//! arithmetic but division, comparisons, selects, conversions, address arithmetic, and loads
//! of the record's fields) before each use in another block, or at the end of the incoming
//! block for a `phi`, so that nothing about it crosses a block and `reg2mem` leaves it alone.
//! Loads of anything but the record stay where they are: memory may change between phases.

use std::collections::{HashMap, HashSet};

use inkwell::context::Context;
use inkwell::llvm_sys::core::{
    LLVMCountIncoming, LLVMGetFirstInstruction, LLVMGetIncomingBlock, LLVMGetIncomingValue,
    LLVMGetInstructionParent, LLVMGetNextInstruction, LLVMGetNumOperands, LLVMGetOperand,
    LLVMGetVolatile, LLVMInsertIntoBuilder, LLVMInstructionClone, LLVMIsAArgument, LLVMIsAConstant,
    LLVMIsAConstantInt, LLVMIsAInstruction, LLVMPositionBuilderBefore, LLVMSetOperand,
};
use inkwell::llvm_sys::prelude::{LLVMBasicBlockRef, LLVMValueRef};
use inkwell::llvm_sys::LLVMOpcode;
use inkwell::values::{AsValueRef, FunctionValue};

use crate::cpu_regions::{instructions, opcode, users};

/// The most instructions one recomputed expression may have (the global index from
/// `blockIdx`, `blockDim` and `threadIdx` is about a dozen: the record's loads, their
/// extensions, a multiply and an add).
pub(crate) const LIMIT: usize = 16;

/// Recomputes, before each use outside its block, every value of `kernel` whose expression
/// depends only on the work-item record that `item` (the `__oxhip_cpu_item` variable) points
/// at, the kernel's parameters and constants.
pub(crate) fn recompute(context: &Context, kernel: FunctionValue<'_>, item: LLVMValueRef) {
    let mut known: HashMap<LLVMValueRef, bool> = HashMap::new();
    // Per block: where its copies go (its first instruction that is not a `phi`, before
    // any copy was put there), and the copy of each instruction made there so far, shared
    // by every value computed again in that block.
    let mut places: HashMap<
        LLVMBasicBlockRef,
        (LLVMValueRef, HashMap<LLVMValueRef, LLVMValueRef>),
    > = HashMap::new();
    let builder = context.create_builder();
    for value in instructions(kernel.as_value_ref()) {
        // SAFETY: `value` is an instruction of the live kernel.
        let home = unsafe { LLVMGetInstructionParent(value) };
        let uses = outside_uses(value, home);
        if uses.is_empty() {
            continue;
        }
        let Some(tree) = expression(value, item, &mut known) else {
            continue;
        };
        for (user, index, block) in uses {
            // SAFETY: the copies go before the first instruction of the block that uses the
            // value (of the incoming block, for a `phi`) that is not a `phi`; every operand of
            // a copy is a constant, a parameter or an earlier copy in the same block, so each
            // copy is defined before every use in its block.
            unsafe {
                let (before, made) = places
                    .entry(block)
                    .or_insert_with(|| (first_non_phi(block), HashMap::new()));
                LLVMPositionBuilderBefore(builder.as_mut_ptr(), *before);
                for node in &tree {
                    if made.contains_key(node) {
                        continue;
                    }
                    let clone = LLVMInstructionClone(*node);
                    LLVMInsertIntoBuilder(builder.as_mut_ptr(), clone);
                    for operand in 0..LLVMGetNumOperands(clone).max(0) as u32 {
                        if let Some(new) = made.get(&LLVMGetOperand(clone, operand)) {
                            LLVMSetOperand(clone, operand, *new);
                        }
                    }
                    made.insert(*node, clone);
                }
                LLVMSetOperand(user, index, made[&value]);
            }
        }
    }
}

/// The first instruction of `block`, a block of the kernel (which ends in a terminator), that
/// is not a `phi`.
fn first_non_phi(block: LLVMBasicBlockRef) -> LLVMValueRef {
    // SAFETY: walks the instructions of a live block, which ends in a terminator.
    unsafe {
        let mut instruction = LLVMGetFirstInstruction(block);
        while opcode(instruction) == LLVMOpcode::LLVMPHI {
            instruction = LLVMGetNextInstruction(instruction);
        }
        instruction
    }
}

/// The uses of `value` outside `home`: the user, the operand's index, and the block where a
/// copy must be computed (the user's, or for a `phi` the incoming block).
fn outside_uses(
    value: LLVMValueRef,
    home: LLVMBasicBlockRef,
) -> Vec<(LLVMValueRef, u32, LLVMBasicBlockRef)> {
    let mut found = Vec::new();
    let mut seen = HashSet::new();
    for user in users(value) {
        // SAFETY: reads the operands and blocks of the live value's users.
        unsafe {
            if LLVMIsAInstruction(user).is_null() || !seen.insert(user) {
                continue;
            }
            if opcode(user) == LLVMOpcode::LLVMPHI {
                for incoming in 0..LLVMCountIncoming(user) {
                    let block = LLVMGetIncomingBlock(user, incoming);
                    if LLVMGetIncomingValue(user, incoming) == value && block != home {
                        found.push((user, incoming, block));
                    }
                }
            } else {
                let block = LLVMGetInstructionParent(user);
                if block == home {
                    continue;
                }
                for operand in 0..LLVMGetNumOperands(user).max(0) as u32 {
                    if LLVMGetOperand(user, operand) == value {
                        found.push((user, operand, block));
                    }
                }
            }
        }
    }
    found
}

/// The instructions of `value`'s expression in an order that defines each before its users,
/// when it has at most [`LIMIT`] of them and all of them may be recomputed anywhere.
fn expression(
    value: LLVMValueRef,
    item: LLVMValueRef,
    known: &mut HashMap<LLVMValueRef, bool>,
) -> Option<Vec<LLVMValueRef>> {
    let mut order = Vec::new();
    let mut seen = HashSet::new();
    visit(value, item, known, &mut seen, &mut order).then_some(order)
}

fn visit(
    value: LLVMValueRef,
    item: LLVMValueRef,
    known: &mut HashMap<LLVMValueRef, bool>,
    seen: &mut HashSet<LLVMValueRef>,
    order: &mut Vec<LLVMValueRef>,
) -> bool {
    // SAFETY: `value` is a live value; its operands are read with the C API.
    unsafe {
        if !LLVMIsAArgument(value).is_null() || !LLVMIsAConstant(value).is_null() {
            return true;
        }
        if LLVMIsAInstruction(value).is_null() {
            return false;
        }
        if seen.contains(&value) {
            return true;
        }
        if known.get(&value) == Some(&false) || !recomputable(value, item) {
            known.insert(value, false);
            return false;
        }
        seen.insert(value);
        for operand in 0..LLVMGetNumOperands(value).max(0) as u32 {
            let operand = LLVMGetOperand(value, operand);
            if !visit(operand, item, known, seen, order) {
                known.insert(value, false);
                return false;
            }
        }
        order.push(value);
        order.len() <= LIMIT
    }
}

/// Whether the instruction itself may run again anywhere in the kernel with the same
/// result, given operands that may: integer arithmetic that cannot trap, comparisons,
/// selects, conversions, address arithmetic, and loads of the work-item record's fields.
fn recomputable(instruction: LLVMValueRef, item: LLVMValueRef) -> bool {
    use LLVMOpcode::*;
    match opcode(instruction) {
        LLVMAdd | LLVMSub | LLVMMul | LLVMShl | LLVMLShr | LLVMAShr | LLVMAnd | LLVMOr
        | LLVMXor | LLVMZExt | LLVMSExt | LLVMTrunc | LLVMICmp | LLVMSelect | LLVMGetElementPtr
        | LLVMPtrToInt | LLVMIntToPtr => true,
        // SAFETY: a load has its address as operand 0.
        LLVMLoad => unsafe {
            LLVMGetVolatile(instruction) == 0 && reads_record(LLVMGetOperand(instruction, 0), item)
        },
        _ => false,
    }
}

/// Whether `address` is `item` itself (the record's pointer), or a field of the record:
/// a constant offset from a load of `item`.
fn reads_record(address: LLVMValueRef, item: LLVMValueRef) -> bool {
    if address == item {
        return true;
    }
    // SAFETY: reads the operands of live instructions.
    unsafe {
        if LLVMIsAInstruction(address).is_null() {
            return false;
        }
        match opcode(address) {
            LLVMOpcode::LLVMLoad => LLVMGetOperand(address, 0) == item,
            LLVMOpcode::LLVMGetElementPtr => {
                let base = LLVMGetOperand(address, 0);
                let constant_indices = (1..LLVMGetNumOperands(address).max(1) as u32)
                    .all(|index| !LLVMIsAConstantInt(LLVMGetOperand(address, index)).is_null());
                constant_indices
                    && !LLVMIsAInstruction(base).is_null()
                    && opcode(base) == LLVMOpcode::LLVMLoad
                    && LLVMGetOperand(base, 0) == item
            }
            _ => false,
        }
    }
}
