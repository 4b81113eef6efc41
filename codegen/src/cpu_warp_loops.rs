//! Loops that a warp runs in step, as warp runs (issue 26, item 6).
//!
//! `while (__any_sync(~0u, x > 0)) { x -= 1; ++count; }` loops as long as any lane of the
//! warp wants to: its condition is a vote, the same for every lane, so every lane runs every
//! iteration. Split at its ballot (`cpu_regions`), each iteration was a phase over the whole
//! group, a store of every work-item's state and values, and a ballot pass: the CPU device
//! ran `vote_loop` (benches/cpu_target) about 20 times slower than a plain loop.
//!
//! Here, before the kernel is split and before [`crate::cpu_warp_runs::fuse`], each such
//! loop becomes a warp run (see `cpu_warp_runs` for the run's contract with the group
//! function): a function over the warp's 32 lanes at once that runs the loop with every value
//! a vector of 32, every ballot a compare of the lanes' predicates packed into a mask, and
//! every branch on element 0 of a condition that is the same in every lane. A loop qualifies
//! when
//! - it has one entry block (the header), and every edge out of it goes to one block that
//!   only the loop leads to (a `break` and the loop's own test may both go there);
//! - it holds a ballot, and otherwise only what a run may hold (arithmetic on numbers, the
//!   intrinsics `cpu_warp_runs` lists, patterned shuffles), `phi`s of numbers and branches;
//! - every branch condition in it is computed from ballots, constants and the kernel's
//!   arguments alone, so the warp's lanes take every branch together (a loop whose condition
//!   reads a lane's own value is left alone: its lanes may leave it in different iterations);
//!   a branch reads its condition in the warp's first live lane (an argument's copy in a
//!   returned lane's word is 0);
//! - what it reads from before it, and what is used after it, fit in 64 bits per lane each.
//!
//! The kernel keeps, in the loop's place, one block that packs the inputs, calls
//! `__oxhip_cpu_warp_run` and unpacks the outputs, which replace the exit block's `phi`s and
//! the loop's values used after it. Semantics are the fibers' where every live
//! lane of the warp enters the loop, as for other runs: lanes that returned, and lanes past a
//! partial warp's end, vote no.

use std::collections::{HashMap, HashSet};

use inkwell::context::Context;
use inkwell::module::Module;
use inkwell::values::{AsValueRef, FunctionValue};

use inkwell::llvm_sys::core::{
    LLVMAddIncoming, LLVMAppendBasicBlockInContext, LLVMBuildBinOp, LLVMBuildBr, LLVMBuildCall2,
    LLVMBuildCast, LLVMBuildCondBr, LLVMBuildExtractElement, LLVMBuildICmp, LLVMBuildPhi,
    LLVMBuildSelect, LLVMBuildUnreachable, LLVMConstInt, LLVMConstNull, LLVMCountIncoming,
    LLVMCreateBuilderInContext, LLVMDeleteBasicBlock, LLVMDisposeBuilder,
    LLVMGetBasicBlockTerminator, LLVMGetCalledValue, LLVMGetCondition, LLVMGetIncomingBlock,
    LLVMGetIncomingValue, LLVMGetInstructionParent, LLVMGetIntrinsicDeclaration,
    LLVMGetNumSuccessors, LLVMGetOperand, LLVMGetParam, LLVMGetPoison, LLVMGetSuccessor,
    LLVMGetTypeKind, LLVMGlobalGetValueType, LLVMInsertBasicBlockInContext,
    LLVMInstructionEraseFromParent, LLVMInt1TypeInContext, LLVMInt32TypeInContext, LLVMIsAArgument,
    LLVMIsConditional, LLVMLookupIntrinsicID, LLVMPositionBuilderAtEnd, LLVMReplaceAllUsesWith,
    LLVMSetSuccessor, LLVMTypeOf, LLVMVectorType,
};
use inkwell::llvm_sys::prelude::{LLVMBasicBlockRef, LLVMBuilderRef, LLVMValueRef};
use inkwell::llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMTypeKind};

use crate::cpu_regions::{is_call, opcode, users};
use crate::cpu_warp_runs::{
    bits_of, block_instructions, broadcast, call_run, is_constant, is_patterned_shuffle, lane_side,
    operands, run_epilogue, run_function, run_prologue, unpack_all, vector_of, widen, widenable,
    Shape, LANES, WORD_BITS,
};

/// Kernels with more blocks than this are not searched (the search is linear in blocks for
/// each loop, loops nest).
const MOST_BLOCKS: usize = 2000;

/// Finds the loops of `kernel` that its warps run in step (see the module documentation),
/// moves each into a run's function and puts a call of `__oxhip_cpu_warp_run` in its place.
/// Returns the functions, the `n`th for the calls whose second argument is `n`. `ballot` is
/// `__oxhip_cpu_ballot`; `shuffle` is `__oxhip_cpu_shuffle`, or null when the module has none.
pub(crate) fn fuse<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    kernel: FunctionValue<'ctx>,
    ballot: LLVMValueRef,
    shuffle: LLVMValueRef,
) -> Vec<FunctionValue<'ctx>> {
    let mut runs = Vec::new();
    let all = crate::cpu_lockstep::blocks(kernel.as_value_ref());
    if all.len() > MOST_BLOCKS {
        return runs;
    }
    let cfg = Cfg::of(&all);
    let mut pending: Vec<Vec<LLVMBasicBlockRef>> = cfg.cycles(&all);
    let mut found = Vec::new();
    while let Some(blocks) = pending.pop() {
        let set: HashSet<LLVMBasicBlockRef> = blocks.iter().copied().collect();
        match Candidate::check(&cfg, &blocks, &set, ballot, shuffle) {
            Ok(candidate) => found.push(candidate),
            // A loop that does not qualify may hold one that does: the cycles without its
            // header.
            Err(Some(header)) => {
                let inner: Vec<LLVMBasicBlockRef> =
                    blocks.iter().copied().filter(|b| *b != header).collect();
                pending.extend(cfg.cycles(&inner));
            }
            Err(None) => {}
        }
    }
    for candidate in found {
        let index = runs.len() as u32;
        runs.push(candidate.replace(module, context, kernel, (ballot, shuffle), index));
    }
    runs
}

/// The control-flow graph of a kernel: each block's successors and predecessors.
struct Cfg {
    successors: HashMap<LLVMBasicBlockRef, Vec<LLVMBasicBlockRef>>,
    predecessors: HashMap<LLVMBasicBlockRef, Vec<LLVMBasicBlockRef>>,
}

impl Cfg {
    fn of(blocks: &[LLVMBasicBlockRef]) -> Cfg {
        let mut successors = HashMap::new();
        let mut predecessors: HashMap<LLVMBasicBlockRef, Vec<LLVMBasicBlockRef>> = HashMap::new();
        for block in blocks {
            // SAFETY: a live block's terminator and its successors.
            let next: Vec<LLVMBasicBlockRef> = unsafe {
                let terminator = LLVMGetBasicBlockTerminator(*block);
                if terminator.is_null() {
                    Vec::new()
                } else {
                    (0..LLVMGetNumSuccessors(terminator))
                        .map(|index| LLVMGetSuccessor(terminator, index))
                        .collect()
                }
            };
            for successor in &next {
                predecessors.entry(*successor).or_default().push(*block);
            }
            successors.insert(*block, next);
        }
        Cfg {
            successors,
            predecessors,
        }
    }

    fn successors(&self, block: LLVMBasicBlockRef) -> &[LLVMBasicBlockRef] {
        self.successors.get(&block).map_or(&[], Vec::as_slice)
    }

    fn predecessors(&self, block: LLVMBasicBlockRef) -> &[LLVMBasicBlockRef] {
        self.predecessors.get(&block).map_or(&[], Vec::as_slice)
    }

    /// The strongly connected components of the graph restricted to `blocks` that hold a
    /// cycle (two blocks or more, or a block that branches to itself), each in `blocks`'
    /// order (Tarjan's algorithm, without recursion).
    fn cycles(&self, blocks: &[LLVMBasicBlockRef]) -> Vec<Vec<LLVMBasicBlockRef>> {
        let within: HashMap<LLVMBasicBlockRef, usize> =
            blocks.iter().enumerate().map(|(i, b)| (*b, i)).collect();
        let edges: Vec<Vec<usize>> = blocks
            .iter()
            .map(|block| {
                self.successors(*block)
                    .iter()
                    .filter_map(|successor| within.get(successor).copied())
                    .collect()
            })
            .collect();
        let n = blocks.len();
        let mut index = vec![usize::MAX; n];
        let mut low = vec![0; n];
        let mut on_stack = vec![false; n];
        let mut stack = Vec::new();
        let mut next_index = 0;
        let mut components = Vec::new();
        for root in 0..n {
            if index[root] != usize::MAX {
                continue;
            }
            // (node, next edge to look at)
            let mut walk = vec![(root, 0usize)];
            index[root] = next_index;
            low[root] = next_index;
            next_index += 1;
            stack.push(root);
            on_stack[root] = true;
            while let Some(&mut (node, ref mut edge)) = walk.last_mut() {
                if let Some(&to) = edges[node].get(*edge) {
                    *edge += 1;
                    if index[to] == usize::MAX {
                        index[to] = next_index;
                        low[to] = next_index;
                        next_index += 1;
                        stack.push(to);
                        on_stack[to] = true;
                        walk.push((to, 0));
                    } else if on_stack[to] {
                        low[node] = low[node].min(index[to]);
                    }
                    continue;
                }
                walk.pop();
                if let Some(&(parent, _)) = walk.last() {
                    low[parent] = low[parent].min(low[node]);
                }
                if low[node] == index[node] {
                    let mut component = Vec::new();
                    while let Some(member) = stack.pop() {
                        on_stack[member] = false;
                        component.push(member);
                        if member == node {
                            break;
                        }
                    }
                    let cyclic = component.len() > 1 || edges[node].contains(&node);
                    if cyclic {
                        component.sort_unstable();
                        components.push(component.into_iter().map(|i| blocks[i]).collect());
                    }
                }
            }
        }
        components
    }
}

/// A loop that qualifies, with what the replacement needs.
struct Candidate {
    /// The loop's blocks, header first, in an order where each block comes after those it
    /// is reached from inside the loop (back edges aside).
    order: Vec<LLVMBasicBlockRef>,
    blocks: HashSet<LLVMBasicBlockRef>,
    /// The instructions that only compute shuffles' lanes.
    lanes: HashSet<LLVMValueRef>,
    /// Where the loop goes when it ends (every exit edge goes there, and only the loop does),
    /// and that block's `phi`s, which become outputs.
    exit: LLVMBasicBlockRef,
    exit_phis: Vec<LLVMValueRef>,
    /// Values defined before the loop that it reads, with their bits.
    inputs: Vec<(LLVMValueRef, u32)>,
    /// Values of the loop used after it, with their bits.
    outputs: Vec<(LLVMValueRef, u32)>,
}

impl Candidate {
    /// The loop of `blocks` if it qualifies; else `Err(Some(header))` when it has one entry
    /// (its inner loops may qualify), `Err(None)` when it has several.
    fn check(
        cfg: &Cfg,
        blocks: &[LLVMBasicBlockRef],
        set: &HashSet<LLVMBasicBlockRef>,
        ballot: LLVMValueRef,
        shuffle: LLVMValueRef,
    ) -> Result<Candidate, Option<LLVMBasicBlockRef>> {
        let entries: Vec<LLVMBasicBlockRef> = blocks
            .iter()
            .copied()
            .filter(|block| {
                cfg.predecessors(*block)
                    .iter()
                    .any(|pred| !set.contains(pred))
            })
            .collect();
        let [header] = entries[..] else {
            return Err(None);
        };
        let reject = Err(Some(header));
        // One block it leaves to (a `break` and the loop's own test may both lead there),
        // which only the loop leads to: a dedicated exit, as LLVM's loop passes leave them.
        let mut exits = Vec::new();
        for block in blocks {
            for successor in cfg.successors(*block) {
                if !set.contains(successor) && !exits.contains(successor) {
                    exits.push(*successor);
                }
            }
        }
        let [exit] = exits[..] else {
            return reject;
        };
        if cfg
            .predecessors(exit)
            .iter()
            .any(|pred| !set.contains(pred))
        {
            return reject;
        }
        let exit_phis: Vec<LLVMValueRef> = block_instructions(exit)
            .into_iter()
            .take_while(|instruction| opcode(*instruction) == LLVMOpcode::LLVMPHI)
            .collect();
        if !exit_phis.iter().all(|phi| is_number(*phi)) {
            return reject;
        }
        // What the loop holds. The shuffles' lanes (the load of the work-item's lane and what
        // leads to it) are left out of the run, whose lanes are its vectors' elements.
        let order = reverse_post_order(cfg, header, set);
        let all: Vec<LLVMValueRef> = order
            .iter()
            .flat_map(|block| block_instructions(*block))
            .collect();
        let lanes = lane_side(&all, shuffle);
        let mut members = Vec::new();
        let mut ballots = 0;
        for block in blocks {
            for instruction in block_instructions(*block) {
                if lanes.contains(&instruction) {
                    continue;
                }
                let allowed = match opcode(instruction) {
                    LLVMOpcode::LLVMPHI => is_number(instruction),
                    LLVMOpcode::LLVMBr => true,
                    _ if is_ballot(instruction, ballot) => {
                        ballots += 1;
                        true
                    }
                    _ => widenable(instruction, shuffle),
                };
                if !allowed {
                    return reject;
                }
                members.push(instruction);
            }
        }
        if ballots == 0 {
            return reject;
        }
        let defined: HashSet<LLVMValueRef> = members.iter().copied().collect();
        // The header's `phi`s take one value from outside, whatever the block it comes from.
        for instruction in block_instructions(header) {
            if opcode(instruction) != LLVMOpcode::LLVMPHI {
                break;
            }
            let outside: HashSet<LLVMValueRef> = incoming(instruction)
                .into_iter()
                .filter(|(_, block)| !set.contains(block))
                .map(|(value, _)| value)
                .collect();
            if outside.len() != 1 {
                return reject;
            }
        }
        // Values the same in every lane: ballots, and what only ballots, constants and the
        // kernel's arguments compute, a loop's counter included (optimistic: every value is
        // taken as the same in every lane until an operand from before the loop, a shuffle's
        // result or a value already found to differ says otherwise).
        let mut uniform: HashSet<LLVMValueRef> = members
            .iter()
            .copied()
            .filter(|instruction| {
                opcode(*instruction) != LLVMOpcode::LLVMBr
                    && !is_patterned_shuffle(*instruction, shuffle)
            })
            .collect();
        loop {
            let before = uniform.len();
            let differing: Vec<LLVMValueRef> = uniform
                .iter()
                .copied()
                .filter(|instruction| {
                    if is_ballot(*instruction, ballot) {
                        return false;
                    }
                    let values: Vec<LLVMValueRef> = if opcode(*instruction) == LLVMOpcode::LLVMPHI {
                        incoming(*instruction)
                            .into_iter()
                            .map(|(value, _)| value)
                            .collect()
                    } else {
                        operands(*instruction)
                    };
                    values.iter().any(|value| {
                        !is_constant(*value) && !is_argument(*value) && !uniform.contains(value)
                    })
                })
                .collect();
            for instruction in differing {
                uniform.remove(&instruction);
            }
            if uniform.len() == before {
                break;
            }
        }
        for block in blocks {
            // SAFETY: a live block's terminator, a branch (checked above).
            unsafe {
                let terminator = LLVMGetBasicBlockTerminator(*block);
                if LLVMIsConditional(terminator) != 0 {
                    let condition = LLVMGetCondition(terminator);
                    if !is_constant(condition)
                        && !is_argument(condition)
                        && !uniform.contains(&condition)
                    {
                        return reject;
                    }
                }
            }
        }
        // Inputs: the loop's operands from before it (a shuffle's lane is not one: the lanes
        // are the vectors' elements).
        let mut inputs = Vec::new();
        let mut seen = HashSet::new();
        for instruction in &members {
            let values: Vec<LLVMValueRef> = match opcode(*instruction) {
                LLVMOpcode::LLVMPHI => incoming(*instruction)
                    .into_iter()
                    .map(|(value, _)| value)
                    .collect(),
                LLVMOpcode::LLVMBr => Vec::new(),
                _ if is_patterned_shuffle(*instruction, shuffle) => {
                    operands(*instruction).into_iter().take(1).collect()
                }
                _ => operands(*instruction),
            };
            for value in values {
                if defined.contains(&value) || is_constant(value) || !seen.insert(value) {
                    continue;
                }
                inputs.push((value, bits_of(value)));
            }
        }
        // Outputs: the exit's `phi`s, and the loop's values used after it elsewhere.
        let mut outputs: Vec<(LLVMValueRef, u32)> =
            exit_phis.iter().map(|phi| (*phi, bits_of(*phi))).collect();
        for instruction in &members {
            let outside = users(*instruction).into_iter().any(|user| {
                // SAFETY: a user of an instruction is an instruction.
                !set.contains(&unsafe { LLVMGetInstructionParent(user) })
                    && !exit_phis.contains(&user)
            });
            if outside {
                outputs.push((*instruction, bits_of(*instruction)));
            }
        }
        let total = |values: &[(LLVMValueRef, u32)]| values.iter().map(|(_, b)| *b).sum::<u32>();
        if total(&inputs) > WORD_BITS || total(&outputs) > WORD_BITS {
            return reject;
        }
        Ok(Candidate {
            order,
            lanes,
            blocks: set.clone(),
            exit,
            exit_phis,
            inputs,
            outputs,
        })
    }

    /// Builds the run's function and puts the call in the loop's place.
    fn replace<'ctx>(
        self,
        module: &Module<'ctx>,
        context: &'ctx Context,
        kernel: FunctionValue<'ctx>,
        (ballot, shuffle): (LLVMValueRef, LLVMValueRef),
        index: u32,
    ) -> FunctionValue<'ctx> {
        let raw_context = context.raw();
        let name = format!("{}.warp_run.{index}", kernel.get_name().to_string_lossy());
        let (function, run) = run_function(module, context, &name);
        let header = self.order[0];
        // SAFETY: every value, block and type below is of the live module; the builder is
        // disposed.
        unsafe {
            let builder = LLVMCreateBuilderInContext(raw_context);
            let (words, loaded, live) = run_prologue(builder, raw_context, function);
            let entry = LLVMGetInstructionParent(loaded);
            // A branch reads its condition in the first live lane: the same in every live
            // lane, where an argument's copy in a returned lane's word is 0.
            let i32_raw = LLVMInt32TypeInContext(raw_context);
            let first_live = {
                let name = "llvm.cttz";
                let id = LLVMLookupIntrinsicID(name.as_ptr().cast(), name.len());
                let mut overloads = [i32_raw];
                let cttz =
                    LLVMGetIntrinsicDeclaration(module.as_mut_ptr(), id, overloads.as_mut_ptr(), 1);
                let mut arguments = [
                    LLVMGetParam(function.as_value_ref(), 1),
                    LLVMConstInt(LLVMInt1TypeInContext(raw_context), 0, 0),
                ];
                let count = LLVMBuildCall2(
                    builder,
                    LLVMGlobalGetValueType(cttz),
                    cttz,
                    arguments.as_mut_ptr(),
                    2,
                    c"".as_ptr(),
                );
                LLVMBuildBinOp(
                    builder,
                    LLVMOpcode::LLVMAnd,
                    count,
                    LLVMConstInt(i32_raw, u64::from(LANES - 1), 0),
                    c"first_live".as_ptr(),
                )
            };
            let unpacked = unpack_all(builder, loaded, &self.inputs, Shape::Vector);
            let mut vectors: HashMap<LLVMValueRef, LLVMValueRef> = self
                .inputs
                .iter()
                .map(|(input, _)| *input)
                .zip(unpacked)
                .collect();
            let function_ref = function.as_value_ref();
            let mut copies: HashMap<LLVMBasicBlockRef, LLVMBasicBlockRef> = HashMap::new();
            for block in &self.order {
                copies.insert(
                    *block,
                    LLVMAppendBasicBlockInContext(raw_context, function_ref, c"loop".as_ptr()),
                );
            }
            let done = LLVMAppendBasicBlockInContext(raw_context, function_ref, c"done".as_ptr());
            LLVMBuildBr(builder, copies[&header]);
            // The `phi`s first, so that every block's code finds them.
            let mut phis = Vec::new();
            for block in &self.order {
                LLVMPositionBuilderAtEnd(builder, copies[block]);
                for instruction in block_instructions(*block) {
                    if opcode(instruction) != LLVMOpcode::LLVMPHI {
                        break;
                    }
                    let ty = LLVMVectorType(LLVMTypeOf(instruction), LANES);
                    let phi = LLVMBuildPhi(builder, ty, c"".as_ptr());
                    vectors.insert(instruction, phi);
                    phis.push((instruction, phi));
                }
            }
            for block in &self.order {
                LLVMPositionBuilderAtEnd(builder, copies[block]);
                for instruction in block_instructions(*block) {
                    if self.lanes.contains(&instruction) {
                        continue;
                    }
                    match opcode(instruction) {
                        LLVMOpcode::LLVMPHI => {}
                        LLVMOpcode::LLVMBr => {
                            let target = |index: u32| {
                                let successor = LLVMGetSuccessor(instruction, index);
                                copies.get(&successor).copied().unwrap_or(done)
                            };
                            if LLVMIsConditional(instruction) != 0 {
                                let condition = LLVMGetCondition(instruction);
                                let scalar = match vectors.get(&condition) {
                                    Some(vector) => LLVMBuildExtractElement(
                                        builder,
                                        *vector,
                                        first_live,
                                        c"uniform".as_ptr(),
                                    ),
                                    None => condition,
                                };
                                LLVMBuildCondBr(builder, scalar, target(0), target(1));
                            } else {
                                LLVMBuildBr(builder, target(0));
                            }
                        }
                        _ if is_ballot(instruction, ballot) => {
                            let value = vote(builder, raw_context, instruction, &vectors, live);
                            vectors.insert(instruction, value);
                        }
                        _ => {
                            let value =
                                widen(module, builder, instruction, shuffle, &vectors, live);
                            vectors.insert(instruction, value);
                        }
                    }
                }
            }
            for (scalar, phi) in &phis {
                let from_outside = LLVMGetInstructionParent(*scalar) == header;
                let mut added_outside = false;
                for (value, block) in incoming(*scalar) {
                    let (mut value, mut block) = match copies.get(&block) {
                        Some(copy) => (vector_of(&vectors, value), *copy),
                        None if from_outside && !added_outside => {
                            added_outside = true;
                            (vector_of(&vectors, value), entry)
                        }
                        None => continue,
                    };
                    LLVMAddIncoming(*phi, &mut value, &mut block, 1);
                }
            }
            LLVMPositionBuilderAtEnd(builder, done);
            for scalar in &self.exit_phis {
                let ty = LLVMVectorType(LLVMTypeOf(*scalar), LANES);
                let phi = LLVMBuildPhi(builder, ty, c"".as_ptr());
                for (value, block) in incoming(*scalar) {
                    let mut value = vector_of(&vectors, value);
                    let mut block = copies[&block];
                    LLVMAddIncoming(phi, &mut value, &mut block, 1);
                }
                vectors.insert(*scalar, phi);
            }
            run_epilogue(builder, raw_context, words, &self.outputs, &vectors);

            // The kernel: a block in the loop's place.
            let block = LLVMInsertBasicBlockInContext(raw_context, header, c"warp.loop".as_ptr());
            LLVMPositionBuilderAtEnd(builder, block);
            let results = call_run(
                builder,
                raw_context,
                run,
                (&self.inputs, &self.outputs),
                index,
            );
            for ((output, _), value) in self.outputs.iter().zip(results) {
                LLVMReplaceAllUsesWith(*output, value);
                if self.exit_phis.contains(output) {
                    LLVMInstructionEraseFromParent(*output);
                }
            }
            LLVMBuildBr(builder, self.exit);
            // The way in leads to the new block.
            for pred in crate::cpu_lockstep::blocks(kernel.as_value_ref()) {
                if self.blocks.contains(&pred) || pred == block {
                    continue;
                }
                let terminator = LLVMGetBasicBlockTerminator(pred);
                if terminator.is_null() {
                    continue;
                }
                for index in 0..LLVMGetNumSuccessors(terminator) {
                    if LLVMGetSuccessor(terminator, index) == header {
                        LLVMSetSuccessor(terminator, index, block);
                    }
                }
            }
            LLVMDisposeBuilder(builder);
            // The loop's code is used only within the loop now.
            for old in &self.order {
                for instruction in block_instructions(*old) {
                    let ty = LLVMTypeOf(instruction);
                    if LLVMGetTypeKind(ty) != LLVMTypeKind::LLVMVoidTypeKind {
                        LLVMReplaceAllUsesWith(instruction, LLVMGetPoison(ty));
                    }
                }
            }
            // Emptied, each block ends in an `unreachable` before it goes: erasing its last
            // instructions leaves their debug records trailing the block, and inserting a
            // terminator takes them back (the context keeps trailing records by block
            // address, which a later block would inherit).
            let builder = LLVMCreateBuilderInContext(raw_context);
            for old in &self.order {
                for instruction in block_instructions(*old).into_iter().rev() {
                    LLVMInstructionEraseFromParent(instruction);
                }
                LLVMPositionBuilderAtEnd(builder, *old);
                LLVMBuildUnreachable(builder);
            }
            LLVMDisposeBuilder(builder);
            for old in &self.order {
                LLVMDeleteBasicBlock(*old);
            }
        }
        function
    }
}

/// A ballot over the warp: bit `j` set when lane `j` is live and its predicate is not 0, the
/// mask the same in every lane.
///
/// # Safety
/// The builder is positioned in the run; `call` is a live ballot whose predicate `vectors`
/// holds or is a constant; `live` is the run's `<32 x i1>` of live lanes.
unsafe fn vote(
    builder: LLVMBuilderRef,
    raw_context: inkwell::llvm_sys::prelude::LLVMContextRef,
    call: LLVMValueRef,
    vectors: &HashMap<LLVMValueRef, LLVMValueRef>,
    live: LLVMValueRef,
) -> LLVMValueRef {
    // SAFETY: the caller's.
    unsafe {
        let predicate = vector_of(vectors, LLVMGetOperand(call, 0));
        let yes = LLVMBuildICmp(
            builder,
            LLVMIntPredicate::LLVMIntNE,
            predicate,
            LLVMConstNull(LLVMTypeOf(predicate)),
            c"".as_ptr(),
        );
        let i1 = LLVMInt1TypeInContext(raw_context);
        let voted = LLVMBuildSelect(
            builder,
            live,
            yes,
            LLVMConstNull(LLVMVectorType(i1, LANES)),
            c"voted".as_ptr(),
        );
        let mask = LLVMBuildCast(
            builder,
            LLVMOpcode::LLVMBitCast,
            voted,
            LLVMInt32TypeInContext(raw_context),
            c"".as_ptr(),
        );
        let ty = LLVMTypeOf(call);
        let wide = if LLVMTypeOf(mask) == ty {
            mask
        } else {
            LLVMBuildCast(builder, LLVMOpcode::LLVMZExt, mask, ty, c"".as_ptr())
        };
        broadcast(builder, wide)
    }
}

fn is_ballot(instruction: LLVMValueRef, ballot: LLVMValueRef) -> bool {
    // SAFETY: a call's callee.
    !ballot.is_null()
        && is_call(instruction)
        && unsafe { LLVMGetCalledValue(instruction) } == ballot
}

/// A parameter of the kernel: the same in every lane.
fn is_argument(value: LLVMValueRef) -> bool {
    // SAFETY: a live value.
    unsafe { !LLVMIsAArgument(value).is_null() }
}

fn is_number(value: LLVMValueRef) -> bool {
    bits_of(value) <= WORD_BITS
}

/// A `phi`'s incoming values and blocks.
fn incoming(phi: LLVMValueRef) -> Vec<(LLVMValueRef, LLVMBasicBlockRef)> {
    // SAFETY: a live `phi`.
    unsafe {
        (0..LLVMCountIncoming(phi))
            .map(|index| {
                (
                    LLVMGetIncomingValue(phi, index),
                    LLVMGetIncomingBlock(phi, index),
                )
            })
            .collect()
    }
}

/// The loop's blocks from its header, each after every block that reaches it inside the loop
/// without passing the header again.
fn reverse_post_order(
    cfg: &Cfg,
    header: LLVMBasicBlockRef,
    set: &HashSet<LLVMBasicBlockRef>,
) -> Vec<LLVMBasicBlockRef> {
    let mut visited = HashSet::new();
    let mut post = Vec::new();
    let mut walk = vec![(header, 0usize)];
    visited.insert(header);
    while let Some(&mut (block, ref mut edge)) = walk.last_mut() {
        let successors = cfg.successors(block);
        if let Some(&next) = successors.get(*edge) {
            *edge += 1;
            if set.contains(&next) && visited.insert(next) {
                walk.push((next, 0));
            }
            continue;
        }
        post.push(block);
        walk.pop();
    }
    post.reverse();
    post
}
